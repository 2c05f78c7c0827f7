/**
 * Calendar days and wall-clock times in an IANA time zone, without the machine's zone.
 *
 * Days are handled as day numbers (whole days since 1970-01-01) so that "before today" and "days
 * left" are integer arithmetic. Wall-clock parts of an instant come from `Intl.DateTimeFormat` with
 * `timeZone`; the instant of a wall-clock date and time is found by offset iteration. Nothing here
 * reads the clock or calls a zone-dependent `Date` method (`getHours`, `getDate`, …).
 */

import { DEFAULT_TIME_ZONE } from './constants.js';

const DAY_MS = 86_400_000;
const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WIRE_TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;

/** Wall-clock parts of an instant in a time zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone to use: the caller's, or the default when none (or `''`) is given. */
export function resolveTimeZone(tz: string | null | undefined): string {
  return tz || DEFAULT_TIME_ZONE;
}

/** Epoch milliseconds of a UTC date-time; safe for years 0–99, which `Date.UTC` would shift. */
function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The day number of a calendar date (no validation). */
export function dayNumberOf(year: number, month: number, day: number): number {
  return Math.round(utcMs(year, month, day) / DAY_MS);
}

/** The wire's "no date" (DESIGN.md, API conventions): the one place this value is written. */
export const NO_DATE = '0000-00-00';

/** A stored date (`YYYY-MM-DD`, or null when there is none) as a wire date: null is {@link NO_DATE}. */
export function wireDateOrNone(date: string | null | undefined): string {
  return date ?? NO_DATE;
}

/** Whether a wire date is the "no date" value (or missing). */
export function isNoDate(wire: string | null | undefined): boolean {
  return wire === undefined || wire === null || wire === NO_DATE;
}

/**
 * A wire date `YYYY-MM-DD` as a day number; `null` for `'0000-00-00'`, `''`, `null`, a date that
 * does not exist (`2026-02-30`) and anything else that is not exactly that shape.
 */
export function parseWireDate(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = WIRE_DATE.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const check = new Date(utcMs(year, month, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return dayNumberOf(year, month, day);
}

/**
 * A wire time `HH:mm` or `HH:mm:ss` (fractional seconds tolerated) as seconds after midnight;
 * `null` when missing or out of range.
 */
export function parseWireTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = WIRE_TIME.exec(value.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  const second = match[3] === undefined ? 0 : Number(match[3]);
  if (hour > 23 || minute > 59 || second > 59) return null;
  return hour * 3600 + minute * 60 + second;
}

/** 0 = Sunday … 6 = Saturday, for a day number. 1970-01-01 was a Thursday. */
export function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** The wire date `YYYY-MM-DD` of a day number. */
export function formatDayNumber(dayNumber: number): string {
  const date = new Date(dayNumber * DAY_MS);
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

// Building a DateTimeFormat costs far more than using one; rules run per item in lists.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

/**
 * Wall-clock parts of an instant in `tz`.
 * @throws RangeError when `epochMs` is not a valid time or `tz` is not an IANA zone name — both
 *   come from the caller, never from API data.
 */
export function wallClockAt(epochMs: number, tz: string): WallClock {
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let beforeCommonEra = false;
  for (const part of formatterFor(tz).formatToParts(epochMs)) {
    switch (part.type) {
      case 'year':
      case 'month':
      case 'day':
      case 'hour':
      case 'minute':
      case 'second':
        parts[part.type] = Number(part.value);
        break;
      case 'era':
        beforeCommonEra = part.value.startsWith('B');
        break;
      default:
        break;
    }
  }
  // Engines that still print "24" at midnight despite h23.
  if (parts.hour === 24) parts.hour = 0;
  if (beforeCommonEra) parts.year = 1 - parts.year;
  return parts;
}

/** Offset of `tz` from UTC at an instant, in milliseconds (wall clock minus UTC). */
function offsetAt(epochMs: number, tz: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  const p = wallClockAt(whole, tz);
  return utcMs(p.year, p.month, p.day, p.hour, p.minute, p.second) - whole;
}

/**
 * The instant (epoch ms) at which the wall clock in `tz` reads the given day and time. Found by
 * offset iteration: guess with the offset at the wall-clock time read as UTC, then correct once
 * with the offset at the guess. A time skipped by a DST jump resolves to an instant near the gap.
 */
export function zonedInstant(dayNumber: number, secondsOfDay: number, tz: string): number {
  const local = dayNumber * DAY_MS + secondsOfDay * 1000;
  const first = offsetAt(local, tz);
  let instant = local - first;
  const second = offsetAt(instant, tz);
  if (second !== first) {
    instant = local - second;
    const third = offsetAt(instant, tz);
    if (third !== second) instant = local - Math.max(first, second);
  }
  return instant;
}

/** The day number of the calendar day `now` falls on in `tz`. */
export function todayIn(now: Date, tz: string): number {
  const p = wallClockAt(now.getTime(), tz);
  return dayNumberOf(p.year, p.month, p.day);
}

/**
 * Beyond the contract: the wire date (`YYYY-MM-DD`) of the calendar day `now` falls on in `tz`.
 * Callers store it as the "last sent" date that {@link leadDue} later reads (spec §4 "Lead and
 * note sending").
 * @throws RangeError when `now` is an invalid Date or `tz` is not an IANA zone name.
 */
export function toWireDate(now: Date, tz: string = DEFAULT_TIME_ZONE): string {
  return formatDayNumber(todayIn(now, resolveTimeZone(tz)));
}
