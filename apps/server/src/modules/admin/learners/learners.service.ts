import type {
  AdminCoinsBodySchema,
  AdminEnrolBodySchema,
  AdminLearner,
  AdminLearnerRow,
  AdminLearnersQuerySchema,
  AdminMoveBodySchema,
  AdminPayout,
  AdminPayoutSettleBodySchema,
  AdminPayoutsQuerySchema,
  AdminRevokeBodySchema,
  ENROLMENT_ACCESS_STATES,
} from '@atelier/contract';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/query.js';
import {
  batches,
  coinsLedger,
  coinsWallets,
  competitionRegistrations,
  competitions,
  enrolments,
  instalmentPlans,
  orders,
  referralClaimForms,
  referrals,
  tripApplications,
  trips,
  users,
  workshops,
} from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import type { AppContext } from '../../../platform/context.js';
import { learnerCachePrefix } from '../../learning/index.js';
import { recordOfflineCourseOrder } from '../../payments/index.js';
import { moveCoins, OPEN_PAYOUT_STATUSES, settlePayoutClaim } from '../../wallet/index.js';
import { recordAudit, type AuditActor, type AuditRequest } from '../audit.js';
import { iso, matchesAny, orderBy, searchPattern, windowOf, count, all } from '../listing.js';
import type { Listed } from '../listing.js';

/*
 * The console's learners (issue 17 point 3): the list, one learner's page and the actions on it.
 * Every action runs in one transaction with its audit row; an action that changes what a
 * learner's dashboard shows drops the learner's cached answers after the commit
 * (`learnerCachePrefix`), so the dashboard changes at once.
 *
 * Decisions written down here (and in README "Staff console"):
 * - Revoking access keeps the enrolment row (the history, its order) and turns its access off
 *   (`isDashboardAccess` and `isEnrolled` false); it is not a refund (`isRefund` stays false; money
 *   goes back through a refund). A revoked learner can be enrolled again from the console.
 * - Moving a learner to another batch of the same workshop moves the enrolment row itself (its
 *   order and, when there is one, the instalment plan follow, so dues and the EMI lock stay), and
 *   does NOT carry coursework: submissions, quiz attempts and attendance belong to the old batch's
 *   own sessions and assignments (each batch has its own curriculum), stay recorded there, and the
 *   learner starts the new batch's coursework afresh. The new batch's seat limit is not checked:
 *   staff move people deliberately.
 */

type AccessState = (typeof ENROLMENT_ACCESS_STATES)[number];
function accessOf(e: { isRefund: boolean; isDashboardAccess: boolean; isEnrolled: boolean }): AccessState {
  if (e.isRefund) return 'refunded';
  if (!e.isDashboardAccess) return 'revoked';
  return e.isEnrolled ? 'active' : 'recordings';
}

// Qualified by hand: a one-table select renders its columns unqualified, which inside these
// sub-selects would name the sub-select's own `id`.
const walletCoins = sql<number>`coalesce((SELECT w.wallet_coins FROM coins_wallets w WHERE w.user_id = "users"."id"), 0)`;
const liveEnrolments = sql<number>`(SELECT count(*)::int FROM enrolments e WHERE e.user_id = "users"."id" AND e.is_refund = false AND e.is_dashboard_access = true)`;

const rowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  role: users.role,
  disabledAt: users.disabledAt,
  enrolments: liveEnrolments,
  walletCoins,
  createdAt: users.createdAt,
};

type RawRow = {
  id: number;
  name: string | null;
  email: string | null;
  mobile: string | null;
  role: AdminLearnerRow['role'];
  disabledAt: Date | null;
  enrolments: number;
  walletCoins: number;
  createdAt: Date;
};
const toRow = (r: RawRow): AdminLearnerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  mobile: r.mobile,
  role: r.role,
  disabled: r.disabledAt !== null,
  enrolments: Number(r.enrolments),
  walletCoins: Number(r.walletCoins),
  createdAt: iso(r.createdAt),
});

/** Accounts as a console list (learners, or with `staffOnly` every account whose role is not learner). */
export async function listAccounts(
  db: Executor,
  query: z.output<typeof AdminLearnersQuerySchema>,
  staffOnly = false,
): Promise<Listed<AdminLearnerRow>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [users.name, users.email, users.mobile]) : undefined,
    query.role ? eq(users.role, query.role) : undefined,
    staffOnly ? ne(users.role, 'learner') : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select(rowColumns)
    .from(users)
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        staffOnly ? 'name' : '-createdAt',
        { createdAt: users.createdAt, name: users.name, email: users.email },
        users.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const items = rows.map(toRow);
  const total =
    query.format === 'csv'
      ? items.length
      : ((await db.select({ n: count }).from(users).where(where))[0]?.n ?? 0);
  return { items, total };
}

/** One account's list row (after an action). */
export async function accountRow(db: Executor, userId: number): Promise<AdminLearnerRow> {
  const [row] = await db.select(rowColumns).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('The account');
  return toRow(row);
}

export const learnerColumns = [
  { header: 'Id', value: (r: AdminLearnerRow) => r.id },
  { header: 'Name', value: (r: AdminLearnerRow) => r.name },
  { header: 'E-mail', value: (r: AdminLearnerRow) => r.email },
  { header: 'Mobile', value: (r: AdminLearnerRow) => r.mobile },
  { header: 'Role', value: (r: AdminLearnerRow) => r.role },
  { header: 'Disabled', value: (r: AdminLearnerRow) => (r.disabled ? 'yes' : 'no') },
  { header: 'Live enrolments', value: (r: AdminLearnerRow) => r.enrolments },
  { header: 'Coins', value: (r: AdminLearnerRow) => r.walletCoins },
  { header: 'Joined', value: (r: AdminLearnerRow) => r.createdAt },
] as const;

// ---------------------------------------------------------------------------------------------
// One learner's page
// ---------------------------------------------------------------------------------------------

/** How many ledger entries and orders the page shows (newest first). */
const PAGE_LIMIT = 100;
/** How many batches the enrol and move dialogs offer. */
const BATCH_OPTIONS_LIMIT = 300;

async function enrolmentsOf(db: Executor, where: SQL) {
  const rows = await db
    .select({
      id: enrolments.id,
      userId: enrolments.userId,
      isRefund: enrolments.isRefund,
      isDashboardAccess: enrolments.isDashboardAccess,
      isEnrolled: enrolments.isEnrolled,
      sourceOrderId: enrolments.sourceOrderId,
      createdAt: enrolments.createdAt,
      batch: {
        id: batches.id,
        startDate: batches.startDate,
        endDate: batches.endDate,
        sessionType: batches.sessionType,
      },
      workshop: { id: workshops.id, title: workshops.title },
    })
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(where)
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    batch: {
      id: r.batch.id,
      startDate: r.batch.startDate ?? null,
      endDate: r.batch.endDate ?? null,
      sessionType: r.batch.sessionType,
    },
    workshop: r.workshop,
    access: accessOf(r),
    isRefund: r.isRefund,
    sourceOrderId: r.sourceOrderId,
    createdAt: iso(r.createdAt),
  }));
}

async function enrolmentResult(db: Executor, enrolmentId: number, orderId: number | null = null) {
  const [row] = await enrolmentsOf(db, eq(enrolments.id, enrolmentId));
  if (!row) throw notFound('The enrolment');
  return { ...row, orderId };
}

const payoutColumns = {
  id: referralClaimForms.id,
  coins: referralClaimForms.coins,
  upiId: referralClaimForms.upiId,
  status: referralClaimForms.status,
  details: referralClaimForms.details,
  createdAt: referralClaimForms.createdAt,
  processedAt: referralClaimForms.processedAt,
  learner: { id: users.id, name: users.name, email: users.email },
};
type PayoutRaw = {
  id: number;
  coins: number;
  upiId: string | null;
  status: string;
  details: Record<string, unknown>;
  createdAt: Date;
  processedAt: Date | null;
  learner: { id: number; name: string | null; email: string | null };
};
function toPayout(r: PayoutRaw): AdminPayout {
  const settlement = r.details.settlement as { reference?: string; reason?: string } | undefined;
  return {
    id: r.id,
    learner: r.learner,
    coins: r.coins,
    upiId: r.upiId,
    status: r.status,
    reference: settlement?.reference ?? settlement?.reason ?? null,
    createdAt: iso(r.createdAt),
    processedAt: r.processedAt ? iso(r.processedAt) : null,
  };
}

/** `GET /api/admin/learners/{id}`. */
export async function learnerPage(db: Executor, userId: number): Promise<AdminLearner> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('The learner');
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PAGE_LIMIT);
  const [wallet] = await db
    .select({ id: coinsWallets.id, balance: coinsWallets.walletCoins })
    .from(coinsWallets)
    .where(eq(coinsWallets.userId, userId));
  const ledger = wallet
    ? await db
        .select({
          id: coinsLedger.id,
          delta: coinsLedger.delta,
          reason: coinsLedger.reason,
          note: coinsLedger.note,
          orderId: coinsLedger.orderId,
          createdAt: coinsLedger.createdAt,
        })
        .from(coinsLedger)
        .where(eq(coinsLedger.walletId, wallet.id))
        .orderBy(desc(coinsLedger.createdAt), desc(coinsLedger.id))
        .limit(PAGE_LIMIT)
    : [];
  const made = await db
    .select({
      id: referrals.id,
      status: referrals.status,
      createdAt: referrals.createdAt,
      referee: { id: users.id, name: users.name },
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.refereeId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  const [by] = await db
    .select({ id: users.id, name: users.name })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referrerId))
    .where(eq(referrals.refereeId, userId));
  const payouts = await db
    .select(payoutColumns)
    .from(referralClaimForms)
    .innerJoin(users, eq(users.id, referralClaimForms.userId))
    .where(eq(referralClaimForms.userId, userId))
    .orderBy(desc(referralClaimForms.createdAt), desc(referralClaimForms.id));
  const applications = await db
    .select({
      id: tripApplications.id,
      trip: trips.title,
      status: tripApplications.status,
      createdAt: tripApplications.createdAt,
    })
    .from(tripApplications)
    .innerJoin(trips, eq(trips.id, tripApplications.tripId))
    .where(eq(tripApplications.userId, userId))
    .orderBy(desc(tripApplications.createdAt));
  const registrations = await db
    .select({
      id: competitionRegistrations.id,
      competition: competitions.title,
      status: competitionRegistrations.status,
      createdAt: competitionRegistrations.createdAt,
    })
    .from(competitionRegistrations)
    .innerJoin(competitions, eq(competitions.id, competitionRegistrations.competitionId))
    .where(eq(competitionRegistrations.userId, userId))
    .orderBy(desc(competitionRegistrations.createdAt));

  const batchOptions = await db
    .select({
      id: batches.id,
      workshopId: batches.workshopId,
      workshop: workshops.title,
      startDate: batches.startDate,
      endDate: batches.endDate,
    })
    .from(batches)
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(batches.isActive, true))
    .orderBy(sql`${batches.startDate} DESC NULLS LAST`, desc(batches.id))
    .limit(BATCH_OPTIONS_LIMIT);

  return {
    batchOptions: batchOptions.map((b) => ({
      ...b,
      startDate: b.startDate ?? null,
      endDate: b.endDate ?? null,
    })),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      mobile: user.mobile,
      city: user.city,
      college: user.college,
      iam: user.iam,
      upiId: user.upiId,
      referCode: user.referCode,
      role: user.role,
      isVerified: user.isVerified,
      disabled: user.disabledAt !== null,
      createdAt: iso(user.createdAt),
    },
    enrolments: (await enrolmentsOf(db, eq(enrolments.userId, userId))).map(({ userId: _u, ...e }) => e),
    orders: orderRows.map((o) => ({
      id: o.id,
      kind: o.kind,
      status: o.status,
      description: typeof o.details.description === 'string' ? o.details.description : null,
      amountMinor: o.amountMinor,
      discountMinor: o.discountMinor,
      coinsUsed: o.coinsUsed,
      currency: o.currency,
      offline: typeof o.details.offline === 'object' && o.details.offline !== null,
      paidAt: o.paidAt ? iso(o.paidAt) : null,
      createdAt: iso(o.createdAt),
    })),
    wallet: {
      balance: wallet?.balance ?? 0,
      ledger: ledger.map((l) => ({ ...l, createdAt: iso(l.createdAt) })),
    },
    referrals: {
      made: made.length,
      rewarded: made.filter((r) => r.status === 'rewarded').length,
      referredBy: by ?? null,
      people: made.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    },
    payouts: payouts.map(toPayout),
    tripApplications: applications.map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    competitionRegistrations: registrations.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
  };
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

type Deps = Pick<AppContext, 'database' | 'clock' | 'publicCache' | 'payments'>;

/** Drops every cached answer personal to the learner (their dashboard changes at once). */
async function learnerChanged(deps: Deps, userId: number): Promise<void> {
  await deps.publicCache.invalidate({ prefixes: [learnerCachePrefix(userId)] });
}

async function lockLearner(tx: Executor, userId: number) {
  const [user] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound('The learner');
  return user;
}

async function batchWithWorkshop(tx: Executor, batchId: number) {
  const [batch] = await tx
    .select({ id: batches.id, workshopId: batches.workshopId, title: workshops.title })
    .from(batches)
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(batches.id, batchId));
  return batch;
}

const unknownBatch = () =>
  new AppError('VALIDATION_FAILED', 'There is no such batch.', [
    { path: 'batchId', message: 'must be the id of an existing batch' },
  ]);

/**
 * `POST /api/admin/learners/{id}/enrol`: free, or paid offline (a paid, offline-marked course
 * order through the payments module's seam, with its invoice and receipt). A refunded or
 * revoked enrolment in the batch is restored; a live one is a 409.
 */
export async function enrolLearner(
  deps: Deps,
  actor: AuditActor,
  request: AuditRequest,
  userId: number,
  body: z.output<typeof AdminEnrolBodySchema>,
) {
  const now = deps.clock();
  const result = await deps.database.db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const batch = await batchWithWorkshop(tx, body.batchId);
    if (!batch) throw unknownBatch();
    await tx.execute(sql`SELECT id FROM batches WHERE id = ${batch.id} FOR NO KEY UPDATE`);
    const [existing] = await tx
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, userId), eq(enrolments.batchId, batch.id)))
      .for('update');
    if (existing && accessOf(existing) !== 'refunded' && accessOf(existing) !== 'revoked')
      throw new AppError('CONFLICT', 'This learner is already enrolled in this batch.');
    let orderId: number | null = null;
    if (body.mode === 'offline') {
      const order = await recordOfflineCourseOrder(tx, {
        provider: deps.payments.name,
        userId,
        batchId: batch.id,
        amountMinor: body.amountMinor,
        currency: body.currency,
        description: `${batch.title} (paid offline)`,
        reference: body.reference,
        recordedBy: actor.userId,
        now,
      });
      orderId = order.id;
    }
    const restore = {
      isRefund: false,
      isDashboardAccess: true,
      isEnrolled: true,
      updatedAt: now,
      ...(orderId !== null ? { sourceOrderId: orderId } : {}),
    };
    let enrolmentId: number;
    if (existing) {
      await tx.update(enrolments).set(restore).where(eq(enrolments.id, existing.id));
      enrolmentId = existing.id;
    } else {
      const [row] = await tx
        .insert(enrolments)
        .values({ userId, batchId: batch.id, sourceOrderId: orderId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [enrolments.userId, enrolments.batchId], set: restore })
        .returning({ id: enrolments.id });
      enrolmentId = row!.id;
    }
    await recordAudit(tx, actor, request, {
      action: body.mode === 'offline' ? 'enrolment.enrol_offline' : 'enrolment.enrol_free',
      entity: 'enrolment',
      entityId: enrolmentId,
      before: existing ? { access: accessOf(existing), batchId: existing.batchId } : null,
      after: {
        userId,
        batchId: batch.id,
        access: 'active',
        mode: body.mode,
        ...(body.mode === 'offline'
          ? { orderId, amountMinor: body.amountMinor, currency: body.currency, reference: body.reference }
          : {}),
        ...(body.reason ? { reason: body.reason } : {}),
      },
    });
    return enrolmentResult(tx, enrolmentId, orderId);
  });
  await learnerChanged(deps, userId);
  return result;
}

async function lockEnrolment(tx: Executor, enrolmentId: number) {
  const [row] = await tx.select().from(enrolments).where(eq(enrolments.id, enrolmentId)).for('update');
  if (!row) throw notFound('The enrolment');
  return row;
}

/** `POST /api/admin/enrolments/{id}/move`: to another batch of the same workshop (see the file comment). */
export async function moveEnrolment(
  deps: Deps,
  actor: AuditActor,
  request: AuditRequest,
  enrolmentId: number,
  body: z.output<typeof AdminMoveBodySchema>,
) {
  const now = deps.clock();
  const result = await deps.database.db.transaction(async (tx) => {
    const current = await lockEnrolment(tx, enrolmentId);
    const access = accessOf(current);
    if (access === 'refunded' || access === 'revoked')
      throw new AppError('CONFLICT', `This enrolment is ${access}; enrol the learner again instead.`);
    if (current.batchId === body.batchId)
      throw new AppError('VALIDATION_FAILED', 'The learner is in this batch already.', [
        { path: 'batchId', message: 'must be another batch than the current one' },
      ]);
    const from = await batchWithWorkshop(tx, current.batchId);
    const to = await batchWithWorkshop(tx, body.batchId);
    if (!to) throw unknownBatch();
    if (to.workshopId !== from!.workshopId)
      throw new AppError('VALIDATION_FAILED', 'A learner moves only to another batch of the same workshop.', [
        { path: 'batchId', message: 'must be a batch of the same workshop' },
      ]);
    const [taken] = await tx
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.userId, current.userId), eq(enrolments.batchId, to.id)));
    if (taken)
      throw new AppError(
        'CONFLICT',
        'This learner already has an enrolment in that batch (perhaps refunded or revoked); restore that one instead.',
      );
    await tx.update(enrolments).set({ batchId: to.id, updatedAt: now }).where(eq(enrolments.id, enrolmentId));
    const plans = await tx
      .update(instalmentPlans)
      .set({ batchId: to.id })
      .where(
        and(
          eq(instalmentPlans.userId, current.userId),
          eq(instalmentPlans.batchId, current.batchId),
          ne(instalmentPlans.status, 'cancelled'),
        ),
      )
      .returning({ id: instalmentPlans.id });
    await recordAudit(tx, actor, request, {
      action: 'enrolment.move',
      entity: 'enrolment',
      entityId: enrolmentId,
      before: { userId: current.userId, batchId: current.batchId },
      after: {
        userId: current.userId,
        batchId: to.id,
        instalmentPlansMoved: plans.map((p) => p.id),
        reason: body.reason,
      },
    });
    return enrolmentResult(tx, enrolmentId);
  });
  await learnerChanged(deps, result.userId);
  return result;
}

/** `POST /api/admin/enrolments/{id}/revoke`: the learner loses the course at once (see the file comment). */
export async function revokeEnrolment(
  deps: Deps,
  actor: AuditActor,
  request: AuditRequest,
  enrolmentId: number,
  body: z.output<typeof AdminRevokeBodySchema>,
) {
  const now = deps.clock();
  const result = await deps.database.db.transaction(async (tx) => {
    const current = await lockEnrolment(tx, enrolmentId);
    const access = accessOf(current);
    if (access === 'refunded' || access === 'revoked')
      throw new AppError('CONFLICT', `This enrolment is ${access} already.`);
    await tx
      .update(enrolments)
      .set({ isDashboardAccess: false, isEnrolled: false, updatedAt: now })
      .where(eq(enrolments.id, enrolmentId));
    await recordAudit(tx, actor, request, {
      action: 'enrolment.revoke',
      entity: 'enrolment',
      entityId: enrolmentId,
      before: { userId: current.userId, batchId: current.batchId, access },
      after: { userId: current.userId, batchId: current.batchId, access: 'revoked', reason: body.reason },
    });
    return enrolmentResult(tx, enrolmentId);
  });
  await learnerChanged(deps, result.userId);
  return result;
}

/**
 * `POST /api/admin/learners/{id}/coins`: one `admin_adjustment` ledger entry (the reason as its
 * note) through the wallet's `moveCoins`; never below zero (409 INSUFFICIENT_COINS, nothing written).
 */
export async function adjustCoins(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  userId: number,
  body: z.output<typeof AdminCoinsBodySchema>,
) {
  return db.transaction(async (tx) => {
    await lockLearner(tx, userId);
    const ref = `admin:console:${randomUUID()}`;
    const before = await tx
      .select({ walletCoins: coinsWallets.walletCoins })
      .from(coinsWallets)
      .where(eq(coinsWallets.userId, userId));
    const moved = await moveCoins(tx, {
      userId,
      delta: body.coins,
      reason: 'admin_adjustment',
      ref,
      note: body.reason,
    });
    const [entry] = await tx
      .select({
        id: coinsLedger.id,
        delta: coinsLedger.delta,
        reason: coinsLedger.reason,
        note: coinsLedger.note,
        orderId: coinsLedger.orderId,
        createdAt: coinsLedger.createdAt,
      })
      .from(coinsLedger)
      .where(eq(coinsLedger.ref, ref));
    await recordAudit(tx, actor, request, {
      action: 'wallet.adjust',
      entity: 'user',
      entityId: userId,
      before: { balance: before[0]?.walletCoins ?? 0 },
      after: { balance: moved.balance, delta: body.coins, reason: body.reason, ledgerId: entry!.id },
    });
    return { userId, balance: moved.balance, entry: { ...entry!, createdAt: iso(entry!.createdAt) } };
  });
}

// ---------------------------------------------------------------------------------------------
// Payout requests
// ---------------------------------------------------------------------------------------------

export async function listPayouts(
  db: Executor,
  query: z.output<typeof AdminPayoutsQuerySchema>,
): Promise<Listed<AdminPayout>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [users.name, users.email, referralClaimForms.upiId]) : undefined,
    query.status === 'open'
      ? inArray(referralClaimForms.status, [...OPEN_PAYOUT_STATUSES])
      : query.status === 'all'
        ? undefined
        : eq(referralClaimForms.status, query.status),
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select(payoutColumns)
    .from(referralClaimForms)
    .innerJoin(users, eq(users.id, referralClaimForms.userId))
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        'createdAt',
        { createdAt: referralClaimForms.createdAt, coins: referralClaimForms.coins },
        referralClaimForms.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const items = rows.map(toPayout);
  const total =
    query.format === 'csv'
      ? items.length
      : ((
          await db
            .select({ n: count })
            .from(referralClaimForms)
            .innerJoin(users, eq(users.id, referralClaimForms.userId))
            .where(where)
        )[0]?.n ?? 0);
  return { items, total };
}

export const payoutCsvColumns = [
  { header: 'Id', value: (r: AdminPayout) => r.id },
  { header: 'Learner', value: (r: AdminPayout) => r.learner.name },
  { header: 'E-mail', value: (r: AdminPayout) => r.learner.email },
  { header: 'Coins', value: (r: AdminPayout) => r.coins },
  { header: 'UPI id', value: (r: AdminPayout) => r.upiId },
  { header: 'Status', value: (r: AdminPayout) => r.status },
  { header: 'Reference', value: (r: AdminPayout) => r.reference },
  { header: 'Requested', value: (r: AdminPayout) => r.createdAt },
  { header: 'Settled', value: (r: AdminPayout) => r.processedAt },
] as const;

/**
 * `POST /api/admin/payouts/{id}/settle`: through the wallet's `settlePayoutClaim` (paid keeps the
 * hold; rejected gives the coins back), the reference or reason kept on the request, audited.
 * Settling again the same way changes nothing; the other way → 409.
 */
export async function settlePayout(
  deps: Pick<AppContext, 'database' | 'clock'>,
  actor: AuditActor,
  request: AuditRequest,
  claimId: number,
  body: z.output<typeof AdminPayoutSettleBodySchema>,
): Promise<AdminPayout> {
  const now = deps.clock();
  return deps.database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: referralClaimForms.status })
      .from(referralClaimForms)
      .where(eq(referralClaimForms.id, claimId))
      .for('update');
    if (!before) throw notFound('The payout request');
    const settled = await settlePayoutClaim(tx, { claimId, outcome: body.outcome, now });
    if (before.status !== settled.status) {
      const settlement =
        body.outcome === 'paid'
          ? { reference: body.reference, by: actor.userId }
          : { reason: body.reason, by: actor.userId };
      await tx
        .update(referralClaimForms)
        .set({ details: sql`${referralClaimForms.details} || ${JSON.stringify({ settlement })}::jsonb` })
        .where(eq(referralClaimForms.id, claimId));
      await recordAudit(tx, actor, request, {
        action: `payout.${body.outcome === 'paid' ? 'pay' : 'reject'}`,
        entity: 'payout_request',
        entityId: claimId,
        before: { status: before.status },
        after: { status: settled.status, coins: settled.coins, ...settlement },
      });
    }
    const [row] = await tx
      .select(payoutColumns)
      .from(referralClaimForms)
      .innerJoin(users, eq(users.id, referralClaimForms.userId))
      .where(eq(referralClaimForms.id, claimId));
    return toPayout(row!);
  });
}
