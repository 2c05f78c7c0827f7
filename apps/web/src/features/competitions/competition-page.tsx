import { Link, useLoaderData } from 'react-router';
import { CalendarIcon, CheckIcon } from '../../components/ui/icons';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { useCurrencyCode } from '../../lib/api/currency';
import { formatDay, formatDayRange } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { shareImage } from '../../lib/images';
import { absoluteUrl } from '../../lib/page-head';
import { breadcrumbList, organisation, priceCurrency } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { CompetitionContactForm } from '../leads/competition-contact-form';
import { useCompetitionDetails } from './api/competitions';
import type { CompetitionPageData } from './competition-loaders';
import { CompetitionRegistrationPanel } from './competition-registration';
import { competitionImage, entryFeeLabel, isoDay, PHASE_LABEL } from './competition-words';
import '../leads/leads.css';
import './competitions.css';

/** `/competition/{slug}?id=`: a design competition's brief, dates, prizes and registration. */
export function CompetitionPage() {
  const { competitionId } = useLoaderData<CompetitionPageData>();
  const competition = useCompetitionDetails(competitionId);
  const currency = useCurrencyCode();
  const origin = useSiteOrigin();
  const image = competition ? competitionImage(competition) : null;
  const fee = competition ? entryFeeLabel(competition, currency) : null;
  const feeAmount = competition
    ? competition.amount === 0
      ? 0
      : priceCurrency(currency) === 'INR'
        ? competition.amount
        : competition.dollar
    : null;

  usePageHead(
    competition
      ? {
          title: competition.title,
          description: competition.summary,
          canonical: competition.path,
          image: shareImage(image),
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'Event',
              name: competition.title,
              description: competition.summary,
              startDate: isoDay(competition.startDate),
              endDate: isoDay(competition.endDate),
              eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
              eventStatus: 'https://schema.org/EventScheduled',
              location: { '@type': 'VirtualLocation', url: absoluteUrl(origin, competition.path) },
              image: image ? absoluteUrl(origin, shareImage(image) ?? image) : undefined,
              organizer: organisation(origin),
              offers:
                feeAmount === null
                  ? undefined
                  : {
                      '@type': 'Offer',
                      price: feeAmount,
                      priceCurrency: priceCurrency(currency),
                      url: absoluteUrl(origin, competition.path),
                      availability:
                        competition.phase === 'open'
                          ? 'https://schema.org/InStock'
                          : 'https://schema.org/SoldOut',
                      validThrough: isoDay(competition.registrationDeadline),
                    },
            },
            breadcrumbList(origin, [
              ['Home', '/'],
              ['Design competitions', '/competitions'],
              [competition.title, competition.path],
            ]),
          ],
        }
      : null,
  );

  if (!competition) {
    return (
      <div className="container workshop-missing">
        <h1 className="page-intro__title">This competition is not available right now</h1>
        <p className="section-lede">Please try again in a moment, or see the other competitions.</p>
        <Link to="/competitions" className="button button--primary">
          All competitions
        </Link>
      </div>
    );
  }

  const { brief } = competition;
  const deadline = formatDay(competition.registrationDeadline);
  const paragraphs = competition.description
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

  return (
    <>
      <section className="workshop-hero" aria-labelledby="competition-title">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/competitions">Design competitions</Link>
              </li>
              <li>
                <span aria-current="page">{competition.title}</span>
              </li>
            </ol>
          </nav>
          <div className="workshop-hero__grid">
            <div className="workshop-hero__main">
              <p className="workshop-hero__chips">
                <span className={`chip competition-phase competition-phase--${competition.phase}`}>
                  {PHASE_LABEL[competition.phase]}
                </span>
              </p>
              <h1 id="competition-title" className="workshop-hero__title">
                {competition.title}
              </h1>
              <p className="workshop-hero__tagline">{competition.summary}</p>
              <dl className="workshop-facts">
                <div>
                  <dt>
                    <CalendarIcon /> Register by
                  </dt>
                  <dd>{deadline || 'Announced soon'}</dd>
                </div>
                <div>
                  <dt>
                    <CalendarIcon /> Competition
                  </dt>
                  <dd>
                    {formatDayRange(competition.startDate, competition.endDate) || 'Dates announced soon'}
                  </dd>
                </div>
                {brief.siteArea ? (
                  <div>
                    <dt>Site</dt>
                    <dd>{brief.siteArea}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
            <aside className="enrol-card" aria-label="Take part">
              <div className="enrol-card__media">
                <ResponsiveImage
                  src={competitionImage(competition)}
                  width={640}
                  height={400}
                  sizes="(min-width: 960px) 360px, 100vw"
                  priority
                />
              </div>
              <p className="enrol-card__price">
                {fee ? (
                  <>
                    <span className="visually-hidden">Entry fee </span>
                    <span className="price__now">{fee}</span>
                    {competition.amount > 0 ? <span className="enrol-card__per">entry fee</span> : null}
                  </>
                ) : (
                  'Entry fee on request'
                )}
              </p>
              <CompetitionRegistrationPanel competition={competition} fee={fee} />
            </aside>
          </div>
        </div>
      </section>

      <div className="container competition-body">
        {paragraphs.length > 0 ? (
          <section className="workshop-section" aria-labelledby="about-title">
            <h2 id="about-title" className="section-title">
              About the competition
            </h2>
            <div className="competition-prose">
              {paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </section>
        ) : null}
        <BriefList id="prizes" title="Prizes" items={brief.prizes} />
        <BriefList id="deliverables" title="What to submit" items={brief.deliverables} />
        <BriefList id="jury" title="Jury" items={brief.jury} />
        <BriefList id="rules" title="Rules" items={brief.rules} ordered />
        <section className="workshop-section competition-contact" aria-labelledby="competition-contact-title">
          <h2 id="competition-contact-title" className="section-title">
            Questions about this competition?
          </h2>
          <p className="section-lede">Write to the competitions team; we answer by e-mail.</p>
          <CompetitionContactForm competitionId={competition.id} />
        </section>
      </div>
    </>
  );
}

function BriefList({
  id,
  title,
  items,
  ordered = false,
}: {
  id: string;
  title: string;
  items: readonly string[];
  ordered?: boolean;
}) {
  if (items.length === 0) return null;
  const List = ordered ? 'ol' : 'ul';
  return (
    <section className="workshop-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title section-title--small">
        {title}
      </h2>
      <List className={ordered ? 'competition-rules' : 'checklist'}>
        {items.map((item) => (
          <li key={item}>
            {ordered ? null : <CheckIcon className="checklist__icon" />}
            {item}
          </li>
        ))}
      </List>
    </section>
  );
}
