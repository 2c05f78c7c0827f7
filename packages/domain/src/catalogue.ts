/**
 * The catalogue: categories with their subcategories and courses, and the order of workshops
 * (spec §3 "Course or masterclass", "Category"; §4 "Catalogue order"; domain contract "Courses").
 */

import { WORKSHOP_TYPE } from './constants.js';
import { parseWireDate } from './calendar.js';
import {
  compareAscendingNullLast,
  compareDescendingNullLast,
  isRecord,
  readList,
  readNumber,
  sortedBy,
} from './wire.js';

/** A batch of a workshop as the catalogue returns it (spec §3 "Batch"). */
export interface WorkshopBatchLike {
  id?: number | string | null;
  /** Wire date; `'0000-00-00'`, `''` or `null` mean no date. */
  startDate?: string | null;
  endDate?: string | null;
  sessionType?: number | string | null;
  amount?: number | string | null;
  dollar?: number | string | null;
  slashAmount?: number | string | null;
  slashDollar?: number | string | null;
}

/** A course or masterclass (spec §3 "Course or masterclass (Workshop)"). */
export interface WorkshopLike {
  id?: number | string | null;
  /** 1 masterclass, 2 course ({@link WORKSHOP_TYPE}). */
  type?: number | string | null;
  shortTitle?: string | null;
  Batches?: readonly (WorkshopBatchLike | null)[] | null;
  amount?: number | string | null;
  dollar?: number | string | null;
  slashAmount?: number | string | null;
  slashDollar?: number | string | null;
}

/** A subcategory's link to a workshop (spec §3 "Subcategory"). */
export interface CourseCategoryLike {
  sequence?: number | string | null;
  Workshop?: WorkshopLike | null;
}

/** A subcategory (spec §3 "Subcategory"). */
export interface SubcategoryLike {
  id?: number | string | null;
  name?: string | null;
  sequence?: number | string | null;
  CourseCategories?: readonly (CourseCategoryLike | null)[] | null;
}

/** A category (spec §3 "Category"). */
export interface CategoryLike {
  id?: number | string | null;
  name?: string | null;
  sequence?: number | string | null;
  Subcategory?: readonly (SubcategoryLike | null)[] | null;
}

/** Entries ordered by `sequence` ascending (missing or non-numeric last); ties keep input order. */
function bySequence<T>(entries: readonly T[]): T[] {
  return sortedBy(
    entries,
    (entry) => (isRecord(entry) ? readNumber(entry.sequence) : null),
    compareAscendingNullLast,
  );
}

function copyOf<T>(entry: T): T {
  return isRecord(entry) ? { ...entry } : entry;
}

function sortSubcategory<S extends SubcategoryLike>(subcategory: S): S {
  if (!isRecord(subcategory) || !Array.isArray(subcategory.CourseCategories)) return copyOf(subcategory);
  return { ...subcategory, CourseCategories: bySequence(subcategory.CourseCategories).map(copyOf) };
}

/**
 * Categories, each category's `Subcategory` list and each subcategory's `CourseCategories` list
 * ordered by `sequence` ascending (spec §4 "Catalogue order"); ties keep input order, and a missing
 * or non-numeric `sequence` sorts last. Returns copies at every level it orders (the workshops
 * inside are shared); a list that is missing stays missing.
 */
export function sortCategories<C extends CategoryLike>(categories: readonly C[] | null | undefined): C[] {
  return bySequence(readList(categories)).map((category) => {
    if (!isRecord(category) || !Array.isArray(category.Subcategory)) return copyOf(category);
    const subcategories: readonly unknown[] = category.Subcategory;
    return {
      ...category,
      Subcategory: bySequence(subcategories).map((s) => sortSubcategory(s as SubcategoryLike)),
    };
  });
}

/** A workshop's start date: its first batch's `startDate`, as a day number. */
function startOf(workshop: WorkshopLike): number | null {
  const first = readList(workshop.Batches)[0];
  return isRecord(first) ? parseWireDate(first.startDate) : null;
}

/**
 * The catalogue order of workshops (spec §4 "Catalogue order"); a workshop's start date is its
 * first batch's `startDate`. First masterclasses (type 1) with a start date, by start date
 * descending (ties keep input order); then every other type with a start date, in input order;
 * then every undated workshop, in input order. Returns a new list of the input objects; entries
 * that are not objects are skipped.
 */
export function catalogueOrder<W extends WorkshopLike>(
  workshops: readonly (W | null | undefined)[] | null | undefined,
): W[] {
  const masterclasses: { workshop: W; start: number }[] = [];
  const others: W[] = [];
  const undated: W[] = [];
  for (const workshop of readList(workshops)) {
    if (!isRecord(workshop)) continue;
    const start = startOf(workshop);
    if (start === null) undated.push(workshop);
    else if (readNumber(workshop.type) === WORKSHOP_TYPE.masterclass) masterclasses.push({ workshop, start });
    else others.push(workshop);
  }
  return [
    ...sortedBy(masterclasses, (entry) => entry.start, compareDescendingNullLast).map(
      (entry) => entry.workshop,
    ),
    ...others,
    ...undated,
  ];
}
