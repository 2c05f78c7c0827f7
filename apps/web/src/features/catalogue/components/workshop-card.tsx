import { SESSION_TYPE, WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { CalendarIcon, PlayIcon } from '../../../components/ui/icons';
import type { CatalogueWorkshop } from '../../../lib/api/workshops';
import { priceLabel } from '../../../lib/price';
import { scheduleLabel } from '../../../lib/schedule-label';
import { useToday } from '../../../lib/today';

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

/** How wide a card's image shows: a rail card on phones, a grid column above. */
export const CARD_IMAGE_SIZES = '(min-width: 1240px) 300px, (min-width: 640px) 45vw, 80vw';

/** A workshop as a card needs it: the every-page list's fields and a category name. */
export type CardWorkshop = Omit<CatalogueWorkshop, 'Category'> & { Category?: { name: string } | null };

interface WorkshopCardProps {
  workshop: CardWorkshop;
  currency: string;
  /** Heading level of the title within the page outline. */
  headingLevel?: 2 | 3 | 4;
  /** Load the cover eagerly (a card in the first screenful). */
  priority?: boolean;
}

export function typeLabel(workshop: { type: number }): string {
  return workshop.type === WORKSHOP_TYPE.masterclass ? 'Masterclass' : 'Course';
}

/** A masterclass or course in a list: cover, kind, title (the link), dates and price. */
export function WorkshopCard({ workshop, currency, headingLevel = 3, priority = false }: WorkshopCardProps) {
  const price = priceLabel(workshop, currency);
  const today = useToday();
  const recorded = workshop.Batches[0]?.sessionType === SESSION_TYPE.recorded;
  const Heading = headingLevel === 2 ? 'h2' : headingLevel === 4 ? 'h4' : 'h3';
  return (
    <article className="workshop-card">
      <div className={`workshop-card__cover cover cover--${coverOf(workshop)}`}>
        <span className="cover__initial" aria-hidden="true">
          {workshop.shortTitle.slice(0, 1)}
        </span>
        {workshop.thumbnail ? (
          <ResponsiveImage
            src={workshop.thumbnail}
            width={640}
            height={400}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
          />
        ) : null}
        <span
          className={`chip chip--on-cover ${workshop.type === WORKSHOP_TYPE.masterclass ? 'chip--live' : ''}`}
        >
          {typeLabel(workshop)}
        </span>
        {workshop.markAs ? (
          <span className="chip chip--hot chip--on-cover-end">{workshop.markAs}</span>
        ) : null}
      </div>
      <div className="workshop-card__body">
        {workshop.Category ? <p className="workshop-card__category">{workshop.Category.name}</p> : null}
        <Heading className="workshop-card__title">
          <Link to={workshopPath(workshop)} className="workshop-card__link">
            {workshop.title}
          </Link>
        </Heading>
        <p className="workshop-card__when">
          {recorded ? <PlayIcon className="icon--sm" /> : <CalendarIcon className="icon--sm" />}
          <span>{scheduleLabel(workshop, today)}</span>
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
        </div>
      </div>
    </article>
  );
}
