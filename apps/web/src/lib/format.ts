/**
 * How wire dates and times are written on screen. Done by hand rather than with `Intl`, so the
 * server and every browser print the same characters (a hydration mismatch otherwise).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export interface WireDay {
  year: number;
  month: number;
  day: number;
}

/** A `YYYY-MM-DD` wire date; `null` for the "no date" value (`NO_DATE`), empty or malformed values. */
export function parseWireDay(value: string | null | undefined): WireDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year === 0 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  return { year, month, day };
}

/** `'2025-12-14'` → `'14 Dec 2025'` (or `'14 Dec'` without the year); `''` when there is no date. */
export function formatDay(value: string | null | undefined, withYear = true): string {
  const day = parseWireDay(value);
  if (!day) return '';
  const text = `${day.day} ${MONTHS[day.month - 1]}`;
  return withYear ? `${text} ${day.year}` : text;
}

/**
 * A date range as briefly as it reads well: `'14–20 Dec 2025'`, `'28 Nov – 3 Dec 2025'`,
 * `'28 Dec 2025 – 3 Jan 2026'`, or the one date there is.
 */
export function formatDayRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = parseWireDay(start);
  const to = parseWireDay(end);
  if (!from) return formatDay(end);
  if (!to || (from.year === to.year && from.month === to.month && from.day === to.day)) {
    return formatDay(start);
  }
  if (from.year === to.year && from.month === to.month) return `${from.day}–${formatDay(end)}`;
  return `${formatDay(start, from.year !== to.year)} – ${formatDay(end)}`;
}

/** A wall-clock wire time `'19:30:00'` → `'7:30 PM'`; `''` when malformed. */
export function formatWallTime(value: string | null | undefined): string {
  const match = /^(\d{2}):(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const hours = Number(match[1]);
  const minutes = match[2] ?? '00';
  if (hours > 23) return '';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** India's offset from UTC (the platform's zone, Asia/Kolkata, keeps no daylight saving). */
const IST_OFFSET_MS = 330 * 60 * 1000;

/**
 * An ISO instant as the wire date and wall-clock time it falls on in India (`{ date:
 * '2026-12-13', time: '19:30' }`), for the domain's `formatSessionTime`; `null` when malformed.
 * Arithmetic rather than `Intl`, so the server and every browser print the same.
 */
export function istWallClock(iso: string | null | undefined): { date: string; time: string } | null {
  const ms = Date.parse(iso ?? '');
  if (Number.isNaN(ms)) return null;
  const wall = new Date(ms + IST_OFFSET_MS).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

/** `12500` learners → `'12,500'` (Indian grouping, as prices are written). */
export function formatCount(value: number): string {
  const text = String(Math.round(value));
  if (text.length <= 3) return text;
  const last = text.slice(-3);
  const rest = text.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last}`;
}
