import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type MessageKind,
  type NotificationPreferences,
} from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { emailSuppressions, notificationPreferences, users } from '../../db/schema/index.js';

/*
 * A learner's notification preferences and the marketing suppression list. The profile's
 * marketing switch and the List-Unsubscribe link are one switch: turning marketing off (either
 * way) records the address as suppressed, turning it back on in the profile removes it. Marketing
 * mail to anyone — account or visitor — checks the address against the list.
 */

/** Kinds sent whatever the preferences: the account (sign-in codes) and the law (receipts). */
export const ALWAYS_SENT: MessageKind[] = ['otp', 'payment-receipt'];

const PREFERENCE_KEYS = Object.keys(DEFAULT_NOTIFICATION_PREFERENCES) as (keyof NotificationPreferences)[];

/** An address as it is compared: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user's preferences: their row, or the defaults when they never changed any. */
export async function preferencesOf(db: Executor, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  const out = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of PREFERENCE_KEYS) out[key] = row[key];
  return out;
}

/**
 * The learner's own choice about ad measurement: true/false once they set it on their profile,
 * null while they never did (then the consent of their lead forms decides).
 */
export async function adMeasurementChoice(db: Executor, userId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ on: notificationPreferences.adMeasurement, at: notificationPreferences.adMeasurementChosenAt })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return row?.at ? row.on : null;
}

/**
 * Changes the keys given (the rest keep their value, defaults included) and returns the result.
 * The row is written whole under a row lock, so two concurrent changes of different keys both land.
 */
export async function updatePreferences(
  db: Executor,
  userId: number,
  changes: Partial<NotificationPreferences>,
  now: Date,
): Promise<NotificationPreferences> {
  // Creates the row with the defaults first (a no-op when it exists), then locks it.
  await db
    .insert(notificationPreferences)
    .values({ userId, ...DEFAULT_NOTIFICATION_PREFERENCES, updatedAt: now })
    .onConflictDoNothing();
  const [locked] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .for('update');
  const next = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const key of PREFERENCE_KEYS) next[key] = changes[key] ?? locked?.[key] ?? next[key];
  await db
    .update(notificationPreferences)
    .set({
      ...next,
      updatedAt: now,
      ...(changes.adMeasurement !== undefined ? { adMeasurementChosenAt: now } : {}),
    })
    .where(eq(notificationPreferences.userId, userId));
  if (changes.marketingEmail !== undefined) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user?.email) {
      if (changes.marketingEmail) await unsuppress(db, user.email);
      else await suppress(db, user.email, 'preferences');
    }
  }
  return next;
}

/** Records `email` as not wanting marketing mail (idempotent). */
export async function suppress(db: Executor, email: string, reason: 'unsubscribe' | 'preferences') {
  await db
    .insert(emailSuppressions)
    .values({ email: normaliseEmail(email), reason })
    .onConflictDoNothing();
}

async function unsuppress(db: Executor, email: string) {
  await db.delete(emailSuppressions).where(eq(emailSuppressions.email, normaliseEmail(email)));
}

/** Whether marketing mail to `email` is refused. */
export async function isSuppressed(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, normaliseEmail(email)))
    .limit(1);
  return row !== undefined;
}

/** The account of an address, if any (case-insensitive, through the `lower(email)` index). */
export async function accountOf(db: Executor, email: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(email)}`)
    .limit(1);
  return row;
}
