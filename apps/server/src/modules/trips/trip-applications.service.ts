import type { TripApplicationAddBodySchema, TripApplicationUpdateBodySchema } from '@atelier/contract';
import {
  IamSchema,
  LEAD_CONSENT_VERSION,
  TripApplicationFieldsSchema,
  type TripApplication,
} from '@atelier/contract';
import { toWireDate, wireDateOrNone } from '@atelier/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import { TRIP_APPLICATION_LIVE_STATUSES, tripApplications, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { recordLead } from '../leads/index.js';
import { enqueueNotification } from '../notifications/index.js';
import * as repo from './trips.repository.js';
import { tripPath } from './trips.service.js';

/*
 * Trip applications (issue 16 "Trips and competitions"). A signed-in learner applies for an
 * active trip that has not started; at most one application per learner and trip is live
 * (`submitted`, `shortlisted`, `accepted`) — the partial unique index
 * `trip_applications_user_trip_live_uq` decides races — while a withdrawn or rejected one stays on
 * record and a new one may be made beside it. The applicant edits it while `submitted`; may
 * withdraw it while `submitted` or `shortlisted` (an accepted place is cancelled by talking to the
 * team: bookings are made by then). The add writes the row, the "application received" message
 * and the lead for sales in one transaction.
 */

type Row = typeof tripApplications.$inferSelect;
type Fields = z.output<typeof TripApplicationFieldsSchema>;
type Session = { userId: number };

const FIELD_KEYS = Object.keys(TripApplicationFieldsSchema.shape) as (keyof Fields)[];
const LIVE: readonly Row['status'][] = TRIP_APPLICATION_LIVE_STATUSES;

/** The live application already there: one per trip. */
const alreadyApplied = () =>
  new AppError(
    'CONFLICT',
    'You have already applied for this trip. Open your application to see or edit it, or withdraw it before applying again.',
  );

/** Whether `error` is PostgreSQL's unique violation (23505), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Only the form's own fields of a body (never `tripId`, `consent`, `withdraw`, …). */
function pickFields(body: Partial<Fields>): Partial<Fields> {
  const out: Partial<Fields> = {};
  for (const key of FIELD_KEYS)
    if (body[key] !== undefined) (out as Record<string, unknown>)[key] = body[key];
  return out;
}

/**
 * The stored fields as the answer shows them. A row written before the form existed (the demo's
 * earlier seed, an import) lacks some: they read "Not given" rather than failing the answer's
 * validation.
 */
function storedFields(details: Record<string, unknown>): TripApplication['fields'] {
  const optional = (key: string): string | undefined => {
    const value = details[key];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const NOT_GIVEN = 'Not given';
  const motivation = optional('motivation');
  const iam = optional('iam');
  return {
    mobile: optional('mobile') ?? '',
    city: optional('city') ?? NOT_GIVEN,
    iam: IamSchema.safeParse(iam).data ?? 'student',
    ...(optional('institution') ? { institution: optional('institution')! } : {}),
    motivation:
      motivation && motivation.trim().length >= 20
        ? motivation
        : 'Not given on the earlier application form.',
    ...(optional('requirements') ? { requirements: optional('requirements')! } : {}),
    emergencyContactName: optional('emergencyContactName') ?? NOT_GIVEN,
    emergencyContactMobile: optional('emergencyContactMobile') ?? '',
  };
}

function toWire(row: Row, trip: repo.TripRow): TripApplication {
  return {
    id: row.id,
    tripId: row.tripId,
    status: row.status,
    editable: row.status === 'submitted',
    fields: storedFields(row.details),
    reviewNote: row.reviewNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    Trip: {
      id: trip.id,
      title: trip.title,
      slug: trip.slug,
      path: tripPath(trip),
      startDate: wireDateOrNone(trip.startDate),
      endDate: wireDateOrNone(trip.endDate),
    },
  };
}

/** The trip of an application (active or not: an application outlives a trip taken off sale). */
async function tripOf(db: Executor, tripId: number): Promise<repo.TripRow> {
  const trip = await repo.findTrip(db, tripId);
  if (!trip) throw notFound('That trip');
  return trip;
}

/** The CRM note of an application: what sales reads before calling. */
function leadSummary(trip: repo.TripRow, fields: Fields): string {
  const lines = [
    `Trip application: ${trip.title} (${trip.location}${trip.startDate ? `, from ${trip.startDate}` : ''})`,
    `City: ${fields.city}`,
    `I am: ${fields.iam}${fields.institution ? ` at ${fields.institution}` : ''}`,
    `Why this trip: ${fields.motivation}`,
  ];
  if (fields.requirements) lines.push(`Needs: ${fields.requirements}`);
  lines.push(`Emergency contact: ${fields.emergencyContactName}, ${fields.emergencyContactMobile}`);
  return lines.join('\n');
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/**
 * `POST /api/trips/application/add`: a new application (201). An inactive or unknown trip → 404;
 * a trip that has started (its start date is today or earlier, platform time zone) → 409; a live
 * application for it already → 409, also when two arrive at once (the partial unique index).
 */
export async function addApplication(
  deps: { db: Db; clock: () => Date; tz: string },
  session: Session,
  body: z.output<typeof TripApplicationAddBodySchema>,
  meta: RequestMeta,
): Promise<TripApplication> {
  const now = deps.clock();
  const trip = await repo.findActiveTrip(deps.db, body.tripId);
  if (!trip) throw notFound('That trip');
  if (trip.startDate !== null && trip.startDate <= toWireDate(now, deps.tz))
    throw new AppError('CONFLICT', 'Applications for this trip have closed: it has already started.');
  const fields = pickFields(body) as Fields;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [live] = await tx
        .select({ id: tripApplications.id })
        .from(tripApplications)
        .where(
          and(
            eq(tripApplications.userId, session.userId),
            eq(tripApplications.tripId, trip.id),
            inArray(tripApplications.status, [...LIVE]),
          ),
        );
      if (live) throw alreadyApplied();
      const [user] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, session.userId));
      if (!user) throw notFound('Your account');
      const [created] = await tx
        .insert(tripApplications)
        .values({
          userId: session.userId,
          tripId: trip.id,
          status: 'submitted',
          details: { ...fields, consentVersion: LEAD_CONSENT_VERSION, consentedAt: now.toISOString() },
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await enqueueNotification(
        tx,
        { kind: 'trip-application', to: { userId: session.userId }, applicationId: created!.id },
        `trip-application:${created!.id}:${created!.createdAt.toISOString()}`,
      );
      await recordLead(
        tx,
        {
          form: 'trip_application',
          userId: session.userId,
          ip: meta.ip,
          userAgent: meta.userAgent,
          // The account's name (an account that never gave one is "Trip applicant" for sales).
          name: user.name?.trim() || 'Trip applicant',
          // A mobile-only account has no e-mail: the lead goes by its mobile.
          email: (user.email ?? '').toLowerCase(),
          mobile: fields.mobile,
          consentVersion: LEAD_CONSENT_VERSION,
          consentedAt: now,
          // The visit's campaign, as the other lead forms send it (absent values: none).
          utm: {
            utmSource: body.utmSource,
            utmMedium: body.utmMedium,
            utmCampaign: body.utmCampaign,
            utmTerm: body.utmTerm,
          },
          page: tripPath(trip),
          fields: { tripId: trip.id, applicationId: created!.id, ...fields },
          description: leadSummary(trip, fields),
          requirementName: trip.title,
          products: [{ id: `trip-${trip.id}`, name: trip.title }],
          designated: false,
        },
        now,
      );
      return created!;
    });
    return toWire(row, trip);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyApplied();
    throw error;
  }
}

/**
 * `POST /api/trips/application/update`: the caller's application, by id (anyone else's → 404).
 * Fields change only while `submitted` (reviewed → 409); `withdraw: true` withdraws a submitted
 * or shortlisted one (accepted, rejected or withdrawn already → 409). Withdrawing with fields
 * given withdraws and ignores them.
 */
export async function updateApplication(
  deps: { db: Db; clock: () => Date },
  session: Session,
  body: z.output<typeof TripApplicationUpdateBodySchema>,
): Promise<TripApplication> {
  const now = deps.clock();
  const fields = pickFields(body);
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(tripApplications)
      .where(and(eq(tripApplications.id, body.applicationId), eq(tripApplications.userId, session.userId)))
      .for('update');
    if (!current) throw notFound('That application');
    if (body.withdraw) {
      if (current.status === 'accepted')
        throw new AppError(
          'CONFLICT',
          'Your place on this trip is confirmed, so it cannot be withdrawn here. Please contact us to cancel.',
        );
      if (current.status !== 'submitted' && current.status !== 'shortlisted')
        throw new AppError('CONFLICT', `This application is already ${current.status}.`);
      const [updated] = await tx
        .update(tripApplications)
        .set({ status: 'withdrawn', updatedAt: now })
        .where(eq(tripApplications.id, current.id))
        .returning();
      return updated!;
    }
    if (current.status !== 'submitted')
      throw new AppError(
        'CONFLICT',
        current.status === 'withdrawn'
          ? 'This application was withdrawn; apply again to change it.'
          : 'This application has already been reviewed and can no longer be edited.',
      );
    if (Object.keys(fields).length === 0)
      throw new AppError(
        'VALIDATION_FAILED',
        'The request body is invalid: give a field to change, or withdraw.',
        [{ path: 'body', message: 'give a field to change, or withdraw' }],
      );
    const [updated] = await tx
      .update(tripApplications)
      .set({ details: { ...current.details, ...fields }, updatedAt: now })
      .where(eq(tripApplications.id, current.id))
      .returning();
    return updated!;
  });
  return toWire(row, await tripOf(deps.db, row.tripId));
}

/**
 * `POST /api/trips/application/details`: the caller's live application for the trip, else the
 * latest one (withdrawn or rejected), else null. An unknown trip → 404.
 */
export async function applicationDetails(
  db: Db,
  session: Session,
  tripId: number,
): Promise<{ application: TripApplication | null }> {
  const trip = await tripOf(db, tripId);
  const rows = await db
    .select()
    .from(tripApplications)
    .where(and(eq(tripApplications.userId, session.userId), eq(tripApplications.tripId, tripId)))
    .orderBy(desc(tripApplications.createdAt), desc(tripApplications.id));
  const chosen = rows.find((r) => LIVE.includes(r.status)) ?? rows[0];
  return { application: chosen ? toWire(chosen, trip) : null };
}
