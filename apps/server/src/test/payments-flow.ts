/*
 * Test support for the payments tests (no test runner imports): a buyer, a batch on sale, and the
 * HTTP calls of a purchase through the sandbox provider — initiate, pay, verify, and the
 * sandbox's own signed webhooks delivered by hand or by the job queue.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { enrolments, jobs, orders, paymentWebhookEvents, payments } from '../db/schema/index.js';
import { createBatch, createWorkshop } from './factories.js';
import { bearer, insertSession, insertUser } from '../modules/auth/testing.js';

export const WEBHOOK_URL = '/api/payment/webhook/razorpay';

let ipCounter = 0;
/** A fresh client address per call, so per-IP rate limits never interfere. */
export const nextIp = () => `10.77.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

export interface Buyer {
  id: number;
  email: string;
  mobile: string;
  headers: { authorization: string };
}

export async function buyer(db: Db, now: Date): Promise<Buyer> {
  const user = await insertUser(db);
  const { token } = await insertSession(db, user.id, now);
  return { id: user.id, email: user.email!, mobile: user.mobile!, headers: bearer(token) };
}

/** A published course with one batch on sale (starting in the future). */
export async function batchOnSale(db: Db, values: { amount?: number; dollar?: number } = {}) {
  const workshop = await createWorkshop(db, { type: 2 });
  const batch = await createBatch(db, workshop.id, {
    startDate: '2027-03-01',
    endDate: '2027-04-30',
    amount: values.amount ?? 2999,
    dollar: values.dollar ?? 49,
  });
  return { workshop, batch };
}

export function initiate(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/payment/initiate',
    payload,
    headers,
    remoteAddress: nextIp(),
  });
}

export interface SandboxPayment {
  providerOrderId: string;
  providerPaymentId: string;
  signature: string;
}

export async function sandboxPay(
  app: FastifyInstance,
  orderId: number,
  outcome: 'success' | 'failure' = 'success',
): Promise<SandboxPayment> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payment/sandbox/pay',
    payload: { orderId, outcome },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) throw new Error(`sandbox pay: ${response.statusCode} ${response.body}`);
  const { providerOrderId, providerPaymentId, signature } = response.json().data as SandboxPayment;
  return { providerOrderId, providerPaymentId, signature };
}

export function verify(
  app: FastifyInstance,
  orderId: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'PUT',
    url: `/api/payment/order/${orderId}`,
    payload,
    headers,
    remoteAddress: nextIp(),
  });
}

/** A webhook as the sandbox queued it: the exact bytes and their headers. */
export interface QueuedWebhook {
  eventId: string;
  event: string;
  body: string;
  signature: string;
}

/** The webhooks the sandbox queued for a provider order (by its id in the body), oldest first. */
export async function sandboxWebhooks(db: Db, providerOrderId: string): Promise<QueuedWebhook[]> {
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(eq(jobs.topic, 'sandbox.webhook'), sql`${jobs.payload}->>'body' LIKE ${`%${providerOrderId}%`}`),
    )
    .orderBy(jobs.id);
  return rows.map((row) => row.payload as unknown as QueuedWebhook);
}

export function postWebhook(
  app: FastifyInstance,
  hook: { body: string; signature?: string | undefined; eventId?: string | undefined },
) {
  return app.inject({
    method: 'POST',
    url: WEBHOOK_URL,
    headers: {
      'content-type': 'application/json',
      ...(hook.signature === undefined ? {} : { 'x-razorpay-signature': hook.signature }),
      ...(hook.eventId === undefined ? {} : { 'x-razorpay-event-id': hook.eventId }),
    },
    payload: hook.body,
    remoteAddress: nextIp(),
  });
}

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function enrolmentsOf(db: Db, userId: number, batchId: number) {
  return db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.batchId, batchId)));
}

export async function paymentRows(db: Db, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId));
}

export async function inboxCount(db: Db): Promise<number> {
  const rows = await db.select({ id: paymentWebhookEvents.id }).from(paymentWebhookEvents);
  return rows.length;
}

/** Jobs of `topic` whose payload mentions `text`. */
export async function jobsOf(db: Db, topic: string, text?: string) {
  return db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.topic, topic),
        text === undefined ? sql`true` : sql`${jobs.payload}::text LIKE ${`%${text}%`}`,
      ),
    );
}
