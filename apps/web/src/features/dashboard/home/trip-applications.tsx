import { Link } from 'react-router';
import { formatDay, formatDayRange } from '../../../lib/format';
import { useGetHomeTripApplicationsQuery, type TripApplication } from '../api/learning-home-api';
import { PlaneIcon } from './home-icons';

const STATUS_LABEL: Record<string, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

/** A status as a person reads it; unknown ones capitalised as they came. */
export function tripStatusLabel(status: string): string {
  return STATUS_LABEL[status] ?? (status ? status[0]!.toUpperCase() + status.slice(1) : 'Submitted');
}

function tripPath(trip: TripApplication['Trip']): string {
  return `/trip/${encodeURIComponent(trip.slug || 'trip')}?id=${trip.id}`;
}

/**
 * The learner's trip applications with their status: a small card, left out entirely while
 * loading, when there are none, or when the call fails (it is a side note of the home).
 */
export function TripApplications({ userId }: { userId: number }) {
  const query = useGetHomeTripApplicationsQuery(userId);
  const list = query.currentData ?? [];
  if (list.length === 0) return null;
  return (
    <section className="dash-card" aria-labelledby="trips-title">
      <h2 id="trips-title" className="dash-card__title">
        Trip applications
      </h2>
      <ul className="trip-apps">
        {list.map((application) => (
          <li key={application.id} className="trip-app">
            <span className="trip-app__icon" aria-hidden="true">
              <PlaneIcon className="icon--sm" />
            </span>
            <div className="trip-app__text">
              <Link to={tripPath(application.Trip)} className="trip-app__title">
                {application.Trip.title}
              </Link>
              <span className="trip-app__dates">
                {formatDayRange(application.Trip.startDate, application.Trip.endDate) ||
                  'Dates announced soon'}
              </span>
              {formatDay(application.createdAt.slice(0, 10)) ? (
                <span className="trip-app__dates">
                  Applied {formatDay(application.createdAt.slice(0, 10))}
                </span>
              ) : null}
            </div>
            <span className={`chip trip-app__status trip-app__status--${application.status}`}>
              <span className="visually-hidden">Status: </span>
              {tripStatusLabel(application.status)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
