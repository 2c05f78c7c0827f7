/*
 * Wall-clock dates and times of the platform's time zone (`PLATFORM_TZ`): due dates and session
 * times are stored as calendar days and wall-clock times there, and reminders compare them with
 * instants.
 */

const DAY_MS = 86_400_000;

function parts(at: number, tz: string) {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const p of format.formatToParts(at)) {
    if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  }
  if (out.hour === 24) out.hour = 0;
  return out;
}

/** The wall clock minus UTC at `at`, in ms. */
function offsetAt(at: number, tz: string): number {
  const whole = Math.floor(at / 1000) * 1000;
  const p = parts(whole, tz);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
}

/** The `YYYY-MM-DD` day `now` falls on in `tz`. */
export function localDate(now: Date, tz: string): string {
  const p = parts(now.getTime(), tz);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The hour (0–23) `now` shows in `tz`. */
export function localHour(now: Date, tz: string): number {
  return parts(now.getTime(), tz).hour;
}

/** `date` (`YYYY-MM-DD`) moved by `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant at which the wall clock in `tz` reads `date` `time` (`HH:MM[:SS]`). */
export function zonedInstant(date: string, time: string, tz: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number | undefined];
  const local = Date.UTC(y, m - 1, d, hh, mm, ss ?? 0);
  const first = offsetAt(local, tz);
  let instant = local - first;
  const second = offsetAt(instant, tz);
  if (second !== first) instant = local - second;
  return new Date(instant);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Thu, 26 Nov 2026` for a calendar day (no zone involved; the same on every ICU version). */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
  return `${weekday}, ${d} ${MONTHS[m - 1]!} ${y}`;
}

/** `Thu, 26 Nov, 7:00 pm IST` for an instant shown in `tz` (built from parts: the same on every ICU version). */
export function formatInstant(at: Date, tz: string): string {
  const p = parts(at.getTime(), tz);
  const weekday = WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]!;
  const hour = p.hour % 12 === 0 ? 12 : p.hour % 12;
  const clock = `${hour}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'am' : 'pm'}`;
  return `${weekday}, ${p.day} ${MONTHS[p.month - 1]!}, ${clock} ${zoneLabel(at, tz)}`;
}

/** `IST` for the platform zone; otherwise the zone's short name (`GMT+5:30`, `CET`…). */
function zoneLabel(at: Date, tz: string): string {
  if (tz === 'Asia/Kolkata' || tz === 'Asia/Calcutta') return 'IST';
  return (
    new Intl.DateTimeFormat('en-GB', { timeZone: tz, timeZoneName: 'short' })
      .formatToParts(at)
      .find((x) => x.type === 'timeZoneName')?.value ?? tz
  );
}
