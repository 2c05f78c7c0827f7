import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { enqueue, PermanentJobError, type JobHandler } from '../../platform/jobs/index.js';
import { enqueueNotifications, type NotificationRequest } from './notification-jobs.js';
import { addDays, localDate, localHour, zonedInstant } from './zoned-time.js';

/*
 * Scheduled reminders, safe with any number of instances. A `reminders.scan` job runs once per
 * five-minute slot: its dedupe key names the slot (`reminders.scan:{slotStart}`), so however many
 * instances seed or chain it, one scan exists per slot. A scan first chains the next slot's scan
 * (so a failure never ends the chain), then looks for what is due and enqueues one notification
 * per reminder with a dedupe key naming the reminder itself (`instalment:{id}:{when}`,
 * `session:{sessionId}:{userId}:{when}`). Reminders are found by windows, not exact instants: a
 * slot missed while every server was down is caught by the next scan inside the window, and the
 * keys make a second scan of the same window add nothing.
 *
 *   instalments (unpaid, active plan): `in-3-days` while the due date is 1–3 days away,
 *     `today` on the due day — both from 09:00 platform time, so nobody is woken at midnight;
 *   live sessions with a start time: `24h` while the start is 1–24 h away, `1h` while it is
 *     under an hour away (a session created at short notice gets only the reminders still due).
 */

export const REMINDERS_SCAN_TOPIC = 'reminders.scan';
/** The scan's period. */
export const REMINDERS_SLOT_SECONDS = 300;
/** Instalment reminders are not sent before this hour (platform time). */
export const INSTALMENT_REMINDER_FROM_HOUR = 9;

const HOUR_MS = 3_600_000;

export interface RemindersDeps {
  config: Pick<AppConfig, 'tz'>;
  database: { db: Db };
  clock: () => Date;
}

/** The slot an instant falls in. */
export function reminderSlot(at: Date): number {
  return Math.floor(at.getTime() / (REMINDERS_SLOT_SECONDS * 1000));
}

/** Enqueues the scan of `slot` (default: the current one), due at its start; once per slot across instances. */
export async function scheduleRemindersScan(
  db: Pick<Db, 'insert'>,
  opts: { now: Date; slot?: number },
): Promise<number> {
  const slot = opts.slot ?? reminderSlot(opts.now);
  const slotStart = new Date(slot * REMINDERS_SLOT_SECONDS * 1000);
  await enqueue(db, {
    topic: REMINDERS_SCAN_TOPIC,
    payload: { slot },
    dedupeKey: `${REMINDERS_SCAN_TOPIC}:${slotStart.toISOString()}`,
    runAt: slotStart,
    maxAttempts: 3,
  });
  return slot;
}

/** The scan job: chains the next slot first, then scans. */
export function remindersScanHandler(deps: RemindersDeps): JobHandler {
  return async (job) => {
    const slot = Number(job.payload.slot);
    if (!Number.isInteger(slot)) throw new PermanentJobError('reminders.scan: no slot');
    const now = deps.clock();
    await scheduleRemindersScan(deps.database.db, { now, slot: Math.max(slot, reminderSlot(now)) + 1 });
    await scanReminders(deps);
  };
}

const DueInstalment = z.object({ id: z.number(), userId: z.number(), dueDate: z.string() });
const UpcomingSession = z.object({
  sessionId: z.number(),
  batchId: z.number(),
  userId: z.number(),
  sessionDate: z.string(),
  startTime: z.string(),
});

/** One scan at the clock's instant: enqueues the reminders due now. Returns how many were new. */
export async function scanReminders(deps: RemindersDeps): Promise<{ instalments: number; sessions: number }> {
  const { db } = deps.database;
  const now = deps.clock();
  const tz = deps.config.tz;
  const today = localDate(now, tz);
  let instalmentCount = 0;

  if (localHour(now, tz) >= INSTALMENT_REMINDER_FROM_HOUR) {
    const due = await queryRows(
      db,
      sql`
        SELECT i.id, p.user_id AS "userId", i.due_date::text AS "dueDate"
        FROM instalments i
        JOIN instalment_plans p ON p.id = i.plan_id
        JOIN users u ON u.id = p.user_id
        WHERE i.paid_at IS NULL AND p.status = 'active' AND u.disabled_at IS NULL
          AND i.due_date BETWEEN ${today}::date AND ${addDays(today, 3)}::date
        ORDER BY i.due_date, i.id`,
      DueInstalment,
    );
    instalmentCount = await enqueueNotifications(
      db,
      due.map((row) => {
        const when = row.dueDate === today ? 'today' : 'in-3-days';
        return {
          request: { kind: 'instalment-reminder', to: { userId: row.userId }, instalmentId: row.id, when },
          dedupeKey: `instalment:${row.id}:${when}`,
        };
      }),
    );
  }

  // Sessions dated from yesterday to two days ahead (local days), then exact instants in JS.
  const upcoming = await queryRows(
    db,
    sql`
      SELECT s.id AS "sessionId", m.batch_id AS "batchId", e.user_id AS "userId",
        s.session_date::text AS "sessionDate", s.session_start_time::text AS "startTime"
      FROM course_module_sessions s
      JOIN course_module_details d ON d.id = s.detail_id
      JOIN course_modules m ON m.id = d.module_id AND m.batch_id IS NOT NULL
      JOIN enrolments e ON e.batch_id = m.batch_id
        AND e.is_enrolled AND e.is_dashboard_access AND NOT e.is_refund
      JOIN users u ON u.id = e.user_id AND u.disabled_at IS NULL
      WHERE s.type = 1 AND s.session_start_time IS NOT NULL
        AND s.session_date BETWEEN ${addDays(today, -1)}::date AND ${addDays(today, 2)}::date
      ORDER BY s.session_date, s.session_start_time, s.id, e.user_id`,
    UpcomingSession,
  );
  const sessionReminders: { request: NotificationRequest; dedupeKey: string }[] = [];
  for (const row of upcoming) {
    const untilStart = zonedInstant(row.sessionDate, row.startTime, tz).getTime() - now.getTime();
    if (untilStart <= 0 || untilStart > 24 * HOUR_MS) continue;
    const when = untilStart <= HOUR_MS ? '1h' : '24h';
    sessionReminders.push({
      request: {
        kind: 'session-reminder',
        to: { userId: row.userId },
        sessionId: row.sessionId,
        batchId: row.batchId,
        when,
      },
      dedupeKey: `session:${row.sessionId}:${row.userId}:${when}`,
    });
  }
  const sessionCount = await enqueueNotifications(db, sessionReminders);
  return { instalments: instalmentCount, sessions: sessionCount };
}
