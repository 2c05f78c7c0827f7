/*
 * The weekly session generator (issue 17 point 1), pure: from a batch's weekly slots (ISO weekday
 * 1 = Monday … 7 = Sunday, wall-clock times in the platform's zone, Asia/Kolkata) and a range of
 * calendar days, the sessions to hold — one per slot per week — leaving out the days that already
 * have a session. Session dates are calendar days in the platform's zone, so the arithmetic is on
 * calendar days (no instant, no zone offset can move a day).
 */

export interface WeeklySlot {
  day: number;
  startTime: string;
  endTime: string;
}

export interface PlannedSession {
  date: string;
  startTime: string;
  endTime: string;
}

/** Longest range the generator walks (a year and a bit): bounds a mistaken far-off end date. */
export const MAX_GENERATED_DAYS = 400;

const DAY_MS = 86_400_000;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const dayNumber = (wire: string) => Math.floor(Date.parse(`${wire}T00:00:00Z`) / DAY_MS);
const wireOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday (1 = Monday … 7 = Sunday) of a day number (day 0, 1970-01-01, was a Thursday). */
const isoWeekday = (n: number) => ((((n + 3) % 7) + 7) % 7) + 1;
/** `HH:mm` of a wire time (`HH:mm:ss` from the database). */
const hhmm = (time: string) => time.slice(0, 5);

export function planWeeklySessions(input: {
  slots: readonly WeeklySlot[];
  from: string;
  to: string;
  /** Days that already have a session (any time): skipped. */
  existing: ReadonlySet<string>;
}): { sessions: PlannedSession[]; skipped: string[] } {
  const first = dayNumber(input.from);
  const last = Math.min(dayNumber(input.to), first + MAX_GENERATED_DAYS - 1);
  const slots = [...input.slots]
    .filter((s) => TIME.test(s.startTime) && TIME.test(s.endTime))
    .sort((a, b) => a.day - b.day || a.startTime.localeCompare(b.startTime));
  const sessions: PlannedSession[] = [];
  const skipped: string[] = [];
  for (let n = first; n <= last; n += 1) {
    const weekday = isoWeekday(n);
    const date = wireOf(n);
    for (const slot of slots) {
      if (slot.day !== weekday) continue;
      if (input.existing.has(date)) {
        if (!skipped.includes(date)) skipped.push(date);
        continue;
      }
      sessions.push({ date, startTime: hhmm(slot.startTime), endTime: hhmm(slot.endTime) });
    }
  }
  return { sessions, skipped };
}
