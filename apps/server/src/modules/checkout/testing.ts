/*
 * Test support for the checkout (no test runner imports): batches on sale with a plan template,
 * coupons, open orders, enrolments.
 */
import type { Db } from '../../db/client.js';
import {
  batches,
  batchInstalmentTemplates,
  couponWorkshops,
  coupons,
  enrolments,
  orders,
  workshops,
} from '../../db/schema/index.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

/** A published workshop with one batch (prices in whole rupees / dollars, as the catalogue stores them). */
export async function createSaleBatch(
  db: Db,
  values: {
    workshopId?: number;
    startDate?: string | null;
    endDate?: string | null;
    sessionType?: 1 | 2;
    amount?: number | null;
    dollar?: number | null;
    slashAmount?: number | null;
    capacity?: number | null;
    lateJoinDays?: number;
    isActive?: boolean;
    /** Instalment template rows (INR and USD minor units; a fixed date or days after purchase). */
    template?: { inr: number; usd: number; dueDate?: string; dueAfterDays?: number }[];
  } = {},
) {
  let workshopId = values.workshopId;
  if (workshopId === undefined) {
    const shortTitle = unique('Checkout course');
    const [w] = await db
      .insert(workshops)
      .values({ type: 2, title: `${shortTitle}: the course`, shortTitle, slug: unique('checkout') })
      .returning({ id: workshops.id });
    workshopId = w!.id;
  }
  const [batch] = await db
    .insert(batches)
    .values({
      workshopId,
      name: 'Test batch',
      startDate: values.startDate === undefined ? '2026-04-01' : values.startDate,
      endDate: values.endDate === undefined ? '2026-06-30' : values.endDate,
      sessionType: values.sessionType ?? 1,
      amount: values.amount === undefined ? 4999 : values.amount,
      dollar: values.dollar === undefined ? 59 : values.dollar,
      slashAmount: values.slashAmount ?? 7999,
      slashDollar: 99,
      capacity: values.capacity === undefined ? null : values.capacity,
      lateJoinDays: values.lateJoinDays ?? 7,
      isActive: values.isActive ?? true,
    })
    .returning();
  if (values.template?.length) {
    await db.insert(batchInstalmentTemplates).values(
      values.template.map((t, i) => ({
        batchId: batch!.id,
        sequence: i + 1,
        amountInrMinor: t.inr,
        amountUsdMinor: t.usd,
        dueDate: t.dueDate ?? null,
        dueAfterDays: t.dueDate === undefined ? (t.dueAfterDays ?? 0) : null,
      })),
    );
  }
  return { workshopId, batch: batch! };
}

/** Inserts a coupon (percent 10 by default, no limits) and the workshops it is listed for. */
export async function createCoupon(
  db: Db,
  values: Partial<typeof coupons.$inferInsert> & { workshopIds?: number[] } = {},
) {
  const { workshopIds, ...row } = values;
  const [coupon] = await db
    .insert(coupons)
    .values({ code: unique('CODE').replace(/[^A-Za-z0-9-]/g, ''), kind: 'percent', value: 10, ...row })
    .returning();
  if (workshopIds?.length) {
    await db
      .insert(couponWorkshops)
      .values(workshopIds.map((workshopId) => ({ couponId: coupon!.id, workshopId })));
  }
  return coupon!;
}

/** An order row as initiate would leave it (kind course, status created, expiring in 30 minutes). */
export async function insertOrder(
  db: Pick<Db, 'insert'>,
  values: Partial<typeof orders.$inferInsert> & { userId: number; batchId: number; now: Date },
) {
  const { now, ...row } = values;
  const [order] = await db
    .insert(orders)
    .values({
      kind: 'course',
      amountMinor: 100,
      currency: 'INR',
      provider: 'sandbox',
      status: 'created',
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      ...row,
    })
    .returning();
  return order!;
}

/** Enrols a user in a batch. */
export async function enrol(db: Db, userId: number, batchId: number) {
  await db.insert(enrolments).values({ userId, batchId });
}
