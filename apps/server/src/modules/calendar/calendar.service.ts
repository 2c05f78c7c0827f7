/**
 * The learner's private calendar feed (issue 15; docs/decisions/0024): `GET
 * /api/calendar/{secretKey}.ics` is an RFC 5545 calendar of every dated session of the key
 * owner's courses (enrolled, with dashboard access, not refunded), which Google Calendar and Apple
 * Calendar subscribe to. The key is the address's only secret: rotating it (the profile's rotate
 * call) makes the old address answer 404. Two queries, whatever the number of sessions.
 */
import { DEFAULT_TIME_ZONE, sessionLabel } from '@atelier/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { z } from 'zod';
import type { Executor } from '../../db/query.js';
import { queryRows } from '../../db/query.js';
import { users } from '../../db/schema/index.js';

/** How long a calendar app (or a proxy in the user's own network) may reuse the feed. */
export const FEED_MAX_AGE_SECONDS = 300;
/** Length given to a timed session that has a start time but no end time. */
export const DEFAULT_SESSION_MINUTES = 60;
export const FEED_PRODID = '-//Atelier//Learner sessions 1.0//EN';

/** The user whose feed `secretKey` opens (not a disabled account), or undefined. */
export async function feedOwner(db: Executor, secretKey: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.secretKey, secretKey), isNull(users.disabledAt)))
    .limit(1);
  return row;
}

const FeedSessionSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  type: z.number(),
  sessionDate: z.string(),
  sessionStartTime: z.string().nullable(),
  sessionEndTime: z.string().nullable(),
  batchId: z.number(),
  moduleIndex: z.coerce.number(),
  sessionIndex: z.coerce.number(),
  courseShortTitle: z.string(),
});
export type FeedSession = z.output<typeof FeedSessionSchema>;

/**
 * Every dated session of `userId`'s courses, with its `M{m}_S{s}` positions: modules of a batch
 * by (sequence, id), sessions of a module by (unit sequence, unit id, sequence, id), counting
 * the undated ones too so that the labels match the course dashboard. One query.
 */
export async function feedSessions(db: Executor, userId: number): Promise<FeedSession[]> {
  return queryRows(
    db,
    sql`
      WITH held AS (
        SELECT e.batch_id FROM enrolments e
        WHERE e.user_id = ${userId} AND e.is_enrolled AND e.is_dashboard_access AND NOT e.is_refund
      ), modules AS (
        SELECT m.id, m.batch_id,
          row_number() OVER (PARTITION BY m.batch_id ORDER BY m.sequence, m.id) AS module_index
        FROM course_modules m JOIN held ON held.batch_id = m.batch_id
      ), sessions AS (
        SELECT s.*, modules.batch_id, modules.module_index,
          row_number() OVER (PARTITION BY modules.id ORDER BY d.sequence, d.id, s.sequence, s.id) AS session_index
        FROM course_module_sessions s
        JOIN course_module_details d ON d.id = s.detail_id
        JOIN modules ON modules.id = d.module_id
      )
      SELECT s.id, s.title, s.description, s.type::int AS type,
        s.session_date::text AS "sessionDate",
        s.session_start_time::text AS "sessionStartTime",
        s.session_end_time::text AS "sessionEndTime",
        s.batch_id AS "batchId", s.module_index AS "moduleIndex", s.session_index AS "sessionIndex",
        w.short_title AS "courseShortTitle"
      FROM sessions s
      JOIN batches b ON b.id = s.batch_id
      JOIN workshops w ON w.id = b.workshop_id
      WHERE s.session_date IS NOT NULL
      ORDER BY s.session_date, s.session_start_time NULLS FIRST, s.id`,
    FeedSessionSchema,
  );
}

/** The zone's UTC offset in seconds at `at` (`GMT+05:30` → 19800). */
function offsetSeconds(tz: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60;
  return match[1] === '-' ? -seconds : seconds;
}

/**
 * The VTIMEZONE of a zone without daylight saving time (the platform zone, Asia/Kolkata, has
 * none since 1945): one STANDARD rule. A zone with DST answers undefined (times are then written
 * in UTC instead), since one rule could not describe it.
 */
function fixedOffsetTimezone(
  tz: string,
  now: Date,
): { component: ICAL.Component; zone: ICAL.Timezone } | undefined {
  const year = now.getUTCFullYear();
  const january = offsetSeconds(tz, new Date(Date.UTC(year, 0, 1)));
  const july = offsetSeconds(tz, new Date(Date.UTC(year, 6, 1)));
  if (january !== july) return undefined;
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', tz);
  const standard = new ICAL.Component('standard');
  standard.addPropertyWithValue(
    'dtstart',
    ICAL.Time.fromData({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0, isDate: false }),
  );
  standard.addPropertyWithValue('tzoffsetfrom', ICAL.UtcOffset.fromSeconds(january));
  standard.addPropertyWithValue('tzoffsetto', ICAL.UtcOffset.fromSeconds(january));
  component.addSubcomponent(standard);
  return { component, zone: new ICAL.Timezone({ component, tzid: tz }) };
}

/** A wire date and `HH:MM[:SS]` time, moved by `minutes`, as calendar parts (no zone involved). */
function wallClock(date: string, time: string, minutes = 0) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number | undefined];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute + minutes, second ?? 0));
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
  };
}

export interface FeedInput {
  sessions: FeedSession[];
  now: Date;
  /** The site's public address (`PUBLIC_URL`): event links and the UID's host. */
  publicUrl: string;
  tz?: string;
}

/** The feed as iCalendar text (CRLF lines, folded at 75 octets by ical.js). */
export function buildFeed(input: FeedInput): string {
  const tz = input.tz ?? DEFAULT_TIME_ZONE;
  const base = input.publicUrl.replace(/\/+$/, '');
  const host = new URL(base).host;
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('prodid', FEED_PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', 'Atelier sessions');
  calendar.addPropertyWithValue('x-wr-caldesc', 'Your live and recorded sessions on Atelier.');
  calendar.addPropertyWithValue('x-wr-timezone', tz);
  const timezone = fixedOffsetTimezone(tz, input.now);
  if (timezone) calendar.addSubcomponent(timezone.component);
  const stamp = ICAL.Time.fromJSDate(input.now, true);

  for (const session of input.sessions) {
    const vevent = new ICAL.Component('vevent');
    const event = new ICAL.Event(vevent);
    const label = sessionLabel(session.moduleIndex, session.sessionIndex);
    const link = `${base}/dashboard/course/${session.batchId}`;
    event.uid = `session-${session.id}@${host}`;
    vevent.addPropertyWithValue('dtstamp', stamp);
    event.summary = `${label} · ${session.title} — ${session.courseShortTitle}`;
    const kind = session.type === 2 ? 'Recorded session' : 'Live session';
    event.description = [
      `${kind} ${label} of ${session.courseShortTitle}.`,
      session.description.trim(),
      `Open the course: ${link}`,
    ]
      .filter((line) => line.length > 0)
      .join('\n\n');
    vevent.addPropertyWithValue('url', link);

    if (session.sessionStartTime === null) {
      // No time: an all-day event on the session's date (DTEND is the next day, exclusive).
      event.startDate = ICAL.Time.fromDateString(session.sessionDate);
      const next = wallClock(session.sessionDate, '00:00', 24 * 60);
      event.endDate = ICAL.Time.fromData({ year: next.year, month: next.month, day: next.day, isDate: true });
    } else {
      const start = wallClock(session.sessionDate, session.sessionStartTime);
      const end =
        session.sessionEndTime === null
          ? wallClock(session.sessionDate, session.sessionStartTime, DEFAULT_SESSION_MINUTES)
          : wallClock(session.sessionDate, session.sessionEndTime);
      if (timezone) {
        event.startDate = ICAL.Time.fromData({ ...start, isDate: false }, timezone.zone);
        event.endDate = ICAL.Time.fromData({ ...end, isDate: false }, timezone.zone);
      } else {
        // A zone with daylight saving time: convert to UTC through the zone's offset then.
        const toUtc = (parts: typeof start) => {
          const guess = Date.UTC(
            parts.year,
            parts.month - 1,
            parts.day,
            parts.hour,
            parts.minute,
            parts.second,
          );
          return ICAL.Time.fromJSDate(new Date(guess - offsetSeconds(tz, new Date(guess)) * 1000), true);
        };
        event.startDate = toUtc(start);
        event.endDate = toUtc(end);
      }
    }
    calendar.addSubcomponent(vevent);
  }
  return calendar.toString();
}
