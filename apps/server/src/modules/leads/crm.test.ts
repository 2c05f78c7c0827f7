import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { Database } from '../../db/database.js';
import { jobs, leadNotes, leads, marketingFormSubmissions } from '../../db/schema/index.js';
import { createHttpAdTracker } from '../../integrations/ad-tracker/http-tracker.js';
import { startFakeTracker, type FakeTracker } from '../../integrations/ad-tracker/testing/fake-tracker.js';
import { createHttpCrm } from '../../integrations/crm/http-crm.js';
import {
  startFakeCrm,
  type FakeCrm,
  type FakeMisbehaviour,
} from '../../integrations/crm/testing/fake-crm.js';
import { JobHandlers, JobRunner, type JobHandler, type JobLog } from '../../platform/jobs/index.js';
import { createTestDatabase } from '../../test/test-app.js';
import { AD_CONVERSION_TOPIC } from './conversions.js';
import {
  CRM_LEAD_TOPIC,
  CRM_MAX_ATTEMPTS,
  CRM_NOTE_TOPIC,
  enqueueCrmNote,
  registerLeadJobs,
} from './crm-jobs.js';
import { recordLead, type LeadIntake } from './lead-intake.js';

/*
 * The CRM pipeline against a fake CRM on 127.0.0.1 (issue 16; checklist G2–G6, H8): recordLead in
 * a transaction, then the real job runner (short backoff) driving the real HTTP adapter.
 */

const KEY = 'crm-secret-key-0123456789';
const TOKEN = 'tracker-secret-token-0123456789';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let database: Database;
let db: Db;
let fake: FakeCrm;
let tracker: FakeTracker;
let counter = 0;
const logLines: string[] = [];
const log: JobLog = {
  info: (o, m) => logLines.push(`${m} ${JSON.stringify(o)}`),
  warn: (o, m) => logLines.push(`${m} ${JSON.stringify(o)}`),
  error: (o, m) => logLines.push(`${m} ${JSON.stringify(o)}`),
};

/** The composition root's `registerHandler` over a bare registry. */
const on = (handlers: JobHandlers) => ({
  registerHandler: (topic: string, handler: JobHandler) => handlers.register(topic, handler),
});

function runner(timeoutMs = 300): JobRunner {
  const handlers = new JobHandlers();
  registerLeadJobs(on(handlers), {
    db,
    crm: createHttpCrm({ baseUrl: fake.url, apiKey: KEY, timeoutMs }),
    tracker: createHttpAdTracker({ url: tracker.url, pixelId: '1234567890', accessToken: TOKEN, timeoutMs }),
    clock: () => new Date(),
    publicUrl: 'https://atelier.example',
  });
  return new JobRunner({ db, handlers, log, backoff: { baseMs: 1, maxMs: 2 }, random: () => 0 });
}

/** A unique contact per test, so tests sharing the database and the fake never meet. */
function contact() {
  counter += 1;
  return { email: `visitor${counter}.${Date.now()}@example.com`, name: 'Priya Sharma' };
}

function intake(over: Partial<LeadIntake> & { email: string }): LeadIntake {
  return {
    form: 'callback',
    userId: null,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0',
    name: 'Priya Sharma',
    mobile: '+91 9876543210',
    consentVersion: 'lead-consent-2026-11',
    consentedAt: new Date(),
    utm: { utmSource: 'google', utmCampaign: 'winter' },
    page: '/course/revit-architecture',
    fields: { source: 'counselling' },
    description: 'Asked about Revit Architecture',
    requirementName: 'Revit Architecture',
    products: [{ id: 42, name: 'Revit Architecture' }],
    designated: false,
    ...over,
  };
}

const submit = (input: LeadIntake, now = new Date()) => db.transaction((tx) => recordLead(tx, input, now));

const leadsTo = (email: string) =>
  fake.leads.filter((l) => (l.body.emails as Array<{ value: string }>)[0]?.value === email);
const notesTo = (crmId: number) => fake.notes.filter((n) => n.body.targetEntityId === crmId);
const jobsOf = (topic: string, key: string) =>
  db
    .select()
    .from(jobs)
    .where(and(eq(jobs.topic, topic), sql`${jobs.payload}::text LIKE ${`%${key}%`}`))
    .orderBy(jobs.id);
const leadRow = async (id: number) => (await db.select().from(leads).where(eq(leads.id, id)))[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  fake = await startFakeCrm();
  tracker = await startFakeTracker();
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await tracker?.close();
  await database?.close();
});
afterEach(async () => {
  // Other tests' jobs (dead ones included) must not run in the next test's drain.
  await db.delete(jobs);
});

describe('the lead as the CRM gets it (spec §3, §9)', () => {
  it('when a lead is sent, then its fields, its note and the api-key header are exactly the spec’s', async () => {
    const { email } = contact();
    const recorded = await submit(intake({ email, utm: { utmSource: 'google', utmCampaign: 'winter' } }));
    await runner().drain();

    const [lead] = leadsTo(email);
    expect(lead!.body).toEqual({
      firstName: 'Priya',
      lastName: 'Sharma',
      phoneNumbers: [{ type: 'MOBILE', code: 'IN', value: '9876543210', dialCode: '+91', primary: true }],
      emails: [{ type: 'OFFICE', value: email, primary: true }],
      products: [{ id: 42, name: 'Revit Architecture' }],
      requirementName: 'Revit Architecture',
      source: 2471051,
      campaign: 1098285,
      utmSource: 'google',
      utmMedium: null,
      utmCampaign: 'winter',
      utmTerm: null,
    });
    const leadCall = fake.requests.find((r) => r.path === '/leads' && r.body === lead!.body)!;
    expect(leadCall.method).toBe('POST');
    expect(leadCall.headers['api-key']).toBe(KEY);
    expect(leadCall.headers['content-type']).toBe('application/json');

    expect(notesTo(lead!.id).map((n) => n.body)).toEqual([
      {
        sourceEntity: { description: 'Asked about Revit Architecture' },
        targetEntityId: lead!.id,
        targetEntityType: 'lead',
      },
    ]);
    expect((await leadRow(recorded.leadId!)).crmLeadId).toBe(String(lead!.id));
    const [submission] = await db
      .select()
      .from(marketingFormSubmissions)
      .where(eq(marketingFormSubmissions.id, recorded.submissionId));
    expect(submission).toMatchObject({
      leadId: recorded.leadId,
      ip: '203.0.113.7',
      consentVersion: 'lead-consent-2026-11',
    });
    expect(submission!.consentedAt).toBeInstanceOf(Date);
    expect(submission!.payload).toMatchObject({
      utm: { utmSource: 'google' },
      page: '/course/revit-architecture',
    });
  });

  it('when the number is from abroad or the name is one word, then the dial code and country follow it', async () => {
    const cases = [
      { mobile: '+44 7911123456', code: 'GB', dialCode: '+44', value: '7911123456' },
      { mobile: '+971 501234567', code: 'AE', dialCode: '+971', value: '501234567' },
      { mobile: '+977 9812345678', code: 'NP', dialCode: '+977', value: '9812345678' },
      { mobile: '+1 4155550123', code: 'US', dialCode: '+1', value: '4155550123' },
      { mobile: '+299 123456', code: '', dialCode: '+299', value: '123456' },
    ];
    for (const c of cases) {
      const { email } = contact();
      await submit(intake({ email, mobile: c.mobile, name: 'Priya' }));
      await runner().drain();
      const [lead] = leadsTo(email);
      expect(lead!.body.phoneNumbers).toEqual([
        { type: 'MOBILE', code: c.code, value: c.value, dialCode: c.dialCode, primary: true },
      ]);
      expect(lead!.body).toMatchObject({ firstName: '', lastName: 'Priya' });
    }
  });
});

describe('once per contact per day (spec §4, G4)', () => {
  it('when one person sends 10 forms in a day, then the CRM gets one lead and 10 notes, each after the lead', async () => {
    const { email } = contact();
    const day = new Date('2026-11-26T06:00:00Z');
    const ids = new Set<number>();
    for (let i = 0; i < 10; i += 1) {
      const r = await submit(
        intake({ email, description: `form ${i}` }),
        new Date(day.getTime() + i * 60_000),
      );
      ids.add(r.leadId!);
    }
    expect(ids.size).toBe(1);
    expect(await jobsOf(CRM_LEAD_TOPIC, `"leadId": ${[...ids][0]}`)).toHaveLength(1);
    await runner().drain();

    const sent = leadsTo(email);
    expect(sent).toHaveLength(1);
    const notes = notesTo(sent[0]!.id);
    expect(notes.map((n) => (n.body.sourceEntity as { description: string }).description).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `form ${i}`).sort(),
    );
    // Every note call came after the lead call.
    const leadAt = fake.requests.findIndex((r) => r.path === '/leads' && r.body === sent[0]!.body);
    const noteCalls = fake.requests
      .map((r, i) => ({ r, i }))
      .filter(
        ({ r }) =>
          r.path === '/notes' && (r.body as { targetEntityId: number }).targetEntityId === sent[0]!.id,
      );
    expect(noteCalls).toHaveLength(10);
    expect(noteCalls.every(({ i }) => i > leadAt)).toBe(true);
    const stored = await db
      .select()
      .from(leadNotes)
      .where(eq(leadNotes.leadId, [...ids][0]!));
    expect(stored.every((n) => n.crmNoteId !== null)).toBe(true);

    // The next day (in Asia/Kolkata) opens a new lead.
    await submit(intake({ email }), new Date('2026-11-26T19:00:00Z'));
    await runner().drain();
    expect(leadsTo(email)).toHaveLength(2);
  });

  it('when a designated page is sent three times, then each is a new CRM lead with its own note', async () => {
    const { email } = contact();
    const results = [];
    for (let i = 0; i < 3; i += 1)
      results.push(
        await submit(intake({ email, form: 'curriculum_form', designated: true, description: `b${i}` })),
      );
    expect(new Set(results.map((r) => r.leadId)).size).toBe(3);
    expect(results.every((r) => r.newLead)).toBe(true);
    await runner().drain();
    const sent = leadsTo(email);
    expect(sent).toHaveLength(3);
    for (const lead of sent) expect(notesTo(lead.id)).toHaveLength(1);
    // A designated lead does not swallow the day's ordinary lead either.
    await submit(intake({ email }));
    await runner().drain();
    expect(leadsTo(email)).toHaveLength(4);
  });
});

describe('failures: retried with backoff, dead after the last attempt (G2, G5)', () => {
  const modes: FakeMisbehaviour[] = ['status500', 'timeout', 'html', 'malformed', 'huge', 'redirect'];
  for (const mode of modes) {
    it(`when the CRM answers ${mode}, then the job fails without a crash, is retried, and one lead is made`, async () => {
      const { email } = contact();
      const { leadId } = await submit(intake({ email }));
      fake.misbehave(mode, 1, '/leads');
      const run = runner();
      await run.runOnce();
      const [failed] = await jobsOf(CRM_LEAD_TOPIC, `"leadId": ${leadId}`);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed!.lastError).toMatch(/CrmError/);
      expect((await leadRow(leadId!)).crmLeadId).toBeNull();
      await run.drain();
      const [done] = await jobsOf(CRM_LEAD_TOPIC, `"leadId": ${leadId}`);
      expect(done).toMatchObject({ status: 'done', attempts: 2 });
      expect(leadsTo(email)).toHaveLength(1);
      expect((await leadRow(leadId!)).crmLeadId).toBe(String(leadsTo(email)[0]!.id));
      expect(notesTo(leadsTo(email)[0]!.id)).toHaveLength(1);
    });
  }

  it('when a redirect is answered, then it is never followed', async () => {
    const { email } = contact();
    await submit(intake({ email }));
    fake.misbehave('redirect', 1, '/leads');
    const before = fake.requests.length;
    await runner().runOnce();
    // One request, to the CRM; none to the redirect's target (it would have failed DNS anyway).
    expect(fake.requests.length - before).toBe(1);
    const [job] = await jobsOf(CRM_LEAD_TOPIC, '');
    expect(job!.lastError).toMatch(/redirect \(302\)/);
  });

  it('when a job fails, then its next attempt waits for the backoff', async () => {
    const { email } = contact();
    const { leadId } = await submit(intake({ email }));
    fake.misbehave('status500', 1, '/leads');
    const handlers = new JobHandlers();
    registerLeadJobs(on(handlers), {
      db,
      crm: createHttpCrm({ baseUrl: fake.url, apiKey: KEY, timeoutMs: 300 }),
      tracker: createHttpAdTracker({ url: tracker.url, pixelId: '1', accessToken: TOKEN, timeoutMs: 300 }),
      clock: () => new Date(),
      publicUrl: 'https://atelier.example',
    });
    const slow = new JobRunner({
      db,
      handlers,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
      random: () => 0.5,
    });
    await slow.runOnce();
    const [job] = await jobsOf(CRM_LEAD_TOPIC, `"leadId": ${leadId}`);
    expect(job!.status).toBe('pending');
    expect(job!.runAt.getTime() - job!.updatedAt.getTime()).toBeGreaterThanOrEqual(29_000);
    expect(await slow.drain()).toBe(0); // not due yet
  });

  it('when the CRM keeps failing, then the job goes dead after its last attempt, with the reason kept', async () => {
    const { email } = contact();
    const { leadId } = await submit(intake({ email }));
    fake.misbehave('status500', CRM_MAX_ATTEMPTS, '/leads');
    await runner().drain();
    const [job] = await jobsOf(CRM_LEAD_TOPIC, `"leadId": ${leadId}`);
    expect(job).toMatchObject({ status: 'dead', attempts: CRM_MAX_ATTEMPTS });
    expect(job!.lastError).toContain('answered 500');
    expect(leadsTo(email)).toHaveLength(0);
    expect(
      logLines.some((l) => l.startsWith('job dead after its last attempt') && l.includes(CRM_LEAD_TOPIC)),
    ).toBe(true);
    // Its note never went anywhere (no CRM id): it waits, unsent.
    expect(await jobsOf(CRM_NOTE_TOPIC, '')).toHaveLength(0);
  });

  it('when the CRM refuses the key (401), then the job goes dead at once', async () => {
    const { email } = contact();
    const { leadId } = await submit(intake({ email }));
    fake.misbehave('status401', 1, '/leads');
    await runner().drain();
    const [job] = await jobsOf(CRM_LEAD_TOPIC, `"leadId": ${leadId}`);
    expect(job).toMatchObject({ status: 'dead', attempts: 1 });
    expect(job!.lastError).toContain('PermanentJobError');
  });
});

describe('no duplicate lead (G3, H8)', () => {
  it('when the CRM accepts the lead but the answer is lost, then the retry finds it instead of creating another', async () => {
    const { email } = contact();
    const { leadId } = await submit(intake({ email }));
    fake.misbehave('lost', 1, '/leads');
    const before = fake.requests.length;
    await runner().drain();
    expect(leadsTo(email)).toHaveLength(1);
    expect((await leadRow(leadId!)).crmLeadId).toBe(String(leadsTo(email)[0]!.id));
    const calls = fake.requests.slice(before).map((r) => r.path);
    expect(calls.filter((p) => p === '/leads')).toHaveLength(1);
    expect(calls).toContain('/search/lead');
    const search = fake.requests.slice(before).find((r) => r.path === '/search/lead')!;
    expect(search.headers['api-key']).toBe(KEY);
    expect(notesTo(leadsTo(email)[0]!.id)).toHaveLength(1);
  });

  it('when the process dies after the CRM call but before the id is stored and the job marked done, then the re-run makes no second lead', async () => {
    const { email } = contact();
    const { leadId } = await submit(intake({ email }));
    await runner().drain();
    expect(leadsTo(email)).toHaveLength(1);
    // As if the writes after the call never happened: no id stored, the job taken back as pending.
    await db.update(leads).set({ crmLeadId: null }).where(eq(leads.id, leadId!));
    await db
      .update(jobs)
      .set({ status: 'pending', finishedAt: null, runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.topic, CRM_LEAD_TOPIC));
    await runner().drain();
    expect(leadsTo(email)).toHaveLength(1);
    expect((await leadRow(leadId!)).crmLeadId).toBe(String(leadsTo(email)[0]!.id));
  });

  it('when two applicants known only by their mobiles write the same day, then each has a lead, and a lost answer is found by the mobile', async () => {
    const mobiles = ['+91 9000000101', '+91 9000000102'];
    const [a, b] = [
      await submit(intake({ email: '', mobile: mobiles[0]!, form: 'trip_application' })),
      await submit(intake({ email: '', mobile: mobiles[1]!, form: 'trip_application' })),
    ];
    expect(a.leadId).not.toBe(b.leadId);
    fake.misbehave('lost', 1, '/leads');
    await runner().drain();
    const byPhone = (national: string) =>
      fake.leads.filter((l) => (l.body.phoneNumbers as Array<{ value: string }>)[0]?.value === national);
    expect(byPhone('9000000101')).toHaveLength(1);
    expect(byPhone('9000000102')).toHaveLength(1);
    expect(byPhone('9000000101')[0]!.body.emails).toEqual([]);
  });

  it('when a designated lead’s answer is lost, then the search skips the contact’s other leads', async () => {
    const { email } = contact();
    const first = await submit(intake({ email, designated: true, form: 'curriculum_form' }));
    await runner().drain();
    const second = await submit(intake({ email, designated: true, form: 'curriculum_form' }));
    fake.misbehave('lost', 1, '/leads');
    await runner().drain();
    expect(leadsTo(email)).toHaveLength(2);
    const ids = [(await leadRow(first.leadId!)).crmLeadId, (await leadRow(second.leadId!)).crmLeadId];
    expect(new Set(ids).size).toBe(2);
  });
});

describe('a note waits for its lead’s CRM id (G3)', () => {
  it('when a second form arrives while the lead is not in the CRM yet, then its note is sent after the lead', async () => {
    const { email } = contact();
    const { leadId } = await submit(intake({ email, description: 'first' }));
    fake.misbehave('status500', 1, '/leads');
    const run = runner();
    await run.runOnce(); // the lead's first attempt fails
    await submit(intake({ email, description: 'second' }));
    // Both notes wait: no note job exists while the lead has no CRM id.
    expect(await jobsOf(CRM_NOTE_TOPIC, '')).toHaveLength(0);
    await run.drain();
    const [lead] = leadsTo(email);
    expect(
      notesTo(lead!.id)
        .map((n) => (n.body.sourceEntity as { description: string }).description)
        .sort(),
    ).toEqual(['first', 'second']);
    // Once the id is stored, a new note's job is enqueued at once.
    await submit(intake({ email, description: 'third' }));
    expect(await jobsOf(CRM_NOTE_TOPIC, '')).toHaveLength(3);
    await run.drain();
    expect(notesTo(lead!.id)).toHaveLength(3);
    expect((await leadRow(leadId!)).crmLeadId).toBe(String(lead!.id));
  });

  it('when a note job runs before its lead has an id, then it retries rather than sending a note to nowhere', async () => {
    const { email } = contact();
    const { leadId } = await submit(intake({ email }));
    const [note] = await db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId!));
    // An operator's replay (or any path) enqueues the note before its lead has a CRM id.
    await enqueueCrmNote(db, note!.id);
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 3_600_000) })
      .where(eq(jobs.topic, CRM_LEAD_TOPIC));
    const notesBefore = fake.notes.length;
    const run = runner();
    await run.runOnce();
    const [waiting] = await jobsOf(CRM_NOTE_TOPIC, `"noteId": ${note!.id}`);
    expect(waiting).toMatchObject({ status: 'pending' });
    expect(waiting!.lastError).toContain('has no CRM id yet');
    expect(fake.notes.length).toBe(notesBefore);
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.topic, CRM_LEAD_TOPIC));
    await run.drain();
    const [lead] = leadsTo(email);
    expect(notesTo(lead!.id)).toHaveLength(1); // sent once, not twice
  });
});

describe('secrets never leak (G1)', () => {
  it('when calls fail in every way, then no job error, log line or stored row holds the key or the token', async () => {
    const { email } = contact();
    for (const mode of ['status500', 'status401', 'html', 'redirect', 'timeout'] as FakeMisbehaviour[]) {
      await submit(intake({ email, designated: true, form: 'curriculum_form' }));
      fake.misbehave(mode, 1, '/leads');
    }
    tracker.misbehave('status500', 2);
    await runner().drain();
    const everything =
      JSON.stringify(await db.select().from(jobs)) + JSON.stringify(await db.select().from(leads));
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(TOKEN);
    expect(logLines.join('\n')).not.toContain(KEY);
    expect(logLines.join('\n')).not.toContain(TOKEN);
    expect(logLines.length).toBeGreaterThan(0);
  });
});

describe('the ad-conversion tracker (G6)', () => {
  it('when a lead is accepted, then one Lead event goes with hashed e-mail and phone only', async () => {
    const { email } = contact();
    const mixed = email.toUpperCase();
    const { submissionId } = await submit(intake({ email: mixed, mobile: '+91 9876543210' }));
    const [job] = await jobsOf(AD_CONVERSION_TOPIC, `lead:${submissionId}`);
    expect(JSON.stringify(job!.payload)).not.toContain(email);
    expect(JSON.stringify(job!.payload)).not.toContain('9876543210');
    const before = tracker.requests.length;
    await runner().drain();
    const calls = tracker.requests.slice(before).filter((r) => r.path === '/1234567890/events');
    expect(calls).toHaveLength(1);
    const body = calls[0]!.body as { data: Array<Record<string, unknown>>; access_token: string };
    expect(body.access_token).toBe(TOKEN);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      event_name: 'Lead',
      event_id: `lead:${submissionId}`,
      action_source: 'website',
      event_source_url: 'https://atelier.example/course/revit-architecture',
      user_data: { em: [sha256(email)], ph: [sha256('919876543210')] },
    });
    expect(typeof body.data[0]!.event_time).toBe('number');
    const text = JSON.stringify(body);
    expect(text).not.toContain(email);
    expect(text).not.toContain('9876543210');
    expect(text).not.toContain('203.0.113.7');
    // The token travels in the body, never in the address.
    expect(calls[0]!.path).not.toContain(TOKEN);
  });

  it('when the tracker fails, then the event is retried; a 4xx sends it to the dead letter', async () => {
    const { email } = contact();
    const a = await submit(intake({ email }));
    tracker.misbehave('status500', 1);
    await runner().drain();
    expect((await jobsOf(AD_CONVERSION_TOPIC, `lead:${a.submissionId}`))[0]).toMatchObject({
      status: 'done',
      attempts: 2,
    });
    const b = await submit(intake({ email }));
    tracker.misbehave('status422', 1);
    await runner().drain();
    expect((await jobsOf(AD_CONVERSION_TOPIC, `lead:${b.submissionId}`))[0]).toMatchObject({
      status: 'dead',
      attempts: 1,
    });
  });

  it('when a submission carries no consent version, then no conversion is queued', async () => {
    const { email } = contact();
    const { submissionId } = await submit(intake({ email, consentVersion: '' }));
    expect(await jobsOf(AD_CONVERSION_TOPIC, `lead:${submissionId}`)).toHaveLength(0);
  });
});
