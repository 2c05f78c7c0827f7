/**
 * Test helpers for the domain package: fixed instants on either side of a day boundary, and
 * the "inputs are never mutated" check.
 */

import { expect } from 'vitest';

/** 2026-03-10T20:00Z: already 2026-03-11 01:30 in Kolkata, still 2026-03-10 in UTC. */
export const NOW = new Date('2026-03-10T20:00:00Z');
/** Today in Kolkata at {@link NOW}. */
export const TODAY = '2026-03-11';
/** Yesterday in Kolkata at {@link NOW} — and still today in UTC. */
export const YESTERDAY = '2026-03-10';
/** Tomorrow in Kolkata at {@link NOW}. */
export const TOMORROW = '2026-03-12';

/** The wire date `days` days after {@link TODAY} (negative for before). */
export function dayOffset(days: number): string {
  return new Date(Date.UTC(2026, 2, 11 + days)).toISOString().slice(0, 10);
}

/** Freezes a value and everything reachable from it, so that any write throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) {
      deepFreeze((value as Record<PropertyKey, unknown>)[key]);
    }
  }
  return value;
}

/**
 * Runs `use` on deep-frozen inputs and checks afterwards that they still equal a clone taken
 * before: a rule that writes to its input fails either way.
 */
// `[] | unknown[]` makes TypeScript infer a tuple from an array literal of inputs.
export function withFrozen<T extends [] | unknown[], R>(inputs: T, use: (...inputs: T) => R): R {
  const before = structuredClone(inputs);
  const result = use(...deepFreeze(inputs));
  expect(inputs).toEqual(before);
  return result;
}
