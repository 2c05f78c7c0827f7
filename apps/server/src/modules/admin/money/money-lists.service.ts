import type {
  AdminCoupon,
  AdminCouponClaimsQuerySchema,
  AdminCouponsQuerySchema,
  AdminInstalmentPlanPageSchema,
  AdminInstalmentPlansQuerySchema,
  AdminInvoicePageSchema,
  AdminInvoicesQuerySchema,
  AdminOrder,
  AdminOrderDetail,
  AdminOrdersQuerySchema,
  AdminPaymentLink,
  AdminPaymentLinksQuerySchema,
  AdminCouponClaimPageSchema,
} from '@atelier/contract';
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../db/query.js';
import {
  batches,
  couponClaims,
  coupons,
  couponWorkshops,
  instalmentPlans,
  instalments,
  invoices,
  orders,
  paymentLinks,
  payments,
  refunds,
  users,
  workshops,
} from '../../../db/schema/index.js';
import { notFound } from '../../../http/app-error.js';
import { linkStatus } from '../../payments/index.js';
import type { CsvColumn } from '../csv.js';
import {
  iso,
  matchesAny,
  orderBy,
  searchPattern,
  windowOf,
  count,
  all,
  type Listed,
  totalOf,
} from '../listing.js';

/*
 * (Correlated subqueries name the outer table's columns in full, "table"."column": drizzle writes
 * a column of a one-table query unqualified, which the subquery would read as its own.)
 *
 * The console's money lists and the order page (issue 17 point 5): orders with their buyer and
 * workshop, coupons with their usage, payment links, instalment plans and invoices. Each list
 * filters, searches, sorts and pages on the server like the first slice's (`lists.service.ts`).
 */

const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Today in India (`YYYY-MM-DD`): instalments fall due by India's calendar. */
export function indiaToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The start of day `day` in India, as an instant (SQL). */
const indiaDayStart = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE 'Asia/Kolkata')`;

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/** Refunds of an order processed or on their way, minor units. */
const refundedOf = sql<string>`(SELECT coalesce(sum(r.amount_minor), 0) FROM refunds r WHERE r.order_id = "orders"."id" AND r.status IN ('pending', 'processed'))`;

const orderColumns = {
  id: orders.id,
  kind: orders.kind,
  status: orders.status,
  amountMinor: orders.amountMinor,
  discountMinor: orders.discountMinor,
  currency: orders.currency,
  provider: orders.provider,
  providerOrderId: orders.providerOrderId,
  userId: orders.userId,
  name: sql<string | null>`coalesce(${users.name}, ${orders.guestName})`,
  email: sql<string | null>`coalesce(${users.email}, ${orders.guestEmail})`,
  mobile: sql<string | null>`coalesce(${users.mobile}, ${orders.guestMobile})`,
  workshopId: workshops.id,
  workshopTitle: workshops.title,
  batchId: orders.batchId,
  couponCode: coupons.code,
  refunded: refundedOf,
  flagReason: orders.flagReason,
  paidAt: orders.paidAt,
  createdAt: orders.createdAt,
};

interface OrderListRow {
  id: number;
  kind: AdminOrder['kind'];
  status: AdminOrder['status'];
  amountMinor: number;
  discountMinor: number;
  currency: string;
  provider: string;
  providerOrderId: string | null;
  userId: number | null;
  name: string | null;
  email: string | null;
  mobile: string | null;
  workshopId: number | null;
  workshopTitle: string | null;
  batchId: number | null;
  couponCode: string | null;
  refunded: string;
  flagReason: string | null;
  paidAt: Date | null;
  createdAt: Date;
}

function toAdminOrder(r: OrderListRow): AdminOrder {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    amountMinor: r.amountMinor,
    discountMinor: r.discountMinor,
    currency: r.currency,
    provider: r.provider,
    providerOrderId: r.providerOrderId,
    buyer: { id: r.userId, name: r.name, email: r.email, mobile: r.mobile },
    workshop: r.workshopId !== null ? { id: r.workshopId, title: r.workshopTitle ?? '' } : null,
    batchId: r.batchId,
    couponCode: r.couponCode,
    refundedMinor: Number(r.refunded),
    flagReason: r.flagReason,
    paidAt: isoOrNull(r.paidAt),
    createdAt: iso(r.createdAt),
  };
}

function ordersFrom(db: Executor, columns: Record<string, unknown>) {
  return db
    .select(columns as typeof orderColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(batches, eq(batches.id, orders.batchId))
    .leftJoin(workshops, eq(workshops.id, batches.workshopId))
    .leftJoin(coupons, eq(coupons.id, orders.couponId));
}

export async function listOrders(
  db: Executor,
  query: z.output<typeof AdminOrdersQuerySchema>,
): Promise<Listed<AdminOrder>> {
  const pattern = searchPattern(query.q);
  const text = query.q?.trim().replace(/^#/, '');
  const byId = text && /^\d{1,9}$/.test(text) ? eq(orders.id, Number(text)) : undefined;
  const where = all(
    pattern
      ? or(
          byId,
          matchesAny(pattern, [
            users.name,
            users.email,
            users.mobile,
            orders.guestName,
            orders.guestEmail,
            orders.guestMobile,
            orders.providerOrderId,
          ]),
          sql`EXISTS (SELECT 1 FROM payments p WHERE p.order_id = "orders"."id" AND p.provider_payment_id ILIKE ${pattern})`,
        )
      : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.kind ? eq(orders.kind, query.kind) : undefined,
    query.currency ? eq(orders.currency, query.currency) : undefined,
    query.workshopId ? eq(batches.workshopId, query.workshopId) : undefined,
    query.from ? sql`${orders.createdAt} >= ${indiaDayStart(query.from)}` : undefined,
    query.to ? sql`${orders.createdAt} < (${indiaDayStart(query.to)} + interval '1 day')` : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await ordersFrom(db, orderColumns)
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-createdAt',
        { createdAt: orders.createdAt, amount: orders.amountMinor, paidAt: orders.paidAt },
        orders.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const items = (rows as unknown as OrderListRow[]).map(toAdminOrder);
  const total = await totalOf(query, () => ordersFrom(db, { n: count }).where(where) as never, items);
  return { items, total };
}

export const orderCsvColumns: CsvColumn<AdminOrder>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'kind', value: (r) => r.kind },
  { header: 'status', value: (r) => r.status },
  { header: 'currency', value: (r) => r.currency },
  { header: 'amount_minor', value: (r) => r.amountMinor },
  { header: 'discount_minor', value: (r) => r.discountMinor },
  { header: 'refunded_minor', value: (r) => r.refundedMinor },
  { header: 'buyer_name', value: (r) => r.buyer.name },
  { header: 'buyer_email', value: (r) => r.buyer.email },
  { header: 'buyer_mobile', value: (r) => r.buyer.mobile },
  { header: 'workshop', value: (r) => r.workshop?.title },
  { header: 'coupon', value: (r) => r.couponCode },
  { header: 'provider_order_id', value: (r) => r.providerOrderId },
  { header: 'paid_at', value: (r) => r.paidAt },
];

/** Minor units of a payment refunded or on their way (pending, processed). */
export async function committedRefunds(db: Executor, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'processed'])));
  return Number(row?.total ?? 0);
}

function instalmentState(paidAt: Date | null, dueDate: string, today: string) {
  if (paidAt) return 'paid' as const;
  return dueDate < today ? ('overdue' as const) : ('due' as const);
}

/** `GET /api/admin/orders/{id}`: the order, its payments, refunds, plan, invoice and coupon. */
export async function orderDetail(db: Executor, orderId: number, now: Date): Promise<AdminOrderDetail> {
  const [row] = await ordersFrom(db, {
    ...orderColumns,
    coinsUsed: orders.coinsUsed,
    details: orders.details,
    batchStart: batches.startDate,
    couponId: orders.couponId,
    instalmentId: orders.instalmentId,
  }).where(eq(orders.id, orderId));
  if (!row) throw notFound('The order');
  const r = row as unknown as OrderListRow & {
    coinsUsed: number;
    details: Record<string, unknown>;
    batchStart: string | null;
    couponId: number | null;
    instalmentId: number | null;
  };
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(payments.id);
  const refundRows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

  const captured = paymentRows.find((p) => p.status === 'captured' || p.status === 'refunded');
  const refundable = captured
    ? {
        paymentId: captured.id,
        capturedMinor: captured.amountMinor,
        leftMinor: Math.max(0, captured.amountMinor - (await committedRefunds(db, captured.id))),
        currency: captured.currency,
      }
    : null;

  const planWhere = r.instalmentId
    ? or(
        eq(instalmentPlans.orderId, orderId),
        sql`${instalmentPlans.id} = (SELECT i.plan_id FROM instalments i WHERE i.id = ${r.instalmentId})`,
      )
    : eq(instalmentPlans.orderId, orderId);
  const [plan] = await db.select().from(instalmentPlans).where(planWhere).limit(1);
  let instalmentPlan: AdminOrderDetail['instalmentPlan'] = null;
  if (plan) {
    const today = indiaToday(now);
    const parts = await db
      .select()
      .from(instalments)
      .where(eq(instalments.planId, plan.id))
      .orderBy(asc(instalments.sequence));
    instalmentPlan = {
      id: plan.id,
      status: plan.status,
      totalMinor: plan.totalMinor,
      currency: plan.currency,
      instalments: parts.map((p) => ({
        id: p.id,
        sequence: p.sequence,
        dueDate: p.dueDate,
        amountMinor: p.amountMinor,
        paidOrderId: p.paidOrderId,
        paidAt: isoOrNull(p.paidAt),
        state: instalmentState(p.paidAt, p.dueDate, today),
      })),
    };
  }
  const [invoice] = await db
    .select({ number: invoices.number, issuedAt: invoices.issuedAt })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));

  return {
    ...toAdminOrder(r),
    coinsUsed: r.coinsUsed,
    details: r.details ?? {},
    batch: r.batchId !== null ? { id: r.batchId, startDate: r.batchStart } : null,
    coupon: r.couponId !== null ? { id: r.couponId, code: r.couponCode ?? '' } : null,
    payments: paymentRows.map((p) => ({
      id: p.id,
      providerPaymentId: p.providerPaymentId,
      amountMinor: p.amountMinor,
      currency: p.currency,
      status: p.status,
      method: p.method,
      capturedAt: isoOrNull(p.capturedAt),
      createdAt: iso(p.createdAt),
    })),
    refunds: refundRows.map(toAdminRefund),
    refundable,
    instalmentPlan,
    invoice: invoice ? { number: invoice.number, issuedAt: iso(invoice.issuedAt) } : null,
  };
}

export function toAdminRefund(r: typeof refunds.$inferSelect) {
  return {
    id: r.id,
    paymentId: r.paymentId,
    providerRefundId: r.providerRefundId,
    amountMinor: r.amountMinor,
    currency: r.currency,
    status: r.status,
    reason: r.reason,
    createdAt: iso(r.createdAt),
    processedAt: isoOrNull(r.processedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/** Claims of the coupon in `status` (one of our own constants, inlined). */
const claimCount = (status: 'reserved' | 'used' | 'released') =>
  sql<number>`(SELECT count(*)::int FROM coupon_claims c WHERE c.coupon_id = "coupons"."id" AND c.status = ${sql.raw(`'${status}'`)})`;

const couponColumns = {
  coupon: coupons,
  reserved: claimCount('reserved'),
  used: claimCount('used'),
  released: claimCount('released'),
};

type CouponRow = typeof coupons.$inferSelect;

async function workshopIdsOf(db: Executor, rows: CouponRow[]): Promise<Map<number, number[]>> {
  const ids = new Map<number, number[]>(rows.map((c) => [c.id, c.workshopId ? [c.workshopId] : []]));
  if (rows.length === 0) return ids;
  const links = await db
    .select()
    .from(couponWorkshops)
    .where(
      inArray(
        couponWorkshops.couponId,
        rows.map((c) => c.id),
      ),
    )
    .orderBy(couponWorkshops.workshopId);
  for (const link of links) {
    const list = ids.get(link.couponId)!;
    if (!list.includes(link.workshopId)) list.push(link.workshopId);
  }
  return ids;
}

function toAdminCoupon(
  c: CouponRow,
  usage: { reserved: number; used: number; released: number },
  workshopIds: number[],
): AdminCoupon {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    percent: c.kind === 'percent' ? c.value : null,
    flatInrMinor: c.kind === 'flat' ? (c.flatInrMinor ?? (c.currency === 'INR' ? c.value : null)) : null,
    flatUsdMinor: c.kind === 'flat' ? (c.flatUsdMinor ?? (c.currency === 'USD' ? c.value : null)) : null,
    maxClaims: c.maxClaims,
    claimedCount: c.claimedCount,
    usage: { reserved: Number(usage.reserved), used: Number(usage.used), released: Number(usage.released) },
    startsAt: isoOrNull(c.startsAt),
    expiresAt: isoOrNull(c.expiresAt),
    workshopIds,
    liveOnly: c.liveOnly,
    isActive: c.isActive,
    createdAt: iso(c.createdAt),
  };
}

export async function listCoupons(
  db: Executor,
  query: z.output<typeof AdminCouponsQuerySchema>,
): Promise<Listed<AdminCoupon>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [coupons.code]) : undefined,
    query.active ? eq(coupons.isActive, query.active === 'true') : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select(couponColumns)
    .from(coupons)
    .where(where)
    .orderBy(
      ...orderBy(query.sort, '-createdAt', { createdAt: coupons.createdAt, code: coupons.code }, coupons.id),
    )
    .limit(limit)
    .offset(offset);
  const ids = await workshopIdsOf(
    db,
    rows.map((r) => r.coupon),
  );
  const items = rows.map((r) => toAdminCoupon(r.coupon, r, ids.get(r.coupon.id) ?? []));
  const total = await totalOf(query, () => db.select({ n: count }).from(coupons).where(where), items);
  return { items, total };
}

export async function couponById(db: Executor, id: number): Promise<AdminCoupon> {
  const [row] = await db.select(couponColumns).from(coupons).where(eq(coupons.id, id));
  if (!row) throw notFound('The coupon');
  const ids = await workshopIdsOf(db, [row.coupon]);
  return toAdminCoupon(row.coupon, row, ids.get(id) ?? []);
}

export const couponCsvColumns: CsvColumn<AdminCoupon>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'code', value: (r) => r.code },
  { header: 'kind', value: (r) => r.kind },
  { header: 'percent', value: (r) => r.percent },
  { header: 'flat_inr_minor', value: (r) => r.flatInrMinor },
  { header: 'flat_usd_minor', value: (r) => r.flatUsdMinor },
  { header: 'max_claims', value: (r) => r.maxClaims },
  { header: 'reserved', value: (r) => r.usage.reserved },
  { header: 'used', value: (r) => r.usage.used },
  { header: 'released', value: (r) => r.usage.released },
  { header: 'starts_at', value: (r) => r.startsAt },
  { header: 'expires_at', value: (r) => r.expiresAt },
  { header: 'workshop_ids', value: (r) => r.workshopIds.join(' ') },
  { header: 'live_only', value: (r) => r.liveOnly },
  { header: 'active', value: (r) => r.isActive },
];

type Claim = z.infer<typeof AdminCouponClaimPageSchema>['items'][number];

export async function listCouponClaims(
  db: Executor,
  couponId: number,
  query: z.output<typeof AdminCouponClaimsQuerySchema>,
): Promise<Listed<Claim>> {
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId));
  if (!coupon) throw notFound('The coupon');
  const pattern = searchPattern(query.q);
  const where = all(
    eq(couponClaims.couponId, couponId),
    pattern ? matchesAny(pattern, [users.name, users.email, users.mobile]) : undefined,
    query.status ? eq(couponClaims.status, query.status) : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({ claim: couponClaims, name: users.name, email: users.email, mobile: users.mobile })
    .from(couponClaims)
    .innerJoin(users, eq(users.id, couponClaims.userId))
    .where(where)
    .orderBy(...orderBy(query.sort, '-createdAt', { createdAt: couponClaims.createdAt }, couponClaims.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((r) => ({
    id: r.claim.id,
    status: r.claim.status,
    user: { id: r.claim.userId, name: r.name, email: r.email, mobile: r.mobile },
    orderId: r.claim.orderId,
    createdAt: iso(r.claim.createdAt),
    updatedAt: iso(r.claim.updatedAt),
  }));
  const total = await totalOf(
    query,
    () =>
      db
        .select({ n: count })
        .from(couponClaims)
        .innerJoin(users, eq(users.id, couponClaims.userId))
        .where(where),
    items,
  );
  return { items, total };
}

export const claimCsvColumns: CsvColumn<Claim>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'status', value: (r) => r.status },
  { header: 'name', value: (r) => r.user.name },
  { header: 'email', value: (r) => r.user.email },
  { header: 'order_id', value: (r) => r.orderId },
  { header: 'created_at', value: (r) => r.createdAt },
];

// ---------------------------------------------------------------------------------------------
// Payment links
// ---------------------------------------------------------------------------------------------

const creators = sql<
  string | null
>`(SELECT u.name FROM users u WHERE u.id = "payment_links"."created_by_id")`;

export function toAdminPaymentLink(
  link: typeof paymentLinks.$inferSelect,
  createdBy: string | null,
  now: Date,
): AdminPaymentLink {
  return {
    id: link.id,
    path: `/pay/${link.token}`,
    purpose: link.purpose,
    amountMinor: link.amountMinor,
    currency: link.currency,
    status: linkStatus(link, now),
    payeeName: link.payeeName,
    payeeEmail: link.payeeEmail,
    paidOrderId: link.paidOrderId,
    paidAt: isoOrNull(link.paidAt),
    expiresAt: isoOrNull(link.expiresAt),
    createdBy,
    createdAt: iso(link.createdAt),
  };
}

export async function listPaymentLinks(
  db: Executor,
  query: z.output<typeof AdminPaymentLinksQuerySchema>,
  now: Date,
): Promise<Listed<AdminPaymentLink>> {
  const pattern = searchPattern(query.q);
  const unpaid = sql`${paymentLinks.paidOrderId} IS NULL`;
  const statusWhere =
    query.status === 'paid'
      ? sql`${paymentLinks.paidOrderId} IS NOT NULL`
      : query.status === 'expired'
        ? sql`${unpaid} AND ${paymentLinks.expiresAt} <= ${now}`
        : query.status === 'open'
          ? sql`${unpaid} AND (${paymentLinks.expiresAt} IS NULL OR ${paymentLinks.expiresAt} > ${now})`
          : undefined;
  const where = all(
    pattern
      ? matchesAny(pattern, [paymentLinks.purpose, paymentLinks.payeeName, paymentLinks.payeeEmail])
      : undefined,
    statusWhere,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({ link: paymentLinks, createdBy: creators })
    .from(paymentLinks)
    .where(where)
    .orderBy(...orderBy(query.sort, '-createdAt', { createdAt: paymentLinks.createdAt }, paymentLinks.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((r) => toAdminPaymentLink(r.link, r.createdBy, now));
  const total = await totalOf(query, () => db.select({ n: count }).from(paymentLinks).where(where), items);
  return { items, total };
}

export const paymentLinkCsvColumns: CsvColumn<AdminPaymentLink>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'purpose', value: (r) => r.purpose },
  { header: 'currency', value: (r) => r.currency },
  { header: 'amount_minor', value: (r) => r.amountMinor },
  { header: 'status', value: (r) => r.status },
  { header: 'payee_name', value: (r) => r.payeeName },
  { header: 'payee_email', value: (r) => r.payeeEmail },
  { header: 'paid_order_id', value: (r) => r.paidOrderId },
  { header: 'expires_at', value: (r) => r.expiresAt },
];

// ---------------------------------------------------------------------------------------------
// Instalment plans
// ---------------------------------------------------------------------------------------------

type Plan = z.infer<typeof AdminInstalmentPlanPageSchema>['items'][number];

export async function listInstalmentPlans(
  db: Executor,
  query: z.output<typeof AdminInstalmentPlansQuerySchema>,
  now: Date,
): Promise<Listed<Plan>> {
  const today = indiaToday(now);
  const of = (what: SQL) => sql`(SELECT ${what} FROM instalments i WHERE i.plan_id = "instalment_plans"."id"`;
  const nextDue = sql<string | null>`${of(sql`min(i.due_date)::text`)} AND i.paid_at IS NULL)`;
  const overdue = sql<number>`${of(sql`count(*)::int`)} AND i.paid_at IS NULL AND i.due_date < ${today}::date)`;
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [users.name, users.email, users.mobile]) : undefined,
    query.status ? eq(instalmentPlans.status, query.status) : undefined,
    query.overdue === 'true'
      ? sql`${overdue} > 0`
      : query.overdue === 'false'
        ? sql`${overdue} = 0`
        : undefined,
  );
  const from = (columns: Record<string, unknown>) =>
    db
      .select(columns as never)
      .from(instalmentPlans)
      .innerJoin(users, eq(users.id, instalmentPlans.userId))
      .innerJoin(batches, eq(batches.id, instalmentPlans.batchId))
      .innerJoin(workshops, eq(workshops.id, batches.workshopId));
  const { limit, offset } = windowOf(query);
  const rows = (await from({
    plan: instalmentPlans,
    name: users.name,
    email: users.email,
    mobile: users.mobile,
    workshopId: workshops.id,
    workshopTitle: workshops.title,
    count: sql<number>`${of(sql`count(*)::int`)})`,
    paid: sql<number>`${of(sql`count(*)::int`)} AND i.paid_at IS NOT NULL)`,
    paidMinor: sql<string>`${of(sql`coalesce(sum(i.amount_minor), 0)`)} AND i.paid_at IS NOT NULL)`,
    overdue,
    nextDue,
  })
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-createdAt',
        { createdAt: instalmentPlans.createdAt, nextDue },
        instalmentPlans.id,
      ),
    )
    .limit(limit)
    .offset(offset)) as unknown as {
    plan: typeof instalmentPlans.$inferSelect;
    name: string | null;
    email: string | null;
    mobile: string | null;
    workshopId: number;
    workshopTitle: string;
    count: number;
    paid: number;
    paidMinor: string;
    overdue: number;
    nextDue: string | null;
  }[];
  const items = rows.map((r) => ({
    id: r.plan.id,
    status: r.plan.status,
    learner: { id: r.plan.userId, name: r.name, email: r.email, mobile: r.mobile },
    workshop: { id: r.workshopId, title: r.workshopTitle },
    batchId: r.plan.batchId,
    orderId: r.plan.orderId,
    totalMinor: r.plan.totalMinor,
    paidMinor: Number(r.paidMinor),
    currency: r.plan.currency,
    instalments: Number(r.count),
    paid: Number(r.paid),
    overdue: Number(r.overdue),
    nextDue: r.nextDue,
    createdAt: iso(r.plan.createdAt),
  }));
  const total = await totalOf(query, () => from({ n: count }).where(where), items);
  return { items, total };
}

export const planCsvColumns: CsvColumn<Plan>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'status', value: (r) => r.status },
  { header: 'learner', value: (r) => r.learner.name },
  { header: 'email', value: (r) => r.learner.email },
  { header: 'workshop', value: (r) => r.workshop.title },
  { header: 'currency', value: (r) => r.currency },
  { header: 'total_minor', value: (r) => r.totalMinor },
  { header: 'paid_minor', value: (r) => r.paidMinor },
  { header: 'instalments', value: (r) => r.instalments },
  { header: 'paid', value: (r) => r.paid },
  { header: 'overdue', value: (r) => r.overdue },
  { header: 'next_due', value: (r) => r.nextDue },
];

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

type Invoice = z.infer<typeof AdminInvoicePageSchema>['items'][number];

export async function listInvoices(
  db: Executor,
  query: z.output<typeof AdminInvoicesQuerySchema>,
): Promise<Listed<Invoice>> {
  const pattern = searchPattern(query.q);
  const where = pattern
    ? matchesAny(pattern, [invoices.number, users.name, users.email, orders.guestName, orders.guestEmail])
    : undefined;
  const from = (columns: Record<string, unknown>) =>
    db
      .select(columns as never)
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(users, eq(users.id, orders.userId));
  const { limit, offset } = windowOf(query);
  const rows = (await from({
    id: invoices.id,
    number: invoices.number,
    orderId: orders.id,
    orderStatus: orders.status,
    userId: orders.userId,
    name: sql<string | null>`coalesce(${users.name}, ${orders.guestName})`,
    email: sql<string | null>`coalesce(${users.email}, ${orders.guestEmail})`,
    mobile: sql<string | null>`coalesce(${users.mobile}, ${orders.guestMobile})`,
    amountMinor: orders.amountMinor,
    currency: orders.currency,
    issuedAt: invoices.issuedAt,
  })
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-issuedAt',
        { issuedAt: invoices.issuedAt, number: invoices.number },
        invoices.id,
      ),
    )
    .limit(limit)
    .offset(offset)) as unknown as {
    id: number;
    number: string;
    orderId: number;
    orderStatus: string;
    userId: number | null;
    name: string | null;
    email: string | null;
    mobile: string | null;
    amountMinor: number;
    currency: string;
    issuedAt: Date;
  }[];
  const items = rows.map((r) => ({
    id: r.id,
    number: r.number,
    orderId: r.orderId,
    orderStatus: r.orderStatus,
    buyer: { id: r.userId, name: r.name, email: r.email, mobile: r.mobile },
    amountMinor: Number(r.amountMinor),
    currency: r.currency,
    issuedAt: iso(r.issuedAt),
  }));
  const total = await totalOf(query, () => from({ n: count }).where(where), items);
  return { items, total };
}

export const invoiceCsvColumns: CsvColumn<Invoice>[] = [
  { header: 'number', value: (r) => r.number },
  { header: 'issued_at', value: (r) => r.issuedAt },
  { header: 'order_id', value: (r) => r.orderId },
  { header: 'order_status', value: (r) => r.orderStatus },
  { header: 'buyer', value: (r) => r.buyer.name },
  { header: 'email', value: (r) => r.buyer.email },
  { header: 'currency', value: (r) => r.currency },
  { header: 'amount_minor', value: (r) => r.amountMinor },
];
