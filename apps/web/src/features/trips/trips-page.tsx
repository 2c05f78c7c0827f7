import type { TripCard } from '@atelier/contract';
import { CalendarIcon, MapPinIcon } from '../../components/ui/icons';
import { MediaCard } from '../../components/ui/media-card';
import { useCurrencyCode } from '../../lib/api/currency';
import { formatDayRange } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { amountLabel } from '../../lib/price';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useTripHomepage } from './api/trip-homepage';
import './trips.css';

/** `/trips`: upcoming study trips first, then past ones for the record. */
export function TripsPage() {
  const { trips, isError } = useTripHomepage();
  const currency = useCurrencyCode();
  const origin = useSiteOrigin();
  usePageHead({
    canonical: '/trips',
    jsonLd: [
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Study trips', '/trips'],
      ]),
    ],
  });
  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">Study trips</p>
          <h1 className="page-intro__title">See the buildings you study</h1>
          <p className="page-intro__lede">
            Small groups, an architect leading, sketchbooks out: from Le Corbusier&apos;s Chandigarh to the
            gardens of Kyoto.
          </p>
        </div>
      </header>
      <div className="container trips">
        <section className="workshop-section" aria-labelledby="upcoming-title">
          <h2 id="upcoming-title" className="section-title">
            Upcoming trips
          </h2>
          {trips.upcoming.length > 0 ? (
            <TripGrid trips={trips.upcoming} currency={currency} />
          ) : (
            <p className="empty-note">
              {isError
                ? 'Trips could not be loaded just now. Please try again shortly.'
                : 'New trips are being planned. Check back soon.'}
            </p>
          )}
        </section>
        {trips.past.length > 0 ? (
          <section className="workshop-section" aria-labelledby="past-title">
            <h2 id="past-title" className="section-title">
              Past trips
            </h2>
            <TripGrid trips={trips.past} currency={currency} past />
          </section>
        ) : null}
      </div>
    </>
  );
}

function TripGrid({
  trips,
  currency,
  past = false,
}: {
  trips: readonly TripCard[];
  currency: string;
  past?: boolean;
}) {
  return (
    <ul className="card-grid trips__grid">
      {trips.map((trip, index) => {
        const price = amountLabel(trip.price, trip.dollar, currency);
        return (
          <li key={trip.id}>
            <MediaCard
              to={trip.path}
              title={trip.title}
              image={trip.thumbnail}
              coverVariant={index}
              priority={!past && index < 2}
              eyebrow={
                <>
                  <MapPinIcon className="icon--sm" /> {trip.location}
                </>
              }
              footer={
                <>
                  <span className="media-card__meta">
                    <CalendarIcon className="icon--sm" />
                    {formatDayRange(trip.startDate, trip.endDate) || 'Dates announced soon'}
                    {trip.days ? ` · ${trip.days} days` : ''}
                  </span>
                  {price && !past ? (
                    <span className="price__now">
                      <span className="visually-hidden">Price </span>
                      {price}
                    </span>
                  ) : null}
                </>
              }
            >
              <p>{trip.summary}</p>
            </MediaCard>
          </li>
        );
      })}
    </ul>
  );
}
