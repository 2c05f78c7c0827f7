/**
 * Time and labels of the course dashboard: greeting, session labels, session times and the next
 * session (spec §2 "Course dashboard", §9 greetings; domain contract "Time and labels").
 */

import { DEFAULT_TIME_ZONE, GREETING_HOURS } from './constants.js';
import {
  parseWireDate,
  parseWireTime,
  resolveTimeZone,
  todayIn,
  wallClockAt,
  weekdayOf,
} from './calendar.js';
import { isRecord, readList, readText } from './wire.js';

/** Part of the day a greeting names. */
export type Greeting = 'morning' | 'afternoon' | 'evening';

/** A session as far as its timing goes: a wire date and an optional wall-clock start time. */
export interface ScheduledSession {
  sessionDate?: string | null;
  sessionStartTime?: string | null;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * The greeting for the hour `now` shows in `tz`: 0–11 morning, 12–16 afternoon, otherwise
 * evening (spec §2 "Course dashboard", §9 "Greetings").
 */
export function greeting(now: Date, tz: string = DEFAULT_TIME_ZONE): Greeting {
  const { hour } = wallClockAt(now.getTime(), resolveTimeZone(tz));
  if (hour >= GREETING_HOURS.morning.from && hour <= GREETING_HOURS.morning.to) return 'morning';
  if (hour >= GREETING_HOURS.afternoon.from && hour <= GREETING_HOURS.afternoon.to) return 'afternoon';
  return 'evening';
}

/**
 * The session label `M{moduleIndex}_S{sessionIndex}` (spec §2 "Course dashboard"). Both indices are
 * 1-based positions after ordering modules, and sessions within a module, by `sequence`; the
 * caller orders, this only formats. A non-number index prints as nothing rather than throwing.
 */
export function sessionLabel(moduleIndex: number, sessionIndex: number): string {
  return `M${readText(moduleIndex)}_S${readText(sessionIndex)}`;
}

function formatClock(secondsOfDay: number): string {
  const hour = Math.floor(secondsOfDay / 3600);
  const minute = Math.floor((secondsOfDay % 3600) / 60);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const meridiem = hour < 12 ? 'AM' : 'PM';
  return `${String(hour12).padStart(2, '0')}:${String(minute).padStart(2, '0')} ${meridiem}`;
}

/**
 * A session's date and time as `'ddd, hh:mm A'` in English, e.g. `'Mon, 07:30 PM'` (spec §2
 * "Course dashboard"). The weekday is that of the wire date itself (no zone conversion); the time is
 * shown as given, 12-hour and zero-padded (`00:15` → `12:15 AM`). Without a valid time only the
 * weekday (`'Mon'`) is returned; without a valid date only the time part, or `''`.
 */
export function formatSessionTime(date: string | null | undefined, time?: string | null): string {
  const day = parseWireDate(date);
  const seconds = parseWireTime(time);
  const weekday = day === null ? '' : (WEEKDAYS[weekdayOf(day)] ?? '');
  const clock = seconds === null ? '' : formatClock(seconds);
  if (weekday && clock) return `${weekday}, ${clock}`;
  return weekday || clock;
}

/**
 * The session to show as "next" (spec §2 "Course dashboard"): today's session in `tz` if there is
 * one — the earliest by start time when several, untimed ones after timed ones — otherwise the
 * earliest future session by (date, time), untimed after timed on the same date; `null` when
 * none. Undated sessions are ignored; ties keep input order. Returns the input object itself.
 */
export function nextSession<S extends ScheduledSession>(
  sessions: readonly (S | null | undefined)[] | null | undefined,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): S | null {
  const today = todayIn(now, resolveTimeZone(tz));
  let best: { session: S; day: number; seconds: number } | null = null;
  // Any session dated today precedes every future one, so "today's, else the earliest future"
  // is the minimum by (day, start time) over the sessions dated today or later.
  for (const session of readList(sessions)) {
    if (!isRecord(session)) continue;
    const day = parseWireDate(session.sessionDate);
    if (day === null || day < today) continue;
    const seconds = parseWireTime(session.sessionStartTime) ?? Number.POSITIVE_INFINITY;
    if (best === null || day < best.day || (day === best.day && seconds < best.seconds)) {
      best = { session, day, seconds };
    }
  }
  return best?.session ?? null;
}
