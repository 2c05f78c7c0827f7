import { WorkshopCard, type CardWorkshop } from './workshop-card';

/** How many cards each home rail shows before "See all". */
export const HOME_SECTION_SIZE = 8;

/** A row of workshop cards (the home page's rails and discipline tabs). */
export function WorkshopRail({
  workshops,
  currency,
  empty,
}: {
  workshops: readonly CardWorkshop[];
  currency: string;
  empty: string;
}) {
  if (workshops.length === 0) return <p className="empty-note">{empty}</p>;
  return (
    <ul className="card-grid card-grid--rail">
      {workshops.slice(0, HOME_SECTION_SIZE).map((workshop) => (
        <li key={workshop.id}>
          <WorkshopCard workshop={workshop} currency={currency} />
        </li>
      ))}
    </ul>
  );
}
