import { catalogueOrder, WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, CalendarIcon } from '../../components/ui/icons';
import { useCurrencyCode } from '../../lib/api/currency';
import { useWorkshopList, type CatalogueWorkshop } from '../../lib/api/workshops';
import { useLayoutSlots } from '../../lib/layout-slots';
import { priceLabel } from '../../lib/price';
import { scheduleLabel, typeLabel, WorkshopCard } from './components/workshop-card';
import './catalogue.css';

/** How many cards each home section shows before "See all". */
const HOME_SECTION_SIZE = 8;

/** The home page (spec §2 "/"): the seeded masterclasses and courses from the every-page list. */
export function HomePage() {
  const { workshops, categories } = useWorkshopList();
  const currency = useCurrencyCode();
  const { campaignSidebar } = useLayoutSlots();
  const ordered = useMemo(() => catalogueOrder(workshops), [workshops]);
  const masterclasses = ordered.filter((w) => w.type === WORKSHOP_TYPE.masterclass);
  const courses = ordered.filter((w) => w.type !== WORKSHOP_TYPE.masterclass);
  const featured = masterclasses[0] ?? courses[0];

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__grid">
          <div className="hero__copy">
            <p className="eyebrow">Live online · Architecture &amp; design</p>
            <h1 id="hero-title" className="hero__title">
              Learn design from the people <span className="hero__accent">who build it.</span>
            </h1>
            <p className="hero__lede">
              Live masterclasses and cohort courses taught by practising architects and designers, with
              feedback on your work, certificates and a community that keeps you going.
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
            {workshops.length > 0 ? (
              <dl className="hero__facts">
                <div>
                  <dt>Masterclasses</dt>
                  <dd>{masterclasses.length}</dd>
                </div>
                <div>
                  <dt>Courses</dt>
                  <dd>{courses.length}</dd>
                </div>
                <div>
                  <dt>Disciplines</dt>
                  <dd>{categories.length}</dd>
                </div>
              </dl>
            ) : null}
          </div>
          <div className="hero__visual">
            <HeroArt />
            {featured ? <FeaturedCard workshop={featured} currency={currency} /> : null}
          </div>
        </div>
      </section>

      <div className={`container home-layout ${campaignSidebar ? 'home-layout--with-sidebar' : ''}`}>
        <div className="home-layout__main">
          <WorkshopSection
            id="masterclasses"
            title="Live masterclasses"
            lede="Short, intense sessions with a practitioner. Bring your questions."
            workshops={masterclasses}
            currency={currency}
            empty="New masterclasses are announced every month. Check back soon."
          />
          <WorkshopSection
            id="courses"
            title="Cohort courses"
            lede="Learn over weeks with a batch, assignments and mentor reviews."
            workshops={courses}
            currency={currency}
            empty="Our next cohorts open soon."
          />
        </div>
        {campaignSidebar ? <div className="home-layout__aside">{campaignSidebar}</div> : null}
      </div>

      {categories.length > 0 ? (
        <section className="disciplines" aria-labelledby="disciplines-title">
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
                      {category.Workshops.length}{' '}
                      {category.Workshops.length === 1 ? 'programme' : 'programmes'}
                    </span>
                    <ArrowRightIcon className="discipline__arrow" />
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}

interface WorkshopSectionProps {
  id: string;
  title: string;
  lede: string;
  workshops: readonly CatalogueWorkshop[];
  currency: string;
  empty: string;
}

function WorkshopSection({ id, title, lede, workshops, currency, empty }: WorkshopSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="workshop-section" aria-labelledby={headingId}>
      <div className="workshop-section__head">
        <div>
          <h2 id={headingId} className="section-title">
            {title}
          </h2>
          <p className="section-lede">{lede}</p>
        </div>
        {workshops.length > HOME_SECTION_SIZE ? (
          <Link to="/courses-and-workshops" className="text-link">
            See all <span className="visually-hidden">{title.toLowerCase()}</span>
            <ArrowRightIcon className="icon--sm" />
          </Link>
        ) : null}
      </div>
      {workshops.length > 0 ? (
        <ul className="card-grid card-grid--rail">
          {workshops.slice(0, HOME_SECTION_SIZE).map((workshop) => (
            <li key={workshop.id}>
              <WorkshopCard workshop={workshop} currency={currency} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-note">{empty}</p>
      )}
    </section>
  );
}

function FeaturedCard({ workshop, currency }: { workshop: CatalogueWorkshop; currency: string }) {
  const price = priceLabel(workshop, currency);
  return (
    <Link to={workshopPath(workshop)} className="featured-card">
      <span className="featured-card__label">Featured {typeLabel(workshop).toLowerCase()}</span>
      <span className="featured-card__title">{workshop.title}</span>
      <span className="featured-card__meta">
        <CalendarIcon className="icon--sm" />
        {scheduleLabel(workshop)}
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
    <svg className="hero-art" viewBox="0 0 480 420" aria-hidden="true" focusable="false">
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
