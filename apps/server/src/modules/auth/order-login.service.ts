import type { AuthSession, GuestInfo } from '@atelier/contract';
import { AppError } from '../../http/app-error.js';
import { getOwnProfile } from '../users/index.js';
import * as repo from './auth.repository.js';
import { hashToken, newSessionToken, TOKEN_SHAPE } from './secrets.js';
import { type AuthDeps, type Caller, ORDER_TOKEN_TTL_MS, startSession } from './auth.common.js';

// ---------------------------------------------------------------------------------------------
// Order login tokens
// ---------------------------------------------------------------------------------------------

/**
 * Issues the one-time token that lets the browser which completed an order's payment sign in as
 * its buyer (`POST /api/auth/order/{id}/login`) and greet them (`GET /api/auth/guest/{id}/info`).
 * 256 random bits, valid 15 minutes, single use, stored hashed, bound to the order (checklist
 * "Decisions", B11). Called by the payments module; hand the token only to that browser.
 *
 * @param db the database or the payment's open transaction
 * @returns the token, to return once to the paying browser; it is not stored anywhere in clear
 */
export async function issueOrderLoginToken(db: repo.Executor, orderId: number, now: Date): Promise<string> {
  const token = newSessionToken();
  await repo.insertOrderLoginToken(db, {
    tokenHash: hashToken(token),
    orderId,
    expiresAt: new Date(now.getTime() + ORDER_TOKEN_TTL_MS),
    now,
  });
  return token;
}

const BAD_ORDER_TOKEN = 'This sign-in link is not valid or has expired.';

/** The live token for exactly this order, or null (missing, wrong, used, expired, other order). */
async function findValidOrderToken(
  db: repo.Executor,
  orderIdText: string,
  token: string | undefined,
  now: Date,
) {
  if (!token || !TOKEN_SHAPE.test(token)) return null;
  const record = await repo.findOrderLoginToken(db, hashToken(token));
  if (!record || String(record.orderId) !== orderIdText.trim()) return null;
  if (record.usedAt || record.expiresAt.getTime() <= now.getTime()) return null;
  return record;
}

/**
 * `POST /api/auth/order/{id}/login`: a session for the order's buyer, in exchange for the order's
 * one-time token (used up). Without a valid token: 401, whatever the id. An order without an
 * account (`orders.user_id` null) never signs anyone in: the payments flow creates or finds the
 * buyer's account first.
 */
export async function orderLogin(
  deps: AuthDeps,
  orderIdText: string,
  orderToken: string | undefined,
  caller: Caller,
): Promise<AuthSession> {
  const now = deps.clock();
  const reject = (reason: string) => {
    caller.security('order_token_rejected', { reason });
    return new AppError('UNAUTHORIZED', BAD_ORDER_TOKEN);
  };
  const record = await findValidOrderToken(deps.db, orderIdText, orderToken, now);
  if (!record) throw reject('invalid token');
  // Only an account this order's guest checkout created is signed in: an account that existed
  // before the checkout is never handed to whoever paid (decision 0015). The token is not used
  // up, so the success page still opens with it.
  if (!record.accountCreatedByCheckout) throw reject('account existed before the checkout');
  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.useOrderLoginToken(tx, record.id, now)))
      return { ok: false, failure: 'token already used' } as const;
    const account = record.orderUserId === null ? null : await repo.findAccountById(tx, record.orderUserId);
    if (!account || account.disabledAt)
      return { ok: false, failure: 'no usable account on the order' } as const;
    await repo.recordLoginSuccess(tx, account.id, now);
    const { token } = await startSession(tx, account.id, now, caller);
    return { ok: true, userId: account.id, token } as const;
  });
  if (!result.ok) throw reject(result.failure);
  caller.security('login_succeeded', {
    userId: result.userId,
    method: 'order_token',
    orderId: record.orderId,
  });
  return { token: result.token, user: await getOwnProfile(deps.db, result.userId) };
}

/**
 * Whether `token` is a live order token of order `orderId` (checked, not used up): the success
 * page's `?token=` (decision 0015).
 */
export async function isOrderTokenValid(
  db: repo.Executor,
  orderId: number,
  token: string | undefined,
  now: Date,
): Promise<boolean> {
  return (await findValidOrderToken(db, String(orderId), token, now)) !== null;
}

/**
 * The account a guest checkout pays for: the one holding the e-mail, else the one holding the
 * mobile, else a new one marked as created by this checkout (`created: true`). The caller never
 * learns more than that flag; the checkout answers the same either way (checklist B6).
 */
export async function findOrCreateCheckoutAccount(
  db: repo.Executor,
  contact: { name: string; email: string; mobile: string },
  now: Date,
): Promise<{ userId: number; created: boolean; disabled: boolean }> {
  const existing =
    (await repo.findAccountByEmail(db, contact.email)) ??
    (await repo.findAccountByMobile(db, contact.mobile));
  if (existing) return { userId: existing.id, created: false, disabled: existing.disabledAt !== null };
  const created = await repo.insertCheckoutAccount(db, { ...contact, now });
  if (created) return { userId: created.id, created: true, disabled: false };
  // Taken meanwhile (a concurrent checkout or sign-up): that account, not created by us.
  const raced =
    (await repo.findAccountByEmail(db, contact.email)) ??
    (await repo.findAccountByMobile(db, contact.mobile));
  if (!raced) throw new Error('findOrCreateCheckoutAccount: account neither created nor found');
  return { userId: raced.id, created: false, disabled: raced.disabledAt !== null };
}

/** `a***@example.com`. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** `+91 ******3210`. */
export function maskMobile(mobile: string | null): string | null {
  if (!mobile) return null;
  const space = mobile.indexOf(' ');
  const prefix = space > 0 ? mobile.slice(0, space + 1) : '';
  const national = space > 0 ? mobile.slice(space + 1) : mobile;
  return `${prefix}${'*'.repeat(Math.max(0, national.length - 4))}${national.slice(-4)}`;
}

/**
 * `GET /api/auth/guest/{id}/info?token=`: the buyer's name and masked contact details, with the
 * order's one-time token (checked, not used up, so the login that follows can use it). 401
 * without a valid token, whatever the id.
 */
export async function guestInfo(
  deps: AuthDeps,
  orderIdText: string,
  token: string | undefined,
  caller: Caller,
): Promise<GuestInfo> {
  const record = await findValidOrderToken(deps.db, orderIdText, token, deps.clock());
  if (!record) {
    caller.security('order_token_rejected', { reason: 'invalid token', route: 'guest_info' });
    throw new AppError('UNAUTHORIZED', BAD_ORDER_TOKEN);
  }
  const account =
    record.orderUserId === null ? null : await repo.findAccountById(deps.db, record.orderUserId);
  return {
    name: account?.name ?? record.guestName,
    email: maskEmail(account?.email ?? record.guestEmail),
    mobile: maskMobile(account?.mobile ?? record.guestMobile),
  };
}
