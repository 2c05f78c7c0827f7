import { z } from 'zod';
import { leadLine, leadMessage, UtmFieldsSchema } from './leads.js';
import { IamSchema, MobileSchema } from './users.js';
import { IdSchema, WireDateSchema } from './wire.js';

/*
 * Trip applications (spec §7 "POST /api/trips/application/add, /update and /details",
 * `GET /api/user/profile/trip/applications`; issue 16 "Trips and competitions"). A signed-in
 * learner applies for a trip (one live application per trip: a withdrawn or rejected one may be
 * replaced), edits it while it is `submitted` (not yet reviewed), and follows its status. The
 * applicant is the caller: no body names a user.
 */

/** `submitted` (editable) → `shortlisted` → `accepted` | `rejected`; or `withdrawn` by the applicant. */
export const TRIP_APPLICATION_STATUSES = [
  'submitted',
  'shortlisted',
  'accepted',
  'rejected',
  'withdrawn',
] as const;
export type TripApplicationStatus = (typeof TRIP_APPLICATION_STATUSES)[number];

/** What the application form asks (ours: the spec shows the calls, not their bodies). */
export const TripApplicationFieldsSchema = z.object({
  /** The number to reach the applicant on during the trip. */
  mobile: MobileSchema,
  city: leadLine(100),
  iam: IamSchema,
  /** College or firm. */
  institution: leadLine(150).optional(),
  /** Why this trip: at least a sentence. */
  motivation: leadMessage(2000).refine((v) => v.length >= 20, 'must be at least 20 characters'),
  /** Diet, allergies, access needs. */
  requirements: leadMessage(1000).optional(),
  emergencyContactName: leadLine(100),
  emergencyContactMobile: MobileSchema,
});
export type TripApplicationFields = z.input<typeof TripApplicationFieldsSchema>;

/** `POST /api/trips/application/add`: apply for a trip (201). A live application already → 409. */
export const TripApplicationAddBodySchema = TripApplicationFieldsSchema.extend({
  tripId: IdSchema,
  /** The form's consent checkbox (contact about this trip). */
  consent: z.literal(true, { error: 'must be ticked to send the application' }),
  /** The visit's campaign (like every lead form): the application is a lead for sales too. */
  ...UtmFieldsSchema.shape,
}).strict();
export type TripApplicationAddBody = z.input<typeof TripApplicationAddBodySchema>;

/**
 * `POST /api/trips/application/update`: change the caller's application while it is `submitted`
 * (reviewed → 409), or withdraw it (`withdraw: true`: while `submitted` or `shortlisted`; an
 * `accepted` place is cancelled by contacting the team → 409). Only the fields given change;
 * neither fields nor `withdraw` → 400.
 */
export const TripApplicationUpdateBodySchema = TripApplicationFieldsSchema.partial()
  .extend({
    applicationId: IdSchema,
    withdraw: z.literal(true).optional(),
  })
  .strict();
export type TripApplicationUpdateBody = z.input<typeof TripApplicationUpdateBodySchema>;

/** `POST /api/trips/application/details`: the caller's live (or latest) application for a trip. */
export const TripApplicationDetailsBodySchema = z.object({ tripId: IdSchema }).strict();

/** One application as its applicant sees it. */
export const TripApplicationSchema = z.object({
  id: IdSchema,
  tripId: IdSchema,
  status: z.enum(TRIP_APPLICATION_STATUSES),
  /** Whether the applicant may still edit it (`submitted` only). */
  editable: z.boolean(),
  fields: TripApplicationFieldsSchema.extend({
    mobile: z.string(),
    emergencyContactMobile: z.string(),
  }),
  /** A note from the reviewer (accepted / rejected), if any. */
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  Trip: z.object({
    id: IdSchema,
    title: z.string(),
    slug: z.string(),
    path: z.string(),
    startDate: WireDateSchema,
    endDate: WireDateSchema,
  }),
});
export type TripApplication = z.infer<typeof TripApplicationSchema>;

/** `details` answer: the application, or null when the caller has none for that trip. */
export const TripApplicationDetailsSchema = z.object({ application: TripApplicationSchema.nullable() });

/**
 * `POST /api/trips/itinerary/send` (signed in): e-mail the trip's itinerary to the caller's own
 * verified address — never to an address from the body (checklist D5: not an open relay).
 * Limited per user and per client IP; an account without a verified e-mail → 409.
 */
export const ItinerarySendBodySchema = z.object({ tripId: IdSchema }).strict();
export const ItinerarySentSchema = z.object({
  /** The address it went to, masked (`a…@example.com`). */
  sentTo: z.string(),
});
