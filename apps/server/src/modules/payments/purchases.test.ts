import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  competitionRegistrations,
  competitions,
  enrolments,
  instalmentPlans,
  instalments,
  orders,
  paymentLinks,
} from '../../db/schema/index.js';
import { DEMO_PAYMENT_LINK_TOKEN } from '../../db/seed/payment-links.js';
import {
  createBatch,
  createCategory,
  createConsultationPackage,
  createSubcategory,
  createWorkshop,
} from '../../test/factories.js';
import { moveCoins } from '../wallet/index.js';
import { createPaymentLink } from './payment-links.js';
import { createPurchasesTest, learner, orderRow, type PurchasesTest } from '../../test/purchases-app.js';

type Headers = Record<string, string>;

describe('other purchases, end to end (issue 14 "Other purchases")', { timeout: 90_000 }, () => {
  let t: PurchasesTest;
  let workshopId: number;
  let batchId: number;
  beforeAll(async () => {
    t = await createPurchasesTest({ env: { COUNTRY_HEADER: 'cf-ipcountry' } });
    const db = t.database.db;
    const category = await createCategory(db, { name: 'Design' });
    const sub = await createSubcategory(db, category.id);
    workshopId = (
      await createWorkshop(db, { type: 2, shortTitle: 'Branding', subcategoryId: sub.id, sequence: 1 })
    ).id;
    batchId = (await createBatch(db, workshopId, { amount: 2999, dollar: 49 })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function initiate(
    url: string,
    headers: Headers,
    payload: Record<string, unknown>,
    extra: Headers = {},
  ) {
    return t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
  }

  /** The payer pays in the sandbox and the browser verifies: the machinery fulfils. */
  async function payAndVerify(orderId: number, headers: Headers) {
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/payment/sandbox/pay',
      payload: { orderId, outcome: 'success' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const { providerOrderId, providerPaymentId, signature } = pay.json().data as Record<string, string>;
    const verify = await t.app.inject({
      method: 'PUT',
      url: `/api/payment/order/${orderId}`,
      headers,
      payload: { providerOrderId, providerPaymentId, signature },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data.status).toBe('paid');
    return verify.json().data as { orderToken: string };
  }

  it('when a learner buys a batch’s recordings, then the server prices it and grants recordings, not a seat', async () => {
    const buyer = await learner(t);
    const res = await initiate('/api/user/recording/payment', buyer.headers, { batchId });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      amountMinor: 150_000,
      currency: 'INR',
      status: 'created',
      provider: 'sandbox',
    });
    await payAndVerify(data.orderId, buyer.headers);
    const [enrolment] = await t.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, buyer.id), eq(enrolments.batchId, batchId)));
    expect(enrolment).toMatchObject({
      isEnrolled: false,
      isDashboardAccess: true,
      sourceOrderId: data.orderId,
    });
    // Buying it again → 409.
    expect((await initiate('/api/user/recording/payment', buyer.headers, { batchId })).statusCode).toBe(409);
  });

  it('when a visitor outside India buys recordings, then the price is the dollar one', async () => {
    const buyer = await learner(t);
    const res = await initiate(
      '/api/user/recording/payment',
      buyer.headers,
      { batchId },
      { 'cf-ipcountry': 'US' },
    );
    expect(res.json().data).toMatchObject({ amountMinor: 2500, currency: 'USD' });
  });

  it('when a request carries an amount, a price or a currency, then it is refused with 400 and no order', async () => {
    const buyer = await learner(t);
    const before = (await t.database.db.select().from(orders)).length;
    for (const [url, body] of [
      ['/api/user/recording/payment', { batchId, amountMinor: 1 }],
      ['/api/coins/payment/initiate', { batchId, coins: 1 }],
      ['/api/consultation/payment/initiate', { packageId: 1, price: 1 }],
      ['/api/competition/payment/initiate', { competitionId: 1, currency: 'USD' }],
      ['/api/custom/payment/initiate', { linkToken: DEMO_PAYMENT_LINK_TOKEN, amountMinor: 100 }],
      ['/api/payment/instalment/initiate', { instalmentId: 1, amountMinor: 100 }],
    ] as const) {
      const res = await initiate(url, buyer.headers, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    expect((await t.database.db.select().from(orders)).length).toBe(before);
  });

  it('when a learner pays a competition entry, then the registration is confirmed', async () => {
    const [competition] = await t.database.db
      .insert(competitions)
      .values({
        title: 'Poster jam',
        slug: `poster-jam-${Date.now()}`,
        amount: 499,
        dollar: 9,
        registrationDeadline: '2099-01-01',
      })
      .returning();
    const buyer = await learner(t);
    const res = await initiate('/api/competition/payment/initiate', buyer.headers, {
      competitionId: competition!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amountMinor: 49_900, currency: 'INR' });
    await payAndVerify(res.json().data.orderId, buyer.headers);
    const [registration] = await t.database.db
      .select()
      .from(competitionRegistrations)
      .where(eq(competitionRegistrations.userId, buyer.id));
    expect(registration).toMatchObject({ status: 'confirmed', orderId: res.json().data.orderId });
    expect(
      (await initiate('/api/competition/payment/initiate', buyer.headers, { competitionId: competition!.id }))
        .statusCode,
    ).toBe(409);
    expect(
      (await initiate('/api/competition/payment/initiate', buyer.headers, { competitionId: 999_999 }))
        .statusCode,
    ).toBe(404);
  });

  it('when a learner pays a consultation package, then the order is paid at the package price', async () => {
    const pack = await createConsultationPackage(t.database.db, { id: 7, price: 1999 });
    const buyer = await learner(t);
    const res = await initiate('/api/consultation/payment/initiate', buyer.headers, { packageId: pack.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amountMinor: 199_900, currency: 'INR' });
    await payAndVerify(res.json().data.orderId, buyer.headers);
    const order = await orderRow(t, res.json().data.orderId);
    expect(order).toMatchObject({ status: 'paid', kind: 'consultation', consultationPackageId: 7 });
  });

  it('when a guest pays a payment link, then the link is paid once and shows as paid', async () => {
    const link = await createPaymentLink(t.database.db, {
      purpose: 'Late fee',
      amountMinor: 75_000,
      currency: 'INR',
      expiresAt: new Date(t.now.value.getTime() + 86_400_000),
      payeeName: 'Ravi',
    });
    const shown = await t.app.inject({ url: `/api/custom/payment/${link.token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      purpose: 'Late fee',
      amountMinor: 75_000,
      status: 'open',
      payeeName: 'Ravi',
    });
    expect((await t.app.inject({ url: '/api/custom/payment/not-a-real-link-token-0000' })).statusCode).toBe(
      404,
    );

    // Without a session or a checkout: 401.
    expect((await initiate('/api/custom/payment/initiate', {}, { linkToken: link.token })).statusCode).toBe(
      401,
    );
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/payment/add-user',
      payload: {
        name: 'Ravi Guest',
        email: `ravi.${Date.now()}@example.test`,
        mobile: '+91 9812345678',
        linkToken: link.token,
      },
    });
    expect(guest.statusCode, guest.body).toBe(200);
    const { checkoutId } = guest.json().data as { checkoutId: string };
    const res = await initiate('/api/custom/payment/initiate', {}, { linkToken: link.token, checkoutId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amountMinor: 75_000, currency: 'INR' });
    await payAndVerify(res.json().data.orderId, {});
    const [paid] = await t.database.db.select().from(paymentLinks).where(eq(paymentLinks.id, link.id));
    expect(paid?.paidOrderId).toBe(res.json().data.orderId);
    expect((await t.app.inject({ url: `/api/custom/payment/${link.token}` })).json().data.status).toBe(
      'paid',
    );
    const buyer = await learner(t);
    expect(
      (await initiate('/api/custom/payment/initiate', buyer.headers, { linkToken: link.token })).statusCode,
    ).toBe(409);
  });

  it('when a payment link has expired, then it cannot be paid', async () => {
    const link = await createPaymentLink(t.database.db, {
      purpose: 'Old request',
      amountMinor: 10_000,
      currency: 'INR',
      expiresAt: new Date(t.now.value.getTime() - 1000),
    });
    const buyer = await learner(t);
    expect((await t.app.inject({ url: `/api/custom/payment/${link.token}` })).json().data.status).toBe(
      'expired',
    );
    expect(
      (await initiate('/api/custom/payment/initiate', buyer.headers, { linkToken: link.token })).statusCode,
    ).toBe(409);
  });

  it('when a learner pays the next instalment, then it is paid by its own order; another learner gets 404', async () => {
    const buyer = await learner(t);
    const stranger = await learner(t);
    const db = t.database.db;
    const [plan] = await db
      .insert(instalmentPlans)
      .values({ userId: buyer.id, batchId, totalMinor: 299_900, currency: 'INR' })
      .returning();
    const [first, second] = await db
      .insert(instalments)
      .values([
        { planId: plan!.id, sequence: 1, dueDate: '2026-11-01', amountMinor: 149_900 },
        { planId: plan!.id, sequence: 2, dueDate: '2026-12-01', amountMinor: 150_000 },
      ])
      .returning();
    await db.insert(enrolments).values({ userId: buyer.id, batchId });
    void first;
    expect(
      (await initiate('/api/payment/instalment/initiate', stranger.headers, { instalmentId: second!.id }))
        .statusCode,
    ).toBe(404);
    const res = await initiate('/api/payment/instalment/initiate', buyer.headers, {
      instalmentId: second!.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amountMinor: 150_000, currency: 'INR' });
    await payAndVerify(res.json().data.orderId, buyer.headers);
    const [paid] = await db.select().from(instalments).where(eq(instalments.id, second!.id));
    expect(paid?.paidOrderId).toBe(res.json().data.orderId);
    expect((await orderRow(t, res.json().data.orderId)).kind).toBe('instalment');
  });

  it('when a learner pays wholly with coins, then they are enrolled at once; too few coins → 409 INSUFFICIENT_COINS', async () => {
    const rich = await learner(t);
    const poor = await learner(t);
    await t.database.db.transaction(async (tx) => {
      await moveCoins(tx, {
        userId: rich.id,
        delta: 1_000_000,
        reason: 'admin_adjustment',
        ref: `test:${rich.id}`,
      });
      await moveCoins(tx, { userId: poor.id, delta: 10, reason: 'admin_adjustment', ref: `test:${poor.id}` });
    });
    const short = await initiate('/api/coins/payment/initiate', poor.headers, { batchId });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toBe('INSUFFICIENT_COINS');
    const res = await initiate('/api/coins/payment/initiate', rich.headers, { batchId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'paid', providerOrderId: null, amountMinor: 0 });
    expect(res.json().data.orderToken).toBeTruthy();
    const [enrolment] = await t.database.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, rich.id), eq(enrolments.batchId, batchId)));
    expect(enrolment?.isEnrolled).toBe(true);
  });

  it('when a visitor calls a signed-in purchase, then 401', async () => {
    for (const url of ['/api/user/recording/payment', '/api/coins/payment/initiate']) {
      expect((await initiate(url, {}, { batchId })).statusCode).toBe(401);
    }
  });
});
