import { z } from 'zod';
import { AdminListQuerySchema, adminPageSchema } from './admin.js';
import { ORDER_KIND_VALUES, ORDER_STATUS_VALUES } from './commerce.js';
import { CurrencyCodeSchema, IdSchema, WireDateSchema } from './wire.js';

/*
 * The staff console's money (issue 17 point 5), admins only: orders and their payments, refunds,
 * coupons, payment links, instalment plans and invoices. Every amount is an integer in minor units
 * (paise, cents) with its currency beside it, as the payment tables keep it.
 */

export const REFUND_STATUS_VALUES = ['pending', 'processed', 'failed'] as const;
export const INSTALMENT_PLAN_STATUS_VALUES = ['active', 'completed', 'cancelled', 'defaulted'] as const;

const Minor = z.number().int();
const Person = z.object({
  id: IdSchema.nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/admin/orders`: sorts by `createdAt` (default `-createdAt`), `amount`, `paidAt`;
 * searches the order id, the buyer's (or guest's) name, e-mail and mobile, and the provider's
 * order and payment ids. `from`/`to` are days (India time) of `createdAt`, both included.
 */
export const AdminOrdersQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(ORDER_STATUS_VALUES, { error: 'must be an order status' }).optional(),
  kind: z.enum(ORDER_KIND_VALUES, { error: 'must be an order kind' }).optional(),
  currency: CurrencyCodeSchema.optional(),
  workshopId: z.coerce.number().int().positive().optional(),
  from: WireDateSchema.optional(),
  to: WireDateSchema.optional(),
}).strict();

export const AdminOrderSchema = z.object({
  id: IdSchema,
  kind: z.enum(ORDER_KIND_VALUES),
  status: z.enum(ORDER_STATUS_VALUES),
  amountMinor: Minor,
  discountMinor: Minor,
  currency: z.string(),
  provider: z.string(),
  providerOrderId: z.string().nullable(),
  buyer: Person,
  workshop: z.object({ id: IdSchema, title: z.string() }).nullable(),
  batchId: IdSchema.nullable(),
  couponCode: z.string().nullable(),
  /** Refunds processed or on their way (pending), minor units. */
  refundedMinor: Minor,
  flagReason: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;
export const AdminOrderPageSchema = adminPageSchema(AdminOrderSchema);

export const AdminPaymentSchema = z.object({
  id: IdSchema,
  providerPaymentId: z.string(),
  amountMinor: Minor,
  currency: z.string(),
  status: z.string(),
  method: z.string().nullable(),
  capturedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminRefundSchema = z.object({
  id: IdSchema,
  paymentId: IdSchema,
  providerRefundId: z.string().nullable(),
  amountMinor: Minor,
  currency: z.string(),
  status: z.enum(REFUND_STATUS_VALUES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

export const AdminInstalmentSchema = z.object({
  id: IdSchema,
  sequence: z.number().int(),
  dueDate: z.string(),
  amountMinor: Minor,
  paidOrderId: IdSchema.nullable(),
  paidAt: z.string().nullable(),
  /** `paid`, `due` (today or later) or `overdue` (past its day, unpaid). */
  state: z.enum(['paid', 'due', 'overdue']),
});

/** `GET /api/admin/orders/{id}`: one order with everything money knows about it. */
export const AdminOrderDetailSchema = AdminOrderSchema.extend({
  coinsUsed: z.number().int(),
  details: z.record(z.string(), z.unknown()),
  batch: z.object({ id: IdSchema, startDate: z.string().nullable() }).nullable(),
  coupon: z.object({ id: IdSchema, code: z.string() }).nullable(),
  payments: z.array(AdminPaymentSchema),
  refunds: z.array(AdminRefundSchema),
  /** What a refund may still take: the captured payment and what is left of it; null when none. */
  refundable: z
    .object({ paymentId: IdSchema, capturedMinor: Minor, leftMinor: Minor, currency: z.string() })
    .nullable(),
  instalmentPlan: z
    .object({
      id: IdSchema,
      status: z.enum(INSTALMENT_PLAN_STATUS_VALUES),
      totalMinor: Minor,
      currency: z.string(),
      instalments: z.array(AdminInstalmentSchema),
    })
    .nullable(),
  invoice: z.object({ number: z.string(), issuedAt: z.string() }).nullable(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

/** An idempotency key the console makes once per refund dialog: 16–100 letters, digits, `-`, `_`. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'must be 16 to 100 letters, digits, - or _');

/**
 * `POST /api/admin/orders/{id}/refund`: a full (no amount) or partial refund of the order's captured
 * payment. The same `idempotencyKey` again answers the same refund, never a second one; an amount
 * over what is left is a 409. The provider is called by a job after the commit; once refunded in
 * full the learner loses the access the order bought.
 */
export const AdminRefundBodySchema = z
  .object({
    amountMinor: z
      .number({ error: 'must be a whole number of paise or cents' })
      .int('must be a whole number of paise or cents')
      .positive('must be more than 0')
      .max(100_000_000_00, 'is too large')
      .optional(),
    reason: z
      .string({ error: 'Give a reason.' })
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(500, 'must be at most 500 characters'),
    idempotencyKey: IdempotencyKeySchema,
  })
  .strict();
export type AdminRefundBody = z.infer<typeof AdminRefundBodySchema>;
export const AdminRefundResultSchema = AdminRefundSchema.extend({
  /** What is left to refund on the payment after this refund. */
  leftMinor: Minor,
});

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/coupons`: sorts by `createdAt` (default `-createdAt`), `code`; searches the code. */
export const AdminCouponsQuerySchema = AdminListQuerySchema.extend({
  active: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
}).strict();

export const AdminCouponSchema = z.object({
  id: IdSchema,
  code: z.string(),
  kind: z.enum(['percent', 'flat']),
  /** Percent coupons: the whole percentage. */
  percent: z.number().int().nullable(),
  flatInrMinor: Minor.nullable(),
  flatUsdMinor: Minor.nullable(),
  maxClaims: z.number().int().nullable(),
  claimedCount: z.number().int(),
  usage: z.object({ reserved: z.number().int(), used: z.number().int(), released: z.number().int() }),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Empty = every workshop. */
  workshopIds: z.array(IdSchema),
  liveOnly: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;
export const AdminCouponPageSchema = adminPageSchema(AdminCouponSchema);

const optionalInstant = z
  .string()
  .datetime({ offset: true, error: 'must be a date and time' })
  .nullable()
  .optional();
const flatAmount = z
  .number({ error: 'must be a whole number of paise or cents' })
  .int('must be a whole number of paise or cents')
  .positive('must be more than 0')
  .max(10_000_000_00, 'is too large')
  .nullable()
  .optional();

/**
 * `POST /api/admin/coupons` and `PUT /api/admin/coupons/{id}`: the same rules as checkout's
 * (`couponDiscount`, `couponRefusal`) and the table's checks: a percent coupon takes 1–100 %, a
 * flat one an amount in INR and/or USD (minor units); the window ends after it starts; a cap is
 * never below the claims already made (checked by the server). Deactivate = `isActive: false`.
 */
export const AdminCouponBodySchema = z
  .object({
    code: z
      .string({ error: 'Give the code.' })
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, 'must be 3 to 40 letters, digits, - or _'),
    kind: z.enum(['percent', 'flat'], { error: 'must be percent or flat' }),
    percent: z
      .number({ error: 'must be a whole percentage' })
      .int('must be a whole percentage')
      .min(1, 'must be 1 to 100')
      .max(100, 'must be 1 to 100')
      .nullable()
      .optional(),
    flatInrMinor: flatAmount,
    flatUsdMinor: flatAmount,
    maxClaims: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000, 'is too large')
      .nullable()
      .optional(),
    startsAt: optionalInstant,
    expiresAt: optionalInstant,
    workshopIds: z.array(IdSchema).max(100, 'at most 100 workshops').default([]),
    liveOnly: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.kind === 'percent') {
      if (c.percent === null || c.percent === undefined)
        ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Give the percentage off (1 to 100).' });
      if (c.flatInrMinor != null)
        ctx.addIssue({ code: 'custom', path: ['flatInrMinor'], message: 'only a flat coupon has an amount' });
      if (c.flatUsdMinor != null)
        ctx.addIssue({ code: 'custom', path: ['flatUsdMinor'], message: 'only a flat coupon has an amount' });
    } else {
      if (c.percent != null)
        ctx.addIssue({
          code: 'custom',
          path: ['percent'],
          message: 'only a percent coupon has a percentage',
        });
      if (c.flatInrMinor == null && c.flatUsdMinor == null)
        ctx.addIssue({
          code: 'custom',
          path: ['flatInrMinor'],
          message: 'Give the amount off in rupees, dollars or both.',
        });
    }
    if (c.startsAt && c.expiresAt && Date.parse(c.expiresAt) <= Date.parse(c.startsAt))
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'must be after the start' });
    if (new Set(c.workshopIds).size !== c.workshopIds.length)
      ctx.addIssue({ code: 'custom', path: ['workshopIds'], message: 'names a workshop twice' });
  });
export type AdminCouponBody = z.input<typeof AdminCouponBodySchema>;

/** `GET /api/admin/coupons/{id}/claims`: who reserved or used the coupon, newest first. */
export const AdminCouponClaimsQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(['reserved', 'used', 'released']).optional(),
}).strict();
export const AdminCouponClaimSchema = z.object({
  id: IdSchema,
  status: z.enum(['reserved', 'used', 'released']),
  user: Person,
  orderId: IdSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const AdminCouponClaimPageSchema = adminPageSchema(AdminCouponClaimSchema);

// ---------------------------------------------------------------------------------------------
// Payment links
// ---------------------------------------------------------------------------------------------

export const PAYMENT_LINK_STATUS_VALUES = ['open', 'paid', 'expired'] as const;

/** `GET /api/admin/payment-links`: sorts by `createdAt` (default `-createdAt`); searches purpose and payee. */
export const AdminPaymentLinksQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(PAYMENT_LINK_STATUS_VALUES).optional(),
}).strict();
export const AdminPaymentLinkSchema = z.object({
  id: IdSchema,
  /** The page that pays it, `/pay/{token}` (relative to the site). */
  path: z.string(),
  purpose: z.string(),
  amountMinor: Minor,
  currency: z.string(),
  status: z.enum(PAYMENT_LINK_STATUS_VALUES),
  payeeName: z.string().nullable(),
  payeeEmail: z.string().nullable(),
  paidOrderId: IdSchema.nullable(),
  paidAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminPaymentLink = z.infer<typeof AdminPaymentLinkSchema>;
export const AdminPaymentLinkPageSchema = adminPageSchema(AdminPaymentLinkSchema);

/** `POST /api/admin/payment-links`: a link for an amount and purpose, optionally for someone. */
export const AdminPaymentLinkBodySchema = z
  .object({
    purpose: z
      .string({ error: 'Say what it is for.' })
      .trim()
      .min(3, 'must be at least 3 characters')
      .max(200, 'must be at most 200 characters'),
    amountMinor: z
      .number({ error: 'must be a whole number of paise or cents' })
      .int('must be a whole number of paise or cents')
      .min(100, 'must be at least 1 rupee or dollar')
      .max(10_000_000_00, 'is too large'),
    currency: CurrencyCodeSchema,
    payeeName: z.string().trim().max(120, 'must be at most 120 characters').nullable().optional(),
    payeeEmail: z.email('must be an e-mail address').max(254).nullable().optional(),
    /** Null = never expires. */
    expiresAt: optionalInstant,
  })
  .strict();
export type AdminPaymentLinkBody = z.input<typeof AdminPaymentLinkBodySchema>;

// ---------------------------------------------------------------------------------------------
// Instalment plans and invoices
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/admin/instalment-plans`: sorts by `createdAt` (default `-createdAt`), `nextDue`;
 * searches the learner. `overdue=true` keeps plans with an unpaid instalment past its day.
 */
export const AdminInstalmentPlansQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(INSTALMENT_PLAN_STATUS_VALUES).optional(),
  overdue: z.enum(['true', 'false']).optional(),
}).strict();
export const AdminInstalmentPlanSchema = z.object({
  id: IdSchema,
  status: z.enum(INSTALMENT_PLAN_STATUS_VALUES),
  learner: Person,
  workshop: z.object({ id: IdSchema, title: z.string() }),
  batchId: IdSchema,
  orderId: IdSchema.nullable(),
  totalMinor: Minor,
  paidMinor: Minor,
  currency: z.string(),
  instalments: z.number().int(),
  paid: z.number().int(),
  overdue: z.number().int(),
  /** The earliest unpaid instalment's day. */
  nextDue: z.string().nullable(),
  createdAt: z.string(),
});
export const AdminInstalmentPlanPageSchema = adminPageSchema(AdminInstalmentPlanSchema);

/** `GET /api/admin/invoices`: sorts by `issuedAt` (default `-issuedAt`), `number`; searches number and buyer. */
export const AdminInvoicesQuerySchema = AdminListQuerySchema.extend({}).strict();
export const AdminInvoiceSchema = z.object({
  id: IdSchema,
  number: z.string(),
  orderId: IdSchema,
  orderStatus: z.string(),
  buyer: Person,
  amountMinor: Minor,
  currency: z.string(),
  issuedAt: z.string(),
});
export const AdminInvoicePageSchema = adminPageSchema(AdminInvoiceSchema);
