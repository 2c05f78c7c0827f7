/**
 * Calendar-day arithmetic for seeds. Wire dates are 'YYYY-MM-DD' strings; "today" is `now`'s
 * calendar day in the platform time zone, so seeded data reads the same wherever it runs.
 */

/** `now`'s calendar day in `tz` as 'YYYY-MM-DD'. */
export function calendarDay(now: Date, tz: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar day `days` after `day` (negative for before). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  const w = new Date(`${day}T00:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
}

/** The instant `days` × 24 h (plus `hours`) after `now`. */
export function shiftInstant(now: Date, days: number, hours = 0): Date {
  return new Date(now.getTime() + (days * 24 + hours) * 3_600_000);
}
