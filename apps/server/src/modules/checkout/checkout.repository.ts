import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRow, queryRows, type Executor } from '../../db/query.js';
import { instant } from '../../db/rows.js';

/*
 * The checkout's SQL: batches for sale (optionally locked), seats, coupons and their claims,
 * instalment templates, fixed plans and their instalments. Raw SQL where a lock, a conditional
 * increment or a partial-index conflict target is the point; every row parsed by its schema.
 */

const BatchRowSchema = z.object({
  id: z.number(),
  workshopId: z.number(),
  name: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sessionType: z.number(),
  amount: z.number().nullable(),
  dollar: z.number().nullable(),
  slashAmount: z.number().nullable(),
  slashDollar: z.number().nullable(),
  capacity: z.number().nullable(),
  lateJoinDays: z.number(),
  isActive: z.boolean(),
  workshopType: z.number(),
  workshopTitle: z.string(),
  workshopShortTitle: z.string(),
  workshopSlug: z.string(),
  workshopPublished: z.boolean(),
});
export type BatchRow = z.infer<typeof BatchRowSchema>;

const batchColumns = sql`b.id, b.workshop_id as "workshopId", b.name,
  to_char(b.start_date, 'YYYY-MM-DD') as "startDate", to_char(b.end_date, 'YYYY-MM-DD') as "endDate",
  b.session_type::int as "sessionType", b.amount, b.dollar, b.slash_amount as "slashAmount",
  b.slash_dollar as "slashDollar", b.capacity, b.late_join_days as "lateJoinDays", b.is_active as "isActive",
  w.type::int as "workshopType", w.title as "workshopTitle", w.short_title as "workshopShortTitle",
  w.slug as "workshopSlug", w.is_published as "workshopPublished"`;

/**
 * A batch with its workshop. `forUpdate` locks the batch row (`SELECT … FOR UPDATE OF b`) until
 * the caller's transaction ends, so seats are counted and held by one buyer at a time.
 */
export async function findBatch(
  db: Executor,
  batchId: number,
  forUpdate = false,
): Promise<BatchRow | undefined> {
  return queryRow(
    db,
    sql`select ${batchColumns} from batches b join workshops w on w.id = b.workshop_id
        where b.id = ${batchId} ${forUpdate ? sql`for update of b` : sql``}`,
    BatchRowSchema,
  );
}

/** Every active batch of a workshop, earliest start first (undated last). */
export async function listWorkshopBatches(db: Executor, workshopId: number): Promise<BatchRow[]> {
  return queryRows(
    db,
    sql`select ${batchColumns} from batches b join workshops w on w.id = b.workshop_id
        where b.workshop_id = ${workshopId} and b.is_active
        order by b.start_date asc nulls last, b.id`,
    BatchRowSchema,
  );
}

const ScheduleRowSchema = z.object({
  id: z.number(),
  batchId: z.number(),
  day: z.number(),
  startTime: z.string(),
  endTime: z.string(),
});

/** The weekly slots of some batches. */
export async function listSchedules(db: Executor, batchIds: number[]) {
  if (batchIds.length === 0) return [];
  return queryRows(
    db,
    sql`select s.id, s.batch_id as "batchId", s.day::int as day, to_char(s.start_time, 'HH24:MI:SS') as "startTime",
          to_char(s.end_time, 'HH24:MI:SS') as "endTime"
        from batch_schedules s where s.batch_id in ${batchIds} order by s.batch_id, s.day, s.start_time`,
    ScheduleRowSchema,
  );
}

/**
 * Seats a batch has given away: learners enrolled (not refunded) plus open course orders still
 * holding one (created or attempted, not expired) of buyers not yet enrolled — each buyer once,
 * and never `exceptUserId` (a buyer's own earlier order does not keep them from buying).
 */
export async function seatsTaken(
  db: Executor,
  batchId: number,
  now: Date,
  exceptUserId: number | null,
): Promise<number> {
  const row = await queryRow(
    db,
    sql`select
          (select count(*)::int from enrolments e
            where e.batch_id = ${batchId} and e.is_enrolled and not e.is_refund)
        + (select count(distinct coalesce('u' || o.user_id::text, 'o' || o.id::text))::int from orders o
            where o.batch_id = ${batchId} and o.kind = 'course' and o.status in ('created', 'attempted')
              and (o.expires_at is null or o.expires_at > ${now.toISOString()}::timestamptz)
              and (o.user_id is null or (
                o.user_id is distinct from ${exceptUserId}::int
                and not exists (select 1 from enrolments e2
                                where e2.batch_id = o.batch_id and e2.user_id = o.user_id and e2.is_enrolled)))
          ) as taken`,
    z.object({ taken: z.number() }),
  );
  return row?.taken ?? 0;
}

const CouponRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  kind: z.enum(['percent', 'flat']),
  value: z.number(),
  currency: z.string().nullable(),
  flatInrMinor: z.number().nullable(),
  flatUsdMinor: z.number().nullable(),
  maxClaims: z.number().nullable(),
  claimedCount: z.number(),
  startsAt: instant.nullable(),
  expiresAt: instant.nullable(),
  workshopId: z.number().nullable(),
  liveOnly: z.boolean(),
  isActive: z.boolean(),
  workshopIds: z.array(z.number()),
});
export type CouponRow = z.infer<typeof CouponRowSchema>;

/** A coupon by code, case-insensitively, with the workshops it is listed for. */
export async function findCoupon(db: Executor, code: string): Promise<CouponRow | undefined> {
  return queryRow(
    db,
    sql`select c.id, c.code, c.kind, c.value, c.currency, c.flat_inr_minor as "flatInrMinor",
          c.flat_usd_minor as "flatUsdMinor", c.max_claims as "maxClaims", c.claimed_count as "claimedCount",
          c.starts_at as "startsAt", c.expires_at as "expiresAt", c.workshop_id as "workshopId",
          c.live_only as "liveOnly", c.is_active as "isActive",
          coalesce((select array_agg(cw.workshop_id order by cw.workshop_id) from coupon_workshops cw
                    where cw.coupon_id = c.id), '{}'::int[]) as "workshopIds"
        from coupons c where lower(c.code) = lower(${code})`,
    CouponRowSchema,
  );
}

/** Whether a user holds a reserved or used claim of a coupon. */
export async function hasActiveClaim(db: Executor, couponId: number, userId: number): Promise<boolean> {
  const row = await queryRow(
    db,
    sql`select exists (select 1 from coupon_claims where coupon_id = ${couponId} and user_id = ${userId}
                         and status <> 'released') as used`,
    z.object({ used: z.boolean() }),
  );
  return row?.used ?? false;
}

/**
 * The claim row of a reservation, unless the user already holds an active claim of that coupon
 * (the partial unique index `coupon_claims_active_uq` is the arbiter, also under concurrency:
 * `ON CONFLICT DO NOTHING` waits for a concurrent insert and then skips). True when inserted.
 */
export async function insertClaim(
  db: Executor,
  claim: { couponId: number; userId: number; orderId: number },
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`insert into coupon_claims (coupon_id, user_id, order_id, status)
        values (${claim.couponId}, ${claim.userId}, ${claim.orderId}, 'reserved')
        on conflict (coupon_id, user_id) where status <> 'released' do nothing
        returning id`,
    z.object({ id: z.number() }),
  );
  return rows.length > 0;
}

/**
 * One more use of a coupon, only while it is active and below `maxClaims` (a row-locking
 * conditional update, so concurrent buyers can never take it past the limit). True when taken.
 */
export async function incrementClaims(db: Executor, couponId: number): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update coupons set claimed_count = claimed_count + 1
        where id = ${couponId} and is_active and (max_claims is null or claimed_count < max_claims)
        returning id`,
    z.object({ id: z.number() }),
  );
  return rows.length > 0;
}

/** Moves an order's reserved claims to `status`; the coupons of the claims moved. */
export async function settleClaims(
  db: Executor,
  orderId: number,
  status: 'used' | 'released',
): Promise<number[]> {
  const rows = await queryRows(
    db,
    sql`update coupon_claims set status = ${status}, updated_at = now()
        where order_id = ${orderId} and status = 'reserved'
        returning coupon_id as "couponId"`,
    z.object({ couponId: z.number() }),
  );
  return rows.map((r) => r.couponId);
}

/** Gives a use back to a coupon (never below 0). */
export async function decrementClaims(db: Executor, couponId: number): Promise<void> {
  await db.execute(
    sql`update coupons set claimed_count = claimed_count - 1 where id = ${couponId} and claimed_count > 0`,
  );
}

/** The current claim of an order, if any. */
export async function claimOfOrder(db: Executor, orderId: number) {
  return queryRow(
    db,
    sql`select status from coupon_claims where order_id = ${orderId}
        order by (status = 'released'), id desc limit 1`,
    z.object({ status: z.enum(['reserved', 'used', 'released']) }),
  );
}

/** Uses counted and the limit of a coupon by code. */
export async function couponCount(db: Executor, code: string) {
  return queryRow(
    db,
    sql`select code, claimed_count as claimed, max_claims as "maxClaims" from coupons
        where lower(code) = lower(${code}) and is_active`,
    z.object({ code: z.string(), claimed: z.number(), maxClaims: z.number().nullable() }),
  );
}

const TemplateRowSchema = z.object({
  sequence: z.number(),
  amountInrMinor: z.number(),
  amountUsdMinor: z.number(),
  dueDate: z.string().nullable(),
  dueAfterDays: z.number().nullable(),
});
export type TemplateRow = z.infer<typeof TemplateRowSchema>;

/** The instalment plans offered for some batches, by batch. */
export async function listTemplates(db: Executor, batchIds: number[]): Promise<Map<number, TemplateRow[]>> {
  const byBatch = new Map<number, TemplateRow[]>();
  if (batchIds.length === 0) return byBatch;
  const rows = await queryRows(
    db,
    sql`select batch_id as "batchId", sequence::int as sequence, amount_inr_minor as "amountInrMinor",
          amount_usd_minor as "amountUsdMinor", to_char(due_date, 'YYYY-MM-DD') as "dueDate",
          due_after_days as "dueAfterDays"
        from batch_instalment_templates where batch_id in ${batchIds} order by batch_id, sequence`,
    TemplateRowSchema.extend({ batchId: z.number() }),
  );
  for (const { batchId, ...row } of rows) {
    const list = byBatch.get(batchId) ?? [];
    list.push(row);
    byBatch.set(batchId, list);
  }
  return byBatch;
}

// ---- fixed plans -------------------------------------------------------------------------

/** The plan an order bought, if it was fixed already. */
export async function planOfOrder(db: Executor, orderId: number) {
  return queryRow(
    db,
    sql`select id from instalment_plans where order_id = ${orderId}`,
    z.object({ id: z.number() }),
  );
}

/** A user's live (not cancelled) plan for a batch. */
export async function livePlanOf(db: Executor, userId: number, batchId: number) {
  return queryRow(
    db,
    sql`select id, order_id as "orderId" from instalment_plans
        where user_id = ${userId} and batch_id = ${batchId} and status <> 'cancelled'`,
    z.object({ id: z.number(), orderId: z.number().nullable() }),
  );
}

const InstalmentRowSchema = z.object({
  id: z.number(),
  planId: z.number(),
  sequence: z.number(),
  dueDate: z.string(),
  amountMinor: z.number(),
  paidAt: instant.nullable(),
  paidOrderId: z.number().nullable(),
  batchId: z.number(),
  userId: z.number(),
  currency: z.string(),
  planStatus: z.string(),
  totalMinor: z.number(),
  workshopId: z.number(),
  workshopType: z.number(),
  workshopTitle: z.string(),
  workshopShortTitle: z.string(),
  workshopSlug: z.string(),
});
export type InstalmentRow = z.infer<typeof InstalmentRowSchema>;

const instalmentSelect = sql`select i.id, i.plan_id as "planId", i.sequence::int as sequence,
    to_char(i.due_date, 'YYYY-MM-DD') as "dueDate", i.amount_minor as "amountMinor", i.paid_at as "paidAt",
    i.paid_order_id as "paidOrderId", p.batch_id as "batchId", p.user_id as "userId", p.currency,
    p.status as "planStatus", p.total_minor as "totalMinor", w.id as "workshopId", w.type::int as "workshopType",
    w.title as "workshopTitle", w.short_title as "workshopShortTitle", w.slug as "workshopSlug"
  from instalments i
  join instalment_plans p on p.id = i.plan_id
  join batches b on b.id = p.batch_id
  join workshops w on w.id = b.workshop_id`;

/** One instalment of one user (undefined when missing or another's). */
export async function findInstalment(db: Executor, instalmentId: number, userId: number) {
  return queryRow(
    db,
    sql`${instalmentSelect} where i.id = ${instalmentId} and p.user_id = ${userId}`,
    InstalmentRowSchema,
  );
}

/** Every instalment of some plans, by plan and sequence. */
export async function listPlanInstalments(db: Executor, planIds: number[]): Promise<InstalmentRow[]> {
  if (planIds.length === 0) return [];
  return queryRows(
    db,
    sql`${instalmentSelect} where i.plan_id in ${planIds} order by i.plan_id, i.sequence`,
    InstalmentRowSchema,
  );
}

/** The instalments of a user's active plans (optionally of one batch), by plan and sequence. */
export async function listUserActiveInstalments(
  db: Executor,
  userId: number,
  batchId?: number,
): Promise<InstalmentRow[]> {
  return queryRows(
    db,
    sql`${instalmentSelect} where p.user_id = ${userId} and p.status = 'active'
        ${batchId === undefined ? sql`` : sql`and p.batch_id = ${batchId}`}
        order by i.due_date, p.id, i.sequence`,
    InstalmentRowSchema,
  );
}

/** Marks an unpaid instalment paid by an order; false when it was paid already. */
export async function payInstalment(db: Executor, instalmentId: number, orderId: number, now: Date) {
  const rows = await queryRows(
    db,
    sql`update instalments set paid_order_id = ${orderId}, paid_at = ${now.toISOString()}::timestamptz
        where id = ${instalmentId} and paid_at is null returning plan_id as "planId"`,
    z.object({ planId: z.number() }),
  );
  return rows[0];
}

/** Completes a plan whose instalments are all paid. */
export async function completePlanIfPaid(db: Executor, planId: number): Promise<void> {
  await db.execute(
    sql`update instalment_plans set status = 'completed'
        where id = ${planId} and status = 'active'
          and not exists (select 1 from instalments where plan_id = ${planId} and paid_at is null)`,
  );
}

// ---- the learner block of the pending-payment call ---------------------------------------

/** A user's name and e-mail, with their wallet (created empty when they have none yet). */
export async function userWithWallet(db: Executor, userId: number) {
  await db.execute(
    sql`insert into coins_wallets (user_id) values (${userId}) on conflict (user_id) do nothing`,
  );
  return queryRow(
    db,
    sql`select u.id, u.name, u.email, w.id as "walletId", w.wallet_coins as "walletCoins",
          w.is_coin_popup_seen as "isCoinPopupSeen"
        from users u join coins_wallets w on w.user_id = u.id where u.id = ${userId}`,
    z.object({
      id: z.number(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      walletId: z.number(),
      walletCoins: z.number(),
      isCoinPopupSeen: z.boolean(),
    }),
  );
}
