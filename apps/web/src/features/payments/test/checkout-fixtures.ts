import type {
  CheckoutBatch,
  CheckoutDetails,
  InitiatePayment,
  Instalment,
  OrderSuccess,
  OwnProfile,
} from '@atelier/contract';
import { learner, scriptedApi } from '../../../lib/testing/identity-fixtures';

/*
 * Answers of the commerce calls as the contract pins them (packages/contract/src/commerce.ts), for
 * the checkout's component tests. Imported by tests only.
 */

export const WORKSHOP = {
  id: 1,
  type: 2,
  title: 'Revit for Architects',
  shortTitle: 'Revit for Architects',
  slug: 'revit-for-architects',
};

export function checkoutBatch(overrides: Partial<CheckoutBatch> & Pick<CheckoutBatch, 'id'>): CheckoutBatch {
  return {
    name: 'January cohort',
    startDate: '2027-01-09',
    endDate: '2027-02-28',
    sessionType: 1,
    BatchSchedules: [{ id: 1, day: 6, startTime: '10:00:00', endTime: '12:00:00' }],
    seatsLeft: 18,
    hasStarted: false,
    onSaleUntil: '0000-00-00',
    amountMinor: 2_400_000,
    slashMinor: 3_000_000,
    ...overrides,
  };
}

export const january = checkoutBatch({ id: 31 });
export const november = checkoutBatch({
  id: 32,
  name: 'November cohort',
  startDate: '2026-11-14',
  endDate: '2027-01-10',
  hasStarted: true,
  seatsLeft: 3,
});

/** WELCOME10's 10 % off, as `POST /api/course/ws/details` with `couponCode` prices the plans. */
export function withWelcome10(details: CheckoutDetails): CheckoutDetails {
  const off = (minor: number) => minor - Math.floor(minor / 10);
  return {
    ...details,
    plans: {
      full: { amountMinor: off(details.plans.full.amountMinor) },
      instalments: details.plans.instalments
        ? {
            totalMinor: off(details.plans.instalments.totalMinor),
            instalments: details.plans.instalments.instalments.map((i) => ({
              ...i,
              amountMinor: off(i.amountMinor),
            })),
          }
        : null,
    },
    coupon: {
      code: 'WELCOME10',
      applied: true,
      discountMinor: Math.floor(details.plans.full.amountMinor / 10),
      finalAmountMinor: off(details.plans.full.amountMinor),
      currency: details.currency,
    },
  };
}

/** `POST /api/course/ws/details` for batch `batchId` (31 or 32) of Revit for Architects. */
export function checkoutDetails(batchId = 31, overrides: Partial<CheckoutDetails> = {}): CheckoutDetails {
  const batches = [january, november];
  const batch = batches.find((b) => b.id === batchId) ?? january;
  return {
    batch,
    batches,
    Workshop: WORKSHOP,
    currency: 'INR',
    amountMinor: 2_400_000,
    slashMinor: 3_000_000,
    plans: {
      full: { amountMinor: 2_400_000 },
      instalments: {
        totalMinor: 2_550_000,
        instalments: [
          { sequence: 1, dueDate: '2026-11-25', amountMinor: 850_000 },
          { sequence: 2, dueDate: '2026-12-25', amountMinor: 850_000 },
          { sequence: 3, dueDate: '2027-01-25', amountMinor: 850_000 },
        ],
      },
    },
    coupon: null,
    coins: null,
    notice: null,
    ...overrides,
  };
}

export function initiated(overrides: Partial<InitiatePayment> = {}): InitiatePayment {
  return {
    orderId: 501,
    status: 'created',
    provider: 'sandbox',
    providerOrderId: 'order_SBX0000000501',
    amountMinor: 850_000,
    currency: 'INR',
    keyId: 'sandbox',
    description: 'Revit for Architects — January cohort',
    prefill: { name: 'Kavya Iyer', email: 'kavya@example.com', contact: '9876512345' },
    expiresAt: '2026-11-25T23:30:00.000Z',
    orderToken: null,
    ...overrides,
  };
}

export const ORDER_TOKEN = 'otk_abcdefghijklmnopqrstuvwxyz012345';

export function orderSuccess(overrides: Partial<OrderSuccess> = {}): OrderSuccess {
  return {
    name: 'Kavya Iyer',
    email: 'kavya@example.com',
    mobile: '9876512345',
    success: true,
    brochure: '/api/brochure/pdf?id=1',
    orderId: 501,
    status: 'paid',
    kind: 'course',
    amountMinor: 850_000,
    currency: 'INR',
    paidAt: '2026-11-25T22:10:00.000Z',
    Workshop: WORKSHOP,
    batchId: 31,
    hasInvoice: true,
    ...overrides,
  };
}

/** Kavya, the guest whose account the checkout created, as her sign-in answers. */
export const kavya: OwnProfile = {
  ...learner,
  id: 44,
  name: 'Kavya Iyer',
  email: 'kavya@example.com',
  mobile: '9876512345',
  coins: 0,
};

export function instalmentAnswer(overrides: Partial<Instalment> = {}): Instalment {
  const items = [
    {
      id: 91,
      sequence: 1,
      dueDate: '2026-11-01',
      amountMinor: 850_000,
      paid: true,
      paidAt: '2026-11-01T10:00:00Z',
    },
    { id: 92, sequence: 2, dueDate: '2026-11-28', amountMinor: 850_000, paid: false, paidAt: null },
    { id: 93, sequence: 3, dueDate: '2026-12-28', amountMinor: 850_000, paid: false, paidAt: null },
  ];
  return {
    ...items[1]!,
    currency: 'INR',
    batchId: 31,
    Workshop: WORKSHOP,
    plan: { id: 7, totalMinor: 2_550_000, paidMinor: 850_000, instalments: items },
    ...overrides,
  };
}

/**
 * What the sandbox answers once order 501 is paid at once (its checkout, the confirmation, the
 * receipt of `kind`): the tail every purchase test of a non-course order shares.
 */
export function paidInSandbox(kind: OrderSuccess['kind']) {
  return {
    'POST /api/payment/sandbox/checkout': {
      data: {
        providerOrderId: 'order_SBX0000000501',
        providerPaymentId: 'pay_SBX0000000901',
        signature: 'a1b2c3',
        outcome: 'success',
      },
    },
    'PUT /api/payment/order/501': {
      data: { status: 'paid', orderId: 501, orderToken: ORDER_TOKEN, signInWithToken: false },
    },
    'GET /api/order/501/success': { data: orderSuccess({ kind, Workshop: null }) },
  };
}

/**
 * The scripted API with the request headers recorded too: `keys` lists the `Idempotency-Key` of
 * every call that carried one, in order, with its path.
 */
export function checkoutApi(handlers: Parameters<typeof scriptedApi>[0]) {
  const api = scriptedApi(handlers);
  const keys: { path: string; key: string }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const key = request.headers.get('idempotency-key');
    if (key) keys.push({ path: new URL(request.url).pathname, key });
    return api.fetch(input, init);
  };
  return { ...api, fetch, keys };
}
