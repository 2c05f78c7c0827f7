import type { EventObject, HomepageSections } from '@atelier/contract';
import { catalogueOrder, formatSessionTime, WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { HydrationBoundary } from '../../components/ui/hydration-boundary';
import { ArrowRightIcon, CalendarIcon } from '../../components/ui/icons';
import { MediaCard } from '../../components/ui/media-card';
import { Island } from '../../components/ui/island';
import { useCurrencyCode } from '../../lib/api/currency';
import { useEventObjects } from '../../lib/api/event-objects';
import { useMountInstant } from '../../lib/hooks';
import { useWorkshopList, type CatalogueWorkshop } from '../../lib/api/workshops';
import { formatCount, formatDay, formatDayRange, istWallClock } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { useLayoutSlots } from '../../lib/layout-slots';
import { DEFAULT_DESCRIPTION } from '../../lib/page-head';
import { amountLabel, priceLabel } from '../../lib/price';
import { scheduleLabel } from '../../lib/schedule-label';
import { useToday } from '../../lib/today';
import { toSafeLink } from '../../lib/links';
import { organisation, website } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { SmartLink } from '../../components/ui/smart-link';
import { useHomepageSections } from './api/homepage-sections';
import { Testimonials } from './components/testimonials';
import CourseTabsIsland from './components/course-tabs.island';
import { typeLabel, type CardWorkshop } from './components/workshop-card';
import { HOME_SECTION_SIZE, WorkshopRail } from './components/workshop-rail';
import './catalogue.css';

/** How many articles the home page shows. */
const HOME_BLOG_COUNT = 4;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The hero names the learner count from this many on. */
const LEARNERS_WORTH_SHOWING = 500;

/**
 * The home page (spec §2 "/"): hero, what's on (event objects), live masterclasses, courses by
 * category, trips, testimonials and blogs from `GET /api/homepage/sections/all/v2`, with the
 * every-page list as the fallback for the rails when that call fails.
 */
export function HomePage() {
  const sections = useHomepageSections();
  const { workshops, categories } = useWorkshopList();
  const currency = useCurrencyCode();
  const events = useEventObjects();
  const { campaignSidebar } = useLayoutSlots();
  const origin = useSiteOrigin();

  // Cards carry the category name of the every-page list (spec §3: added on the client).
  const categoryOf = useMemo(() => new Map(workshops.map((w) => [w.id, w.Category])), [workshops]);
  const withCategory = (list: readonly CardWorkshop[]): CardWorkshop[] =>
    list.map((w) => ({ ...w, Category: categoryOf.get(w.id) ?? w.Category ?? null }));

  const ordered = useMemo(() => catalogueOrder(workshops), [workshops]);
  const masterclasses = sections
    ? withCategory(sections.liveMasterclasses)
    : ordered.filter((w) => w.type === WORKSHOP_TYPE.masterclass);
  const courseGroups: HomepageSections['coursesByCategory'] = sections
    ? sections.coursesByCategory
    : categories.map((c) => ({
        ...c,
        Workshops: c.Workshops.filter((w) => w.type !== WORKSHOP_TYPE.masterclass),
      }));
  const featured: CardWorkshop | undefined = masterclasses[0] ?? ordered[0];

  usePageHead({
    canonical: '/',
    jsonLd: [
      website(origin, DEFAULT_DESCRIPTION),
      { '@context': 'https://schema.org', ...organisation(origin) },
    ],
  });

  return (
    <>
      <Hero
        sections={sections}
        workshops={workshops}
        categoryCount={categories.length}
        featured={featured}
        currency={currency}
      />
      <HydrationBoundary>
        <WhatsOn events={events} />
      </HydrationBoundary>

      <div
        className={`container home-layout below-fold ${campaignSidebar ? 'home-layout--with-sidebar' : ''}`}
      >
        <div className="home-layout__main">
          <HydrationBoundary>
            <section id="masterclasses" className="workshop-section" aria-labelledby="masterclasses-title">
              <SectionHead
                id="masterclasses-title"
                title="Live masterclasses"
                lede="Short, intense sessions with a practitioner. Bring your questions."
                more={
                  masterclasses.length > HOME_SECTION_SIZE ? '/courses-and-workshops?type=masterclass' : null
                }
              />
              <WorkshopRail
                workshops={masterclasses}
                currency={currency}
                empty="New masterclasses are announced every month. Check back soon."
              />
            </section>
          </HydrationBoundary>

          {courseGroups.some((group) => group.Workshops.length > 0) ? (
            <HydrationBoundary>
              <section id="courses" className="workshop-section" aria-labelledby="courses-title">
                <SectionHead
                  id="courses-title"
                  title="Courses by discipline"
                  lede="Learn over weeks with a batch, assignments and mentor reviews."
                  more="/courses-and-workshops?type=course"
                />
                <Island
                  of={CourseTabsIsland}
                  props={{
                    currency,
                    groups: courseGroups
                      .filter((group) => group.Workshops.length > 0)
                      .map((group) => ({
                        id: group.id,
                        name: group.name,
                        // What a rail shows, no more: the island's props are written into the page.
                        workshops: withCategory(group.Workshops).slice(0, HOME_SECTION_SIZE),
                      })),
                  }}
                />
              </section>
            </HydrationBoundary>
          ) : null}
        </div>
        {campaignSidebar ? <div className="home-layout__aside">{campaignSidebar}</div> : null}
      </div>

      <HydrationBoundary>
        {sections && sections.trips.length > 0 ? (
          <section className="band band--warm below-fold" aria-labelledby="trips-title">
            <div className="container">
              <SectionHead
                id="trips-title"
                title="Study trips"
                lede="Walk through the buildings you study, sketchbook in hand, with an architect leading."
                more="/trips"
                moreLabel="All trips"
              />
              <ul className="card-grid card-grid--rail">
                {sections.trips.map((trip, index) => (
                  <li key={trip.id}>
                    <MediaCard
                      to={trip.path}
                      title={trip.title}
                      image={trip.thumbnail}
                      eyebrow={trip.location}
                      coverVariant={index}
                      footer={
                        // Dates above the price on every card: a long price (₹2,45,000/-) beside
                        // long dates wrapped on some cards only, and their footers no longer lined up.
                        <div className="trip-card__footer">
                          <span className="media-card__meta">
                            <CalendarIcon className="icon--sm" />
                            {formatDayRange(trip.startDate, trip.endDate) || 'Dates announced soon'}
                          </span>
                          <TripPrice price={amountLabel(trip.price, trip.dollar, currency)} />
                        </div>
                      }
                    />
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ) : null}
      </HydrationBoundary>

      <HydrationBoundary>
        {sections && sections.testimonials.length > 0 ? (
          <div className="container below-fold">
            <Testimonials testimonials={sections.testimonials} headingId="testimonials-title" />
          </div>
        ) : null}
      </HydrationBoundary>

      <HydrationBoundary>
        {sections && sections.blogs.length > 0 ? (
          <section className="container workshop-section below-fold" aria-labelledby="blogs-title">
            <SectionHead
              id="blogs-title"
              title="From the journal"
              lede="Essays, software notes and career advice from our instructors."
              more="/blogs"
              moreLabel="All articles"
            />
            <ul className="card-grid card-grid--rail">
              {sections.blogs.slice(0, HOME_BLOG_COUNT).map((blog, index) => (
                <li key={blog.id}>
                  <MediaCard
                    to={blog.path}
                    title={blog.title}
                    image={blog.cover}
                    eyebrow={blog.category?.name}
                    coverVariant={index + 2}
                    footer={
                      <span className="media-card__meta">
                        {formatDay(blog.publishedAt.slice(0, 10))}
                        {blog.readingMinutes ? ` · ${blog.readingMinutes} min read` : ''}
                      </span>
                    }
                  >
                    <p>{blog.excerpt}</p>
                  </MediaCard>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </HydrationBoundary>

      <HydrationBoundary>
        <section className="consult-band below-fold" aria-labelledby="consult-band-title">
          <div className="container consult-band__inner">
            <div>
              <p className="eyebrow">Design consultation</p>
              <h2 id="consult-band-title" className="section-title">
                Building or renovating? Get an architect&apos;s eye on it.
              </h2>
              <p className="section-lede">
                Layout reviews, material palettes and full concept packages from practising architects.
              </p>
            </div>
            <Link to="/consultation" className="button button--primary button--large">
              See consultation packages
              <ArrowRightIcon className="icon--sm" />
            </Link>
          </div>
        </section>

        {categories.length > 0 ? (
          <section className="disciplines below-fold" aria-labelledby="disciplines-title">
            <div className="container">
              <h2 id="disciplines-title" className="section-title">
                Explore by discipline
              </h2>
              <ul className="disciplines__list">
                {categories.map((category) => (
                  <li key={category.id}>
                    <Link to={`/courses-and-workshops?category=${category.id}`} className="discipline">
                      <span className="discipline__name">{category.name}</span>
                      <span className="discipline__count">
                        {category.workshopCount ?? category.Workshops.length}{' '}
                        {(category.workshopCount ?? category.Workshops.length) === 1
                          ? 'programme'
                          : 'programmes'}
                      </span>
                      <ArrowRightIcon className="discipline__arrow" />
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ) : null}
      </HydrationBoundary>
    </>
  );
}

function TripPrice({ price }: { price: string | null }) {
  return price ? (
    <span className="price__now">
      <span className="visually-hidden">Price </span>
      {price}
    </span>
  ) : null;
}

interface HeroProps {
  sections: HomepageSections | null;
  workshops: readonly CatalogueWorkshop[];
  categoryCount: number;
  featured: CardWorkshop | undefined;
  currency: string;
}

function Hero({ sections, workshops, categoryCount, featured, currency }: HeroProps) {
  const stats = sections?.heroStats;
  const facts: [string, string][] = stats
    ? [
        // A learner count is worth showing once it is a community, not a handful.
        ...(stats.learners >= LEARNERS_WORTH_SHOWING
          ? [[`${formatCount(stats.learners)}+`, 'Learners'] as [string, string]]
          : []),
        [String(stats.masterclasses), 'Masterclasses'],
        [String(stats.courses), 'Courses'],
        [String(stats.categories), 'Disciplines'],
        [String(stats.trips), 'Study trips'],
      ]
    : workshops.length > 0
      ? [
          [String(workshops.filter((w) => w.type === WORKSHOP_TYPE.masterclass).length), 'Masterclasses'],
          [String(workshops.filter((w) => w.type !== WORKSHOP_TYPE.masterclass).length), 'Courses'],
          [String(categoryCount), 'Disciplines'],
        ]
      : [];
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow">Live online · Architecture &amp; design</p>
          <h1 id="hero-title" className="hero__title">
            Learn design from the people <span className="hero__accent">who build it.</span>
          </h1>
          <p className="hero__lede">
            Live masterclasses and cohort courses taught by practising architects and designers, with feedback
            on your work, study trips and a community that keeps you going.
          </p>
          <div className="hero__actions">
            <Link to="/courses-and-workshops" className="button button--primary button--large">
              Explore courses
              <ArrowRightIcon className="icon--sm" />
            </Link>
            <a href="#masterclasses" className="button button--quiet button--large">
              Upcoming masterclasses
            </a>
          </div>
          {facts.length > 0 ? (
            <dl className="hero__facts">
              {facts.map(([value, label]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        <div className="hero__visual">
          <HeroArt />
          {featured ? <FeaturedCard workshop={featured} currency={currency} /> : null}
        </div>
      </div>
    </section>
  );
}

/** Reads a text field of an event object's open `payload`. */
function text(event: EventObject, key: string): string {
  const value = event.payload[key];
  return typeof value === 'string' ? value : '';
}

/**
 * Event objects (spec §1: loaded on every page; their fields are ours): a sale countdown, a live
 * webinar, a batch announcement, as a row of notices. Unknown kinds show their title if any.
 */
function WhatsOn({ events }: { events: readonly EventObject[] }) {
  const now = useMountInstant();
  const notices = events
    .map((event) => {
      const title = text(event, 'title') || text(event, 'message');
      if (!title) return null;
      const link = toSafeLink(text(event, 'link'));
      let detail = text(event, 'message');
      if (event.name === 'sale_countdown') {
        const endsAt = text(event, 'endsAt') || event.endsAt;
        const ends = istWallClock(endsAt);
        const daysLeft = Math.ceil((Date.parse(endsAt ?? '') - now) / DAY_MS);
        detail = ends
          ? `${daysLeft > 1 ? `${daysLeft} days left · ` : daysLeft === 1 ? 'Last day · ' : ''}offer ends ${formatDay(ends.date, false)}`
          : '';
      } else if (event.name === 'live_webinar') {
        const starts = istWallClock(text(event, 'startsAt') || event.startsAt);
        const speaker = text(event, 'speaker');
        detail = [starts ? `${formatSessionTime(starts.date, starts.time)} IST` : '', speaker]
          .filter(Boolean)
          .join(' · ');
      }
      return { id: event.id, kind: event.name, title, detail: detail === title ? '' : detail, link };
    })
    .filter((notice) => notice !== null);
  if (notices.length === 0) return null;
  return (
    <section className="whats-on" aria-label="What's on">
      <ul className="container whats-on__list">
        {notices.map((notice) => (
          <li key={notice.id} className={`notice notice--${notice.kind.replace(/[^a-z_]/g, '')}`}>
            <span className="notice__title">
              {notice.link ? (
                <SmartLink link={notice.link} className="notice__link">
                  {notice.title}
                </SmartLink>
              ) : (
                notice.title
              )}
            </span>
            {/* A countdown is computed from the clock: the browser's may differ from the server's by a day. */}
            {notice.detail ? (
              <span className="notice__detail" suppressHydrationWarning>
                {notice.detail}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SectionHead({
  id,
  title,
  lede,
  more,
  moreLabel = 'See all',
}: {
  id: string;
  title: string;
  lede: string;
  more: string | null;
  moreLabel?: string;
}) {
  return (
    <div className="workshop-section__head">
      <div>
        <h2 id={id} className="section-title">
          {title}
        </h2>
        <p className="section-lede">{lede}</p>
      </div>
      {more ? (
        <Link to={more} className="text-link section-more">
          {moreLabel} <span className="visually-hidden">{title.toLowerCase()}</span>
          <ArrowRightIcon className="icon--sm" />
        </Link>
      ) : null}
    </div>
  );
}

function FeaturedCard({ workshop, currency }: { workshop: CardWorkshop; currency: string }) {
  const price = priceLabel(workshop, currency);
  const today = useToday();
  return (
    <Link to={workshopPath(workshop)} className="featured-card">
      <span className="featured-card__label">Featured {typeLabel(workshop).toLowerCase()}</span>
      <span className="featured-card__title">{workshop.title}</span>
      <span className="featured-card__meta">
        <CalendarIcon className="icon--sm" />
        {scheduleLabel(workshop, today)}
      </span>
      <span className="featured-card__footer">
        {price ? <span className="featured-card__price">{price.price}</span> : null}
        <span className="featured-card__cta">
          View details
          <ArrowRightIcon className="icon--sm" />
        </span>
      </span>
    </Link>
  );
}

/** A quiet architectural drawing behind the featured card: plan grid, arch, sun. */
function HeroArt() {
  return (
    <svg
      className="hero-art"
      viewBox="0 0 480 420"
      width="480"
      height="420"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <pattern id="hero-grid" width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0v24" fill="none" stroke="#efd9c4" strokeWidth="1" />
        </pattern>
      </defs>
      <rect width="480" height="420" rx="28" fill="#fff6ee" />
      <rect width="480" height="420" rx="28" fill="url(#hero-grid)" />
      <circle cx="356" cy="108" r="64" fill="#f59a4c" />
      <path
        d="M96 372V214a96 96 0 0 1 192 0v158"
        fill="none"
        stroke="#222"
        strokeWidth="14"
        strokeLinecap="round"
      />
      <path
        d="M144 372V226a48 48 0 0 1 96 0v146"
        fill="none"
        stroke="#222"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path d="M60 372h360" stroke="#222" strokeWidth="6" strokeLinecap="round" />
      <path d="M316 372V262h72v110" fill="#f8c7a0" stroke="#222" strokeWidth="6" strokeLinejoin="round" />
      <path d="M352 262v110" stroke="#222" strokeWidth="3" />
    </svg>
  );
}
