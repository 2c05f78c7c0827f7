import type { BatchDetail, CourseLandingPage } from '@atelier/contract';
import { formatSessionTime, SESSION_TYPE, slugify, WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { Link, useLoaderData } from 'react-router';
import { CalendarIcon, CheckIcon, ClockIcon, GiftIcon, PlayIcon, UsersIcon } from '../../components/ui/icons';
import { HydrationBoundary } from '../../components/ui/hydration-boundary';
import { Island } from '../../components/ui/island';
import YouTubeIsland from '../../components/ui/youtube.island';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { useCurrencyCode } from '../../lib/api/currency';
import { useWorkshopList, type CatalogueWorkshop } from '../../lib/api/workshops';
import { formatDayRange, formatWallTime } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { shareImage } from '../../lib/images';
import { useLayoutSlots } from '../../lib/layout-slots';
import { priceLabel, type PriceLabel } from '../../lib/price';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useCourseLandingPage } from './api/course-landing-page';
import type { WorkshopPageData } from './catalogue-loaders';
import EnrolActionsIsland, { type CounsellingFlag } from './components/enrol-actions.island';
import { initials, Testimonials } from './components/testimonials';
import { typeLabel, WorkshopCard } from './components/workshop-card';
import { scheduleLabel } from '../../lib/schedule-label';
import { useToday } from '../../lib/today';
import { workshopJsonLd } from './workshop-seo';
import './catalogue.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Categories whose visitors get the BIM & civil counselling form (spec §3 popup flags). */
const BIM_CIVIL = /\b(bim|civil)\b/i;

/**
 * `/payments/{slug}?id={batchId}` (spec §2, issue 14 rule 10): the checkout of a workshop with the
 * batch the visitor picked preselected — the next batch unless they chose another. Without a
 * batch, the checkout picks the workshop's first.
 */
function paymentPath(workshop: { shortTitle: string }, batchId: number | null | undefined): string {
  const base = `/payments/${slugify(workshop.shortTitle)}`;
  return batchId ? `${base}?id=${batchId}` : base;
}

/** The weekly days of a batch: `'Sat & Sun'`, `'Mon, Wed & Fri'`. */
function weekdays(batch: BatchDetail): string {
  const days = [...new Set(batch.BatchSchedules.map((s) => WEEKDAYS[s.day - 1]).filter(Boolean))];
  if (days.length <= 1) return days.join('');
  return `${days.slice(0, -1).join(', ')} & ${days[days.length - 1]}`;
}

/**
 * A masterclass (type 1) or course (spec §2 `/masterclass/{slug}?id=`, `/course/{slug}?id=`): hero
 * with price in the visitor's currency, batches with dates and schedule, curriculum, instructors,
 * outcomes, bonus, testimonials, case studies, brochure and enrolment. Everything comes from one
 * call (`GET /api/course/{id}/landing-page`); when it fails, the page shows what the every-page
 * list knows.
 */
export function WorkshopPage() {
  const { workshopId } = useLoaderData<WorkshopPageData>();
  const landing = useCourseLandingPage(workshopId);
  const { workshops } = useWorkshopList();
  const currency = useCurrencyCode();
  const listed = workshops.find((w) => w.id === workshopId);

  if (landing) return <WorkshopDetailPage landing={landing} listed={listed} currency={currency} />;
  if (listed) return <WorkshopSummaryPage workshop={listed} currency={currency} />;
  return (
    <div className="container workshop-missing">
      <h1 className="page-intro__title">This programme is not available right now</h1>
      <p className="section-lede">Please try again in a moment, or browse the catalogue.</p>
      <Link to="/courses-and-workshops" className="button button--primary">
        Browse courses
      </Link>
    </div>
  );
}

function Price({ price, large = false }: { price: PriceLabel | null; large?: boolean }) {
  if (!price) return <p className={large ? 'enrol-card__price' : 'price price--none'}>Price on request</p>;
  return (
    <p className={large ? 'enrol-card__price' : 'price'}>
      <span className="visually-hidden">Price </span>
      <span className="price__now">{price.price}</span>
      {price.was ? (
        <del className="price__was">
          <span className="visually-hidden">was </span>
          {price.was}
        </del>
      ) : null}
    </p>
  );
}

function WorkshopDetailPage({
  landing,
  listed,
  currency,
}: {
  landing: CourseLandingPage;
  listed: CatalogueWorkshop | undefined;
  currency: string;
}) {
  const { details, hero, learnersCurriculumsInstructors: lci, outcomesBonusTestimonials: obt } = landing;
  const origin = useSiteOrigin();
  const { campaignSidebar } = useLayoutSlots();
  const kind = typeLabel(details);
  const today = useToday();
  const isMasterclass = details.type === WORKSHOP_TYPE.masterclass;
  const categoryName = details.Category?.name ?? listed?.Category.name ?? null;
  const price = priceLabel(details, currency);
  const firstBatch = details.Batches[0];
  const recorded = firstBatch?.sessionType === SESSION_TYPE.recorded;
  const image = hero.thumbnail ?? details.thumbnail;
  const catalogueLink = details.Category
    ? `/courses-and-workshops?category=${details.Category.id}`
    : '/courses-and-workshops';
  const counselling: CounsellingFlag = BIM_CIVIL.test(
    `${categoryName ?? ''} ${details.Subcategory?.name ?? ''}`,
  )
    ? 'BIM_CIVIL_POPUP'
    : 'COUNSELLING_POPUP';

  usePageHead({
    title: details.title,
    description:
      details.MetaTags?.description ||
      hero.tagline ||
      `${kind} in ${categoryName ?? 'design'} on Atelier. ${scheduleLabel(details, today)}.`,
    keywords: details.MetaTags?.keywords || details.searchKeys,
    canonical: details.path,
    image: shareImage(image),
    jsonLd: [
      ...workshopJsonLd(details, { origin, currencyCode: currency, image: shareImage(image) }),
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Courses and workshops', '/courses-and-workshops'],
        ...(details.Category ? [[details.Category.name, catalogueLink] as const] : []),
        [details.shortTitle, details.path],
      ]),
    ],
  });

  const sections = [
    ['overview', 'Overview'],
    details.Batches.length > 0 ? ['batches', 'Batches'] : null,
    lci.curriculum.length > 0 ? ['curriculum', 'Curriculum'] : null,
    lci.instructors.length > 0 ? ['instructors', isMasterclass ? 'Instructor' : 'Instructors'] : null,
    obt.outcomes.length > 0 ? ['outcomes', 'Outcomes'] : null,
    obt.testimonials.length > 0 ? ['reviews', 'Reviews'] : null,
  ].filter((entry): entry is [string, string] => entry !== null);

  return (
    <>
      <section className="workshop-hero" aria-labelledby="workshop-title">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/courses-and-workshops">Courses and workshops</Link>
              </li>
              {details.Category ? (
                <li>
                  <Link to={catalogueLink}>{details.Category.name}</Link>
                </li>
              ) : null}
              <li>
                <span aria-current="page">{details.shortTitle}</span>
              </li>
            </ol>
          </nav>
          <div className="workshop-hero__grid">
            <div className="workshop-hero__main">
              <p className="workshop-hero__chips">
                <span className={`chip ${isMasterclass ? 'chip--live' : ''}`}>{kind}</span>
                {details.Subcategory ? (
                  <span className="chip chip--quiet">{details.Subcategory.name}</span>
                ) : null}
                {details.markAs ? <span className="chip chip--hot">{details.markAs}</span> : null}
              </p>
              <h1 id="workshop-title" className="workshop-hero__title">
                {details.title}
              </h1>
              {hero.tagline ? <p className="workshop-hero__tagline">{hero.tagline}</p> : null}
              <dl className="workshop-facts">
                <div>
                  <dt>
                    {recorded ? <PlayIcon /> : <CalendarIcon />} {recorded ? 'Format' : 'Next batch'}
                  </dt>
                  <dd>
                    {recorded
                      ? 'Recorded · start any time'
                      : (firstBatch && formatDayRange(firstBatch.startDate, firstBatch.endDate)) ||
                        'Dates announced soon'}
                  </dd>
                </div>
                {hero.duration ? (
                  <div>
                    <dt>
                      <ClockIcon /> Duration
                    </dt>
                    <dd>{hero.duration}</dd>
                  </div>
                ) : null}
                {hero.level ? (
                  <div>
                    <dt>
                      <UsersIcon /> Level
                    </dt>
                    <dd>
                      {hero.level}
                      {hero.language ? ` · ${hero.language}` : ''}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {hero.highlights.length > 0 ? (
                <ul className="checklist workshop-hero__highlights">
                  {hero.highlights.map((item) => (
                    <li key={item}>
                      <CheckIcon className="checklist__icon" />
                      {item}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <aside className="enrol-card" aria-label={`Enrol in this ${kind.toLowerCase()}`}>
              <div className="enrol-card__media">
                {hero.youtubeId ? (
                  <Island
                    of={YouTubeIsland}
                    props={{
                      videoId: hero.youtubeId,
                      title: `${details.shortTitle}: introduction`,
                      poster: image,
                      priority: true,
                    }}
                  />
                ) : image ? (
                  <ResponsiveImage
                    src={image}
                    width={640}
                    height={400}
                    sizes="(min-width: 960px) 360px, 100vw"
                    priority
                  />
                ) : null}
              </div>
              <Price price={price} large />
              {price?.was ? <p className="enrol-card__saving">Early-bird price for the next batch</p> : null}
              <Link
                to={paymentPath(details, firstBatch?.id)}
                className="button button--primary button--block button--large"
              >
                Enrol now
              </Link>
              <Island
                of={EnrolActionsIsland}
                props={{
                  workshopId: details.id,
                  batchId: firstBatch?.id ?? null,
                  title: details.title,
                  hasBrochure: Boolean(details.hasBrochure && details.brochureUrl),
                  counselling,
                }}
              />
              <p className="enrol-card__note">
                Pay in full or in instalments.{hero.hasCertificate ? ' Certificate on completion.' : ''}
              </p>
            </aside>
          </div>
        </div>
      </section>

      {sections.length > 2 ? (
        <nav className="section-nav" aria-label="On this page">
          <ul className="container section-nav__list">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="section-nav__link">
                  {label}
                </a>
              </li>
            ))}
            {/* The enrol card scrolls away with the hero: on wide screens the sticky bar keeps the way to enrol in view (phones have the bottom enrol bar). */}
            <li className="section-nav__enrol">
              <Link to={paymentPath(details, firstBatch?.id)} className="button button--primary">
                Enrol{price ? <span className="section-nav__price"> · {price.price}</span> : null}
              </Link>
            </li>
          </ul>
        </nav>
      ) : null}

      <div className={`container home-layout ${campaignSidebar ? 'home-layout--with-sidebar' : ''}`}>
        <div className="home-layout__main workshop-body">
          <HydrationBoundary>
            <section id="overview" className="workshop-section" aria-labelledby="overview-title">
              <h2 id="overview-title" className="section-title">
                About this {kind.toLowerCase()}
              </h2>
              <p className="prose-lede">{details.description}</p>
              {lci.learners ? (
                <div className="learners">
                  <p className="learners__headline">{lci.learners.headline}</p>
                  <ul className="tag-list" aria-label="Who it is for">
                    {lci.learners.profiles.map((profile) => (
                      <li key={profile} className="chip chip--quiet">
                        {profile}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </section>

            {details.Batches.length > 0 ? (
              <section id="batches" className="workshop-section" aria-labelledby="batches-title">
                <h2 id="batches-title" className="section-title">
                  Batches
                </h2>
                <ul className="batch-list">
                  {details.Batches.map((batch, index) => (
                    <BatchRow
                      key={batch.id}
                      batch={batch}
                      currency={currency}
                      isNext={index === 0}
                      enrolPath={paymentPath(details, batch.id)}
                    />
                  ))}
                </ul>
              </section>
            ) : null}
          </HydrationBoundary>
          <HydrationBoundary>
            {lci.curriculum.length > 0 ? (
              <section id="curriculum" className="workshop-section" aria-labelledby="curriculum-title">
                <h2 id="curriculum-title" className="section-title">
                  Curriculum
                </h2>
                <div className="curriculum">
                  {lci.curriculum.map((block, index) => (
                    <details key={block.title} className="curriculum__block" open={index === 0}>
                      <summary className="curriculum__title">{block.title}</summary>
                      <ul className="curriculum__points">
                        {block.points.map((point) => (
                          <li key={point}>{point}</li>
                        ))}
                      </ul>
                    </details>
                  ))}
                </div>
              </section>
            ) : null}

            {lci.instructors.length > 0 ? (
              <section id="instructors" className="workshop-section" aria-labelledby="instructors-title">
                <h2 id="instructors-title" className="section-title">
                  {lci.instructors.length === 1 ? 'Your instructor' : 'Your instructors'}
                </h2>
                <ul className="people">
                  {lci.instructors.map((person) => (
                    <li key={person.name} className="person">
                      {person.image ? (
                        <ResponsiveImage
                          className="person__photo"
                          src={person.image}
                          width={72}
                          height={72}
                          sizes="72px"
                        />
                      ) : (
                        <span className="avatar avatar--large" aria-hidden="true">
                          {initials(person.name)}
                        </span>
                      )}
                      <div>
                        <h3 className="person__name">{person.name}</h3>
                        <p className="person__role">{person.role}</p>
                        <p className="person__bio">{person.bio}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {obt.outcomes.length > 0 ? (
              <section id="outcomes" className="workshop-section" aria-labelledby="outcomes-title">
                <h2 id="outcomes-title" className="section-title">
                  What you will take away
                </h2>
                <ul className="checklist checklist--cards">
                  {obt.outcomes.map((outcome) => (
                    <li key={outcome}>
                      <CheckIcon className="checklist__icon" />
                      {outcome}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {obt.bonus.length > 0 ? (
              <section className="workshop-section" aria-labelledby="bonus-title">
                <h2 id="bonus-title" className="section-title">
                  Bonus with your enrolment
                </h2>
                <ul className="bonus-list">
                  {obt.bonus.map((bonus) => (
                    <li key={bonus.title} className="bonus">
                      <GiftIcon className="bonus__icon" />
                      <h3 className="bonus__title">{bonus.title}</h3>
                      <p>{bonus.description}</p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </HydrationBoundary>
          <HydrationBoundary>
            {/* Only what follows the last section the nav links to (Reviews) is skipped until it
                nears the viewport: a skipped section above a target would hold an estimated height
                while a tap on the nav scrolls past it, and land the reader off target as it renders
                (docs/decisions/0034). */}
            <div id="reviews">
              <Testimonials testimonials={obt.testimonials} headingId="reviews-title" />
            </div>

            {landing.caseStudies.length > 0 ? (
              <section className="workshop-section below-fold" aria-labelledby="cases-title">
                <h2 id="cases-title" className="section-title">
                  Learner projects
                </h2>
                <ul className="case-list">
                  {landing.caseStudies.map((study) => (
                    <li key={study.title} className="case-study">
                      <h3 className="case-study__title">{study.title}</h3>
                      <p className="case-study__by">by {study.author}</p>
                      <p>{study.summary}</p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {landing.related.length > 0 ? (
              <section className="workshop-section below-fold" aria-labelledby="related-title">
                <h2 id="related-title" className="section-title">
                  More like this
                </h2>
                <ul className="card-grid card-grid--three">
                  {landing.related.slice(0, 3).map((w) => (
                    <li key={w.id}>
                      <WorkshopCard workshop={w} currency={currency} />
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </HydrationBoundary>
        </div>
        {campaignSidebar ? <div className="home-layout__aside">{campaignSidebar}</div> : null}
      </div>

      <div className="enrol-bar" role="region" aria-label="Enrolment">
        <Price price={price} />
        <Link to={paymentPath(details, firstBatch?.id)} className="button button--primary">
          Enrol now
        </Link>
      </div>
    </>
  );
}

function BatchRow({
  batch,
  currency,
  isNext,
  enrolPath,
}: {
  batch: BatchDetail;
  currency: string;
  isNext: boolean;
  enrolPath: string;
}) {
  const recorded = batch.sessionType === SESSION_TYPE.recorded;
  const schedule = batch.BatchSchedules[0];
  const dates = formatDayRange(batch.startDate, batch.endDate);
  const price = priceLabel({ Batches: [batch] }, currency);
  const firstSession = schedule ? formatSessionTime(batch.startDate, schedule.startTime) : '';
  return (
    <li className={`batch ${isNext ? 'batch--next' : ''}`}>
      <div className="batch__main">
        <p className="batch__name">
          {batch.name ?? (recorded ? 'Recorded batch' : 'Live batch')}
          {isNext ? <span className="chip chip--live">Next</span> : null}
        </p>
        <p className="batch__dates">
          <CalendarIcon className="icon--sm" />
          <span>{recorded ? 'Start any time · recorded sessions' : dates || 'Dates announced soon'}</span>
        </p>
        {!recorded && schedule ? (
          <p className="batch__schedule">
            <ClockIcon className="icon--sm" />
            <span>
              {weekdays(batch)} · {formatWallTime(schedule.startTime)} – {formatWallTime(schedule.endTime)}{' '}
              IST
              {firstSession ? (
                <>
                  {' '}
                  <span className="batch__first">First session {firstSession}</span>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
        {batch.capacity ? <p className="batch__seats">{batch.capacity} seats</p> : null}
      </div>
      <div className="batch__side">
        <Price price={price} />
        <Link to={enrolPath} className="button button--quiet batch__enrol">
          Enrol<span className="visually-hidden"> in {batch.name ?? 'this batch'}</span>
        </Link>
      </div>
    </li>
  );
}

/** When the detail call failed: what the every-page list knows, with enrolment. */
function WorkshopSummaryPage({ workshop, currency }: { workshop: CatalogueWorkshop; currency: string }) {
  const batch = workshop.Batches[0];
  const recorded = batch?.sessionType === SESSION_TYPE.recorded;
  const schedule = batch?.BatchSchedules[0];
  const times = schedule ? `${formatWallTime(schedule.startTime)} – ${formatWallTime(schedule.endTime)}` : '';
  const kind = typeLabel(workshop);
  const today = useToday();
  usePageHead({
    title: workshop.title,
    description: `${kind} in ${workshop.Category.name} on Atelier. ${scheduleLabel(workshop, today)}.`,
    keywords: workshop.searchKeys,
    canonical: workshopPath(workshop),
    image: shareImage(workshop.thumbnail),
  });
  return (
    <section className="workshop-hero" aria-labelledby="workshop-title">
      <div className="container">
        <div className="workshop-hero__grid">
          <div className="workshop-hero__main">
            <p className="workshop-hero__chips">
              <span className={`chip ${workshop.type === WORKSHOP_TYPE.masterclass ? 'chip--live' : ''}`}>
                {kind}
              </span>
              <span className="chip chip--quiet">{workshop.Category.name}</span>
              {workshop.markAs ? <span className="chip chip--hot">{workshop.markAs}</span> : null}
            </p>
            <h1 id="workshop-title" className="workshop-hero__title">
              {workshop.title}
            </h1>
            <dl className="workshop-facts">
              <div>
                <dt>{recorded ? <PlayIcon /> : <CalendarIcon />} When</dt>
                <dd>
                  {recorded
                    ? 'Recorded — start any time'
                    : (batch && formatDayRange(batch.startDate, batch.endDate)) || 'Dates announced soon'}
                </dd>
              </div>
              {times && !recorded ? (
                <div>
                  <dt>
                    <ClockIcon /> Time
                  </dt>
                  <dd>{times}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          <aside className="enrol-card" aria-label={`Enrol in this ${kind.toLowerCase()}`}>
            <Price price={priceLabel(workshop, currency)} large />
            <Link
              to={paymentPath(workshop, batch?.id)}
              className="button button--primary button--block button--large"
            >
              Enrol now
            </Link>
            <p className="enrol-card__note">Pay in full or in instalments. Certificate on completion.</p>
          </aside>
        </div>
      </div>
    </section>
  );
}
