import type { CatalogueWorkshop } from '../../lib/api/workshops';
import type { CatalogueGroup } from './catalogue-filter';

/** Without filters the page is an overview: this many programmes per discipline, then a link. */
export const OVERVIEW_PER_CATEGORY = 6;

/** A category as the page shows it: the cards it renders and how many it has in all. */
export interface CatalogueSection {
  group: CatalogueGroup;
  cards: CatalogueWorkshop[];
}

/** What the catalogue page shows: its sections, and the counts its summary line states. */
export interface CatalogueView {
  sections: CatalogueSection[];
  /** Distinct programmes shown as cards on the page. */
  shown: number;
  /** Distinct programmes that match (in all, also those not shown as cards). */
  total: number;
}

/**
 * The cards the catalogue renders and the counts its summary states, from one computation so the
 * two cannot disagree (a walkthrough found "42 programmes" above 36 cards: the unfiltered overview
 * shows at most {@link OVERVIEW_PER_CATEGORY} per discipline, the count was of all of them).
 * Filtered, every matching card the list carries is shown; when the every-page list carries only
 * part of a category (large catalogues), `total` is the categories' own counts.
 */
export function catalogueView(groups: readonly CatalogueGroup[], filtered: boolean): CatalogueView {
  const sections = groups.map((group) => ({
    group,
    cards: filtered ? group.workshops : group.workshops.slice(0, OVERVIEW_PER_CATEGORY),
  }));
  const shown = new Set(sections.flatMap((s) => s.cards.map((w) => w.id))).size;
  const listed = new Set(groups.flatMap((g) => g.workshops.map((w) => w.id))).size;
  const truncated = groups.some((g) => g.total > g.workshops.length);
  const total = truncated ? groups.reduce((sum, g) => sum + g.total, 0) : listed;
  return { sections, shown, total };
}

/** The summary line: `'42 programmes'`, or `'Showing 36 of 42 programmes'` when not all are cards. */
export function catalogueSummary({ shown, total }: Pick<CatalogueView, 'shown' | 'total'>): string {
  const noun = total === 1 ? 'programme' : 'programmes';
  return shown < total ? `Showing ${shown} of ${total} ${noun}` : `${total} ${noun}`;
}
