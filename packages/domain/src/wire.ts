/**
 * Reading loosely typed API values. Internal to the package: every rule reads API data through
 * these so that a missing field, a `null` or a garbage string degrades the same way everywhere
 * instead of throwing (domain contract, preamble).
 */

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** A plain object (not `null`, not an array). Typed input keeps its type when narrowed. */
export function isRecord<T extends object>(value: T | null | undefined): value is T;
export function isRecord(value: unknown): value is Record<string, unknown>;
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is an array, otherwise an empty list. */
export function readList<T>(value: readonly T[] | null | undefined): readonly T[];
export function readList(value: unknown): readonly unknown[];
export function readList(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The array's plain-object entries, in order; `null` and garbage entries are skipped. */
export function readRecords<T extends object>(
  value: readonly (T | null | undefined)[] | null | undefined,
): T[];
export function readRecords(value: unknown): Record<string, unknown>[];
export function readRecords(value: unknown): unknown[] {
  return readList(value).filter(isRecord);
}

/** A finite number, or a decimal numeric string converted; anything else is `null`. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!DECIMAL.test(text)) return null;
    const parsed = Number(text);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A string as it is, a finite number as its decimal text; anything else `''`. */
export function readText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** True for a string with a non-blank character or a finite number. */
export function hasText(value: unknown): boolean {
  return readText(value).trim() !== '';
}

/** Ascending comparison with `null` (undated, unnumbered) after every value. */
export function compareAscendingNullLast(a: number | null, b: number | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return a - b;
}

/** Descending comparison with `null` (undated, unnumbered) after every value. */
export function compareDescendingNullLast(a: number | null, b: number | null): number {
  if (a === null) return b === null ? 0 : 1;
  if (b === null) return -1;
  return b - a;
}

/**
 * A stably sorted copy, ordered by a key computed once per item (ties keep input order, as the
 * contract requires throughout; `Array.prototype.sort` is stable since ES2019).
 */
export function sortedBy<T, K>(
  items: readonly T[],
  key: (item: T) => K,
  compare: (a: K, b: K) => number,
): T[] {
  return items
    .map((item, index) => ({ item, index, key: key(item) }))
    .sort((a, b) => compare(a.key, b.key) || a.index - b.index)
    .map(({ item }) => item);
}
