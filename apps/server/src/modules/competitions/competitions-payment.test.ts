import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions } from '../../db/schema/index.js';
import { createPurchasesTest, learner, type PurchasesTest } from '../../test/purchases-app.js';

/*
 * A paid competition entry through the commerce order flow: the paid order confirms the
 * registration (payments' purchase effects) and queues the same confirmation message as a free
 * registration; the registration call then shows it.
 */
describe('paid competition registration', { timeout: 90_000 }, () => {
  let t: PurchasesTest;
  let paidId: number;
  let freeId: number;
  beforeAll(async () => {
    t = await createPurchasesTest();
    const [paid] = await t.database.db
      .insert(competitions)
      .values({
        title: 'Tiny Homes',
        slug: 'tiny-homes',
        amount: 499,
        dollar: 9,
        registrationDeadline: '2099-01-01',
      })
      .returning();
    const [free] = await t.database.db
      .insert(competitions)
      .values({ title: 'Sketch', slug: 'sketch', amount: 0, registrationDeadline: '2099-01-01' })
      .returning();
    paidId = paid!.id;
    freeId = free!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a learner pays the entry fee, then the registration is confirmed with one confirmation message', async () => {
    const buyer = await learner(t);
    const initiated = await t.app.inject({
      method: 'POST',
      url: '/api/competition/payment/initiate',
      headers: buyer.headers,
      payload: { competitionId: paidId },
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    const orderId = initiated.json().data.orderId as number;

    const pending = await t.app.inject({
      url: `/api/user/competition/${paidId}/registration`,
      headers: buyer.headers,
    });
    expect(pending.json().data).toEqual({ registration: null });

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
      headers: buyer.headers,
      payload: { providerOrderId, providerPaymentId, signature },
    });
    expect(verify.statusCode, verify.body).toBe(200);

    const shown = await t.app.inject({
      url: `/api/user/competition/${paidId}/registration`,
      headers: buyer.headers,
    });
    const registration = shown.json().data.registration;
    expect(registration).toMatchObject({ competitionId: paidId, status: 'confirmed' });
    const queued = await t.database.db.execute<{ payload: Record<string, unknown> }>(
      sql`select payload from jobs where dedupe_key = ${`notification.send:competition-registration:${registration.id}`}`,
    );
    expect(queued.rows.map((r) => r.payload)).toEqual([
      { kind: 'competition-registration', to: { userId: buyer.id }, registrationId: registration.id },
    ]);

    // The free registration call now answers the paid registration, unchanged.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/competition/register',
      headers: buyer.headers,
      payload: { competitionId: paidId },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(registration);
  });

  it('when a learner tries to pay for a free competition, then 409 pointing at free registration', async () => {
    const buyer = await learner(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/competition/payment/initiate',
      headers: buyer.headers,
      payload: { competitionId: freeId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('/api/competition/register');
  });
});
