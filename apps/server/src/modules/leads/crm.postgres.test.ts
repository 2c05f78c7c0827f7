import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { jobs, leadNotes, leads } from '../../db/schema/index.js';
import { createLocalAdTracker } from '../../integrations/ad-tracker/local-tracker.js';
import { createHttpCrm } from '../../integrations/crm/http-crm.js';
import { startFakeCrm, type FakeCrm } from '../../integrations/crm/testing/fake-crm.js';
import { JobHandlers, JobRunner, type JobHandler } from '../../platform/jobs/index.js';
import { createTestDatabase } from '../../test/test-app.js';
import { CRM_LEAD_TOPIC, registerLeadJobs } from './crm-jobs.js';
import { recordLead, type LeadIntake } from './lead-intake.js';

/*
 * Races on a real PostgreSQL (a pool of several connections): one lead per contact per day when
 * submissions arrive together, and no note left behind when submissions race the lead job that
 * stores the CRM id (the lead row's lock orders them).
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the CRM pipeline under concurrency (PostgreSQL)', { timeout: 120_000 }, () => {
  let database: Database;
  let fake: FakeCrm;
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeCrm();
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });

  const intake = (email: string, i: number): LeadIntake => ({
    form: 'callback',
    userId: null,
    ip: '203.0.113.1',
    name: 'Meera Iyer',
    email,
    mobile: '+91 9000000001',
    consentVersion: 'lead-consent-2026-11',
    consentedAt: new Date(),
    utm: {},
    page: '/',
    fields: {},
    description: `submission ${i}`,
    requirementName: 'Counselling',
    products: [],
    designated: false,
  });
  const submit = (email: string, i: number) =>
    database.db.transaction((tx) => recordLead(tx, intake(email, i), new Date()));

  it('when 20 forms of one person arrive at once, then one lead row, one lead job and 20 notes', async () => {
    const email = `race${++n}.${Date.now()}@example.com`;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => submit(email, i)));
    expect(new Set(results.map((r) => r.leadId)).size).toBe(1);
    expect(results.filter((r) => r.newLead)).toHaveLength(1);
    const leadId = results[0]!.leadId!;
    expect(await database.db.select().from(leads).where(eq(leads.contactKey, email))).toHaveLength(1);
    expect(await database.db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId))).toHaveLength(20);
    expect(
      await database.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${CRM_LEAD_TOPIC}:${leadId}`)),
    ).toHaveLength(1);
  });

  it('when forms keep arriving while the lead job stores the CRM id, then every note reaches the CRM lead exactly once', async () => {
    const email = `race${++n}.${Date.now()}@example.com`;
    const handlers = new JobHandlers();
    registerLeadJobs(
      { registerHandler: (topic: string, handler: JobHandler) => handlers.register(topic, handler) },
      {
        db: database.db,
        crm: createHttpCrm({ baseUrl: fake.url, apiKey: 'race-key-0000000000', timeoutMs: 2000 }),
        tracker: createLocalAdTracker(),
        clock: () => new Date(),
        publicUrl: 'https://atelier.example',
      },
    );
    const runners = [1, 2].map(
      () =>
        new JobRunner({
          db: database.db,
          handlers,
          pollIntervalMs: 2,
          backoff: { baseMs: 1, maxMs: 5 },
        }),
    );
    const { leadId } = await submit(email, 0);
    for (const r of runners) r.start();
    try {
      // Submissions in small concurrent waves across the moment the lead's id is stored.
      for (let wave = 0; wave < 8; wave += 1) {
        await Promise.all(Array.from({ length: 4 }, (_, i) => submit(email, 1 + wave * 4 + i)));
        await sleep(3);
      }
      const until = Date.now() + 30_000;
      for (;;) {
        const notes = await database.db.select().from(leadNotes).where(eq(leadNotes.leadId, leadId!));
        if (notes.length === 33 && notes.every((note) => note.crmNoteId !== null)) break;
        if (Date.now() > until)
          throw new Error(`notes not all sent: ${notes.filter((x) => !x.crmNoteId).length} left`);
        await sleep(20);
      }
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const sentLeads = fake.leads.filter(
      (l) => (l.body.emails as Array<{ value: string }>)[0]!.value === email,
    );
    expect(sentLeads).toHaveLength(1);
    const sentNotes = fake.notes.filter((x) => x.body.targetEntityId === sentLeads[0]!.id);
    const descriptions = sentNotes.map((x) => (x.body.sourceEntity as { description: string }).description);
    expect(descriptions).toHaveLength(33);
    expect(new Set(descriptions).size).toBe(33);
  });
});
