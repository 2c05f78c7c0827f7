import { endpoints, type EndpointName } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  competitionRegistrations,
  competitions,
  jobs,
  leadNotes,
  leads,
  marketingFormSubmissions,
  tripApplications,
} from '../../db/schema/index.js';
import { createTrip } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser, outboxFor } from '../auth/testing.js';
import { ADMIN_SECTIONS, FORM_SUBMISSION_KINDS, INSTRUCTOR_SECTIONS } from '@atelier/contract';
import { MARKETING_FORM_KINDS } from '../../db/schema/index.js';

/*
 * The staff console's first server slice (issue 17) through the real app on a fresh database: who
 * may call it (everyone else gets 404), the lists (paging, sorting, search, filters, CSV), the
 * outbox retry and the trip application review, each with its audit row. The job worker is off:
 * the tests run the queue themselves.
 */

const NOW = new Date('2026-11-20T10:00:00Z');

type Caller = 'visitor' | 'learner' | 'moderator' | 'instructor' | 'admin';

/** Every console call, and who besides admins may open it (one table; the callers below). */
const CALLS: { name: EndpointName; url: string; method: 'GET' | 'POST'; body?: unknown; staff?: true }[] = [
  { name: 'adminMe', method: 'GET', url: '/api/admin/me', staff: true },
  { name: 'adminLeads', method: 'GET', url: '/api/admin/leads' },
  { name: 'adminFormSubmissions', method: 'GET', url: '/api/admin/form-submissions' },
  { name: 'adminOutbox', method: 'GET', url: '/api/admin/outbox' },
  { name: 'adminOutboxRetry', method: 'POST', url: '/api/admin/outbox/999999/retry' },
  { name: 'adminTripApplications', method: 'GET', url: '/api/admin/trip-applications' },
  {
    name: 'adminTripApplicationReview',
    method: 'POST',
    url: '/api/admin/trip-applications/999999/review',
    body: { decision: 'accepted' },
  },
  { name: 'adminCompetitionRegistrations', method: 'GET', url: '/api/admin/competition-registrations' },
  { name: 'adminAudit', method: 'GET', url: '/api/admin/audit' },
  { name: 'adminJobs', method: 'GET', url: '/api/admin/jobs' },
];

describe('staff console (issue 17, first slice)', () => {
  let t: TestContext;
  const headers: Partial<Record<Caller, Record<string, string>>> = {};
  let adminId = 0;
  let applicant: { id: number; email: string; headers: Record<string, string> };
  const ids: Record<string, number> = {};

  const get = (url: string, as: Caller = 'admin') =>
    t.app.inject({ method: 'GET', url, headers: headers[as] ?? {} });
  const post = (url: string, body?: unknown, as: Caller = 'admin') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: headers[as] ?? {},
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const db = t.database.db;
    for (const role of ['learner', 'moderator', 'instructor', 'admin'] as const) {
      const user = await insertUser(db, { role, name: `Console ${role}` });
      if (role === 'admin') adminId = user.id;
      headers[role] = bearer((await insertSession(db, user.id, NOW)).token);
    }
    const who = await insertUser(db, { name: 'Meera Iyer', isVerified: true });
    applicant = {
      id: who.id,
      email: who.email!,
      headers: bearer((await insertSession(db, who.id, NOW)).token),
    };

    // Leads: one sent, one whose CRM job is dead, one waiting; 30 more to page through.
    const lead = async (name: string, at: string, values: Partial<typeof leads.$inferInsert> = {}) => {
      const [row] = await db
        .insert(leads)
        .values({
          contactKey: `${name.toLowerCase().replace(/\W/g, '')}@example.test`,
          name,
          email: `${name.toLowerCase().replace(/\W/g, '')}@example.test`,
          mobile: '+91 9876543210',
          source: 'callback',
          payload: { utmSource: 'instagram', utmCampaign: 'winter' },
          dedupeKey: `lead:${name}:${at}`,
          createdAt: new Date(at),
          ...values,
        })
        .returning();
      return row!.id;
    };
    ids.sent = await lead('Zoya Sent', '2026-11-19T09:00:00Z', { crmLeadId: 'crm-1' });
    ids.failed = await lead('Arjun Failed', '2026-11-19T10:00:00Z', { source: 'hire_us' });
    ids.waiting = await lead('=HYPERLINK("x") Waiting', '2026-11-19T11:00:00Z', {
      payload: { utmSource: null, utmCampaign: null },
    });
    for (let i = 0; i < 30; i += 1)
      await lead(
        `Bulk ${String(i).padStart(2, '0')}`,
        `2026-11-01T${String(i % 24).padStart(2, '0')}:00:00Z`,
      );
    await db.insert(jobs).values([
      {
        topic: 'crm.lead',
        payload: { leadId: ids.failed },
        dedupeKey: `crm.lead:${ids.failed}`,
        status: 'dead',
        attempts: 5,
        lastError: 'CRM answered 500',
      },
      { topic: 'crm.lead', payload: { leadId: ids.waiting }, dedupeKey: `crm.lead:${ids.waiting}` },
    ]);
    await db.insert(leadNotes).values([
      { leadId: ids.sent, description: 'first' },
      { leadId: ids.sent, description: 'second' },
    ]);

    await db.insert(marketingFormSubmissions).values([
      {
        kind: 'callback',
        payload: {
          name: 'Kiran, "K" Das',
          email: 'kiran@example.test',
          mobile: '+91 9000000001',
          page: '/',
          utm: {},
        },
      },
      {
        kind: 'hire_us',
        payload: {
          name: 'Studio Lead',
          email: 'studio@example.test',
          mobile: '+91 9000000002',
          company: 'Form Co',
        },
      },
    ]);

    const trip = await createTrip(db, { title: 'Chandigarh Study Tour', startDate: '2026-12-01' });
    const other = await createTrip(db, {
      title: 'Hampi Sketch Walk',
      startDate: '2027-01-10',
      endDate: '2027-01-14',
    });
    ids.trip = trip.id;
    const [app1, app2] = await db
      .insert(tripApplications)
      .values([
        { userId: applicant.id, tripId: trip.id, details: { city: 'Pune' } },
        { userId: applicant.id, tripId: other.id, status: 'withdrawn', details: { city: 'Pune' } },
      ])
      .returning();
    ids.application = app1!.id;
    ids.withdrawn = app2!.id;

    const [competition] = await db
      .insert(competitions)
      .values({ title: 'Bus Shelter', slug: 'bus-shelter', amount: 0 })
      .returning();
    await db.insert(competitionRegistrations).values({
      competitionId: competition!.id,
      userId: applicant.id,
      status: 'confirmed',
      teamName: 'Team M',
    });
    ids.competition = competition!.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  describe('who may call it', () => {
    it('when anyone but the listed staff calls a console call, then 404 as for a path that does not exist', async () => {
      const seen: Record<string, Record<Caller, number>> = {};
      const expected: Record<string, Record<Caller, number>> = {};
      for (const call of CALLS) {
        expect((endpoints[call.name].roles as readonly string[]).includes('admin')).toBe(true);
        seen[call.name] = {} as Record<Caller, number>;
        expected[call.name] = {} as Record<Caller, number>;
        for (const caller of ['visitor', 'learner', 'moderator', 'instructor'] as const) {
          const res =
            call.method === 'GET' ? await get(call.url, caller) : await post(call.url, call.body, caller);
          seen[call.name]![caller] = res.statusCode;
          expected[call.name]![caller] = call.staff && caller === 'instructor' ? 200 : 404;
          if (res.statusCode === 404) expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
        }
      }
      expect(seen).toEqual(expected);
    });

    it('when a visitor sends an invalid token to a console call, then 404 too (not 401)', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/leads',
        headers: bearer('x'.repeat(43)),
      });
      expect(res.statusCode).toBe(404);
    });

    it('when an admin or an instructor asks who they are, then the admin gets every section and the instructor theirs', async () => {
      const admin = (await get('/api/admin/me')).json().data;
      expect(admin).toEqual({
        id: adminId,
        name: 'Console admin',
        role: 'admin',
        // Every section of the contract (each area of issue 17 appends its own).
        sections: [...ADMIN_SECTIONS],
      });
      expect(admin.sections).toEqual(expect.arrayContaining(['leads', 'audit', 'teaching']));
      const instructor = (await get('/api/admin/me', 'instructor')).json().data;
      // Instructors: their own batches' teaching, not leads or the audit log.
      expect(instructor).toMatchObject({ role: 'instructor', sections: [...INSTRUCTOR_SECTIONS] });
      expect(instructor.sections).toContain('teaching');
      expect(instructor.sections).not.toContain('leads');
    });
  });

  describe('lists', () => {
    it('when leads are listed, then the newest come first, 25 a page, with the total and each CRM status', async () => {
      const res = await get('/api/admin/leads');
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      expect(page).toMatchObject({ total: 33, page: 1, pageSize: 25 });
      expect(page.items).toHaveLength(25);
      expect(page.items.slice(0, 3).map((l: { id: number }) => l.id)).toEqual([
        ids.waiting,
        ids.failed,
        ids.sent,
      ]);
      const [waiting, failed, sent] = page.items;
      expect(sent).toMatchObject({
        crmStatus: 'sent',
        crmLeadId: 'crm-1',
        notes: 2,
        utmSource: 'instagram',
        utmCampaign: 'winter',
      });
      expect(failed).toMatchObject({ crmStatus: 'failed', lastError: 'CRM answered 500', notes: 0 });
      expect(waiting).toMatchObject({ crmStatus: 'pending', lastError: null, utmSource: null });

      const last = (await get('/api/admin/leads?page=4&pageSize=10')).json().data;
      expect(last).toMatchObject({ total: 33, page: 4, pageSize: 10 });
      expect(last.items).toHaveLength(3);
    });

    it('when leads are sorted, searched and filtered, then only the matching rows count', async () => {
      const byName = (await get('/api/admin/leads?sort=name&pageSize=10')).json().data;
      expect(byName.items[0].name).toBe('=HYPERLINK("x") Waiting');
      expect(byName.items[1].name).toBe('Arjun Failed');
      const desc = (await get('/api/admin/leads?sort=-name&pageSize=10')).json().data;
      expect(desc.items[0].name).toBe('Zoya Sent');

      const search = (await get('/api/admin/leads?q=arjun')).json().data;
      expect(search).toMatchObject({ total: 1, items: [{ id: ids.failed }] });
      // A % in the search is a character, not a wildcard.
      expect((await get('/api/admin/leads?q=%25')).json().data.total).toBe(0);

      const failed = (await get('/api/admin/leads?crmStatus=failed')).json().data;
      expect(failed.items.map((l: { id: number }) => l.id)).toEqual([ids.failed]);
      const sent = (await get('/api/admin/leads?crmStatus=sent')).json().data;
      expect(sent.total).toBe(1);
      expect((await get('/api/admin/leads?crmStatus=pending')).json().data.total).toBe(31);
      expect((await get('/api/admin/leads?source=hire_us')).json().data.total).toBe(1);
    });

    it('when a list is asked for an unknown sort column or page size, then 400 naming what is allowed', async () => {
      const sort = await get('/api/admin/leads?sort=-email');
      expect(sort.statusCode).toBe(400);
      expect(sort.json().message).toMatch(/createdAt, name/);
      expect(sort.json().errors).toEqual([
        { path: 'sort', message: expect.stringContaining('createdAt, name') },
      ]);
      const outbox = await get('/api/admin/outbox?sort=topic');
      expect(outbox.statusCode).toBe(400);
      expect(outbox.json().message).toMatch(/updatedAt, runAt/);
      const size = await get('/api/admin/leads?pageSize=30');
      expect(size.statusCode).toBe(400);
      expect(JSON.stringify(size.json().errors)).toMatch(/10, 25, 50 or 100/);
      expect((await get('/api/admin/leads?page=0')).statusCode).toBe(400);
      expect((await get('/api/admin/leads?unknown=1')).statusCode).toBe(400);
    });

    it('when leads are exported as CSV, then the whole filtered list comes as a download with quoting and formula protection', async () => {
      const res = await get('/api/admin/leads?format=csv&sort=createdAt&pageSize=10');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="leads-2026-11-20.csv"');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'id,created_at,name,email,mobile,source,designated,crm_status,crm_lead_id,last_error,notes,utm_source,utm_campaign',
      );
      expect(lines).toHaveLength(34); // the header and all 33, not one page of 10
      const waiting = lines.find((line) => line.startsWith(`${ids.waiting},`))!;
      // Quoted (it holds quotes), its quotes doubled, and a leading ' so no spreadsheet runs it.
      expect(waiting).toContain(`"'=HYPERLINK(""x"") Waiting"`);
      // A mobile starting with + is protected too.
      expect(waiting).toContain(`'+91 9876543210`);

      const filtered = await get('/api/admin/leads?format=csv&crmStatus=failed');
      expect(filtered.body.trimEnd().split('\r\n')).toHaveLength(2);
    });

    it('when form submissions are listed, then each shows its contact and its own fields, searchable and filterable by kind', async () => {
      const all = (await get('/api/admin/form-submissions')).json().data;
      expect(all.total).toBe(2);
      const hire = (await get('/api/admin/form-submissions?kind=hire_us')).json().data;
      expect(hire.items).toEqual([
        expect.objectContaining({
          kind: 'hire_us',
          name: 'Studio Lead',
          email: 'studio@example.test',
          fields: { company: 'Form Co' },
        }),
      ]);
      const found = (await get('/api/admin/form-submissions?q=kiran')).json().data;
      expect(found.items.map((s: { name: string }) => s.name)).toEqual(['Kiran, "K" Das']);
      const csv = await get('/api/admin/form-submissions?format=csv&q=kiran');
      expect(csv.body).toContain('"Kiran, ""K"" Das"');
    });

    it('when trip applications and competition registrations are listed, then each shows its trip or competition and the person', async () => {
      const apps = (await get(`/api/admin/trip-applications?tripId=${ids.trip}`)).json().data;
      expect(apps).toMatchObject({
        total: 1,
        items: [
          {
            id: ids.application,
            status: 'submitted',
            trip: { id: ids.trip, title: 'Chandigarh Study Tour', startDate: '2026-12-01' },
            applicant: { id: applicant.id, name: 'Meera Iyer', email: applicant.email },
            fields: { city: 'Pune' },
          },
        ],
      });
      expect((await get('/api/admin/trip-applications?status=withdrawn')).json().data.items).toEqual([
        expect.objectContaining({ id: ids.withdrawn }),
      ]);
      expect((await get('/api/admin/trip-applications?q=hampi')).json().data.total).toBe(1);
      expect((await get('/api/admin/trip-applications?q=meera')).json().data.total).toBe(2);

      const regs = (await get(`/api/admin/competition-registrations?competitionId=${ids.competition}`)).json()
        .data;
      expect(regs).toMatchObject({
        total: 1,
        items: [
          {
            competition: { id: ids.competition, title: 'Bus Shelter' },
            entrant: { id: applicant.id, name: 'Meera Iyer' },
            status: 'confirmed',
            teamName: 'Team M',
            orderId: null,
          },
        ],
      });
      expect((await get('/api/admin/competition-registrations?q=nobody')).json().data.total).toBe(0);
    });
  });

  describe('writes', () => {
    it('when an admin retries a dead job, then it is due now with fresh attempts, runs, and the retry is audited', async () => {
      const db = t.database.db;
      // A real job that failed for good: the received-application e-mail of the trip application.
      const [dead] = await db
        .insert(jobs)
        .values({
          topic: 'notification.send',
          payload: { kind: 'trip-application', to: { userId: applicant.id }, applicationId: ids.application },
          status: 'dead',
          attempts: 5,
          lastError: 'SMTP timed out',
          finishedAt: NOW,
        })
        .returning();

      const listed = (await get('/api/admin/outbox?status=dead&q=notification')).json().data;
      expect(listed.items).toEqual([
        expect.objectContaining({ id: dead!.id, status: 'dead', attempts: 5, lastError: 'SMTP timed out' }),
      ]);

      const res = await post(`/api/admin/outbox/${dead!.id}/retry`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: dead!.id, status: 'pending' });
      const [queued] = await db.select().from(jobs).where(eq(jobs.id, dead!.id));
      expect(queued).toMatchObject({
        status: 'pending',
        attempts: 0,
        lastError: 'SMTP timed out',
        finishedAt: null,
      });

      await t.app.jobs.runner.drain();
      const [ran] = await db.select().from(jobs).where(eq(jobs.id, dead!.id));
      expect(ran!.status).toBe('done');
      expect((await outboxFor(db, applicant.email)).map((m) => m.subject)).toContain(
        'We received your trip application: Chandigarh Study Tour',
      );

      const [audit] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.entityId, String(dead!.id))));
      expect(audit).toMatchObject({
        actorId: adminId,
        actorRole: 'admin',
        entity: 'job',
        before: expect.objectContaining({ status: 'dead', attempts: 5, lastError: 'SMTP timed out' }),
        after: expect.objectContaining({ status: 'pending', attempts: 0 }),
        requestId: expect.any(String),
      });

      // Done now: nothing to retry. Unknown: 404.
      expect((await post(`/api/admin/outbox/${dead!.id}/retry`)).statusCode).toBe(409);
      expect((await post('/api/admin/outbox/999999/retry')).statusCode).toBe(404);
    });

    it('when an admin accepts an application with a note, then the applicant sees it, is told, and the audit log has it', async () => {
      const db = t.database.db;
      const res = await post(`/api/admin/trip-applications/${ids.application}/review`, {
        decision: 'accepted',
        note: 'Bring a sketchbook.',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: ids.application,
        status: 'accepted',
        reviewNote: 'Bring a sketchbook.',
      });
      const requestId = res.headers['x-request-id'];
      expect(requestId).toEqual(expect.any(String));

      // The applicant's dashboard.
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/user/profile/trip/applications',
        headers: applicant.headers,
      });
      expect(JSON.stringify(mine.json().data)).toContain('accepted');

      // The notification job, in the same transaction; once run, the e-mail says the decision and the note.
      const notification = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.topic, 'notification.send'), eq(jobs.status, 'pending')));
      expect(notification.map((j) => j.payload)).toContainEqual({
        kind: 'trip-application',
        to: { userId: applicant.id },
        applicationId: ids.application,
      });
      await t.app.jobs.runner.drain();
      const mail = (await outboxFor(db, applicant.email)).find((m) => m.subject?.includes('accepted'));
      expect(mail?.subject).toBe('Your trip application is accepted: Chandigarh Study Tour');
      expect(mail?.body).toContain('Bring a sketchbook.');

      const audit = (await get('/api/admin/audit?q=trip_application')).json().data;
      expect(audit.total).toBe(1);
      expect(audit.items[0]).toMatchObject({
        actor: { id: adminId, name: 'Console admin', role: 'admin' },
        action: 'trip_application.review',
        entity: 'trip_application',
        entityId: String(ids.application),
        before: { status: 'submitted', reviewNote: null },
        after: { status: 'accepted', reviewNote: 'Bring a sketchbook.' },
        requestId,
      });
      expect((await get(`/api/admin/audit?actorId=${adminId}`)).json().data.total).toBe(2);
      expect((await get('/api/admin/audit?entity=job')).json().data.total).toBe(1);
      const csv = await get('/api/admin/audit?format=csv&entity=trip_application');
      expect(csv.body.split('\r\n')[0]).toBe(
        'id,created_at,actor_id,actor_name,actor_role,action,entity,entity_id,before,after,request_id',
      );
    });

    it('when an admin reviews a withdrawn application or sends a bad decision, then it is refused and nothing is recorded', async () => {
      const before = (await get('/api/admin/audit')).json().data.total;
      const withdrawn = await post(`/api/admin/trip-applications/${ids.withdrawn}/review`, {
        decision: 'rejected',
      });
      expect(withdrawn.statusCode).toBe(409);
      const bad = await post(`/api/admin/trip-applications/${ids.application}/review`, { decision: 'maybe' });
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json().errors)).toMatch(/shortlisted, accepted or rejected/);
      expect(
        (await post('/api/admin/trip-applications/999999/review', { decision: 'accepted' })).statusCode,
      ).toBe(404);
      expect((await get('/api/admin/audit')).json().data.total).toBe(before);
      const [row] = await t.database.db
        .select()
        .from(tripApplications)
        .where(eq(tripApplications.id, ids.withdrawn));
      expect(row!.status).toBe('withdrawn');
    });
  });
});

describe('the contract’s form kinds', () => {
  it('when the console filters by form, then its choices are exactly the kinds the database accepts', () => {
    expect([...FORM_SUBMISSION_KINDS]).toEqual([...MARKETING_FORM_KINDS]);
  });
});
