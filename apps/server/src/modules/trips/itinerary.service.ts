import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { maskRecipient } from '../../integrations/messaging/outbox-sender.js';
import { enqueueNotification, NOTIFICATION_TOPIC } from '../notifications/index.js';
import * as repo from './trips.repository.js';

/*
 * `POST /api/trips/itinerary/send` (issue 16; checklist D5: never an open relay). The body names
 * only the trip: the itinerary goes to the caller's own e-mail address, and only once that address
 * is verified (`users.isVerified`: a one-time code or Google proved the account's contact; the
 * address cannot be changed afterwards). Limits, besides the route's per-IP limit:
 *   - one e-mail per trip per clock hour (the notification's dedupe key carries the hour), and
 *   - ITINERARY_DAILY_LIMIT e-mails per account per 24 hours, counted from the queue's own jobs
 *     (kept for days after they run), under the account row's lock so that parallel requests
 *     cannot both take the last one.
 */

/** Itinerary e-mails one account may ask for in 24 hours, across trips. */
export const ITINERARY_DAILY_LIMIT = 10;
const HOUR_MS = 3_600_000;

function tooMany(seconds: number, message: string): AppError {
  return new AppError('RATE_LIMITED', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(seconds))),
  });
}

export async function sendItinerary(
  deps: { db: Db; clock: () => Date },
  session: { userId: number },
  tripId: number,
): Promise<{ sentTo: string }> {
  const now = deps.clock();
  const trip = await repo.findActiveTrip(deps.db, tripId);
  if (!trip) throw notFound('That trip');
  return deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, isVerified: users.isVerified })
      .from(users)
      .where(eq(users.id, session.userId))
      .for('update');
    if (!user) throw notFound('Your account');
    if (!user.email)
      throw new AppError(
        'CONFLICT',
        'Your account has no e-mail address to send the itinerary to. Download it from the trip page instead.',
      );
    if (!user.isVerified)
      throw new AppError(
        'CONFLICT',
        'Your e-mail address is not verified yet. Sign in with the one-time code we e-mail you to verify it, then ask again.',
      );
    const prefix = `${NOTIFICATION_TOPIC}:trip-itinerary:${session.userId}:`;
    const counted = await tx.execute(sql`
      SELECT count(*)::int AS n, min(created_at) AS oldest FROM jobs
      WHERE topic = ${NOTIFICATION_TOPIC} AND dedupe_key LIKE ${`${prefix}%`}
        AND created_at > now() - interval '24 hours'`);
    const { n, oldest } = counted.rows[0] as { n: number; oldest: string | Date | null };
    if (n >= ITINERARY_DAILY_LIMIT) {
      const freeAt = oldest ? new Date(oldest).getTime() + 24 * HOUR_MS : now.getTime() + HOUR_MS;
      throw tooMany(
        (freeAt - Date.now()) / 1000,
        `You have asked for ${ITINERARY_DAILY_LIMIT} itinerary e-mails today. Please try again tomorrow.`,
      );
    }
    const slot = Math.floor(now.getTime() / HOUR_MS);
    const queued = await enqueueNotification(
      tx,
      { kind: 'trip-itinerary', to: { userId: session.userId }, tripId: trip.id },
      `trip-itinerary:${session.userId}:${trip.id}:${slot}`,
    );
    if (queued === null)
      throw tooMany(
        ((slot + 1) * HOUR_MS - now.getTime()) / 1000,
        'We e-mailed you this itinerary within the last hour. Please check your inbox and spam folder; you can ask again in the next hour.',
      );
    return { sentTo: maskRecipient(user.email) };
  });
}
