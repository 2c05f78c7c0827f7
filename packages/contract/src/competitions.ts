import { z } from 'zod';
import { leadLine } from './leads.js';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * Design competitions (issue 16 "Trips and competitions"). Public `/competitions` and
 * `/competition/{slug}?id=` pages read these calls (server-rendered, cached like the other
 * public answers); registration is free (`POST /api/competition/register`) or paid through the
 * commerce order flow (`POST /api/competition/payment/initiate`, confirmed once paid).
 */

/** `open` (registration open), `closed` (deadline passed, not over), `over` (ended). */
export const COMPETITION_PHASES = ['open', 'closed', 'over'] as const;
export type CompetitionPhase = (typeof COMPETITION_PHASES)[number];

/** A competition in lists. Fees are whole rupees / dollars like catalogue prices; 0 = free. */
export const CompetitionCardSchema = z.object({
  id: IdSchema,
  title: z.string(),
  slug: z.string(),
  /** `/competition/{slug}?id={id}`. */
  path: z.string(),
  summary: z.string(),
  amount: z.number().int().min(0),
  dollar: z.number().int().min(0).nullable(),
  /** `'0000-00-00'` when not set. */
  registrationDeadline: WireDateSchema,
  startDate: WireDateSchema,
  endDate: WireDateSchema,
  phase: z.enum(COMPETITION_PHASES),
  thumbnail: z.string().nullable(),
});
export type CompetitionCard = z.infer<typeof CompetitionCardSchema>;

/** `GET /api/competitions`: every active competition, open first (by deadline), then the rest. */
export const CompetitionListSchema = z.array(CompetitionCardSchema);

/** `GET /api/competition/{id}/details`: the competition page. Inactive or unknown → 404. */
export const CompetitionDetailsSchema = CompetitionCardSchema.extend({
  description: z.string(),
  /** The brief: site, deliverables, prizes, jury, rules (each optional). */
  brief: z.object({
    siteArea: z.string().optional(),
    deliverables: z.array(z.string()),
    prizes: z.array(z.string()),
    jury: z.array(z.string()),
    rules: z.array(z.string()),
  }),
});
export type CompetitionDetails = z.infer<typeof CompetitionDetailsSchema>;

/** The caller's registration for a competition. */
export const COMPETITION_REGISTRATION_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export const CompetitionRegistrationSchema = z.object({
  id: IdSchema,
  competitionId: IdSchema,
  /** `pending` until a paid registration's order is paid; `confirmed`; `cancelled` (refunded). */
  status: z.enum(COMPETITION_REGISTRATION_STATUSES),
  teamName: z.string().nullable(),
  createdAt: z.string(),
});
export type CompetitionRegistration = z.infer<typeof CompetitionRegistrationSchema>;

/** `GET /api/user/competition/{id}/registration` (signed in): the caller's registration or null. */
export const CompetitionRegistrationResultSchema = z.object({
  registration: CompetitionRegistrationSchema.nullable(),
});

/**
 * `POST /api/competition/register` (signed in): register for a free competition (201, confirmed
 * at once). A paid one → 409 `PAYMENT_REQUIRED`-style conflict pointing at
 * `/api/competition/payment/initiate`; registration closed or competition over → 409; already
 * registered (free or paid) → 201 again with the existing registration, unchanged (idempotent: one
 * status for the call, so clients need not tell the two apart).
 */
export const CompetitionRegisterBodySchema = z
  .object({
    competitionId: IdSchema,
    teamName: leadLine(80).optional(),
  })
  .strict();
export type CompetitionRegisterBody = z.input<typeof CompetitionRegisterBodySchema>;
