/*
 * Test support for the sign-in and profile tests (no test runner imports, so it type-checks with
 * the server): accounts and sessions written straight to the database, bearer headers, reading
 * codes from the outbox, and observing security events.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRole } from '../../db/schema/index.js';
import { readOutbox } from '../../integrations/messaging/outbox-sender.js';
import { hashToken, newSessionToken } from './secrets.js';
import { SECURITY_EVENT_CHANNEL, type SecurityEvent } from '../../platform/security-events.js';

let counter = 0;

/** A unique e-mail and Indian mobile for a test account. */
export function uniqueContact(): { email: string; mobile: string } {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${counter}`.slice(-8).padStart(8, '0');
  return {
    email: `user${counter}.${Math.random().toString(36).slice(2, 8)}@example.test`,
    mobile: `+91 9${n}${counter % 10}`,
  };
}

/** Inserts a user row directly. */
export async function insertUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> & { role?: UserRole } = {},
): Promise<typeof users.$inferSelect> {
  const contact = uniqueContact();
  const [row] = await db
    .insert(users)
    .values({ email: contact.email, mobile: contact.mobile, name: 'Test Person', ...values })
    .returning();
  return row!;
}

/** Creates a session for `userId` directly (as sign-in would) and returns its bearer token. */
export async function insertSession(
  db: Db,
  userId: number,
  now: Date,
  opts: { expiresAt?: Date; viewedUserId?: number } = {},
): Promise<{ token: string; sessionId: number }> {
  const token = newSessionToken();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: opts.expiresAt ?? new Date(now.getTime() + 30 * 86_400_000),
      isModeratorView: opts.viewedUserId !== undefined,
      viewedUserId: opts.viewedUserId ?? null,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** `Authorization: Bearer <token>`. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** The outbox messages (`message.send` jobs) to `recipient`, newest first. */
export async function outboxFor(db: Db, recipient: string) {
  return readOutbox(db, recipient, 1000);
}

/** How many messages were queued: to one of `recipients`, to addresses matching `like` (SQL LIKE), on `channel`. */
export async function countMessages(
  db: Db,
  to: { recipients?: string[]; like?: string; channel?: 'email' | 'sms' } = {},
): Promise<number> {
  const rows = await db.execute(sql`
    SELECT count(*)::int AS n FROM jobs WHERE topic = 'message.send'
      ${to.recipients ? sql`AND payload->>'to' IN ${to.recipients}` : sql``}
      ${to.like ? sql`AND payload->>'to' LIKE ${to.like}` : sql``}
      ${to.channel ? sql`AND payload->>'channel' = ${to.channel}` : sql``}`);
  return Number((rows.rows[0] as { n: number }).n);
}

/** Waits until the latest message to `recipient` was delivered (the job queue's worker ran it). */
export async function waitForDelivery(db: Db, recipient: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while ((await outboxFor(db, recipient))[0]?.status !== 'sent') {
    if (Date.now() > until) throw new Error(`no message to ${recipient} was delivered in time`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The code in the latest message to `recipient`, or null. */
export async function latestCode(db: Db, recipient: string): Promise<string | null> {
  const [latest] = await outboxFor(db, recipient);
  return latest ? (/\b(\d{6})\b/.exec(latest.body)?.[1] ?? null) : null;
}

/** Collects every security event published while it listens. */
export function captureSecurityEvents(): {
  events: SecurityEvent[];
  ofRequest(requestId: unknown): SecurityEvent[];
  stop(): void;
} {
  const events: SecurityEvent[] = [];
  const listener = (message: unknown) => {
    events.push(message as SecurityEvent);
  };
  subscribe(SECURITY_EVENT_CHANNEL, listener);
  return {
    events,
    ofRequest: (requestId) => events.filter((e) => e.requestId === requestId),
    stop: () => {
      unsubscribe(SECURITY_EVENT_CHANNEL, listener);
    },
  };
}
