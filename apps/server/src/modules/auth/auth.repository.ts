import { aliasedTable, and, count, desc, eq, gt, isNull, lt, min, ne, sql } from 'drizzle-orm';
import { preparedOn } from '../../db/prepared.js';
import { z } from 'zod';
import { queryRow, type Executor } from '../../db/query.js';
import {
  moderatorAccessAudit,
  orderLoginTokens,
  orders,
  otps,
  sessions,
  users,
  type OTP_CHANNELS,
  type OTP_PURPOSES,
  type UserRole,
} from '../../db/schema/index.js';

/** The database or an open transaction (one type for every repository: db/query.ts). */
export type { Executor };

export type DbOtpPurpose = (typeof OTP_PURPOSES)[number];
export type OtpChannel = (typeof OTP_CHANNELS)[number];

/** What sign-in needs to know about an account. */
export interface Account {
  id: number;
  name: string | null;
  email: string | null;
  mobile: string | null;
  role: UserRole;
  passwordHash: string | null;
  googleSub: string | null;
  isVerified: boolean;
  failedLoginCount: number;
  lockoutCount: number;
  lockedUntil: Date | null;
  disabledAt: Date | null;
}

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  role: users.role,
  passwordHash: users.passwordHash,
  googleSub: users.googleSub,
  isVerified: users.isVerified,
  failedLoginCount: users.failedLoginCount,
  lockoutCount: users.lockoutCount,
  lockedUntil: users.lockedUntil,
  disabledAt: users.disabledAt,
};

/** Whether `error` is a unique-constraint violation (PostgreSQL 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------

/** The account with this e-mail (case-insensitive, served by the `lower(email)` unique index). */
export async function findAccountByEmail(db: Executor, email: string): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

/** The account with this normalised mobile number. */
export async function findAccountByMobile(db: Executor, mobile: string): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.mobile, mobile)).limit(1);
  return row ?? null;
}

export async function findAccountById(db: Executor, id: number): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findAccountByGoogleSub(db: Executor, sub: string): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.googleSub, sub)).limit(1);
  return row ?? null;
}

/** Locks the account row until the transaction ends (login counters change under it). */
export async function lockAccount(db: Executor, id: number): Promise<Account | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export interface NewAccount {
  name?: string | null;
  email?: string | null;
  mobile?: string | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  isVerified?: boolean;
  now: Date;
}

/** Creates an account; a taken e-mail, mobile or Google id throws a unique violation. */
export async function insertAccount(db: Executor, values: NewAccount): Promise<Account> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(users)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning(accountColumns);
  return row!;
}

/** Creates an account unless one already holds its e-mail or mobile; null then. */
export async function insertAccountIfAbsent(db: Executor, values: NewAccount): Promise<Account | null> {
  const { now, ...rest } = values;
  const [row] = await db
    .insert(users)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning(accountColumns);
  return row ?? null;
}

/** Creates an account for a guest checkout (marked as such) unless its e-mail or mobile is taken; null then. */
export async function insertCheckoutAccount(
  db: Executor,
  values: { name: string; email: string; mobile: string; now: Date },
): Promise<Account | null> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email,
      mobile: values.mobile,
      createdByCheckoutAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoNothing()
    .returning(accountColumns);
  return row ?? null;
}

/**
 * Takes back an account a guest checkout created, when its owner first proves the e-mail or
 * mobile by a one-time code: every session opened before (by the checkout's order token) ends,
 * and the mark is cleared. Returns how many sessions were revoked (0 for other accounts).
 */
export async function claimCheckoutAccount(db: Executor, userId: number, now: Date): Promise<number> {
  const claimed = await db
    .update(users)
    .set({ createdByCheckoutAt: null, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.createdByCheckoutAt} IS NOT NULL`))
    .returning({ id: users.id });
  if (claimed.length === 0) return 0;
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Records a wrong password: the new counters, and the lock when it starts. */
export async function updateLoginFailures(
  db: Executor,
  id: number,
  values: { failedLoginCount: number; lockoutCount: number; lockedUntil: Date | null; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      failedLoginCount: values.failedLoginCount,
      lockoutCount: values.lockoutCount,
      lockedUntil: values.lockedUntil,
      updatedAt: values.now,
    })
    .where(eq(users.id, id));
}

/** A successful sign-in: counters and lock cleared, the time recorded. */
export async function recordLoginSuccess(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockoutCount: 0, lockedUntil: null, lastLoginAt: now, updatedAt: now })
    .where(eq(users.id, id));
}

/** Stores a new password hash and clears the failure counters. */
export async function updatePasswordHash(
  db: Executor,
  id: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, failedLoginCount: 0, lockoutCount: 0, lockedUntil: null, updatedAt: now })
    .where(eq(users.id, id));
}

/** Links a Google account to a user that has none yet; false when one was linked meanwhile. */
export async function linkGoogleSub(
  db: Executor,
  id: number,
  googleSub: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ googleSub, isVerified: true, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.googleSub)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Marks the account's contact as verified (a one-time code or Google proved it). */
export async function markVerified(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ isVerified: true, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.isVerified, false)));
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

export interface NewSession {
  tokenHash: string;
  userId: number;
  now: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  viewedUserId?: number | null;
}

/** Stores a session (only its token's hash); returns its id. */
export async function insertSession(db: Executor, values: NewSession): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: values.tokenHash,
      userId: values.userId,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt,
      ip: values.ip,
      userAgent: values.userAgent,
      isModeratorView: values.viewedUserId != null,
      viewedUserId: values.viewedUserId ?? null,
    })
    .returning({ id: sessions.id });
  return row!.id;
}

/** A session with the facts about its holder and (in a moderator view) the viewed learner. */
export interface SessionRecord {
  id: number;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  isModeratorView: boolean;
  viewedUserId: number | null;
  holderRole: UserRole;
  holderDisabledAt: Date | null;
  viewedRole: UserRole | null;
  viewedDisabledAt: Date | null;
}

const viewed = aliasedTable(users, 'viewed');

/** The session whose token hashes to `tokenHash`, or null. */
export async function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<SessionRecord | null> {
  // Every signed-in request runs this: a named prepared statement (db/prepared.ts).
  const statement = preparedOn(db, 'auth_session_by_token_hash', () =>
    db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        isModeratorView: sessions.isModeratorView,
        viewedUserId: sessions.viewedUserId,
        holderRole: users.role,
        holderDisabledAt: users.disabledAt,
        viewedRole: viewed.role,
        viewedDisabledAt: viewed.disabledAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(viewed, eq(viewed.id, sessions.viewedUserId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('auth_session_by_token_hash'),
  );
  const [row] = await statement.execute({ tokenHash });
  return row ?? null;
}

/** Moves `last_seen_at` to `now` unless it was moved less than `minGapMs` ago. */
export async function touchSession(db: Executor, id: number, now: Date, minGapMs: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(now.getTime() - minGapMs))));
}

/** Sets or clears `disabled_at` (see `setAccountDisabled`: the session cache must be told). */
export async function setAccountDisabled(
  db: Executor,
  userId: number,
  disabledAt: Date | null,
  now: Date,
): Promise<void> {
  await db.update(users).set({ disabledAt, updatedAt: now }).where(eq(users.id, userId));
}

/** Sets the role (see `changeRole`: the session cache must be told). */
export async function setRole(db: Executor, userId: number, role: UserRole, now: Date): Promise<void> {
  await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
}

/** Revokes one session. */
export async function revokeSession(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session held by `userId` except `keepSessionId`; returns how many. */
export async function revokeOtherSessions(
  db: Executor,
  userId: number,
  keepSessionId: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Whether the session was created by verifying a one-time code at or after `since`: sign-in by
 * code creates the session in the same transaction that consumes the code, with the same instant,
 * so the code's `consumed_at` equals the session's `created_at` (for the user's e-mail or mobile).
 */
export async function isSessionFromOtpSince(db: Executor, sessionId: number, since: Date): Promise<boolean> {
  const row = await queryRow(
    db,
    sql`
    select exists (
      select 1
      from ${sessions} s
      join ${users} u on u.id = s.user_id
      join ${otps} o on o.consumed_at = s.created_at
        and o.identifier in (lower(u.email), u.mobile)
        and o.purpose in ('login', 'register', 'password_reset')
      where s.id = ${sessionId} and s.created_at >= ${since.toISOString()}::timestamptz
    ) as found`,
    z.object({ found: z.boolean() }),
  );
  return row?.found === true;
}

// ---------------------------------------------------------------------------------------------
// One-time codes
// ---------------------------------------------------------------------------------------------

/** How many codes match and when the oldest of them was created (for Retry-After). */
export interface WindowCount {
  count: number;
  oldest: Date | null;
}

/** Codes sent since `since` to one identifier (any purpose). */
export async function countOtpsForIdentifier(
  db: Executor,
  identifier: string,
  since: Date,
): Promise<WindowCount> {
  const [row] = await db
    .select({ count: count(), oldest: min(otps.createdAt) })
    .from(otps)
    .where(and(eq(otps.identifier, identifier), gt(otps.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** Codes requested since `since` from one client IP. */
export async function countOtpsForIp(db: Executor, ip: string, since: Date): Promise<WindowCount> {
  const [row] = await db
    .select({ count: count(), oldest: min(otps.createdAt) })
    .from(otps)
    .where(and(eq(otps.ip, ip), gt(otps.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** SMS codes sent since `since` to numbers with this dial code (identifiers `+91 …`). */
export async function countSmsOtpsForDialCode(
  db: Executor,
  dialCode: string,
  since: Date,
): Promise<WindowCount> {
  const [row] = await db
    .select({ count: count(), oldest: min(otps.createdAt) })
    .from(otps)
    .where(
      and(
        eq(otps.channel, 'sms'),
        gt(otps.createdAt, since),
        sql`starts_with(${otps.identifier}, ${`${dialCode} `})`,
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/** All codes sent since `since`. */
export async function countAllOtps(db: Executor, since: Date): Promise<WindowCount> {
  const [row] = await db
    .select({ count: count(), oldest: min(otps.createdAt) })
    .from(otps)
    .where(gt(otps.createdAt, since));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

/**
 * Serialises code sending across requests and instances for the rest of the transaction, so that
 * two concurrent sends can never both pass a cap with one slot left.
 */
export async function lockOtpSending(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('atelier:otp-send'))`);
}

/**
 * Deletes up to `limit` codes created before `before`. Codes older than the longest sending
 * window (a day) only slow the counting down, so each send prunes a few: the table then holds
 * about a day of codes, at most the global daily cap.
 */
export async function pruneOtps(db: Executor, before: Date, limit: number): Promise<void> {
  await db.execute(sql`
    delete from ${otps} where id in (
      select id from ${otps} where created_at < ${before.toISOString()}::timestamptz limit ${limit}
    )`);
}

export async function insertOtp(
  db: Executor,
  values: {
    identifier: string;
    purpose: DbOtpPurpose;
    channel: OtpChannel;
    codeHash: string;
    expiresAt: Date;
    ip: string;
    now: Date;
  },
): Promise<void> {
  const { now, ...rest } = values;
  await db.insert(otps).values({ ...rest, createdAt: now });
}

export interface OtpRecord {
  id: number;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** The latest code for an identifier and purpose: only it can verify. */
export async function findLatestOtp(
  db: Executor,
  identifier: string,
  purpose: DbOtpPurpose,
): Promise<OtpRecord | null> {
  const [row] = await db
    .select({
      id: otps.id,
      codeHash: otps.codeHash,
      attempts: otps.attempts,
      expiresAt: otps.expiresAt,
      consumedAt: otps.consumedAt,
    })
    .from(otps)
    .where(and(eq(otps.identifier, identifier), eq(otps.purpose, purpose)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1);
  return row ?? null;
}

/** Counts one wrong attempt; returns the new count, or null when the code was already spent or dead. */
export async function addOtpAttempt(db: Executor, id: number, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(and(eq(otps.id, id), isNull(otps.consumedAt), lt(otps.attempts, maxAttempts)))
    .returning({ attempts: otps.attempts });
  return row?.attempts ?? null;
}

/** Uses the code up, once: false when it was consumed, exhausted or expired meanwhile. */
export async function consumeOtp(db: Executor, id: number, maxAttempts: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(otps)
    .set({ consumedAt: now })
    .where(
      and(eq(otps.id, id), isNull(otps.consumedAt), lt(otps.attempts, maxAttempts), gt(otps.expiresAt, now)),
    )
    .returning({ id: otps.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Order login tokens
// ---------------------------------------------------------------------------------------------

export async function insertOrderLoginToken(
  db: Executor,
  values: { tokenHash: string; orderId: number; expiresAt: Date; now: Date },
): Promise<void> {
  await db.insert(orderLoginTokens).values({
    tokenHash: values.tokenHash,
    orderId: values.orderId,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

export interface OrderTokenRecord {
  id: number;
  orderId: number;
  expiresAt: Date;
  usedAt: Date | null;
  orderUserId: number | null;
  guestName: string | null;
  guestEmail: string | null;
  guestMobile: string | null;
  /** Whether the order's guest checkout created the buyer's account (only then may it sign in). */
  accountCreatedByCheckout: boolean;
}

/** The order token with this hash and its order's buyer. */
export async function findOrderLoginToken(db: Executor, tokenHash: string): Promise<OrderTokenRecord | null> {
  const [row] = await db
    .select({
      id: orderLoginTokens.id,
      orderId: orderLoginTokens.orderId,
      expiresAt: orderLoginTokens.expiresAt,
      usedAt: orderLoginTokens.usedAt,
      orderUserId: orders.userId,
      guestName: orders.guestName,
      guestEmail: orders.guestEmail,
      guestMobile: orders.guestMobile,
      accountCreatedByCheckout: orders.accountCreatedByCheckout,
    })
    .from(orderLoginTokens)
    .innerJoin(orders, eq(orders.id, orderLoginTokens.orderId))
    .where(eq(orderLoginTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Uses the token up, once: false when it was used or expired meanwhile. */
export async function useOrderLoginToken(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(orderLoginTokens)
    .set({ usedAt: now })
    .where(
      and(eq(orderLoginTokens.id, id), isNull(orderLoginTokens.usedAt), gt(orderLoginTokens.expiresAt, now)),
    )
    .returning({ id: orderLoginTokens.id });
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Moderator access
// ---------------------------------------------------------------------------------------------

export async function insertModeratorAudit(
  db: Executor,
  values: { moderatorId: number; learnerId: number; sessionId: number; ip: string | null; now: Date },
): Promise<void> {
  await db.insert(moderatorAccessAudit).values({
    moderatorId: values.moderatorId,
    learnerId: values.learnerId,
    sessionId: values.sessionId,
    ip: values.ip,
    createdAt: values.now,
  });
}
