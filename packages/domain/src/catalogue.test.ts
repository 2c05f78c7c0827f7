import { describe, expect, it } from 'vitest';
import { catalogueOrder, sortCategories, type CategoryLike, type WorkshopLike } from './index.js';
import { withFrozen } from '../test/support.js';

describe('sortCategories (spec §4 "Catalogue order": categories, subcategories and workshops by sequence)', () => {
  const design = {
    id: 'design',
    sequence: 2,
    Subcategory: [
      {
        id: 'bim',
        sequence: 3,
        CourseCategories: [
          { sequence: 2, Workshop: { id: 'revit' } },
          { sequence: 1, Workshop: { id: 'archicad' } },
          { sequence: null, Workshop: { id: 'unsorted' } },
          { sequence: 1, Workshop: { id: 'rhino' } },
        ],
      },
      { id: 'cad', sequence: 1, CourseCategories: [] },
      { id: 'no-sequence' },
    ],
  };
  const categories = [
    design,
    { id: 'civil', sequence: 1 },
    { id: 'interiors', sequence: 2, Subcategory: null },
    { id: 'garbage', sequence: 'first' },
    { id: 'string-sequence', sequence: '0' },
  ] satisfies CategoryLike[];

  it('when categories are out of order, then they come by sequence ascending, ties in input order, unnumbered last', () => {
    const sorted = withFrozen([categories], (list) => sortCategories(list));
    expect(sorted.map((c) => c.id)).toEqual(['string-sequence', 'civil', 'design', 'interiors', 'garbage']);
  });

  it('when a category has subcategories, then they come by sequence ascending', () => {
    const sortedDesign = sortCategories(categories).find((c) => c.id === 'design');
    expect(sortedDesign?.Subcategory?.map((s) => s?.id)).toEqual(['cad', 'bim', 'no-sequence']);
  });

  it('when a subcategory has course links, then they come by sequence ascending, ties in input order', () => {
    const bim = sortCategories(categories)
      .find((c) => c.id === 'design')
      ?.Subcategory?.find((s) => s?.id === 'bim');
    expect(bim?.CourseCategories?.map((cc) => cc?.Workshop?.id)).toEqual([
      'archicad',
      'rhino',
      'revit',
      'unsorted',
    ]);
  });

  it('when categories are sorted, then every level that is reordered is a copy and the input keeps its order', () => {
    const sorted = sortCategories(categories);
    const sortedDesign = sorted.find((c) => c.id === 'design');
    expect(sortedDesign).not.toBe(design);
    expect(sortedDesign?.Subcategory).not.toBe(design.Subcategory);
    expect(sortedDesign?.Subcategory?.[1]).not.toBe(design.Subcategory[0]);
    expect(design.Subcategory.map((s) => s.id)).toEqual(['bim', 'cad', 'no-sequence']);
  });

  it('when a list is missing or null, then it stays as it was', () => {
    const sorted = sortCategories(categories);
    expect(sorted.find((c) => c.id === 'civil')).not.toHaveProperty('Subcategory');
    expect(sorted.find((c) => c.id === 'interiors')?.Subcategory).toBeNull();
    expect(sorted.find((c) => c.id === 'design')?.Subcategory?.find((s) => s?.id === 'no-sequence')).toEqual({
      id: 'no-sequence',
    });
  });

  it('when there are no categories, then the result is empty', () => {
    expect(sortCategories([])).toEqual([]);
    expect(sortCategories(null)).toEqual([]);
  });
});

describe('catalogueOrder (spec §4: masterclasses by start descending, then other courses, then undated)', () => {
  const w = (
    id: string,
    type: number | null,
    ...startDates: (string | null)[]
  ): WorkshopLike & { id: string } => ({
    id,
    type,
    Batches: startDates.map((startDate) => ({ startDate })),
  });

  it('when masterclasses, courses and undated workshops are mixed, then the three groups follow in order', () => {
    const list = [
      w('course-a', 2, '2026-01-01'),
      w('mc-old', 1, '2025-12-01'),
      w('undated-mc', 1, '0000-00-00'),
      w('mc-new', 1, '2026-04-01'),
      w('other-type', 3, '2027-01-01'),
      w('no-batches', 2),
      w('course-b', 2, '2025-06-01'),
      w('mc-mid', 1, '2026-02-15'),
      w('undated-course', 2, ''),
    ];
    expect(withFrozen([list], (l) => catalogueOrder(l)).map((x) => x.id)).toEqual([
      'mc-new',
      'mc-mid',
      'mc-old',
      'course-a',
      'other-type',
      'course-b',
      'undated-mc',
      'no-batches',
      'undated-course',
    ]);
  });

  it('when two masterclasses share a start date, then they keep input order', () => {
    const list = [w('first', 1, '2026-03-01'), w('second', 1, '2026-03-01')];
    expect(catalogueOrder(list).map((x) => x.id)).toEqual(['first', 'second']);
  });

  it('when only a later batch has a date, then the workshop counts as undated', () => {
    const list = [w('later-batch', 1, null, '2026-09-01'), w('course', 2, '2026-01-01')];
    expect(catalogueOrder(list).map((x) => x.id)).toEqual(['course', 'later-batch']);
  });

  it('when a workshop has no type, then it goes with the other types', () => {
    const list = [w('untyped', null, '2026-01-01'), w('mc', 1, '2025-01-01')];
    expect(catalogueOrder(list).map((x) => x.id)).toEqual(['mc', 'untyped']);
  });

  it('when workshops are ordered, then the same objects come back in a new list', () => {
    const list = [w('a', 2, '2026-01-01')];
    const ordered = catalogueOrder(list);
    expect(ordered).not.toBe(list);
    expect(ordered[0]).toBe(list[0]);
  });

  it('when the list is empty or missing, then the result is empty', () => {
    expect(catalogueOrder([])).toEqual([]);
    expect(catalogueOrder(undefined)).toEqual([]);
  });
});
