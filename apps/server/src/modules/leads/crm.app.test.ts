import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { jobs } from '../../db/schema/index.js';
import { startFakeCrm, type FakeCrm } from '../../integrations/crm/testing/fake-crm.js';
import { logLines } from '../../test/log-lines.js';
import { batchOnSale, buyer, initiate, sandboxPay, verify } from '../../test/payments-flow.js';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from '../../test/test-app.js';
import { AD_CONVERSION_TOPIC } from './conversions.js';
import { toCrmLead } from './crm-lead.js';
import { recordLead, type LeadIntake } from './lead-intake.js';

/*
 * The CRM pipeline inside the real app (issue 16): the composition root picks the local CRM
 * without configuration (its calls listed at `GET /api/dev/crm`, outside production only) and the
 * real one with CRM_API_URL / CRM_API_KEY; paid orders queue a Purchase conversion only with the
 * buyer's consent on record.
 */

const KEY = 'app-crm-secret-key-42424242';
let counter = 0;
const email = () => `app.visitor${++counter}.${Date.now()}@example.com`;

function intake(address: string, over: Partial<LeadIntake> = {}): LeadIntake {
  return {
    form: 'callback',
    userId: null,
    ip: '198.51.100.9',
    name: 'Arjun Mehta',
    email: address,
    mobile: '+91 9123456780',
    consentVersion: 'lead-consent-2026-11',
    consentedAt: new Date(),
    utm: {},
    page: '/consultation',
    fields: {},
    description: 'Booked a consultation call',
    requirementName: 'Design consultation',
    products: [],
    designated: false,
    ...over,
  };
}

describe('the local CRM and GET /api/dev/crm', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when no CRM is configured, then the lead and its note are recorded and listed as the real adapter would send them', async () => {
    const address = email();
    await t.database.db.transaction((tx) => recordLead(tx, intake(address), t.now.value));
    await t.database.db.transaction((tx) =>
      recordLead(tx, intake(address, { description: 'Asked about fees' }), t.now.value),
    );
    await t.app.jobs.runner.drain();

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/crm?email=${encodeURIComponent(address)}`,
    });
    expect(res.statusCode).toBe(200);
    const calls = (res.json().data as { calls: Array<{ kind: string; crmId: string; body: unknown }> }).calls;
    const lead = calls.filter((c) => c.kind === 'lead');
    const notes = calls.filter((c) => c.kind === 'note');
    expect(lead).toHaveLength(1);
    expect(lead[0]!.body).toEqual(
      toCrmLead({
        name: 'Arjun Mehta',
        email: address,
        mobile: '+91 9123456780',
        products: [],
        requirementName: 'Design consultation',
        utm: {},
      }),
    );
    expect(
      notes.map((n) => n.body).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      {
        sourceEntity: { description: 'Asked about fees' },
        targetEntityId: lead[0]!.crmId,
        targetEntityType: 'lead',
      },
      {
        sourceEntity: { description: 'Booked a consultation call' },
        targetEntityId: lead[0]!.crmId,
        targetEntityType: 'lead',
      },
    ]);
    // Another contact's calls are not listed.
    const other = await t.app.inject({ method: 'GET', url: `/api/dev/crm?email=nobody@example.com` });
    expect(other.json().data.calls).toEqual([]);
  });

  it('when the query is malformed, then 400, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/crm?limit=5000' });
    expect(res.statusCode).toBe(400);
  });

  it('when running in production, then GET /api/dev/crm does not exist', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://atelier.example', JOBS_WORKER: 'off' },
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/crm' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('a purchase conversion, only with consent', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const payFor = async (withLeadConsent: boolean, profileChoice?: boolean) => {
    const db = t.database.db;
    const who = await buyer(db, t.now.value);
    if (withLeadConsent) await db.transaction((tx) => recordLead(tx, intake(who.email), t.now.value));
    if (profileChoice !== undefined) {
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/user/notification/preferences',
        headers: who.headers,
        payload: { adMeasurement: profileChoice },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const { batch } = await batchOnSale(db);
    const started = await initiate(t.app, { batchId: batch.id, plan: 'full' }, who.headers);
    expect(started.statusCode, started.body).toBe(200);
    const order = started.json().data as { orderId: number; amountMinor: number };
    const paid = await sandboxPay(t.app, order.orderId);
    const verified = await verify(t.app, order.orderId, paid);
    expect(verified.statusCode, verified.body).toBe(200);
    const queued = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.topic, AD_CONVERSION_TOPIC), like(jobs.dedupeKey, `%order:${order.orderId}`)));
    return { who, order, queued };
  };

  it('when a buyer who consented on a lead form pays, then one Purchase event is queued, hashed, in major units', async () => {
    const { who, order, queued } = await payFor(true);
    expect(queued).toHaveLength(1);
    const event = (queued[0]!.payload as { event: Record<string, unknown> }).event;
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: `order:${order.orderId}`,
      action_source: 'website',
      custom_data: { currency: 'INR', value: order.amountMinor / 100 },
    });
    const text = JSON.stringify(queued[0]!.payload);
    expect(text).not.toContain(who.email);
    expect(text).not.toContain(who.mobile.replace(/\D/g, '').slice(-10));
  });

  it('when a buyer never gave that consent, then no conversion is queued for the order', async () => {
    const { queued } = await payFor(false);
    expect(queued).toHaveLength(0);
  });

  it('when a buyer turned ad measurement off on their profile, then a lead form consent no longer counts', async () => {
    const { queued } = await payFor(true, false);
    expect(queued).toHaveLength(0);
  });

  it('when a buyer turned ad measurement on on their profile, then their purchase is measured without a lead form', async () => {
    const { queued } = await payFor(false, true);
    expect(queued).toHaveLength(1);
  });
});

describe('the real CRM adapter in the app: the key stays secret', () => {
  let app: FastifyInstance;
  let database: Database;
  let fake: FakeCrm;
  const { lines, stream: logStream } = logLines();

  beforeAll(async () => {
    fake = await startFakeCrm();
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({
        LOG_LEVEL: 'info',
        JOBS_WORKER: 'off',
        CRM_API_URL: fake.url,
        CRM_API_KEY: KEY,
        CRM_TIMEOUT_MS: '300',
      }),
      database,
      logStream,
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  it('when the CRM fails and then succeeds, then the key is only in the api-key header: never in a response, log line, job row or the dev listing', async () => {
    const address = email();
    await database.db.transaction((tx) => recordLead(tx, intake(address), new Date()));
    fake.misbehave('status500', 1, '/leads');
    fake.misbehave('html', 1, '/leads');
    fake.misbehave('status401', 1, '/notes');
    for (let i = 0; i < 5; i += 1) {
      await app.jobs.runner.drain();
      await database.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.status, 'pending'));
    }
    expect(fake.leads).toHaveLength(1);
    expect(fake.requests.every((r) => r.headers['api-key'] === KEY)).toBe(true);

    const listing = await app.inject({ method: 'GET', url: '/api/dev/crm' });
    expect(listing.statusCode).toBe(200);
    expect(listing.body).not.toContain(KEY);
    const rows = JSON.stringify(await database.db.select().from(jobs));
    expect(rows).not.toContain(KEY);
    expect(rows).toContain('answered 401'); // the failures were recorded…
    expect(lines.join('\n')).toContain('job failed; will retry'); // …and logged
    expect(lines.join('\n')).not.toContain(KEY);
  });
});
