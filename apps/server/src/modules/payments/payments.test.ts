import { createHmac } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coinsLedger,
  coupons,
  idempotencyKeys,
  orders,
  paymentWebhookEvents,
  users,
} from '../../db/schema/index.js';
import { coinBalance, moveCoins } from '../wallet/index.js';
import { sandboxSecrets } from '../../integrations/payments/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { captureSecurityEvents, countMessages, insertUser, latestCode } from '../auth/testing.js';
import {
  batchOnSale,
  buyer,
  enrolmentsOf,
  inboxCount,
  initiate,
  jobsOf,
  nextIp,
  orderRow,
  paymentRows,
  postWebhook,
  sandboxPay,
  sandboxWebhooks,
  verify,
} from '../../test/payments-flow.js';

/*
 * The payments core (issue 14; checklist F1–F9, F19, B11; decision 0015) through HTTP on the real
 * app, the real checkout, wallet and invoices modules and the sandbox provider.
 */
describe('payments core', () => {
  let t: TestContext;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off', COUNTRY_HEADER: 'cf-ipcountry' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** A signed-in buyer's order for a fresh batch, paid at the sandbox (not yet verified). */
  const paidAtSandbox = async () => {
    const who = await buyer(db(), t.now.value);
    const { batch } = await batchOnSale(db());
    const started = await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers);
    expect(started.statusCode, started.body).toBe(200);
    const order = started.json().data as { orderId: number; providerOrderId: string; amountMinor: number };
    const paid = await sandboxPay(t.app, order.orderId);
    return { who, batch, order, paid };
  };

  describe('initiate (F1)', () => {
    it('when a client sends an amount, currency or discount id, then 400 names the fields and no order is made', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const before = await db().select({ n: count() }).from(orders);
      for (const extra of [{ amount: 1 }, { currency: 'USD' }, { discountId: 7 }, { amountMinor: 100 }]) {
        const response = await initiate(t.app, { batchId: batch.id, plan: 'full', ...extra }, who.headers);
        expect(response.statusCode).toBe(400);
        expect(response.body).toContain(Object.keys(extra)[0]);
      }
      for (const coins of [-5, 1.5]) {
        const response = await initiate(t.app, { batchId: batch.id, plan: 'full', coins }, who.headers);
        expect(response.statusCode).toBe(400);
      }
      const after = await db().select({ n: count() }).from(orders);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it('when a learner initiates, then the provider order is for exactly the stored, server-computed amount', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db(), { amount: 2999, dollar: 49 });
      const response = await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({
        status: 'created',
        provider: 'sandbox',
        currency: 'INR',
        amountMinor: 299_900,
      });
      const stored = await orderRow(db(), data.orderId);
      expect(stored.amountMinor).toBe(299_900);
      expect(stored.providerOrderId).toBe(data.providerOrderId);
      expect(stored.status).toBe('created');
      expect(stored.expiresAt!.getTime() - t.now.value.getTime()).toBe(1800 * 1000);
      const provider = await db().execute(
        sql`SELECT amount_minor::int AS amount, currency, receipt FROM sandbox_orders WHERE provider_order_id = ${data.providerOrderId}`,
      );
      expect(provider.rows[0]).toMatchObject({
        amount: 299_900,
        currency: 'INR',
        receipt: `order_${data.orderId}`,
      });
    });

    it('when the visitor is outside India (trusted country header), then the server charges USD', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db(), { amount: 2999, dollar: 49 });
      const response = await initiate(
        t.app,
        { batchId: batch.id, plan: 'full' },
        {
          ...who.headers,
          'cf-ipcountry': 'US',
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toMatchObject({ currency: 'USD', amountMinor: 4900 });
    });

    it('when nobody is signed in and no checkout id is given, then 401', async () => {
      const { batch } = await batchOnSale(db());
      const response = await initiate(t.app, { batchId: batch.id, plan: 'full' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('verify (F2, F3)', () => {
    it('when the browser verifies a sandbox payment, then the order is paid, the buyer enrolled once, and a receipt queued', async () => {
      const { who, batch, order, paid } = await paidAtSandbox();
      const response = await verify(t.app, order.orderId, paid);
      expect(response.statusCode, response.body).toBe(200);
      const data = response.json().data;
      expect(data).toMatchObject({ status: 'paid', orderId: order.orderId, signInWithToken: false });
      expect(data.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await orderRow(db(), order.orderId)).status).toBe('paid');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
      expect(await paymentRows(db(), order.orderId)).toMatchObject([
        { providerPaymentId: paid.providerPaymentId, status: 'captured', signatureVerified: true },
      ]);
      await t.app.jobs.runner.drain(); // the receipt job writes the e-mail; the webhooks change nothing
      expect(await countMessages(db(), { recipients: [who.email] })).toBe(1);
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
      // The learner's course list shows it at once.
      const courses = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile/courses',
        headers: who.headers,
      });
      if (courses.statusCode === 200) expect(courses.body).toContain(`"id":${batch.id}`);
    });

    it('when the signature was computed over another (cheaper) order, then 400 and nothing changes', async () => {
      const a = await paidAtSandbox();
      const b = await paidAtSandbox();
      const events = captureSecurityEvents();
      // B's genuine proof, presented for A (with A's provider order id, and with B's).
      for (const body of [{ ...b.paid, providerOrderId: a.order.providerOrderId }, b.paid]) {
        const response = await verify(t.app, a.order.orderId, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe('PAYMENT_INVALID');
      }
      events.stop();
      expect(events.events.some((e) => e.type === 'payment_rejected')).toBe(true);
      expect((await orderRow(db(), a.order.orderId)).status).toBe('created');
      expect(await enrolmentsOf(db(), a.who.id, a.batch.id)).toHaveLength(0);
      expect(await paymentRows(db(), a.order.orderId)).toHaveLength(0);
    });

    it('when one character of the signature is flipped, or it is missing, then 400 and no enrolment', async () => {
      const { who, batch, order, paid } = await paidAtSandbox();
      const last = paid.signature.at(-1) === '0' ? '1' : '0';
      const flipped = { ...paid, signature: `${paid.signature.slice(0, -1)}${last}` };
      expect((await verify(t.app, order.orderId, flipped)).statusCode).toBe(400);
      const { signature: _omitted, ...missing } = paid;
      expect((await verify(t.app, order.orderId, missing)).statusCode).toBe(400);
      expect((await verify(t.app, order.orderId, { ...paid, signature: '' })).statusCode).toBe(400);
      expect((await orderRow(db(), order.orderId)).status).toBe('created');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(0);
    });

    it('when a client claims {status:"paid"} without proof, then 400 and the order is unchanged (F3)', async () => {
      const { who, batch, order } = await paidAtSandbox();
      const response = await verify(t.app, order.orderId, { status: 'paid' });
      expect(response.statusCode).toBe(400);
      expect((await orderRow(db(), order.orderId)).status).toBe('created');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(0);
    });

    it('when a sandbox payment failed, then verify answers 400 and the order stays open for a retry that succeeds', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const { orderId } = (await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers)).json()
        .data;
      const failed = await sandboxPay(t.app, orderId, 'failure');
      expect(failed.signature).toBe('');
      await t.app.jobs.runner.drain();
      expect((await orderRow(db(), orderId)).status).toBe('attempted');
      const retry = await sandboxPay(t.app, orderId, 'success');
      const response = await verify(t.app, orderId, retry);
      expect(response.statusCode, response.body).toBe(200);
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
    });
  });

  describe('guest checkout (B11)', () => {
    const addUser = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/payment/add-user', payload, remoteAddress: nextIp() });

    it('when add-user is called for a new and for an existing contact, then both answers look alike and nobody is signed in or created', async () => {
      const { batch } = await batchOnSale(db());
      const existing = await insertUser(db());
      const usersBefore = (await db().select({ n: count() }).from(users))[0]!.n;
      const a = await addUser({
        name: 'New Person',
        email: 'new.person@example.test',
        mobile: '+91 9000000001',
        batchId: batch.id,
      });
      const b = await addUser({
        name: 'Someone',
        email: existing.email,
        mobile: existing.mobile,
        batchId: batch.id,
      });
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(Object.keys(a.json().data).sort()).toEqual(Object.keys(b.json().data).sort());
      expect(a.json().data.checkoutId).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(a.headers['set-cookie']).toBeUndefined();
      expect((await db().select({ n: count() }).from(users))[0]!.n).toBe(usersBefore);
    });

    const guestPurchase = async (contact: { name: string; email: string; mobile: string }) => {
      const { batch } = await batchOnSale(db());
      const checkout = await addUser({ ...contact, batchId: batch.id });
      const { checkoutId } = checkout.json().data;
      const started = await initiate(t.app, { batchId: batch.id, plan: 'full', checkoutId });
      expect(started.statusCode, started.body).toBe(200);
      const { orderId } = started.json().data;
      const paid = await sandboxPay(t.app, orderId);
      const verified = await verify(t.app, orderId, paid);
      expect(verified.statusCode, verified.body).toBe(200);
      return { batch, orderId, checkoutId, verified: verified.json().data };
    };
    const orderLogin = (orderId: number, orderToken: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auth/order/${orderId}/login`,
        payload: { orderToken },
        remoteAddress: nextIp(),
      });

    it('when a new guest pays, then an account is created for them and the order token signs them in', async () => {
      const contact = {
        name: 'Guest New',
        email: `guest.${Date.now()}@example.test`,
        mobile: '+91 9000000002',
      };
      const { batch, orderId, verified } = await guestPurchase(contact);
      expect(verified.signInWithToken).toBe(true);
      const [account] = await db().select().from(users).where(eq(users.email, contact.email));
      expect(account!.createdByCheckoutAt).not.toBeNull();
      expect(await enrolmentsOf(db(), account!.id, batch.id)).toHaveLength(1);
      const login = await orderLogin(orderId, verified.orderToken);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().data.user.id).toBe(account!.id);
    });

    it('when the owner of a checkout-created account first signs in by a one-time code, then the session the order token opened ends', async () => {
      const contact = {
        name: 'Guest Owner',
        email: `owner.${Date.now()}@example.test`,
        mobile: '+91 9000000005',
      };
      const { orderId, verified } = await guestPurchase(contact);
      const login = await orderLogin(orderId, verified.orderToken);
      expect(login.statusCode).toBe(200);
      const early = { authorization: `Bearer ${login.json().data.token}` };
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: early })).statusCode,
      ).toBe(200);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send/otp',
        payload: { email: contact.email, purpose: 'login' },
        remoteAddress: nextIp(),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const code = await latestCode(db(), contact.email);
      const signedIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email: contact.email, otp: code, purpose: 'login' },
        remoteAddress: nextIp(),
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: early })).statusCode,
      ).toBe(401);
      const fresh = { authorization: `Bearer ${signedIn.json().data.token}` };
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/user/v2/details', headers: fresh })).statusCode,
      ).toBe(200);
      const [account] = await db().select().from(users).where(eq(users.email, contact.email));
      expect(account!.createdByCheckoutAt).toBeNull();
    });

    it('when a guest uses the e-mail of an existing account, then that account is enrolled but the token does not sign into it', async () => {
      const existing = await insertUser(db(), { name: 'Account Owner' });
      const { batch, orderId, verified } = await guestPurchase({
        name: 'Impostor',
        email: existing.email!,
        mobile: '+91 9000000003',
      });
      expect(verified.signInWithToken).toBe(false);
      expect(await enrolmentsOf(db(), existing.id, batch.id)).toHaveLength(1);
      const login = await orderLogin(orderId, verified.orderToken);
      expect(login.statusCode).toBe(401);
      // The owner's name is not disclosed to the payer on the success page either.
      const success = await t.app.inject({
        method: 'GET',
        url: `/api/order/${orderId}/success?token=${verified.orderToken}`,
      });
      expect(success.statusCode).toBe(200);
      expect(success.json().data.name).toBe('Impostor');
    });

    it('when a guest uses the mobile of an existing account, then that account is enrolled and not signed in', async () => {
      const existing = await insertUser(db());
      const { batch, verified } = await guestPurchase({
        name: 'Guest',
        email: `other.${Date.now()}@example.test`,
        mobile: existing.mobile!,
      });
      expect(verified.signInWithToken).toBe(false);
      expect(await enrolmentsOf(db(), existing.id, batch.id)).toHaveLength(1);
    });

    it('when a checkout id is unknown or expired, then initiate refuses it (400) and creates nothing', async () => {
      const { batch } = await batchOnSale(db());
      const checkout = await addUser({
        name: 'Late',
        email: `late.${Date.now()}@example.test`,
        mobile: '+91 9000000004',
        batchId: batch.id,
      });
      const { checkoutId } = checkout.json().data;
      const saved = t.now.value;
      t.now.value = new Date(saved.getTime() + 31 * 60_000);
      try {
        const late = await initiate(t.app, { batchId: batch.id, plan: 'full', checkoutId });
        expect(late.statusCode).toBe(400);
      } finally {
        t.now.value = saved;
      }
      const unknown = await initiate(t.app, { batchId: batch.id, plan: 'full', checkoutId: 'x'.repeat(43) });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('success page', () => {
    it('when the owner, the token holder, another learner and a visitor ask, then only the first two see it (others 404)', async () => {
      const { who, order, paid } = await paidAtSandbox();
      const { orderToken } = (await verify(t.app, order.orderId, paid)).json().data;
      const url = `/api/order/${order.orderId}/success`;
      const owner = await t.app.inject({ method: 'GET', url, headers: who.headers });
      expect(owner.statusCode).toBe(200);
      expect(owner.json().data).toMatchObject({
        success: true,
        orderId: order.orderId,
        email: who.email,
        hasInvoice: true,
      });
      const byToken = await t.app.inject({ method: 'GET', url: `${url}?token=${orderToken}` });
      expect(byToken.statusCode).toBe(200);
      // Checked, not used up: the token still works afterwards.
      expect((await t.app.inject({ method: 'GET', url: `${url}?token=${orderToken}` })).statusCode).toBe(200);
      const other = await buyer(db(), t.now.value);
      expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `${url}?token=${'a'.repeat(43)}` })).statusCode).toBe(
        404,
      );
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/order/${order.orderId + 100000}/success` }))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('cancel', () => {
    it('when the payer closes the checkout twice, then the order fails once; another learner gets 404', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const { orderId } = (await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers)).json()
        .data;
      const other = await buyer(db(), t.now.value);
      const url = `/api/payment/order/${orderId}/cancel`;
      expect(
        (await t.app.inject({ method: 'POST', url, headers: other.headers, payload: {} })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(404);
      const first = await t.app.inject({ method: 'POST', url, headers: who.headers, payload: {} });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().data).toEqual({ orderId, status: 'failed' });
      const released = (await orderRow(db(), orderId)).holdsReleasedAt;
      expect(released).not.toBeNull();
      const second = await t.app.inject({ method: 'POST', url, headers: who.headers, payload: {} });
      expect(second.json().data.status).toBe('failed');
      expect((await orderRow(db(), orderId)).holdsReleasedAt).toEqual(released);
    });
  });

  describe('holds and zero amounts', () => {
    it('when an order spending coins is cancelled twice, then the coins come back once and the ledger shows one return', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      await moveCoins(db(), {
        userId: who.id,
        delta: 500,
        reason: 'admin_adjustment',
        ref: `test:${who.id}:grant`,
      });
      const started = await initiate(t.app, { batchId: batch.id, plan: 'full', coins: 200 }, who.headers);
      expect(started.statusCode, started.body).toBe(200);
      const { orderId } = started.json().data;
      expect((await orderRow(db(), orderId)).coinsUsed).toBe(200);
      expect(await coinBalance(db(), who.id)).toBe(300);
      const url = `/api/payment/order/${orderId}/cancel`;
      await Promise.all([
        t.app.inject({ method: 'POST', url, headers: who.headers, payload: {} }),
        t.app.inject({ method: 'POST', url, headers: who.headers, payload: {} }),
      ]);
      await t.app.inject({ method: 'POST', url, headers: who.headers, payload: {} });
      expect(await coinBalance(db(), who.id)).toBe(500);
      const returns = await db()
        .select()
        .from(coinsLedger)
        .where(eq(coinsLedger.ref, `order:${orderId}:coins-return`));
      expect(returns).toHaveLength(1);
    });

    it('when a 100 % coupon leaves nothing to pay, then the order is paid at once, without a provider order, and the buyer enrolled', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const code = `FREE${Date.now() % 100000}`;
      await db().insert(coupons).values({ code, kind: 'percent', value: 100 });
      const started = await initiate(
        t.app,
        { batchId: batch.id, plan: 'full', couponCode: code },
        who.headers,
      );
      expect(started.statusCode, started.body).toBe(200);
      const data = started.json().data;
      expect(data).toMatchObject({ status: 'paid', amountMinor: 0, providerOrderId: null });
      expect(data.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await orderRow(db(), data.orderId)).status).toBe('paid');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
    });
  });

  describe('webhooks (F4, F5, F7, F9)', () => {
    it('when a webhook has a bad, re-serialised or missing signature, then 400 and nothing is stored; the genuine one → 200', async () => {
      const { order } = await paidAtSandbox();
      const [hook] = await sandboxWebhooks(db(), order.providerOrderId);
      expect(hook).toBeDefined();
      const before = await inboxCount(db());
      const reserialised = JSON.stringify(JSON.parse(hook!.body), null, 2);
      const wrong = createHmac('sha256', 'not-the-secret').update(hook!.body).digest('hex');
      for (const bad of [
        { body: hook!.body, signature: wrong, eventId: hook!.eventId },
        { body: reserialised, signature: hook!.signature, eventId: hook!.eventId },
        { body: hook!.body, eventId: hook!.eventId },
      ]) {
        const response = await postWebhook(t.app, bad);
        expect(response.statusCode).toBe(400);
      }
      expect(await inboxCount(db())).toBe(before);
      const good = await postWebhook(t.app, hook!);
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().data).toEqual({ received: true, duplicate: false });
      expect(await inboxCount(db())).toBe(before + 1);
    });

    it('when a webhook is acknowledged, then it is stored and queued first; the job does the work (F9)', async () => {
      const { who, batch, order } = await paidAtSandbox();
      const hooks = await sandboxWebhooks(db(), order.providerOrderId);
      const captured = hooks.find((h) => h.event === 'payment.captured')!;
      const response = await postWebhook(t.app, captured);
      expect(response.statusCode).toBe(200);
      const [stored] = await db()
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.providerEventId, captured.eventId));
      expect(stored!.processedAt).toBeNull();
      expect(await jobsOf(db(), 'payment.webhook', captured.eventId)).toHaveLength(1);
      expect((await orderRow(db(), order.orderId)).status).toBe('created');
      await t.app.jobs.runner.drain();
      expect((await orderRow(db(), order.orderId)).status).toBe('paid');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
      const [processed] = await db()
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.providerEventId, captured.eventId));
      expect(processed!.processedAt).not.toBeNull();
    });

    it('when the same webhook arrives 5 times, 5 of them at once, then one enrolment, one payment and one receipt', async () => {
      const { who, batch, order } = await paidAtSandbox();
      const captured = (await sandboxWebhooks(db(), order.providerOrderId)).find(
        (h) => h.event === 'payment.captured',
      )!;
      const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(t.app, captured)));
      for (let i = 0; i < 5; i += 1) answers.push(await postWebhook(t.app, captured));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(answers.filter((a) => a.json().data.duplicate === false)).toHaveLength(1);
      await t.app.jobs.runner.drain();
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
      expect(await paymentRows(db(), order.orderId)).toHaveLength(1);
      expect(await countMessages(db(), { recipients: [who.email] })).toBe(1);
    });

    it('when events arrive out of order (order.paid, captured, then authorized and a late failure), then the order is paid once and late events are ignored', async () => {
      const { who, batch, order } = await paidAtSandbox();
      const hooks = await sandboxWebhooks(db(), order.providerOrderId);
      const byType = (type: string) => hooks.find((h) => h.event === type)!;
      for (const type of ['order.paid', 'payment.captured', 'payment.authorized']) {
        expect((await postWebhook(t.app, byType(type))).statusCode).toBe(200);
      }
      await t.app.jobs.runner.drain();
      expect((await orderRow(db(), order.orderId)).status).toBe('paid');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
      expect(await paymentRows(db(), order.orderId)).toHaveLength(1);
      expect(await countMessages(db(), { recipients: [who.email] })).toBe(1);
    });

    it('when a captured payment differs from the order in amount or currency, then the order is flagged and nobody is enrolled (F8)', async () => {
      for (const change of [{ amount: -100 }, { currency: 'USD' }]) {
        const { who, batch, order } = await paidAtSandbox();
        const captured = (await sandboxWebhooks(db(), order.providerOrderId)).find(
          (h) => h.event === 'payment.captured',
        )!;
        const event = JSON.parse(captured.body) as {
          payload: { payment: { entity: { id: string; amount: number; currency: string } } };
        };
        const entity = event.payload.payment.entity;
        entity.id = `${entity.id}x`;
        if ('amount' in change) entity.amount += change.amount;
        else entity.currency = change.currency;
        const body = JSON.stringify(event);
        const secret = sandboxSecrets(t.config.appSecret).webhookSecret;
        const signature = createHmac('sha256', secret).update(body).digest('hex');
        const events = captureSecurityEvents();
        const response = await postWebhook(t.app, {
          body,
          signature,
          eventId: `${captured.eventId}-tampered`,
        });
        expect(response.statusCode, response.body).toBe(200);
        await t.app.jobs.runner.drain(); // the tampered event, then the sandbox's genuine ones
        events.stop();
        const row = await orderRow(db(), order.orderId);
        expect(row.flaggedAt).not.toBeNull();
        expect(row.flagReason).toContain(entity.id);
        expect(row.status).not.toBe('paid');
        expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(0);
        expect(events.events.some((e) => e.type === 'payment_flagged')).toBe(true);
      }
    });

    it('when the sandbox delivers its webhooks by itself (all of them, via the queue), then the order ends paid exactly once', async () => {
      const { who, batch, order } = await paidAtSandbox();
      await t.app.jobs.runner.drain();
      expect((await orderRow(db(), order.orderId)).status).toBe('paid');
      expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
    });
  });

  describe('verify racing webhooks (F6)', () => {
    it('when the browser verification and the webhooks race 10 times, then each order has exactly one enrolment and one payment', async () => {
      for (let round = 0; round < 10; round += 1) {
        const { who, batch, order, paid } = await paidAtSandbox();
        const hooks = await sandboxWebhooks(db(), order.providerOrderId);
        const results = await Promise.all([
          verify(t.app, order.orderId, paid),
          ...hooks.map((h) => postWebhook(t.app, h)),
          t.app.jobs.runner.drain(),
          verify(t.app, order.orderId, paid),
        ]);
        await t.app.jobs.runner.drain();
        expect((results[0] as { statusCode: number }).statusCode).toBe(200);
        expect((await orderRow(db(), order.orderId)).status).toBe('paid');
        expect(await enrolmentsOf(db(), who.id, batch.id)).toHaveLength(1);
        expect(await paymentRows(db(), order.orderId)).toHaveLength(1);
        expect(await countMessages(db(), { recipients: [who.email] })).toBe(1);
      }
    }, 120_000);
  });

  describe('Idempotency-Key (F19)', () => {
    it('when the same key and body repeat, then the first answer is replayed and only one provider order exists', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const headers = { ...who.headers, 'idempotency-key': 'key-same-body-1' };
      const first = await initiate(t.app, { batchId: batch.id, plan: 'full' }, headers);
      const second = await initiate(t.app, { plan: 'full', batchId: batch.id }, headers);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json().data).toEqual(first.json().data);
      const mine = await db().select().from(orders).where(eq(orders.userId, who.id));
      expect(mine).toHaveLength(1);
    });

    it('when the same key comes with another body, then 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const { batch: other } = await batchOnSale(db());
      const headers = { ...who.headers, 'idempotency-key': 'key-other-body' };
      expect((await initiate(t.app, { batchId: batch.id, plan: 'full' }, headers)).statusCode).toBe(200);
      const reused = await initiate(t.app, { batchId: other.id, plan: 'full' }, headers);
      expect(reused.statusCode).toBe(422);
      expect(reused.json().error).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('when the same key arrives concurrently, then one order is made and the duplicates get 409 or the replay', async () => {
      const who = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const headers = { ...who.headers, 'idempotency-key': 'key-concurrent' };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => initiate(t.app, { batchId: batch.id, plan: 'full' }, headers)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      const ids = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.orderId));
      expect(ids.size).toBe(1);
      expect(await db().select().from(orders).where(eq(orders.userId, who.id))).toHaveLength(1);
    });

    it('when a key is older than 24 hours, then a request with it is new; keys are per caller', async () => {
      const who = await buyer(db(), t.now.value);
      const someone = await buyer(db(), t.now.value);
      const { batch } = await batchOnSale(db());
      const key = { 'idempotency-key': 'key-expiring' };
      const first = await initiate(t.app, { batchId: batch.id, plan: 'full' }, { ...who.headers, ...key });
      // Another caller with the same key is not answered with the first caller's order.
      const theirs = await initiate(
        t.app,
        { batchId: batch.id, plan: 'full' },
        { ...someone.headers, ...key },
      );
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json().data.orderId).not.toBe(first.json().data.orderId);
      await db()
        .update(idempotencyKeys)
        .set({ createdAt: new Date(t.now.value.getTime() - 25 * 3600_000) })
        .where(eq(idempotencyKeys.key, 'key-expiring'));
      // The first order still holds the seat/batch for this buyer: cancel it, then retry the key.
      await t.app.inject({
        method: 'POST',
        url: `/api/payment/order/${first.json().data.orderId}/cancel`,
        headers: who.headers,
        payload: {},
      });
      const later = await initiate(t.app, { batchId: batch.id, plan: 'full' }, { ...who.headers, ...key });
      expect(later.statusCode, later.body).toBe(200);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json().data.orderId).not.toBe(first.json().data.orderId);
    });
  });
});
