import { describe, expect, it } from 'vitest';
import { arrangeConsultationPackages } from './index.js';
import { withFrozen } from '../test/support.js';

describe('arrangeConsultationPackages (spec §9, beyond the contract)', () => {
  const pkg = (id: number | string | null, covered: string[] = ['a', 'b', 'c', 'd']) => ({
    id,
    covered,
  });

  it('when packages 1–4 come in id order, then they are shown as 3, 2, 4, 1', () => {
    const arranged = withFrozen([[pkg(1), pkg(2), pkg(3), pkg(4)]], (list) =>
      arrangeConsultationPackages(list),
    );
    expect(arranged.map((p) => p.id)).toEqual([3, 2, 4, 1]);
  });

  it('when unknown ids are mixed in, then they follow the known ones in input order', () => {
    const arranged = arrangeConsultationPackages([pkg(7), pkg(1), pkg(null), pkg(3), pkg(6)]);
    expect(arranged.map((p) => p.id)).toEqual([3, 1, 7, null, 6]);
  });

  it('when an id arrives as a string, then it is ordered like its number', () => {
    expect(arrangeConsultationPackages([pkg('1'), pkg('3')]).map((p) => p.id)).toEqual(['3', '1']);
  });

  it.each([
    { id: 3, expected: [true, true, false, false] },
    { id: 2, expected: [true, true, true, false] },
    { id: 4, expected: [true, true, true, true] },
    { id: 1, expected: [true, true, true, true] },
    { id: 9, expected: [true, true, true, true] },
  ])('when package $id is shown, then its covered items are checked as $expected', ({ id, expected }) => {
    const [arranged] = arrangeConsultationPackages([pkg(id)]);
    expect(arranged?.covered).toEqual(
      ['a', 'b', 'c', 'd'].map((text, index) => ({ text, checked: expected[index] })),
    );
  });

  it('when package 3 covers a single item, then that item is unchecked', () => {
    expect(arrangeConsultationPackages([pkg(3, ['only'])])[0]?.covered).toEqual([
      { text: 'only', checked: false },
    ]);
  });

  it('when a package has no covered list, then it shows none', () => {
    expect(arrangeConsultationPackages([{ id: 2 }])[0]?.covered).toEqual([]);
  });

  it('when packages are arranged, then each is a copy with its other fields kept', () => {
    const input = { id: 4, covered: ['x'], price: 999 };
    const [arranged] = arrangeConsultationPackages([input]);
    expect(arranged).not.toBe(input);
    expect(arranged).toEqual({ id: 4, covered: [{ text: 'x', checked: true }], price: 999 });
    expect(input.covered).toEqual(['x']);
  });

  it('when the list is empty or missing, then nothing is shown', () => {
    expect(arrangeConsultationPackages([])).toEqual([]);
    expect(arrangeConsultationPackages(null)).toEqual([]);
  });
});
