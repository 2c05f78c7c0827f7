import { z } from 'zod';
import { AdminListQuerySchema, adminPageSchema } from './admin.js';
import { EmailSchema } from './users.js';
import { CurrencyCodeSchema, IdSchema } from './wire.js';

/*
 * The staff console's learners and staff sections (issue 17 point 3, and "staff accounts and
 * roles"), admins only. A learner's page shows everything the school holds about them; each
 * action (manual enrolment, move to another batch, revoke, coins, payout settlement, role and
 * account changes) is one transaction with its audit row.
 */

/** Why an action was taken: shown in the audit log (and, for coins, the learner's ledger). */
const ReasonSchema = z
  .string({ error: 'must be text' })
  .trim()
  .min(3, 'must say why (at least 3 characters)')
  .max(300, 'must be at most 300 characters');

/** Roles a staff member may give (lowest privilege first). */
export const ASSIGNABLE_ROLES = ['learner', 'moderator', 'instructor', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
const RoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'must be learner, moderator, instructor or admin' });

// ---------------------------------------------------------------------------------------------
// Learners: the list and one learner's page
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/learners`: sorts by `createdAt` (default `-createdAt`), `name`; searches name, e-mail, mobile. */
export const AdminLearnersQuerySchema = AdminListQuerySchema.extend({
  role: RoleSchema.optional(),
}).strict();

export const AdminLearnerRowSchema = z.object({
  id: IdSchema,
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: RoleSchema,
  disabled: z.boolean(),
  /** Live (not refunded, not revoked) enrolments. */
  enrolments: z.number().int(),
  walletCoins: z.number().int(),
  createdAt: z.string(),
});
export type AdminLearnerRow = z.infer<typeof AdminLearnerRowSchema>;
export const AdminLearnerPageSchema = adminPageSchema(AdminLearnerRowSchema);

/** Where an enrolment stands for the learner. */
export const ENROLMENT_ACCESS_STATES = ['active', 'recordings', 'revoked', 'refunded'] as const;

export const AdminEnrolmentSchema = z.object({
  id: IdSchema,
  batch: z.object({
    id: IdSchema,
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    sessionType: z.number().int(),
  }),
  workshop: z.object({ id: IdSchema, title: z.string() }),
  /** active: a seat and the dashboard; recordings: the dashboard only; revoked by staff; refunded. */
  access: z.enum(ENROLMENT_ACCESS_STATES),
  isRefund: z.boolean(),
  sourceOrderId: IdSchema.nullable(),
  createdAt: z.string(),
});

/** A batch staff may choose (to enrol in, or to move to). */
export const AdminBatchOptionSchema = z.object({
  id: IdSchema,
  workshopId: IdSchema,
  workshop: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type AdminBatchOption = z.infer<typeof AdminBatchOptionSchema>;

export const AdminLearnerOrderSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  status: z.string(),
  description: z.string().nullable(),
  amountMinor: z.number().int(),
  discountMinor: z.number().int(),
  coinsUsed: z.number().int(),
  currency: z.string(),
  /** Recorded by staff as paid outside the payment provider. */
  offline: z.boolean(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});

export const AdminLedgerEntrySchema = z.object({
  id: IdSchema,
  delta: z.number().int(),
  reason: z.string(),
  note: z.string().nullable(),
  orderId: IdSchema.nullable(),
  createdAt: z.string(),
});

export const AdminPayoutSchema = z.object({
  id: IdSchema,
  learner: z.object({ id: IdSchema, name: z.string().nullable(), email: z.string().nullable() }),
  coins: z.number().int(),
  upiId: z.string().nullable(),
  status: z.string(),
  /** The payment's reference (paid) or why it was rejected, as staff recorded it. */
  reference: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;

export const AdminLearnerSchema = z.object({
  profile: z.object({
    id: IdSchema,
    name: z.string().nullable(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    city: z.string().nullable(),
    college: z.string().nullable(),
    iam: z.string().nullable(),
    upiId: z.string().nullable(),
    referCode: z.string(),
    role: RoleSchema,
    isVerified: z.boolean(),
    disabled: z.boolean(),
    createdAt: z.string(),
  }),
  enrolments: z.array(AdminEnrolmentSchema),
  orders: z.array(AdminLearnerOrderSchema),
  wallet: z.object({ balance: z.number().int(), ledger: z.array(AdminLedgerEntrySchema) }),
  referrals: z.object({
    made: z.number().int(),
    rewarded: z.number().int(),
    /** Who referred this learner, if anyone. */
    referredBy: z.object({ id: IdSchema, name: z.string().nullable() }).nullable(),
    people: z.array(
      z.object({
        id: IdSchema,
        referee: z.object({ id: IdSchema, name: z.string().nullable() }),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  payouts: z.array(AdminPayoutSchema),
  tripApplications: z.array(
    z.object({ id: IdSchema, trip: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  competitionRegistrations: z.array(
    z.object({ id: IdSchema, competition: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  /**
   * Active batches (newest start first, at most 300) for the enrol and move dialogs; a move
   * offers the ones of the enrolment's own workshop.
   */
  batchOptions: z.array(AdminBatchOptionSchema),
});
export type AdminLearner = z.infer<typeof AdminLearnerSchema>;

// ---------------------------------------------------------------------------------------------
// Learner actions
// ---------------------------------------------------------------------------------------------

const AmountMinorSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number of paise or cents')
  .min(1, 'must be more than 0')
  .max(100_000_000, 'must be at most 1,000,000.00');

/**
 * `POST /api/admin/learners/{id}/enrol`: a seat in a batch, free or paid outside the provider
 * (bank transfer, cash): an offline payment records a paid order (with its invoice and receipt)
 * that reports see, marked offline with its reference. 409 when already enrolled.
 */
export const AdminEnrolBodySchema = z.discriminatedUnion(
  'mode',
  [
    z
      .object({
        mode: z.literal('free'),
        batchId: IdSchema,
        reason: ReasonSchema,
      })
      .strict(),
    z
      .object({
        mode: z.literal('offline'),
        batchId: IdSchema,
        /** Minor units (paise, cents), as received. */
        amountMinor: AmountMinorSchema,
        currency: CurrencyCodeSchema,
        /** The bank or UPI transaction id, receipt number… */
        reference: z
          .string({ error: 'must be text' })
          .trim()
          .min(3, 'must name the payment (at least 3 characters)')
          .max(120, 'must be at most 120 characters'),
        reason: ReasonSchema.optional(),
      })
      .strict(),
  ],
  { error: 'mode must be free or offline' },
);
export type AdminEnrolBody = z.input<typeof AdminEnrolBodySchema>;

/** `POST /api/admin/enrolments/{id}/move`: to another batch of the same workshop. */
export const AdminMoveBodySchema = z.object({ batchId: IdSchema, reason: ReasonSchema }).strict();

/** `POST /api/admin/enrolments/{id}/revoke`: the learner loses the course at once. */
export const AdminRevokeBodySchema = z.object({ reason: ReasonSchema }).strict();

/** An enrolment after an action, and the learner's page's list. */
export const AdminEnrolmentResultSchema = AdminEnrolmentSchema.extend({
  userId: IdSchema,
  /** The order an offline payment created. */
  orderId: IdSchema.nullable(),
});

/** `POST /api/admin/learners/{id}/coins`: a ledger entry; never below zero. */
export const AdminCoinsBodySchema = z
  .object({
    coins: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of coins')
      .min(-1_000_000, 'must be at least -1,000,000')
      .max(1_000_000, 'must be at most 1,000,000')
      .refine((n) => n !== 0, 'must not be 0 (positive adds, negative takes)'),
    reason: ReasonSchema,
  })
  .strict();
export const AdminCoinsResultSchema = z.object({
  userId: IdSchema,
  balance: z.number().int(),
  entry: AdminLedgerEntrySchema,
});

// ---------------------------------------------------------------------------------------------
// Referral payout requests
// ---------------------------------------------------------------------------------------------

export const PAYOUT_FILTERS = ['open', 'paid', 'rejected', 'all'] as const;
/** `GET /api/admin/payouts`: sorts by `createdAt` (default `createdAt`: oldest first), `coins`; searches name, e-mail, UPI id. */
export const AdminPayoutsQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(PAYOUT_FILTERS, { error: 'must be open, paid, rejected or all' }).default('open'),
}).strict();
export const AdminPayoutPageSchema = adminPageSchema(AdminPayoutSchema);

/** `POST /api/admin/payouts/{id}/settle`: paid (with the payment's reference) or rejected (coins back). */
export const AdminPayoutSettleBodySchema = z.discriminatedUnion(
  'outcome',
  [
    z
      .object({
        outcome: z.literal('paid'),
        reference: z
          .string({ error: 'must be text' })
          .trim()
          .min(3, 'must name the UPI payment (at least 3 characters)')
          .max(120, 'must be at most 120 characters'),
      })
      .strict(),
    z.object({ outcome: z.literal('rejected'), reason: ReasonSchema }).strict(),
  ],
  { error: 'outcome must be paid or rejected' },
);
export type AdminPayoutSettleBody = z.input<typeof AdminPayoutSettleBodySchema>;

// ---------------------------------------------------------------------------------------------
// Staff accounts and roles
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/staff`: accounts whose role is not learner; sorts by `name`, `createdAt`; searches name, e-mail, mobile. */
export const AdminStaffQuerySchema = AdminListQuerySchema.extend({
  role: RoleSchema.optional(),
}).strict();
export const AdminStaffPageSchema = adminPageSchema(AdminLearnerRowSchema);

/** `POST /api/admin/staff`: gives an existing account (found by e-mail) a staff role. */
export const AdminStaffAddBodySchema = z
  .object({
    email: EmailSchema,
    role: z.enum(['moderator', 'instructor', 'admin'], { error: 'must be moderator, instructor or admin' }),
  })
  .strict();

/** `POST /api/admin/users/{id}/role`: their sessions carry the new role at once. */
export const AdminRoleBodySchema = z.object({ role: RoleSchema, reason: ReasonSchema.optional() }).strict();

/** `POST /api/admin/users/{id}/disabled`: a disabled account's sessions are refused at once. */
export const AdminDisableBodySchema = z
  .object({ disabled: z.boolean({ error: 'must be true or false' }), reason: ReasonSchema })
  .strict();
