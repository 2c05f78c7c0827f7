import { SESSION_TYPE, WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { Link } from 'react-router';
import { FallbackImage } from '../../../components/ui/fallback-image';
import { CalendarIcon, PlayIcon } from '../../../components/ui/icons';
import type { CatalogueWorkshop } from '../../../lib/api/workshops';
import { formatDay, formatDayRange } from '../../../lib/format';
import { priceLabel } from '../../../lib/price';

/** Six cover treatments, so a workshop without a thumbnail still gets a distinct, stable cover. */
const COVER_COUNT = 6;

/** The same cover for a workshop everywhere (server and browser), spread better than `id % 6`. */
function coverOf(workshop: { id: number; shortTitle: string }): number {
  let hash = 2166136261;
  for (const char of `${workshop.id}:${workshop.shortTitle}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  }
  return (hash >>> 0) % COVER_COUNT;
}

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
    ? `Live · ${formatDayRange(batch.startDate, batch.endDate)}`
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
      <div className={`workshop-card__cover cover cover--${coverOf(workshop)}`}>
        <span className="cover__initial" aria-hidden="true">
          {workshop.shortTitle.slice(0, 1)}
        </span>
        {workshop.thumbnail ? (
          <FallbackImage src={workshop.thumbnail} loading="lazy" decoding="async" width="640" height="400" />
        ) : null}
        <span
          className={`chip chip--on-cover ${workshop.type === WORKSHOP_TYPE.masterclass ? 'chip--live' : ''}`}
        >
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
