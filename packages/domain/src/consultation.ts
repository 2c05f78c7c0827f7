/**
 * Design-consultation packages as shown (spec §3 "Consultation package", §9). Beyond the domain
 * contract: the spec's display order and unchecked items are rules, so they live here too.
 */

import { CONSULTATION_PACKAGE_ORDER, CONSULTATION_UNCHECKED_COVERED } from './constants.js';
import { compareAscendingNullLast, isRecord, readList, readNumber, readText, sortedBy } from './wire.js';

/** A consultation package as the API returns it (spec §3 "Consultation package"). */
export interface ConsultationPackageLike {
  id?: number | string | null;
  /** What the package covers, one text per item. */
  covered?: readonly (string | null)[] | null;
}

/** A covered item as shown: its text and whether it is ticked. */
export interface CoveredItem {
  text: string;
  checked: boolean;
}

/** A package with its `covered` items marked. */
export type ArrangedConsultationPackage<P extends ConsultationPackageLike = ConsultationPackageLike> = Omit<
  P,
  'covered'
> & { covered: CoveredItem[] };

/**
 * Beyond the contract (spec §9 "Consultation package display order: ids 3, 2, 4, 1. Package 3 has
 * its last two covered items unchecked; package 2 has its last one unchecked"). Packages ordered
 * by that display order, unknown ids after in input order; each returned as a copy whose `covered`
 * items become `{ text, checked }`, all checked except the trailing ones the rule unchecks. A
 * missing `covered` list becomes `[]`; entries that are not objects are skipped.
 */
export function arrangeConsultationPackages<P extends ConsultationPackageLike>(
  packages: readonly (P | null | undefined)[] | null | undefined,
): ArrangedConsultationPackage<P>[] {
  const order: readonly number[] = CONSULTATION_PACKAGE_ORDER;
  const rankOf = (id: number | null): number | null => {
    const rank = id === null ? -1 : order.indexOf(id);
    return rank === -1 ? null : rank;
  };
  const known = readList(packages).filter(isRecord) as P[];
  return sortedBy(known, (pkg) => rankOf(readNumber(pkg.id)), compareAscendingNullLast).map((pkg) => {
    const id = readNumber(pkg.id);
    const items = readList(pkg.covered);
    const unchecked = id === null ? 0 : (CONSULTATION_UNCHECKED_COVERED[id] ?? 0);
    const firstUnchecked = items.length - unchecked;
    return {
      ...pkg,
      covered: Array.from(items, (item, index) => ({
        text: readText(item),
        checked: index < firstUnchecked,
      })),
    };
  });
}
