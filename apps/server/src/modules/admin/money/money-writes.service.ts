import type {
  AdminCoupon,
  AdminCouponBodySchema,
  AdminPaymentLink,
  AdminPaymentLinkBodySchema,
  AdminRefundBodySchema,
  AdminRefundResultSchema,
} from '@atelier/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/query.js';
import { coupons, couponWorkshops, orders, payments, users, workshops } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import { createPaymentLink, requestRefundOutcome } from '../../payments/index.js';
import { recordAudit, type AuditActor, type AuditRequest } from '../audit.js';
import { committedRefunds, couponById, toAdminPaymentLink, toAdminRefund } from './money-lists.service.js';

/*
 * The console's money writes (issue 17 point 5): a refund through the payments module's own
 * machinery (`requestRefund`: limits under the payment's lock, the idempotency key, the provider
 * job), coupons, payment links. Each in one transaction with its audit row.
 */

/** Whether `error` is PostgreSQL's unique violation (23505), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The console's keys live apart from checkout's and the reconciliation's. */
const consoleKey = (key: string) => `console:${key}`;

/**
 * `POST /api/admin/orders/{id}/refund`. The same key again answers the same refund (no second
 * refund, no second audit row); an amount over what is left is a 409 naming what is left.
 */
export async function refundFromConsole(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  orderId: number,
  body: z.output<typeof AdminRefundBodySchema>,
): Promise<z.output<typeof AdminRefundResultSchema>> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound('The order');
    let outcome;
    try {
      outcome = await requestRefundOutcome(tx, {
        orderId,
        amountMinor: body.amountMinor,
        reason: body.reason,
        idempotencyKey: consoleKey(body.idempotencyKey),
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND')
        throw new AppError('CONFLICT', 'This order has no captured payment to refund.');
      if (error instanceof AppError && error.code === 'CONFLICT' && body.amountMinor !== undefined)
        throw new AppError('CONFLICT', error.message, [{ path: 'amountMinor', message: error.message }]);
      throw error;
    }
    const { refund, created } = outcome;
    const leftMinor = Math.max(
      0,
      (await paymentAmount(tx, refund.paymentId)) - (await committedRefunds(tx, refund.paymentId)),
    );
    // A refund made by an earlier call with this key (a repeat, even a simultaneous one) was audited then.
    if (created) {
      await recordAudit(tx, actor, request, {
        action: 'order.refund',
        entity: 'order',
        entityId: orderId,
        before: { status: order.status },
        after: {
          refundId: refund.id,
          amountMinor: refund.amountMinor,
          currency: refund.currency,
          reason: refund.reason,
          leftMinor,
        },
      });
    }
    return { ...toAdminRefund(refund), leftMinor };
  });
}

async function paymentAmount(tx: Executor, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ amount: payments.amountMinor })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.amount ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

type CouponBody = z.output<typeof AdminCouponBodySchema>;

/** The row's values of a coupon body (the checks of `coupons` hold for them). */
function couponValues(body: CouponBody) {
  const flatInr = body.kind === 'flat' ? (body.flatInrMinor ?? null) : null;
  const flatUsd = body.kind === 'flat' ? (body.flatUsdMinor ?? null) : null;
  return {
    code: body.code,
    kind: body.kind,
    value: body.kind === 'percent' ? body.percent! : (flatInr ?? flatUsd)!,
    currency: body.kind === 'percent' ? null : flatInr !== null ? 'INR' : 'USD',
    flatInrMinor: flatInr,
    flatUsdMinor: flatUsd,
    maxClaims: body.maxClaims ?? null,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    // Every workshop is listed in coupon_workshops (the old single column is left empty).
    workshopId: null,
    liveOnly: body.liveOnly,
    isActive: body.isActive,
  };
}

async function checkWorkshops(tx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: workshops.id })
    .from(workshops)
    .where(inArray(workshops.id, [...ids]));
  const missing = ids.filter((id) => !found.some((w) => w.id === id));
  if (missing.length > 0)
    throw new AppError('VALIDATION_FAILED', 'Some workshops do not exist.', [
      { path: 'workshopIds', message: `names workshops that do not exist: ${missing.join(', ')}` },
    ]);
}

async function checkCodeFree(tx: Executor, code: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(sql`lower(${coupons.code}) = lower(${code})`);
  if (taken && taken.id !== exceptId) throw codeTaken();
}

const codeTaken = () =>
  new AppError('CONFLICT', 'Another coupon has this code.', [
    { path: 'code', message: 'is already used by another coupon' },
  ]);

async function setWorkshops(tx: Executor, couponId: number, ids: readonly number[]): Promise<void> {
  await tx.delete(couponWorkshops).where(eq(couponWorkshops.couponId, couponId));
  if (ids.length > 0)
    await tx.insert(couponWorkshops).values(ids.map((workshopId) => ({ couponId, workshopId })));
}

async function guardCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** `POST /api/admin/coupons`. */
export async function createCoupon(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  body: CouponBody,
): Promise<AdminCoupon> {
  return guardCode(() =>
    db.transaction(async (tx) => {
      await checkCodeFree(tx, body.code);
      await checkWorkshops(tx, body.workshopIds);
      const [row] = await tx.insert(coupons).values(couponValues(body)).returning();
      await setWorkshops(tx, row!.id, body.workshopIds);
      const after = await couponById(tx, row!.id);
      await recordAudit(tx, actor, request, {
        action: 'coupon.create',
        entity: 'coupon',
        entityId: row!.id,
        before: null,
        after,
      });
      return after;
    }),
  );
}

/**
 * `PUT /api/admin/coupons/{id}`: every field as the form has it. A cap below the claims already
 * made (reserved or used) is refused: those buyers keep their discount.
 */
export async function updateCoupon(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  body: CouponBody,
): Promise<AdminCoupon> {
  return guardCode(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
      if (!locked) throw notFound('The coupon');
      const before = await couponById(tx, id);
      if (body.maxClaims != null && body.maxClaims < locked.claimedCount)
        throw new AppError('CONFLICT', 'The cap is below the claims already made.', [
          {
            path: 'maxClaims',
            message: `must be at least ${locked.claimedCount}: it has been claimed that many times`,
          },
        ]);
      await checkCodeFree(tx, body.code, id);
      await checkWorkshops(tx, body.workshopIds);
      await tx.update(coupons).set(couponValues(body)).where(eq(coupons.id, id));
      await setWorkshops(tx, id, body.workshopIds);
      const after = await couponById(tx, id);
      await recordAudit(tx, actor, request, {
        action: before.isActive && !after.isActive ? 'coupon.deactivate' : 'coupon.update',
        entity: 'coupon',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Payment links
// ---------------------------------------------------------------------------------------------

/** `POST /api/admin/payment-links`: the link, tied to the account of the payee's e-mail if there is one. */
export async function createConsolePaymentLink(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  body: z.output<typeof AdminPaymentLinkBodySchema>,
  now: Date,
): Promise<AdminPaymentLink> {
  if (body.expiresAt && Date.parse(body.expiresAt) <= now.getTime())
    throw new AppError('VALIDATION_FAILED', 'The expiry is in the past.', [
      { path: 'expiresAt', message: 'must be in the future' },
    ]);
  return db.transaction(async (tx) => {
    const email = body.payeeEmail?.trim() || null;
    const [payee] = email
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = lower(${email})`)
          .limit(1)
      : [];
    const link = await createPaymentLink(tx, {
      purpose: body.purpose,
      amountMinor: body.amountMinor,
      currency: body.currency,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      payeeName: body.payeeName?.trim() || null,
      payeeEmail: email,
      payeeUserId: payee?.id ?? null,
      createdById: actor.userId,
    });
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
    const answer = toAdminPaymentLink(link, creator?.name ?? null, now);
    await recordAudit(tx, actor, request, {
      action: 'payment_link.create',
      entity: 'payment_link',
      entityId: link.id,
      before: null,
      // The token is a bearer secret of the payer's: the audit keeps the rest.
      after: { ...answer, path: undefined },
    });
    return answer;
  });
}
