import type {
  AdminAuditQuerySchema,
  AdminLeadsQuerySchema,
  AdminOutboxQuerySchema,
  AdminRegistrationsQuerySchema,
  AdminSubmissionsQuerySchema,
  AdminTripApplicationsQuerySchema,
  AdminLead,
} from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/query.js';
import {
  auditLog,
  competitionRegistrations,
  competitions,
  jobs,
  leads,
  marketingFormSubmissions,
  tripApplications,
  trips,
  users,
} from '../../db/schema/index.js';
import type { CsvColumn } from './csv.js';
import {
  iso,
  matchesAny,
  orderBy,
  searchPattern,
  windowOf,
  count,
  all,
  type Listed,
  totalOf,
} from './listing.js';

/*
 * The console's lists (issue 17 point 6): each one filters, searches, sorts and pages on the
 * server, and names the columns of its CSV export. A list answers `{ items, total }`; `total`
 * counts the filtered rows (left out for a CSV export, which is the whole filtered list).
 */

// ---------------------------------------------------------------------------------------------
// Leads
// ---------------------------------------------------------------------------------------------

/** A lead's `crm.lead` job (dedupe key `crm.lead:{leadId}`, once per lead). */
const crmJob = alias(jobs, 'crm_job');
const crmStatus = sql<AdminLead['crmStatus']>`CASE
  WHEN ${leads.crmLeadId} IS NOT NULL THEN 'sent'
  WHEN ${crmJob.status} = 'dead' THEN 'failed'
  ELSE 'pending' END`;

export async function listLeads(
  db: Executor,
  query: z.output<typeof AdminLeadsQuerySchema>,
): Promise<Listed<AdminLead>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [leads.name, leads.email, leads.mobile]) : undefined,
    query.source ? eq(leads.source, query.source) : undefined,
    query.crmStatus ? sql`${crmStatus} = ${query.crmStatus}` : undefined,
  );
  const joinOn = eq(crmJob.dedupeKey, sql`'crm.lead:' || ${leads.id}`);
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      mobile: leads.mobile,
      source: leads.source,
      designated: leads.designated,
      crmStatus,
      crmLeadId: leads.crmLeadId,
      lastError: crmJob.lastError,
      notes: sql<number>`(SELECT count(*)::int FROM lead_notes n WHERE n.lead_id = ${leads.id})`,
      utmSource: sql<string | null>`${leads.payload}->>'utmSource'`,
      utmCampaign: sql<string | null>`${leads.payload}->>'utmCampaign'`,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .leftJoin(crmJob, joinOn)
    .where(where)
    .orderBy(...orderBy(query.sort, '-createdAt', { createdAt: leads.createdAt, name: leads.name }, leads.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((r) => ({
    ...r,
    lastError: r.crmStatus === 'sent' ? null : r.lastError,
    notes: Number(r.notes),
    createdAt: iso(r.createdAt),
  }));
  const total = await totalOf(
    query,
    () => db.select({ n: count }).from(leads).leftJoin(crmJob, joinOn).where(where),
    items,
  );
  return { items, total };
}

export const leadColumns: CsvColumn<AdminLead>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'mobile', value: (r) => r.mobile },
  { header: 'source', value: (r) => r.source },
  { header: 'designated', value: (r) => r.designated },
  { header: 'crm_status', value: (r) => r.crmStatus },
  { header: 'crm_lead_id', value: (r) => r.crmLeadId },
  { header: 'last_error', value: (r) => r.lastError },
  { header: 'notes', value: (r) => r.notes },
  { header: 'utm_source', value: (r) => r.utmSource },
  { header: 'utm_campaign', value: (r) => r.utmCampaign },
];

// ---------------------------------------------------------------------------------------------
// Form submissions
// ---------------------------------------------------------------------------------------------

export interface AdminSubmissionRow {
  id: number;
  kind: string;
  partner: string | null;
  name: string | null;
  email: string | null;
  mobile: string | null;
  page: string | null;
  leadId: number | null;
  consentVersion: string | null;
  fields: Record<string, unknown>;
  createdAt: string;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

export async function listSubmissions(
  db: Executor,
  query: z.output<typeof AdminSubmissionsQuerySchema>,
): Promise<Listed<AdminSubmissionRow>> {
  const s = marketingFormSubmissions;
  const pattern = searchPattern(query.q);
  const where = all(
    pattern
      ? matchesAny(pattern, [
          sql`${s.payload}->>'name'`,
          sql`${s.payload}->>'email'`,
          sql`${s.payload}->>'mobile'`,
        ])
      : undefined,
    query.kind ? sql`${s.kind} = ${query.kind}` : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select()
    .from(s)
    .where(where)
    .orderBy(...orderBy(query.sort, '-createdAt', { createdAt: s.createdAt }, s.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((r) => {
    // The form's own fields: the payload without the contact and page, which have their columns.
    const { name, email, mobile, page, ...fields } = r.payload;
    return {
      id: r.id,
      kind: r.kind,
      partner: r.partner,
      name: textOrNull(name),
      email: textOrNull(email),
      mobile: textOrNull(mobile),
      page: textOrNull(page),
      leadId: r.leadId,
      consentVersion: r.consentVersion,
      fields,
      createdAt: iso(r.createdAt),
    };
  });
  const total = await totalOf(query, () => db.select({ n: count }).from(s).where(where), items);
  return { items, total };
}

export const submissionColumns: CsvColumn<AdminSubmissionRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'kind', value: (r) => r.kind },
  { header: 'partner', value: (r) => r.partner },
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'mobile', value: (r) => r.mobile },
  { header: 'page', value: (r) => r.page },
  { header: 'lead_id', value: (r) => r.leadId },
  { header: 'consent_version', value: (r) => r.consentVersion },
  { header: 'fields', value: (r) => r.fields },
];

// ---------------------------------------------------------------------------------------------
// Outbox
// ---------------------------------------------------------------------------------------------

export interface AdminJobRow {
  id: number;
  topic: string;
  status: (typeof jobs.$inferSelect)['status'];
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: string;
  updatedAt: string;
}

export async function listOutbox(
  db: Executor,
  query: z.output<typeof AdminOutboxQuerySchema>,
): Promise<Listed<AdminJobRow>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [jobs.topic]) : undefined,
    query.status ? eq(jobs.status, query.status) : undefined,
    query.topic ? eq(jobs.topic, query.topic) : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: jobs.id,
      topic: jobs.topic,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      runAt: jobs.runAt,
      updatedAt: jobs.updatedAt,
    })
    .from(jobs)
    .where(where)
    .orderBy(...orderBy(query.sort, '-updatedAt', { updatedAt: jobs.updatedAt, runAt: jobs.runAt }, jobs.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((r) => ({ ...r, runAt: iso(r.runAt), updatedAt: iso(r.updatedAt) }));
  const total = await totalOf(query, () => db.select({ n: count }).from(jobs).where(where), items);
  return { items, total };
}

export const jobColumns: CsvColumn<AdminJobRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'topic', value: (r) => r.topic },
  { header: 'status', value: (r) => r.status },
  { header: 'attempts', value: (r) => r.attempts },
  { header: 'max_attempts', value: (r) => r.maxAttempts },
  { header: 'last_error', value: (r) => r.lastError },
  { header: 'run_at', value: (r) => r.runAt },
  { header: 'updated_at', value: (r) => r.updatedAt },
];

// ---------------------------------------------------------------------------------------------
// Trip applications
// ---------------------------------------------------------------------------------------------

export interface AdminTripApplicationRow {
  id: number;
  status: (typeof tripApplications.$inferSelect)['status'];
  trip: { id: number; title: string; startDate: string | null };
  applicant: { id: number; name: string | null; email: string | null; mobile: string | null };
  fields: Record<string, unknown>;
  reviewNote: string | null;
  createdAt: string;
  updatedAt: string;
}

const applicationColumns = {
  id: tripApplications.id,
  status: tripApplications.status,
  details: tripApplications.details,
  reviewNote: tripApplications.reviewNote,
  createdAt: tripApplications.createdAt,
  updatedAt: tripApplications.updatedAt,
  tripId: trips.id,
  tripTitle: trips.title,
  tripStart: trips.startDate,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
  userMobile: users.mobile,
};

type ApplicationSelected = {
  [K in keyof typeof applicationColumns]: (typeof applicationColumns)[K]['_']['notNull'] extends true
    ? (typeof applicationColumns)[K]['_']['data']
    : (typeof applicationColumns)[K]['_']['data'] | null;
};

function applicationItem(r: ApplicationSelected): AdminTripApplicationRow {
  return {
    id: r.id,
    status: r.status,
    trip: { id: r.tripId, title: r.tripTitle, startDate: r.tripStart },
    applicant: { id: r.userId, name: r.userName, email: r.userEmail, mobile: r.userMobile },
    fields: r.details,
    reviewNote: r.reviewNote,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export async function listTripApplications(
  db: Executor,
  query: z.output<typeof AdminTripApplicationsQuerySchema>,
): Promise<Listed<AdminTripApplicationRow>> {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [users.name, users.email, users.mobile, trips.title]) : undefined,
    query.status ? eq(tripApplications.status, query.status) : undefined,
    query.tripId ? eq(tripApplications.tripId, query.tripId) : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select(applicationColumns)
    .from(tripApplications)
    .innerJoin(trips, eq(trips.id, tripApplications.tripId))
    .innerJoin(users, eq(users.id, tripApplications.userId))
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-createdAt',
        { createdAt: tripApplications.createdAt, status: tripApplications.status },
        tripApplications.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const items = rows.map(applicationItem);
  const total = await totalOf(
    query,
    () =>
      db
        .select({ n: count })
        .from(tripApplications)
        .innerJoin(trips, eq(trips.id, tripApplications.tripId))
        .innerJoin(users, eq(users.id, tripApplications.userId))
        .where(where),
    items,
  );
  return { items, total };
}

/** One application as the list shows it. */
export async function tripApplicationById(
  db: Executor,
  id: number,
): Promise<AdminTripApplicationRow | undefined> {
  const [row] = await db
    .select(applicationColumns)
    .from(tripApplications)
    .innerJoin(trips, eq(trips.id, tripApplications.tripId))
    .innerJoin(users, eq(users.id, tripApplications.userId))
    .where(eq(tripApplications.id, id));
  return row ? applicationItem(row) : undefined;
}

export const tripApplicationColumns: CsvColumn<AdminTripApplicationRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'status', value: (r) => r.status },
  { header: 'trip_id', value: (r) => r.trip.id },
  { header: 'trip', value: (r) => r.trip.title },
  { header: 'trip_start', value: (r) => r.trip.startDate },
  { header: 'applicant_id', value: (r) => r.applicant.id },
  { header: 'name', value: (r) => r.applicant.name },
  { header: 'email', value: (r) => r.applicant.email },
  { header: 'mobile', value: (r) => r.applicant.mobile },
  { header: 'review_note', value: (r) => r.reviewNote },
  { header: 'fields', value: (r) => r.fields },
  { header: 'updated_at', value: (r) => r.updatedAt },
];

// ---------------------------------------------------------------------------------------------
// Competition registrations
// ---------------------------------------------------------------------------------------------

export interface AdminRegistrationRow {
  id: number;
  competition: { id: number; title: string };
  entrant: { id: number; name: string | null; email: string | null };
  status: string;
  teamName: string | null;
  orderId: number | null;
  createdAt: string;
}

export async function listRegistrations(
  db: Executor,
  query: z.output<typeof AdminRegistrationsQuerySchema>,
): Promise<Listed<AdminRegistrationRow>> {
  const r = competitionRegistrations;
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [users.name, users.email, competitions.title]) : undefined,
    query.competitionId ? eq(r.competitionId, query.competitionId) : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: r.id,
      status: r.status,
      teamName: r.teamName,
      orderId: r.orderId,
      createdAt: r.createdAt,
      competitionId: competitions.id,
      competitionTitle: competitions.title,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
    })
    .from(r)
    .innerJoin(competitions, eq(competitions.id, r.competitionId))
    .innerJoin(users, eq(users.id, r.userId))
    .where(where)
    .orderBy(...orderBy(query.sort, '-createdAt', { createdAt: r.createdAt }, r.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((row) => ({
    id: row.id,
    competition: { id: row.competitionId, title: row.competitionTitle },
    entrant: { id: row.userId, name: row.userName, email: row.userEmail },
    status: row.status,
    teamName: row.teamName,
    orderId: row.orderId,
    createdAt: iso(row.createdAt),
  }));
  const total = await totalOf(
    query,
    () =>
      db
        .select({ n: count })
        .from(r)
        .innerJoin(competitions, eq(competitions.id, r.competitionId))
        .innerJoin(users, eq(users.id, r.userId))
        .where(where),
    items,
  );
  return { items, total };
}

export const registrationColumns: CsvColumn<AdminRegistrationRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'competition_id', value: (r) => r.competition.id },
  { header: 'competition', value: (r) => r.competition.title },
  { header: 'entrant_id', value: (r) => r.entrant.id },
  { header: 'name', value: (r) => r.entrant.name },
  { header: 'email', value: (r) => r.entrant.email },
  { header: 'status', value: (r) => r.status },
  { header: 'team_name', value: (r) => r.teamName },
  { header: 'order_id', value: (r) => r.orderId },
];

// ---------------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------------

export interface AdminAuditRow {
  id: number;
  actor: { id: number; name: string | null; role: string };
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  requestId: string | null;
  createdAt: string;
}

export async function listAudit(
  db: Executor,
  query: z.output<typeof AdminAuditQuerySchema>,
): Promise<Listed<AdminAuditRow>> {
  const a = auditLog;
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [a.action, a.entity, a.entityId]) : undefined,
    query.actorId ? eq(a.actorId, query.actorId) : undefined,
    query.entity ? eq(a.entity, query.entity) : undefined,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: a.id,
      actorId: a.actorId,
      actorRole: a.actorRole,
      actorName: users.name,
      action: a.action,
      entity: a.entity,
      entityId: a.entityId,
      before: a.before,
      after: a.after,
      requestId: a.requestId,
      createdAt: a.createdAt,
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.actorId))
    .where(where)
    .orderBy(...orderBy(query.sort, '-createdAt', { createdAt: a.createdAt }, a.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map((r) => ({
    id: r.id,
    actor: { id: r.actorId, name: r.actorName, role: r.actorRole },
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    before: r.before ?? null,
    after: r.after ?? null,
    requestId: r.requestId,
    createdAt: iso(r.createdAt),
  }));
  const total = await totalOf(query, () => db.select({ n: count }).from(a).where(where), items);
  return { items, total };
}

export const auditColumns: CsvColumn<AdminAuditRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.createdAt },
  { header: 'actor_id', value: (r) => r.actor.id },
  { header: 'actor_name', value: (r) => r.actor.name },
  { header: 'actor_role', value: (r) => r.actor.role },
  { header: 'action', value: (r) => r.action },
  { header: 'entity', value: (r) => r.entity },
  { header: 'entity_id', value: (r) => r.entityId },
  { header: 'before', value: (r) => r.before },
  { header: 'after', value: (r) => r.after },
  { header: 'request_id', value: (r) => r.requestId },
];
