import { SESSION_TYPE, WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { Link } from 'react-router';
import { CalendarIcon, PlayIcon } from '../../../components/ui/icons';
import type { CatalogueWorkshop } from '../../../lib/api/workshops';
import { formatDay, formatDayRange } from '../../../lib/format';
import { priceLabel } from '../../../lib/price';

/** Six cover treatments, so a workshop without a thumbnail still gets a distinct, stable cover. */
const COVER_COUNT = 6;

interface WorkshopCardProps {
  workshop: CatalogueWorkshop;
  currency: string;
  /** Heading level of the title within the page outline. */
  headingLevel?: 2 | 3;
}

/** When a workshop runs, in a few words. */
export function scheduleLabel(workshop: CatalogueWorkshop): string {
  const batch = workshop.Batches[0];
  if (!batch) return 'Dates announced soon';
  if (batch.sessionType === SESSION_TYPE.recorded) return 'Recorded · learn at your pace';
  const start = formatDay(batch.startDate);
  if (!start) return 'Dates announced soon';
  return workshop.type === WORKSHOP_TYPE.masterclass
    ? `Live on ${formatDayRange(batch.startDate, batch.endDate)}`
    : `Starts ${start}`;
}

export function typeLabel(workshop: { type: number }): string {
  return workshop.type === WORKSHOP_TYPE.masterclass ? 'Masterclass' : 'Course';
}

/** A masterclass or course in a list: cover, kind, title (the link), dates and price. */
export function WorkshopCard({ workshop, currency, headingLevel = 3 }: WorkshopCardProps) {
  const price = priceLabel(workshop, currency);
  const recorded = workshop.Batches[0]?.sessionType === SESSION_TYPE.recorded;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="workshop-card">
      <div className={`workshop-card__cover cover cover--${workshop.id % COVER_COUNT}`}>
        {workshop.thumbnail ? (
          <img src={workshop.thumbnail} alt="" loading="lazy" decoding="async" width="640" height="400" />
        ) : (
          <span className="cover__initial" aria-hidden="true">
            {workshop.shortTitle.slice(0, 1)}
          </span>
        )}
        <span className={`chip chip--on-cover ${workshop.type === WORKSHOP_TYPE.masterclass ? 'chip--live' : ''}`}>
          {typeLabel(workshop)}
        </span>
      </div>
      <div className="workshop-card__body">
        <p className="workshop-card__category">{workshop.Category.name}</p>
        <Heading className="workshop-card__title">
          <Link to={workshopPath(workshop)} className="workshop-card__link">
            {workshop.title}
          </Link>
        </Heading>
        <p className="workshop-card__when">
          {recorded ? <PlayIcon className="icon--sm" /> : <CalendarIcon className="icon--sm" />}
          <span>{scheduleLabel(workshop)}</span>
        </p>
        <div className="workshop-card__footer">
          {price ? (
            <p className="price">
              <span className="visually-hidden">Price </span>
              <span className="price__now">{price.price}</span>
              {price.was ? (
                <del className="price__was">
                  <span className="visually-hidden">was </span>
                  {price.was}
                </del>
              ) : null}
            </p>
          ) : (
            <p className="price price--none">Price on request</p>
          )}
          {workshop.markAs ? <span className="chip chip--hot">{workshop.markAs}</span> : null}
        </div>
      </div>
    </article>
  );
}
