import { z } from 'zod';
import { EmailSchema, MobileSchema, NameSchema } from './users.js';
import { CurrencyCodeSchema, IdSchema, WireDateSchema, WireTimeSchema } from './wire.js';

/*
 * Commerce (issue 14): the payment page's data, orders in full or by instalments, guest checkout,
 * provider verification and webhooks, coupons, instalments, other purchases and receipts.
 *
 * Money is always an integer in minor units (paise, cents) with its currency beside it
 * (`…Minor`). The server computes every amount: a request never carries a price, an amount or
 * a currency, and the body schemas are strict, so such a field is refused (400, field named).
 */

/** Whole minor units (paise, cents): a non-negative integer. */
export const MinorUnitsSchema = z.number().int().nonnegative();

/** How a purchase is paid: at once, or by the batch's instalment plan. */
export const PaymentPlanSchema = z.enum(['full', 'instalments'], { error: 'must be full or instalments' });
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;

/** The payment providers (one interface, two adapters; decision 0014). */
export const PaymentProviderSchema = z.enum(['sandbox', 'razorpay']);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

export const ORDER_STATUS_VALUES = ['created', 'attempted', 'paid', 'failed', 'expired', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUS_VALUES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const ORDER_KIND_VALUES = [
  'course',
  'instalment',
  'custom',
  'competition',
  'consultation',
  'coins',
  'recording',
] as const;
export const OrderKindSchema = z.enum(ORDER_KIND_VALUES);
export type OrderKind = z.infer<typeof OrderKindSchema>;

/** A coupon code as typed: trimmed, 1–40 letters, digits, `-` or `_` (matched case-insensitively). */
export const CouponCodeSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'must not be empty')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

/** An Indian GSTIN (15 characters), upper-cased; optional on a purchase, printed on the invoice. */
export const GstinSchema = z
  .string({ error: 'must be text' })
  .trim()
  .toUpperCase()
  .regex(
    /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/,
    'must be a 15-character GSTIN such as 27AAPFU0939F1ZV',
  );

/** An opaque token (checkout id, order token, payment-link token): URL-safe text, bounded. */
const OpaqueTokenSchema = z
  .string({ error: 'must be text' })
  .min(16, 'is not valid')
  .max(256, 'is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not valid');

/** Coins a learner chooses to spend: a whole, non-negative number. */
export const CoinsAmountSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .nonnegative('must not be negative')
  .max(10_000_000, 'is too large');

/** The workshop as commerce answers carry it. */
export const CommerceWorkshopSchema = z.object({
  id: IdSchema,
  type: z.number().int(),
  title: z.string(),
  shortTitle: z.string(),
  slug: z.string(),
});
export type CommerceWorkshop = z.infer<typeof CommerceWorkshopSchema>;

// ---------------------------------------------------------------------------------------------
// The payment page: `POST /api/course/ws/details`
// ---------------------------------------------------------------------------------------------

export const CheckoutDetailsBodySchema = z
  .object({ batchId: IdSchema, couponCode: CouponCodeSchema.optional() })
  .strict();
export type CheckoutDetailsBody = z.infer<typeof CheckoutDetailsBodySchema>;

/** One instalment of a plan as offered (before purchase) or as fixed (after). */
export const InstalmentScheduleItemSchema = z.object({
  sequence: z.number().int().positive(),
  dueDate: WireDateSchema,
  amountMinor: MinorUnitsSchema,
});
export type InstalmentScheduleItem = z.infer<typeof InstalmentScheduleItemSchema>;

/**
 * A coupon applied to a price (`POST /api/coupon/claim`, and `coupon` of the payment page).
 * `applied` false carries `message`, the reason (unknown, expired, not for this course, used up,
 * already used by you); the spec's coupon state is `{ code, applied }`.
 */
export const CouponPreviewSchema = z.object({
  code: z.string(),
  applied: z.boolean(),
  discountMinor: MinorUnitsSchema,
  finalAmountMinor: MinorUnitsSchema,
  currency: CurrencyCodeSchema,
  message: z.string().optional(),
});
export type CouponPreview = z.infer<typeof CouponPreviewSchema>;

/** A batch of the workshop the visitor may choose at checkout. */
export const CheckoutBatchSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  startDate: WireDateSchema,
  endDate: WireDateSchema,
  sessionType: z.union([z.literal(1), z.literal(2)]),
  BatchSchedules: z.array(
    z.object({ id: IdSchema, day: z.number().int(), startTime: WireTimeSchema, endTime: WireTimeSchema }),
  ),
  /** Seats left; null = unlimited. */
  seatsLeft: z.number().int().nonnegative().nullable(),
  /** A live batch whose start has passed but which is still sold (late joining, rule 10). */
  hasStarted: z.boolean(),
  /** The last day it is sold (`'0000-00-00'` = no limit). */
  onSaleUntil: WireDateSchema,
  amountMinor: MinorUnitsSchema,
  slashMinor: MinorUnitsSchema.nullable(),
});
export type CheckoutBatch = z.infer<typeof CheckoutBatchSchema>;

export const CheckoutDetailsSchema = z.object({
  batch: CheckoutBatchSchema,
  /** Every batch of the workshop still on sale (the batch choice), the chosen one included. */
  batches: z.array(CheckoutBatchSchema),
  Workshop: CommerceWorkshopSchema,
  /** The visitor's currency, decided by the server (visitor-country rule). */
  currency: CurrencyCodeSchema,
  amountMinor: MinorUnitsSchema,
  slashMinor: MinorUnitsSchema.nullable(),
  plans: z.object({
    full: z.object({ amountMinor: MinorUnitsSchema }),
    /** Null when the batch has no instalment plan. */
    instalments: z
      .object({ totalMinor: MinorUnitsSchema, instalments: z.array(InstalmentScheduleItemSchema) })
      .nullable(),
  }),
  coupon: CouponPreviewSchema.nullable(),
  /** The signed-in learner's coins and what they may pay here; null for a visitor. */
  coins: z
    .object({
      balance: z.number().int().nonnegative(),
      /** The most coins this purchase accepts (balance and the configured share of the price). */
      maxUsable: z.number().int().nonnegative(),
      /** What one coin is worth in this currency's minor units. */
      valueMinor: z.number().int().positive(),
    })
    .nullable(),
  /** A seller-side note, e.g. "Started on 3 Nov — recordings of missed sessions included". */
  notice: z.string().nullable(),
});
export type CheckoutDetails = z.infer<typeof CheckoutDetailsSchema>;

// ---------------------------------------------------------------------------------------------
// Guest checkout, initiate, verify, cancel, success
// ---------------------------------------------------------------------------------------------

/** `POST /api/payment/add-user`: a guest's contact details bound to a checkout (signs nobody in). */
export const GuestCheckoutBodySchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    mobile: MobileSchema,
    /** What the guest is buying: a batch, or a staff payment link. */
    batchId: IdSchema.optional(),
    linkToken: OpaqueTokenSchema.optional(),
  })
  .strict()
  .refine((b) => b.batchId !== undefined || b.linkToken !== undefined, {
    message: 'give batchId or linkToken',
    path: ['batchId'],
  });
export type GuestCheckoutBody = z.infer<typeof GuestCheckoutBodySchema>;

export const GuestCheckoutSchema = z.object({
  /** Opaque, short-lived; send it as `checkoutId` to `initiate`. Same answer whether or not an account exists. */
  checkoutId: z.string(),
  expiresAt: z.string(),
});
export type GuestCheckout = z.infer<typeof GuestCheckoutSchema>;

export const InitiatePaymentBodySchema = z
  .object({
    batchId: IdSchema,
    plan: PaymentPlanSchema,
    couponCode: CouponCodeSchema.optional(),
    coins: CoinsAmountSchema.optional(),
    checkoutId: OpaqueTokenSchema.optional(),
    gstin: GstinSchema.optional(),
  })
  .strict();
export type InitiatePaymentBody = z.infer<typeof InitiatePaymentBodySchema>;

/**
 * What every `…/initiate` answers: our order and the provider order the browser pays. When coins
 * (or a 100 % coupon) cover everything, the order is paid at once: `status` is `paid`,
 * `providerOrderId` is null and `orderToken` is set, as after a verification.
 */
export const InitiatePaymentSchema = z.object({
  orderId: IdSchema,
  status: z.enum(['created', 'paid']),
  provider: PaymentProviderSchema,
  providerOrderId: z.string().nullable(),
  amountMinor: MinorUnitsSchema,
  currency: CurrencyCodeSchema,
  /** The provider's public key id (Razorpay `key`); `'sandbox'` for the sandbox. */
  keyId: z.string(),
  /** For the provider's checkout form. */
  description: z.string(),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  expiresAt: z.string(),
  orderToken: z.string().nullable(),
});
export type InitiatePayment = z.infer<typeof InitiatePaymentSchema>;

/** Path `{id}` of an order (our id). */
export const OrderParamsSchema = z.object({ id: IdSchema }).strict();

/** `PUT /api/payment/order/{id}`: the provider checkout's result (Razorpay handler fields). */
export const VerifyPaymentBodySchema = z
  .object({
    providerOrderId: z.string().min(1).max(64),
    providerPaymentId: z.string().min(1).max(64),
    signature: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[0-9a-f]+$/, 'must be a hex signature'),
  })
  .strict();
export type VerifyPaymentBody = z.infer<typeof VerifyPaymentBodySchema>;

export const VerifiedPaymentSchema = z.object({
  status: z.literal('paid'),
  orderId: IdSchema,
  /** One-time secret (15 minutes): `POST /api/auth/order/{id}/login` and the success page's `?token=`. */
  orderToken: z.string(),
  /**
   * Whether the order token signs the buyer in: only for an account this checkout created. A
   * guest whose e-mail or mobile already had an account is asked to sign in with a one-time code.
   */
  signInWithToken: z.boolean(),
});
export type VerifiedPayment = z.infer<typeof VerifiedPaymentSchema>;

/** `POST /api/payment/order/{id}/cancel`: the payer closed the checkout; releases the order's holds. */
export const CancelOrderBodySchema = z.object({ checkoutId: OpaqueTokenSchema.optional() }).strict();
export const CancelledOrderSchema = z.object({ orderId: IdSchema, status: OrderStatusSchema });

/** `GET /api/order/{id}/success?token=`. */
export const OrderSuccessQuerySchema = z.object({ token: z.string().max(256).optional() }).strict();
export const OrderSuccessSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  success: z.boolean(),
  /** The course brochure's address, when it has one. */
  brochure: z.string().nullable(),
  orderId: IdSchema,
  status: OrderStatusSchema,
  kind: OrderKindSchema,
  amountMinor: MinorUnitsSchema,
  currency: CurrencyCodeSchema,
  paidAt: z.string().nullable(),
  Workshop: CommerceWorkshopSchema.nullable(),
  batchId: IdSchema.nullable(),
  /** Whether an invoice can be downloaded (`GET /api/order/{id}/invoice`, owner only). */
  hasInvoice: z.boolean(),
});
export type OrderSuccess = z.infer<typeof OrderSuccessSchema>;

// ---------------------------------------------------------------------------------------------
// Sandbox provider and webhooks
// ---------------------------------------------------------------------------------------------

export const SandboxOutcomeSchema = z.enum(['success', 'failure'], { error: 'must be success or failure' });

/** `POST /api/payment/sandbox/pay` (outside production, for automated tests). */
export const SandboxPayBodySchema = z.object({ orderId: IdSchema, outcome: SandboxOutcomeSchema }).strict();
/** `POST /api/payment/sandbox/checkout`: the sandbox checkout page's own call (whenever the sandbox is the provider). */
export const SandboxCheckoutBodySchema = z
  .object({ providerOrderId: z.string().min(1).max(64), outcome: SandboxOutcomeSchema })
  .strict();
/** Razorpay's handler fields; on failure, `providerPaymentId` is set and `signature` is empty. */
export const SandboxPaySchema = z.object({
  providerOrderId: z.string(),
  providerPaymentId: z.string(),
  signature: z.string(),
  outcome: SandboxOutcomeSchema,
});
export type SandboxPay = z.infer<typeof SandboxPaySchema>;

/** `POST /api/payment/webhook/razorpay` answers 200 with this once the event is stored. */
export const WebhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Coupons
// ---------------------------------------------------------------------------------------------

export const CouponClaimBodySchema = z.object({ code: CouponCodeSchema, batchId: IdSchema }).strict();
export const CouponClaimCountQuerySchema = z.object({ code: CouponCodeSchema }).strict();
export const CouponClaimCountSchema = z.object({
  code: z.string(),
  /** Uses reserved or paid. */
  claimed: z.number().int().nonnegative(),
  /** Null = no total limit. */
  maxClaims: z.number().int().nonnegative().nullable(),
  remaining: z.number().int().nonnegative().nullable(),
});

// ---------------------------------------------------------------------------------------------
// Instalments and pending payments
// ---------------------------------------------------------------------------------------------

export const InstalmentDetailSchema = z.object({
  id: IdSchema,
  sequence: z.number().int().positive(),
  dueDate: WireDateSchema,
  amountMinor: MinorUnitsSchema,
  paid: z.boolean(),
  paidAt: z.string().nullable(),
});
export type InstalmentDetail = z.infer<typeof InstalmentDetailSchema>;

/** `GET /api/payment/instalment/{id}` (the caller's own instalment). */
export const InstalmentSchema = InstalmentDetailSchema.extend({
  currency: CurrencyCodeSchema,
  batchId: IdSchema,
  Workshop: CommerceWorkshopSchema,
  plan: z.object({
    id: IdSchema,
    totalMinor: MinorUnitsSchema,
    paidMinor: MinorUnitsSchema,
    instalments: z.array(InstalmentDetailSchema),
  }),
});
export type Instalment = z.infer<typeof InstalmentSchema>;

export const InstalmentInitiateBodySchema = z
  .object({ instalmentId: IdSchema, gstin: GstinSchema.optional() })
  .strict();

/** One course with instalments left to pay (spec §3 "Pending payment"). */
export const PendingPaymentSchema = z.object({
  batchId: IdSchema,
  /** What is left to pay, in minor units of `currency`. */
  pendingAmount: MinorUnitsSchema,
  currency: CurrencyCodeSchema,
  /** The unpaid instalments, earliest due first (the EMI popup and banner read `dueDate`). */
  instalmentDetails: z.array(InstalmentDetailSchema),
  Workshop: CommerceWorkshopSchema,
});
export type PendingPayment = z.infer<typeof PendingPaymentSchema>;
export const PendingPaymentsSchema = z.array(PendingPaymentSchema);

export const CoinsWalletSchema = z.object({
  id: IdSchema,
  walletCoins: z.number().int().nonnegative(),
  isCoinPopupSeen: z.boolean(),
});
export type CoinsWallet = z.infer<typeof CoinsWalletSchema>;

/** The user block of the coin page and the pending-payment-by-id call (spec §3). */
export const CoinPageUserSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
  CoinsWallet: CoinsWalletSchema,
});

/** `GET /api/user/{id}/pending/payment/notification` (own id). */
export const PendingPaymentsByUserSchema = z.object({
  courses: PendingPaymentsSchema,
  user: CoinPageUserSchema,
});

// ---------------------------------------------------------------------------------------------
// Other purchases
// ---------------------------------------------------------------------------------------------

export const RecordingPaymentBodySchema = z.object({ batchId: IdSchema }).strict();
export const CompetitionPaymentBodySchema = z.object({ competitionId: IdSchema }).strict();
export const ConsultationPaymentBodySchema = z.object({ packageId: IdSchema }).strict();
export const CustomPaymentBodySchema = z
  .object({
    linkToken: OpaqueTokenSchema,
    checkoutId: OpaqueTokenSchema.optional(),
    gstin: GstinSchema.optional(),
  })
  .strict();
export const CoinsPaymentBodySchema = z.object({ batchId: IdSchema }).strict();

/** `GET /api/custom/payment/{linkToken}`: what a staff payment link asks for. */
export const PaymentLinkParamsSchema = z.object({ linkToken: OpaqueTokenSchema }).strict();
export const PaymentLinkSchema = z.object({
  purpose: z.string(),
  amountMinor: MinorUnitsSchema,
  currency: CurrencyCodeSchema,
  expiresAt: z.string().nullable(),
  /** `open` can be paid; `paid` and `expired` cannot. */
  status: z.enum(['open', 'paid', 'expired']),
  /** Who the link is for, when staff named someone (shown to confirm). */
  payeeName: z.string().nullable(),
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

// ---------------------------------------------------------------------------------------------
// The learner's courses (dashboard home; issue 15 completes the shape)
// ---------------------------------------------------------------------------------------------

export const EnrolledCourseSchema = z.object({
  id: IdSchema,
  isRefund: z.boolean(),
  isDashboardAccess: z.boolean(),
  isEnrolled: z.boolean(),
  Batch: z.object({
    id: IdSchema,
    sessionType: z.union([z.literal(1), z.literal(2)]),
    startDate: WireDateSchema,
    endDate: WireDateSchema,
    Workshop: CommerceWorkshopSchema,
    BatchSchedules: z.array(
      z.object({ id: IdSchema, day: z.number().int(), startTime: WireTimeSchema, endTime: WireTimeSchema }),
    ),
  }),
});
export type EnrolledCourse = z.infer<typeof EnrolledCourseSchema>;

export const ProfileCoursesSchema = z.object({
  enrolledCourses: z.array(EnrolledCourseSchema),
  suggestedCourses: z.array(
    z.object({
      id: IdSchema,
      type: z.number().int(),
      title: z.string(),
      shortTitle: z.string(),
      slug: z.string(),
      thumbnail: z.string().nullable(),
    }),
  ),
});
export type ProfileCourses = z.infer<typeof ProfileCoursesSchema>;
