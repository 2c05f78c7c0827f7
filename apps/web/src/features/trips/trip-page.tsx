import { Link, useLoaderData } from 'react-router';
import { CalendarIcon, CheckIcon, CloseIcon, MapPinIcon, UsersIcon } from '../../components/ui/icons';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { useCurrencyCode } from '../../lib/api/currency';
import { formatDayRange } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { shareImage } from '../../lib/images';
import { absoluteUrl } from '../../lib/page-head';
import { amountLabel } from '../../lib/price';
import { breadcrumbList, organisation, priceCurrency } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useTripDetails } from './api/trip-details';
import { TripApplicationPanel } from './trip-application-panel';
import type { TripPageData } from './trip-loaders';
import './trips.css';

/** `/trip/{slug}?id=`: a study trip with its itinerary, what is included and the price. */
export function TripPage() {
  const { tripId } = useLoaderData<TripPageData>();
  const trip = useTripDetails(tripId);
  const currency = useCurrencyCode();
  const origin = useSiteOrigin();
  const price = trip ? amountLabel(trip.price, trip.dollar, currency) : null;
  const image = shareImage(trip?.thumbnail);

  usePageHead(
    trip
      ? {
          title: trip.title,
          description: trip.summary,
          canonical: trip.path,
          image,
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'Event',
              name: trip.title,
              description: trip.summary,
              startDate:
                /^\d{4}-\d{2}-\d{2}$/.test(trip.startDate) && !trip.startDate.startsWith('0000')
                  ? trip.startDate
                  : undefined,
              endDate:
                /^\d{4}-\d{2}-\d{2}$/.test(trip.endDate) && !trip.endDate.startsWith('0000')
                  ? trip.endDate
                  : undefined,
              eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
              eventStatus: 'https://schema.org/EventScheduled',
              location: { '@type': 'Place', name: trip.location, address: trip.location },
              image: image ? absoluteUrl(origin, image) : undefined,
              organizer: organisation(origin),
              offers:
                (priceCurrency(currency) === 'INR' ? trip.price : trip.dollar) === null
                  ? undefined
                  : {
                      '@type': 'Offer',
                      price: priceCurrency(currency) === 'INR' ? trip.price : trip.dollar,
                      priceCurrency: priceCurrency(currency),
                      url: absoluteUrl(origin, trip.path),
                    },
            },
            breadcrumbList(origin, [
              ['Home', '/'],
              ['Study trips', '/trips'],
              [trip.title, trip.path],
            ]),
          ],
        }
      : null,
  );

  if (!trip) {
    return (
      <div className="container workshop-missing">
        <h1 className="page-intro__title">This trip is not available right now</h1>
        <p className="section-lede">Please try again in a moment, or see the other trips.</p>
        <Link to="/trips" className="button button--primary">
          All trips
        </Link>
      </div>
    );
  }

  return (
    <>
      <section className="workshop-hero" aria-labelledby="trip-title">
        <div className="container">
          <nav aria-label="Breadcrumb" className="breadcrumb">
            <ol>
              <li>
                <Link to="/">Home</Link>
              </li>
              <li>
                <Link to="/trips">Study trips</Link>
              </li>
              <li>
                <span aria-current="page">{trip.title}</span>
              </li>
            </ol>
          </nav>
          <div className="workshop-hero__grid">
            <div className="workshop-hero__main">
              <p className="workshop-hero__chips">
                <span className="chip chip--quiet">
                  <MapPinIcon className="icon--sm" /> {trip.location}
                </span>
              </p>
              <h1 id="trip-title" className="workshop-hero__title">
                {trip.title}
              </h1>
              <p className="workshop-hero__tagline">{trip.summary}</p>
              <dl className="workshop-facts">
                <div>
                  <dt>
                    <CalendarIcon /> Dates
                  </dt>
                  <dd>{formatDayRange(trip.startDate, trip.endDate) || 'Announced soon'}</dd>
                </div>
                {trip.days ? (
                  <div>
                    <dt>
                      <CalendarIcon /> Length
                    </dt>
                    <dd>{trip.days} days</dd>
                  </div>
                ) : null}
                {trip.seats ? (
                  <div>
                    <dt>
                      <UsersIcon /> Group
                    </dt>
                    <dd>{trip.seats} travellers</dd>
                  </div>
                ) : null}
              </dl>
            </div>
            <aside className="enrol-card" aria-label="Join this trip">
              {trip.thumbnail ? (
                <div className="enrol-card__media">
                  <ResponsiveImage
                    src={trip.thumbnail}
                    width={640}
                    height={400}
                    sizes="(min-width: 960px) 360px, 100vw"
                    priority
                  />
                </div>
              ) : null}
              <p className="enrol-card__price">
                {price ? (
                  <>
                    <span className="visually-hidden">Price </span>
                    <span className="price__now">{price}</span>
                    <span className="enrol-card__per">per traveller</span>
                  </>
                ) : (
                  'Price on request'
                )}
              </p>
              <TripApplicationPanel tripId={trip.id} tripTitle={trip.title} startDate={trip.startDate} />
            </aside>
          </div>
        </div>
      </section>

      <div className="container trip-body">
        {trip.highlights.length > 0 ? (
          <section className="workshop-section" aria-labelledby="highlights-title">
            <h2 id="highlights-title" className="section-title">
              Highlights
            </h2>
            <ul className="checklist checklist--cards">
              {trip.highlights.map((item) => (
                <li key={item}>
                  <CheckIcon className="checklist__icon" />
                  {item}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {trip.itinerary.length > 0 ? (
          <section className="workshop-section" aria-labelledby="itinerary-title">
            <h2 id="itinerary-title" className="section-title">
              Itinerary
            </h2>
            <ol className="itinerary">
              {trip.itinerary.map((day) => (
                <li key={day.day} className="itinerary__day">
                  <span className="itinerary__marker" aria-hidden="true">
                    {day.day}
                  </span>
                  <div>
                    <h3 className="itinerary__title">
                      <span className="visually-hidden">Day {day.day}: </span>
                      {day.title}
                    </h3>
                    <p>{day.description}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <div className="inclusions">
          {trip.inclusions.length > 0 ? (
            <section aria-labelledby="included-title">
              <h2 id="included-title" className="section-title section-title--small">
                Included
              </h2>
              <ul className="checklist">
                {trip.inclusions.map((item) => (
                  <li key={item}>
                    <CheckIcon className="checklist__icon" />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {trip.exclusions.length > 0 ? (
            <section aria-labelledby="excluded-title">
              <h2 id="excluded-title" className="section-title section-title--small">
                Not included
              </h2>
              <ul className="checklist checklist--muted">
                {trip.exclusions.map((item) => (
                  <li key={item}>
                    <CloseIcon className="checklist__icon" />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
