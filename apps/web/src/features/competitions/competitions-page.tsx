import type { CompetitionCard } from '@atelier/contract';
import { Link } from 'react-router';
import { CalendarIcon } from '../../components/ui/icons';
import { LoadingNote } from '../../components/ui/load-states';
import { MediaCard } from '../../components/ui/media-card';
import { useCurrencyCode } from '../../lib/api/currency';
import { formatDay, formatDayRange } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { absoluteUrl } from '../../lib/page-head';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useCompetitions } from './api/competitions';
import { competitionImage, entryFeeLabel, PHASE_LABEL } from './competition-words';
import './competitions.css';

/** `/competitions`: open design competitions first, then closed and past ones. */
export function CompetitionsPage() {
  const { competitions, isLoading, isError } = useCompetitions();
  const currency = useCurrencyCode();
  const origin = useSiteOrigin();
  const open = competitions.filter((c) => c.phase === 'open');
  const rest = competitions.filter((c) => c.phase !== 'open');
  usePageHead({
    canonical: '/competitions',
    jsonLd: [
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Design competitions', '/competitions'],
      ]),
      ...(competitions.length > 0
        ? [
            {
              '@context': 'https://schema.org',
              '@type': 'ItemList',
              itemListElement: competitions.map((c, index) => ({
                '@type': 'ListItem',
                position: index + 1,
                url: absoluteUrl(origin, c.path),
                name: c.title,
              })),
            },
          ]
        : []),
    ],
  });
  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <span aria-current="page">Design competitions</span>
              </li>
            </ol>
          </nav>
          <p className="eyebrow">Design competitions</p>
          <h1 className="page-intro__title">Design competitions</h1>
          <p className="page-intro__lede">
            Real sites, real juries, real prizes: enter alone or with your studio team and put your work in
            front of practising architects.
          </p>
        </div>
      </header>
      <div className="container competitions">
        <section className="workshop-section" aria-labelledby="open-title">
          <h2 id="open-title" className="section-title">
            Open for registration
          </h2>
          {open.length > 0 ? (
            <CompetitionGrid competitions={open} currency={currency} />
          ) : isLoading ? (
            <LoadingNote>Loading competitions…</LoadingNote>
          ) : (
            <p className="empty-note">
              {isError
                ? 'Competitions could not be loaded just now. Please try again shortly.'
                : 'No competition is open right now. New briefs are announced here and in our newsletter.'}
            </p>
          )}
        </section>
        {rest.length > 0 ? (
          <section className="workshop-section" aria-labelledby="past-competitions-title">
            <h2 id="past-competitions-title" className="section-title">
              Closed and past competitions
            </h2>
            <CompetitionGrid competitions={rest} currency={currency} past />
          </section>
        ) : null}
      </div>
    </>
  );
}

function CompetitionGrid({
  competitions,
  currency,
  past = false,
}: {
  competitions: readonly CompetitionCard[];
  currency: string;
  past?: boolean;
}) {
  return (
    <ul className="card-grid competitions__grid">
      {competitions.map((competition, index) => {
        const fee = entryFeeLabel(competition, currency);
        const deadline = formatDay(competition.registrationDeadline);
        return (
          <li key={competition.id}>
            <MediaCard
              to={competition.path}
              title={competition.title}
              image={competitionImage(competition)}
              coverVariant={index}
              priority={!past && index < 2}
              eyebrow={PHASE_LABEL[competition.phase]}
              footer={
                <>
                  <span className="media-card__meta">
                    <CalendarIcon className="icon--sm" />
                    {competition.phase === 'open' && deadline
                      ? `Register by ${deadline}`
                      : formatDayRange(competition.startDate, competition.endDate) || 'Dates announced soon'}
                  </span>
                  {fee && !past ? (
                    <span className="price__now">
                      <span className="visually-hidden">Entry fee </span>
                      {fee}
                    </span>
                  ) : null}
                </>
              }
            >
              <p>{competition.summary}</p>
            </MediaCard>
          </li>
        );
      })}
    </ul>
  );
}
