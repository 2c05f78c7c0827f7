/**
 * Money: coupons and their claims, orders, provider payments and webhook events, instalment
 * plans, refunds, idempotency keys and the one-time order tokens that let the browser that paid
 * sign in (checklist "Decisions"). Every amount here is an integer in minor units (`…Minor`,
 * paise or cents) with its currency beside it.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { batches, workshops } from './catalogue.js';
import { calendarDate, createdAt, id, instant, minorUnits, sqlList, updatedAt } from './columns.js';
import { consultationPackages } from './content.js';
import { users } from './users.js';

export const COUPON_KINDS = ['percent', 'flat'] as const;
export const COUPON_CLAIM_STATUSES = ['reserved', 'used', 'released'] as const;
/** What an order buys. */
export const ORDER_KINDS = [
  'course',
  'instalment',
  'custom',
  'competition',
  'consultation',
  'coins',
  'recording',
] as const;
export const ORDER_STATUSES = ['created', 'attempted', 'paid', 'failed', 'expired', 'refunded'] as const;
export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export const PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'failed', 'refunded'] as const;
export const INSTALMENT_PLAN_STATUSES = ['active', 'completed', 'cancelled', 'defaulted'] as const;
export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

/** ISO 4217 code, upper case. */
const currencyCheck = (column: unknown) => sql`${column} ~ '^[A-Z]{3}$'`;

/**
 * A discount code. Unique case-insensitively (index on `lower(code)`). `percent` coupons carry a
 * whole percentage (1–100) and no currency; `flat` coupons carry minor units of their currency.
 * `claimedCount` counts reserved and used claims and can never pass `maxClaims` (null = no cap),
 * so a concurrent rush cannot oversell it (checklist F11).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind').$type<(typeof COUPON_KINDS)[number]>().notNull(),
    value: integer('value').notNull(),
    currency: text('currency'),
    maxClaims: integer('max_claims'),
    claimedCount: integer('claimed_count').notNull().default(0),
    startsAt: instant('starts_at'),
    expiresAt: instant('expires_at'),
    /**
     * Limits the coupon to one workshop; null = any. More workshops are listed in
     * `coupon_workshops`: the coupon is valid for this one and those (none at all = any).
     */
    workshopId: integer('workshop_id').references(() => workshops.id, { onDelete: 'cascade' }),
    /** Valid for live batches only (session type 1), e.g. WELCOME10 (decision 0017). */
    liveOnly: boolean('live_only').notNull().default(false),
    /**
     * A flat coupon's amount off in each currency (minor units): ₹500 / $6 is 50000 / 600. A
     * currency without an amount falls back to `value` when `currency` names it, else the coupon
     * does not apply in that currency.
     */
    flatInrMinor: minorUnits('flat_inr_minor'),
    flatUsdMinor: minorUnits('flat_usd_minor'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_lower_uq').on(sql`lower(${t.code})`),
    check('coupons_kind_ck', sql`${t.kind} IN (${sqlList(COUPON_KINDS)})`),
    check(
      'coupons_value_ck',
      sql`(${t.kind} = 'percent' AND ${t.value} BETWEEN 1 AND 100 AND ${t.currency} IS NULL) OR (${t.kind} = 'flat' AND ${t.value} > 0 AND ${t.currency} IS NOT NULL)`,
    ),
    check('coupons_currency_ck', sql`${t.currency} IS NULL OR ${currencyCheck(t.currency)}`),
    check('coupons_max_claims_ck', sql`${t.maxClaims} IS NULL OR ${t.maxClaims} >= 0`),
    check(
      'coupons_flat_amounts_ck',
      sql`(${t.flatInrMinor} IS NULL OR (${t.kind} = 'flat' AND ${t.flatInrMinor} > 0)) AND (${t.flatUsdMinor} IS NULL OR (${t.kind} = 'flat' AND ${t.flatUsdMinor} > 0))`,
    ),
    check(
      'coupons_claimed_count_ck',
      sql`${t.claimedCount} >= 0 AND (${t.maxClaims} IS NULL OR ${t.claimedCount} <= ${t.maxClaims})`,
    ),
  ],
);

/** The workshops a coupon is valid for, beyond `coupons.workshop_id` (none and no workshop id = any). */
export const couponWorkshops = pgTable(
  'coupon_workshops',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    workshopId: integer('workshop_id')
      .notNull()
      .references(() => workshops.id, { onDelete: 'cascade' }),
  },
  (t) => [
    unique('coupon_workshops_uq').on(t.couponId, t.workshopId),
    index('coupon_workshops_workshop_idx').on(t.workshopId),
  ],
);

/**
 * A batch's instalment plan as offered (staff-editable; decision 0017): one row per instalment,
 * with its amount in each currency at list price and its due date — a fixed day, or days after
 * purchase (recorded batches, which are sold at any time). Instalment 1 is always due at
 * purchase. What a buyer pays is fixed at purchase in `instalment_plans` / `instalments`.
 */
export const batchInstalmentTemplates = pgTable(
  'batch_instalment_templates',
  {
    id: id(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    amountInrMinor: minorUnits('amount_inr_minor').notNull(),
    amountUsdMinor: minorUnits('amount_usd_minor').notNull(),
    dueDate: calendarDate('due_date'),
    dueAfterDays: integer('due_after_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('batch_instalment_templates_batch_sequence_uq').on(t.batchId, t.sequence),
    check('batch_instalment_templates_sequence_ck', sql`${t.sequence} >= 1`),
    check('batch_instalment_templates_amounts_ck', sql`${t.amountInrMinor} > 0 AND ${t.amountUsdMinor} > 0`),
    check(
      'batch_instalment_templates_due_ck',
      sql`(${t.dueDate} IS NULL) <> (${t.dueAfterDays} IS NULL) AND coalesce(${t.dueAfterDays}, 0) >= 0`,
    ),
  ],
);

/**
 * A purchase attempt. `userId` is null for a guest checkout until `POST /api/payment/add-user`
 * attaches the account. The amount is computed by the server; the client never sets it.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Contact details of a guest checkout, used to create or find the account once paid. */
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    guestMobile: text('guest_mobile'),
    kind: text('kind').$type<(typeof ORDER_KINDS)[number]>().notNull(),
    /** The batch bought (kinds course, instalment, recording). */
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'restrict' }),
    /** The instalment this order pays (kind instalment). */
    instalmentId: integer('instalment_id').references((): AnyPgColumn => instalments.id, {
      onDelete: 'restrict',
    }),
    consultationPackageId: integer('consultation_package_id').references(() => consultationPackages.id, {
      onDelete: 'restrict',
    }),
    amountMinor: minorUnits('amount_minor').notNull(),
    discountMinor: minorUnits('discount_minor').notNull().default(0),
    /** Coins spent on this order; their value is already taken off `amountMinor`. */
    coinsUsed: integer('coins_used').notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<(typeof ORDER_STATUSES)[number]>().notNull().default('created'),
    provider: text('provider').$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    providerOrderId: text('provider_order_id'),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    /** Free-form details of a custom or competition payment (what it is for). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text('idempotency_key'),
    /** An unpaid order expires (30 minutes) and releases its coupon reservation. */
    expiresAt: instant('expires_at'),
    paidAt: instant('paid_at'),
    /**
     * Set when a payment reported for this order did not match it (amount, currency): nobody is
     * enrolled and staff review it (checklist F8). `flagReason` says what differed.
     */
    flaggedAt: instant('flagged_at'),
    flagReason: text('flag_reason'),
    /** The guest checkout that started this order (null for a signed-in buyer). */
    checkoutId: integer('checkout_id').references((): AnyPgColumn => checkouts.id, { onDelete: 'set null' }),
    /**
     * True when the guest checkout created the buyer's account: only then may the order's
     * one-time token sign anyone in (an account that existed before is never handed over).
     */
    accountCreatedByCheckout: boolean('account_created_by_checkout').notNull().default(false),
    /** When the order's coupon, coins and seat were given back (cancel, failure, expiry); once. */
    holdsReleasedAt: instant('holds_released_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_provider_order_id_uq').on(t.providerOrderId),
    index('orders_checkout_idx').on(t.checkoutId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_batch_idx').on(t.batchId),
    index('orders_status_expires_idx').on(t.status, t.expiresAt),
    index('orders_instalment_idx').on(t.instalmentId),
    check('orders_kind_ck', sql`${t.kind} IN (${sqlList(ORDER_KINDS)})`),
    check('orders_status_ck', sql`${t.status} IN (${sqlList(ORDER_STATUSES)})`),
    check('orders_provider_ck', sql`${t.provider} IN (${sqlList(PAYMENT_PROVIDERS)})`),
    check('orders_currency_ck', currencyCheck(t.currency)),
    check(
      'orders_amounts_ck',
      sql`${t.amountMinor} >= 0 AND ${t.discountMinor} >= 0 AND ${t.coinsUsed} >= 0`,
    ),
    check(
      'orders_batch_required_ck',
      sql`${t.kind} NOT IN ('course', 'instalment', 'recording') OR ${t.batchId} IS NOT NULL`,
    ),
    check(
      'orders_owner_ck',
      sql`${t.userId} IS NOT NULL OR ${t.guestEmail} IS NOT NULL OR ${t.guestMobile} IS NOT NULL`,
    ),
  ],
);

/**
 * A guest checkout (`POST /api/payment/add-user`): contact details bound to an opaque, random
 * id (256 bits, only its SHA-256 stored) that lives 30 minutes. It signs nobody in; `initiate`
 * finds or creates the account from it (`userId`, and `createdAccount` when it created one).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    batchId: integer('batch_id').references(() => batches.id, { onDelete: 'cascade' }),
    linkToken: text('link_token'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAccount: boolean('created_account').notNull().default(false),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('checkouts_token_hash_uq').on(t.tokenHash),
    index('checkouts_expires_idx').on(t.expiresAt),
    check('checkouts_target_ck', sql`${t.batchId} IS NOT NULL OR ${t.linkToken} IS NOT NULL`),
  ],
);

/**
 * One use of a coupon by one user. A user holds at most one active (reserved or used) claim per
 * coupon; a released claim frees the slot again (checklist "Coupons", F13).
 */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    id: id(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status').$type<(typeof COUPON_CLAIM_STATUSES)[number]>().notNull().default('reserved'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupon_claims_active_uq')
      .on(t.couponId, t.userId)
      .where(sql`${t.status} <> 'released'`),
    index('coupon_claims_order_idx').on(t.orderId),
    index('coupon_claims_user_idx').on(t.userId),
    check('coupon_claims_status_ck', sql`${t.status} IN (${sqlList(COUPON_CLAIM_STATUSES)})`),
  ],
);

/** A payment reported by the provider for an order; its amount must match the order's. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<(typeof PAYMENT_STATUSES)[number]>().notNull(),
    method: text('method'),
    /** True once the provider's signature was checked against the stored order id. */
    signatureVerified: boolean('signature_verified').notNull().default(false),
    capturedAt: instant('captured_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payments_provider_payment_id_uq').on(t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    check('payments_status_ck', sql`${t.status} IN (${sqlList(PAYMENT_STATUSES)})`),
    check('payments_currency_ck', currencyCheck(t.currency)),
    check('payments_amount_ck', sql`${t.amountMinor} >= 0`),
  ],
);

/**
 * The webhook inbox: each provider event stored once (unique event id) before it is processed,
 * so redeliveries are acknowledged without a second effect (checklist F5, F9).
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    provider: text('provider').$type<(typeof PAYMENT_PROVIDERS)[number]>().notNull(),
    providerEventId: text('provider_event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    processedAt: instant('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    unique('payment_webhook_events_provider_event_id_uq').on(t.providerEventId),
    index('payment_webhook_events_unprocessed_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} IS NULL`),
    check('payment_webhook_events_provider_ck', sql`${t.provider} IN (${sqlList(PAYMENT_PROVIDERS)})`),
  ],
);

/** An instalment plan, fixed at purchase (checklist "Instalments"). */
export const instalmentPlans = pgTable(
  'instalment_plans',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    /** The order that bought the plan (its first instalment). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    totalMinor: minorUnits('total_minor').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').$type<(typeof INSTALMENT_PLAN_STATUSES)[number]>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('instalment_plans_user_batch_uq')
      .on(t.userId, t.batchId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('instalment_plans_order_idx').on(t.orderId),
    check('instalment_plans_status_ck', sql`${t.status} IN (${sqlList(INSTALMENT_PLAN_STATUSES)})`),
    check('instalment_plans_total_ck', sql`${t.totalMinor} > 0`),
    check('instalment_plans_currency_ck', currencyCheck(t.currency)),
  ],
);

/** One instalment of a plan, paid through its own provider order (`paidOrderId`). */
export const instalments = pgTable(
  'instalments',
  {
    id: id(),
    planId: integer('plan_id')
      .notNull()
      .references(() => instalmentPlans.id, { onDelete: 'cascade' }),
    sequence: smallint('sequence').notNull(),
    dueDate: calendarDate('due_date').notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    paidOrderId: integer('paid_order_id').references(() => orders.id, { onDelete: 'restrict' }),
    paidAt: instant('paid_at'),
  },
  (t) => [
    unique('instalments_plan_sequence_uq').on(t.planId, t.sequence),
    unique('instalments_paid_order_uq').on(t.paidOrderId),
    // Reminders and the EMI lock look for the earliest unpaid due date.
    index('instalments_unpaid_due_idx')
      .on(t.dueDate)
      .where(sql`${t.paidAt} IS NULL`),
    check('instalments_amount_ck', sql`${t.amountMinor} > 0`),
    check('instalments_sequence_ck', sql`${t.sequence} >= 1`),
    check('instalments_paid_ck', sql`${t.paidOrderId} IS NULL OR ${t.paidAt} IS NOT NULL`),
  ],
);

/** A refund of (part of) a captured payment. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    providerRefundId: text('provider_refund_id'),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<(typeof REFUND_STATUSES)[number]>().notNull().default('pending'),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    processedAt: instant('processed_at'),
  },
  (t) => [
    unique('refunds_provider_refund_id_uq').on(t.providerRefundId),
    unique('refunds_idempotency_key_uq').on(t.idempotencyKey),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_status_ck', sql`${t.status} IN (${sqlList(REFUND_STATUSES)})`),
    check('refunds_amount_ck', sql`${t.amountMinor} > 0`),
    check('refunds_currency_ck', currencyCheck(t.currency)),
  ],
);

/**
 * Our own `Idempotency-Key` on money endpoints (checklist F19): the first request stores its
 * body hash; a replay with the same hash gets the stored response, a different hash is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    key: text('key').notNull(),
    /** The route or operation the key belongs to. */
    scope: text('scope').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
    completedAt: instant('completed_at'),
  },
  (t) => [
    unique('idempotency_keys_scope_user_key_uq').on(t.scope, t.userId, t.key).nullsNotDistinct(),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * A one-time secret (≥ 128 bits, stored hashed, 15 minutes, single use) handed only to the
 * browser that completed an order; `POST /api/auth/order/{id}/login` and
 * `GET /api/auth/guest/{id}/info` require it (checklist B11, B12).
 */
export const orderLoginTokens = pgTable(
  'order_login_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('order_login_tokens_token_hash_uq').on(t.tokenHash),
    index('order_login_tokens_order_idx').on(t.orderId),
  ],
);
