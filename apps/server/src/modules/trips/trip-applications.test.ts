import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, leads, marketingFormSubmissions, tripApplications } from '../../db/schema/index.js';
import { createTrip } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { TRIP_APPLICATION_EDITS_PER_MINUTE, TRIP_APPLICATIONS_PER_MINUTE } from './trips.routes.js';

/*
 * Trip applications and the itinerary e-mail (issue 16 "Trips and competitions"), through the
 * real app on a fresh database. The job worker is off: the tests read the queued jobs.
 */

// 2026-11-22 00:30 in Kolkata: "today" is the platform's 2026-11-22, while UTC says 2026-11-21.
const NOW = new Date('2026-11-21T19:00:00Z');

const FORM = {
  mobile: '98765 43210',
  city: 'Pune',
  iam: 'student',
  institution: 'College of Architecture',
  motivation: 'I want to sketch the Capitol Complex and study its brise-soleil.',
  emergencyContactName: 'Rekha Shah',
  emergencyContactMobile: '+91 98220 12345',
} as const;

describe('trip applications', () => {
  let t: TestContext;
  let ip = 0;
  const trip: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const db = t.database.db;
    trip.open = (await createTrip(db, { title: 'Chandigarh Study Tour', startDate: '2026-12-01' })).id;
    trip.second = (
      await createTrip(db, { title: 'Hampi Sketch Walk', startDate: '2027-01-10', endDate: '2027-01-14' })
    ).id;
    trip.undated = (await createTrip(db, { title: 'Dates soon', startDate: null, endDate: null })).id;
    // Starts on the platform's today (2026-11-22), though UTC is still on the 21st.
    trip.startsToday = (await createTrip(db, { startDate: '2026-11-22', endDate: '2026-11-25' })).id;
    trip.inactive = (await createTrip(db, { isActive: false })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function learner(values: Parameters<typeof insertUser>[1] = {}) {
    const user = await insertUser(t.database.db, { name: 'Asha Rao', isVerified: true, ...values });
    const { token } = await insertSession(t.database.db, user.id, t.now.value);
    return { id: user.id, email: user.email, headers: bearer(token) };
  }

  const post = (url: string, headers: Record<string, string>, payload: unknown, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: payload as Record<string, unknown>,
      remoteAddress: remoteAddress ?? `10.16.0.${(++ip % 250) + 1}`,
    });
  const add = (headers: Record<string, string>, body: Record<string, unknown>) =>
    post('/api/trips/application/add', headers, { ...FORM, consent: true, ...body });
  const update = (headers: Record<string, string>, body: Record<string, unknown>) =>
    post('/api/trips/application/update', headers, body);
  const details = (headers: Record<string, string>, tripId: number) =>
    post('/api/trips/application/details', headers, { tripId });
  const setStatus = (id: number, status: 'shortlisted' | 'accepted' | 'rejected', reviewNote?: string) =>
    t.database.db
      .update(tripApplications)
      .set({ status, reviewNote: reviewNote ?? null })
      .where(eq(tripApplications.id, id));

  it('when an anonymous visitor calls any trip application or itinerary call, then 401', async () => {
    for (const [url, body] of [
      ['/api/trips/application/add', { ...FORM, consent: true, tripId: trip.open }],
      ['/api/trips/application/update', { applicationId: 1, city: 'Goa' }],
      ['/api/trips/application/details', { tripId: trip.open }],
      ['/api/trips/itinerary/send', { tripId: trip.open }],
    ] as const) {
      const res = await post(url, {}, body);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('when an application body is wrong, then 400 naming the field and nothing is stored', async () => {
    const asha = await learner();
    const cases: [Record<string, unknown>, string][] = [
      [{ tripId: trip.open, userId: 999 }, 'userId'],
      [{ tripId: trip.open, status: 'accepted' }, 'status'],
      [{ tripId: 0 }, 'tripId'],
      [{ tripId: 'abc' }, 'tripId'],
      [{ tripId: trip.open, consent: false }, 'consent'],
      [{ tripId: trip.open, motivation: 'Because.' }, 'motivation'],
      [{ tripId: trip.open, mobile: '12345' }, 'mobile'],
      [{ tripId: trip.open, iam: 'wizard' }, 'iam'],
      [{ tripId: trip.open, city: 'Pune\nGoa' }, 'city'],
    ];
    for (const [body, field] of cases) {
      const res = await add(asha.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toContain(field);
    }
    const { consent: _c, ...withoutConsent } = { ...FORM, consent: true, tripId: trip.open };
    expect((await post('/api/trips/application/add', asha.headers, withoutConsent)).statusCode).toBe(400);
    expect((await update(asha.headers, { applicationId: 1, email: 'x@example.com' })).statusCode).toBe(400);
    expect((await update(asha.headers, { applicationId: 1, withdraw: false })).statusCode).toBe(400);
    expect((await post('/api/trips/application/details', asha.headers, { tripId: 1, x: 1 })).statusCode).toBe(
      400,
    );
    const stored = await t.database.db
      .select()
      .from(tripApplications)
      .where(eq(tripApplications.userId, asha.id));
    expect(stored).toHaveLength(0);
  });

  it('when a learner applies, then 201 with the application, one message job and one lead, in one go', async () => {
    const asha = await learner({ name: 'Asha Rao' });
    const res = await add(asha.headers, {
      tripId: trip.open,
      requirements: 'Vegetarian meals',
      utmSource: 'instagram',
      utmCampaign: 'trips-2026',
    });
    expect(res.statusCode, res.body).toBe(201);
    const app = res.json().data;
    expect(app).toMatchObject({
      tripId: trip.open,
      status: 'submitted',
      editable: true,
      reviewNote: null,
      fields: {
        ...FORM,
        mobile: '+91 9876543210',
        emergencyContactMobile: '+91 9822012345',
        requirements: 'Vegetarian meals',
      },
      createdAt: NOW.toISOString(),
      Trip: {
        id: trip.open,
        title: 'Chandigarh Study Tour',
        path: expect.stringMatching(new RegExp(`^/trip/[a-z0-9-]+\\?id=${trip.open}$`)),
        startDate: '2026-12-01',
      },
    });
    // The fields are the form's own: no consent or bookkeeping leaks into them.
    expect(Object.keys(app.fields).sort()).toEqual([...Object.keys(FORM), 'requirements'].sort());

    const notification = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `notification.send:trip-application:${app.id}:${NOW.toISOString()}`));
    expect(notification).toHaveLength(1);
    expect(notification[0]!.payload).toEqual({
      kind: 'trip-application',
      to: { userId: asha.id },
      applicationId: app.id,
    });

    const submissions = await t.database.db
      .select()
      .from(marketingFormSubmissions)
      .where(eq(marketingFormSubmissions.userId, asha.id));
    expect(submissions).toHaveLength(1);
    expect(submissions[0]).toMatchObject({ kind: 'trip_application' });
    expect(submissions[0]!.payload).toMatchObject({
      tripId: trip.open,
      applicationId: app.id,
      city: 'Pune',
      mobile: '+91 9876543210',
      utm: { utmSource: 'instagram', utmCampaign: 'trips-2026' },
    });
    // Like every lead form, the application tells the CRM the visit's campaign, with its consent.
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, submissions[0]!.leadId!));
    expect(lead!.payload).toMatchObject({
      requirementName: 'Chandigarh Study Tour',
      utmSource: 'instagram',
      utmMedium: null,
      utmCampaign: 'trips-2026',
      utmTerm: null,
    });
    expect(lead!.consentVersion).toBe(submissions[0]!.consentVersion);
    expect(lead!.consentedAt!.toISOString()).toBe(NOW.toISOString());
  });

  it('when a learner applies again while the first is live, then 409 and nothing more is stored', async () => {
    const asha = await learner();
    const first = await add(asha.headers, { tripId: trip.second });
    expect(first.statusCode).toBe(201);
    const countJobs = async () =>
      Number(
        (
          await t.database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from jobs where payload->'to'->>'userId' = ${String(asha.id)}`,
          )
        ).rows[0]!.n,
      );
    const jobsBefore = await countJobs();
    for (const status of [null, 'shortlisted', 'accepted'] as const) {
      if (status) await setStatus(first.json().data.id, status);
      const again = await add(asha.headers, { tripId: trip.second });
      expect(again.statusCode, String(status)).toBe(409);
      expect(again.json().message).toMatch(/already applied for this trip/);
    }
    expect(await countJobs()).toBe(jobsBefore);
    const rows = await t.database.db
      .select()
      .from(tripApplications)
      .where(eq(tripApplications.userId, asha.id));
    expect(rows).toHaveLength(1);
    // Another learner may still apply for the same trip.
    expect((await add((await learner()).headers, { tripId: trip.second })).statusCode).toBe(201);
  });

  it('when the trip is unknown, inactive or has started (platform day), then 404 / 404 / 409; an undated trip takes applications', async () => {
    const asha = await learner();
    expect((await add(asha.headers, { tripId: 999_999 })).statusCode).toBe(404);
    expect((await add(asha.headers, { tripId: trip.inactive })).statusCode).toBe(404);
    const started = await add(asha.headers, { tripId: trip.startsToday });
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toMatch(/started/);
    expect((await add(asha.headers, { tripId: trip.undated })).statusCode).toBe(201);
  });

  it('when the applicant edits while submitted, then only the given fields change; once reviewed, 409', async () => {
    const asha = await learner();
    const created = (await add(asha.headers, { tripId: trip.open })).json().data;
    t.now.value = new Date(NOW.getTime() + 60_000);
    const edited = await update(asha.headers, {
      applicationId: created.id,
      city: 'Nashik',
      mobile: '9123456780',
    });
    t.now.value = NOW;
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: created.id,
      status: 'submitted',
      editable: true,
      fields: { ...FORM, city: 'Nashik', mobile: '+91 9123456780', emergencyContactMobile: '+91 9822012345' },
      updatedAt: new Date(NOW.getTime() + 60_000).toISOString(),
    });
    expect((await details(asha.headers, trip.open)).json().data.application.fields.city).toBe('Nashik');

    expect((await update(asha.headers, { applicationId: created.id })).statusCode).toBe(400);

    await setStatus(created.id, 'shortlisted');
    const late = await update(asha.headers, { applicationId: created.id, city: 'Goa' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/already been reviewed/);
    const shown = (await details(asha.headers, trip.open)).json().data.application;
    expect(shown).toMatchObject({ status: 'shortlisted', editable: false, fields: { city: 'Nashik' } });
  });

  it('when another learner names an application that is not theirs, then 404 and it is unchanged', async () => {
    const asha = await learner();
    const ravi = await learner();
    const created = (await add(asha.headers, { tripId: trip.open })).json().data;
    const edit = await update(ravi.headers, { applicationId: created.id, city: 'Goa' });
    expect(edit.statusCode).toBe(404);
    expect((await update(ravi.headers, { applicationId: created.id, withdraw: true })).statusCode).toBe(404);
    expect((await update(ravi.headers, { applicationId: 999_999, withdraw: true })).statusCode).toBe(404);
    expect((await details(ravi.headers, trip.open)).json().data).toEqual({ application: null });
    const mine = (await details(asha.headers, trip.open)).json().data.application;
    expect(mine).toMatchObject({ id: created.id, status: 'submitted', fields: { city: 'Pune' } });
    expect((await details(asha.headers, 999_999)).statusCode).toBe(404);
  });

  it('when the applicant withdraws and applies again, then the new one is live, the old one stays on the dashboard as withdrawn', async () => {
    const asha = await learner();
    const first = (await add(asha.headers, { tripId: trip.open })).json().data;
    await setStatus(first.id, 'shortlisted');
    const withdrawn = await update(asha.headers, { applicationId: first.id, withdraw: true });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', editable: false });
    expect((await update(asha.headers, { applicationId: first.id, withdraw: true })).statusCode).toBe(409);
    expect((await update(asha.headers, { applicationId: first.id, city: 'Goa' })).statusCode).toBe(409);
    // The latest application shows while none is live.
    expect((await details(asha.headers, trip.open)).json().data.application).toMatchObject({
      id: first.id,
      status: 'withdrawn',
    });

    t.now.value = new Date(NOW.getTime() + 3_600_000);
    const second = await add(asha.headers, { tripId: trip.open, city: 'Mumbai' });
    t.now.value = NOW;
    expect(second.statusCode, second.body).toBe(201);
    expect((await details(asha.headers, trip.open)).json().data.application).toMatchObject({
      id: second.json().data.id,
      status: 'submitted',
      fields: { city: 'Mumbai' },
    });

    const profile = await t.app.inject({ url: '/api/user/profile/trip/applications', headers: asha.headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([
      [second.json().data.id, 'submitted'],
      [first.id, 'withdrawn'],
    ]);
  });

  it('when the place is accepted, then it cannot be withdrawn here (409); a rejected one shows its note and may be replaced', async () => {
    const asha = await learner();
    const accepted = (await add(asha.headers, { tripId: trip.second })).json().data;
    await setStatus(accepted.id, 'accepted', 'See you on the bus!');
    const res = await update(asha.headers, { applicationId: accepted.id, withdraw: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/contact us/);

    const rejected = (await add(asha.headers, { tripId: trip.open })).json().data;
    await setStatus(rejected.id, 'rejected', 'The group is full this time.');
    expect((await details(asha.headers, trip.open)).json().data.application).toMatchObject({
      status: 'rejected',
      reviewNote: 'The group is full this time.',
      editable: false,
    });
    expect((await add(asha.headers, { tripId: trip.open })).statusCode).toBe(201);
  });

  it('when an application was stored before the form existed, then its details still answer, with blanks marked', async () => {
    const asha = await learner();
    await t.database.db
      .insert(tripApplications)
      .values({ userId: asha.id, tripId: trip.second, status: 'shortlisted', details: { note: 'hi' } });
    const res = await details(asha.headers, trip.second);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.application).toMatchObject({
      status: 'shortlisted',
      fields: { city: 'Not given', mobile: '', motivation: 'Not given on the earlier application form.' },
    });
  });

  it(`when one client address sends more than ${TRIP_APPLICATIONS_PER_MINUTE} applications or ${TRIP_APPLICATION_EDITS_PER_MINUTE} edits a minute, even for different accounts, then 429`, async () => {
    const busy = '10.18.0.1';
    const refusedBody = { ...FORM, consent: true, tripId: trip.second };
    for (let i = 0; i < TRIP_APPLICATIONS_PER_MINUTE; i++) {
      const someone = await learner();
      const res = await post('/api/trips/application/add', someone.headers, refusedBody, busy);
      expect(res.statusCode, res.body).toBe(201);
    }
    const late = await learner();
    const refused = await post('/api/trips/application/add', late.headers, refusedBody, busy);
    expect(refused.statusCode).toBe(429);
    expect(
      await t.database.db.select().from(tripApplications).where(eq(tripApplications.userId, late.id)),
    ).toEqual([]);
    // Edits count apart: the same address may still edit, up to their own limit.
    const editor = await learner();
    const mine = (await add(editor.headers, { tripId: trip.second })).json().data as { id: number };
    for (let i = 0; i < TRIP_APPLICATION_EDITS_PER_MINUTE; i++) {
      const res = await post(
        '/api/trips/application/update',
        editor.headers,
        { applicationId: mine.id, city: `Pune ${i}` },
        busy,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const tooMany = await post(
      '/api/trips/application/update',
      editor.headers,
      { applicationId: mine.id, city: 'Goa' },
      busy,
    );
    expect(tooMany.statusCode).toBe(429);
  });

  it('when writing the lead fails, then the application and its message job are not kept either', async () => {
    const asha = await learner();
    // The lead's row is written after the application and its job: refusing it fails the add late.
    await t.database.db.execute(
      sql`alter table marketing_form_submissions add constraint test_no_trip_leads check (kind <> 'trip_application') not valid`,
    );
    try {
      const res = await add(asha.headers, { tripId: trip.open });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(
        sql`alter table marketing_form_submissions drop constraint test_no_trip_leads`,
      );
    }
    const rows = await t.database.db
      .select()
      .from(tripApplications)
      .where(eq(tripApplications.userId, asha.id));
    expect(rows).toHaveLength(0);
    const queued = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where payload->'to'->>'userId' = ${String(asha.id)}`,
    );
    expect(queued.rows[0]!.n).toBe(0);
    // And the same learner's next try goes through.
    expect((await add(asha.headers, { tripId: trip.open })).statusCode).toBe(201);
  });
});

describe('the itinerary e-mail', () => {
  let t: TestContext;
  let ip = 0;
  const trip: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    trip.a = (await createTrip(t.database.db, { title: 'Chandigarh' })).id;
    trip.b = (await createTrip(t.database.db, { title: 'Hampi' })).id;
    trip.inactive = (await createTrip(t.database.db, { isActive: false })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function learner(values: Parameters<typeof insertUser>[1] = {}) {
    const user = await insertUser(t.database.db, { isVerified: true, ...values });
    const { token } = await insertSession(t.database.db, user.id, t.now.value);
    return { id: user.id, email: user.email, headers: bearer(token) };
  }
  const send = (headers: Record<string, string>, payload: Record<string, unknown>, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trips/itinerary/send',
      headers,
      payload,
      remoteAddress: remoteAddress ?? `10.17.0.${(++ip % 250) + 1}`,
    });
  const itineraryJobs = async (userId: number) =>
    t.database.db.execute<{ payload: Record<string, unknown> }>(
      sql`select payload from jobs where dedupe_key like ${`notification.send:trip-itinerary:${userId}:%`}`,
    );

  it('when a verified learner asks, then it is queued to their own address and the answer masks it', async () => {
    const asha = await learner({ email: 'asha.rao@example.test' });
    const res = await send(asha.headers, { tripId: trip.a });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sentTo: 'a…@example.test' });
    const queued = await itineraryJobs(asha.id);
    expect(queued.rows.map((r) => r.payload)).toEqual([
      { kind: 'trip-itinerary', to: { userId: asha.id }, tripId: trip.a },
    ]);
  });

  it('when the body names an address or a user, then 400: the itinerary goes only to the caller', async () => {
    const asha = await learner();
    for (const extra of [{ email: 'victim@example.com' }, { to: 'victim@example.com' }, { userId: 1 }]) {
      const res = await send(asha.headers, { tripId: trip.a, ...extra });
      expect(res.statusCode).toBe(400);
    }
    expect((await send(asha.headers, { tripId: 0 })).statusCode).toBe(400);
    expect((await send(asha.headers, {})).statusCode).toBe(400);
    expect((await itineraryJobs(asha.id)).rows).toHaveLength(0);
  });

  it('when the account’s e-mail is not verified, or it has none, then 409 saying so and nothing is queued', async () => {
    const unverified = await learner({ isVerified: false });
    const res = await send(unverified.headers, { tripId: trip.a });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/not verified/);
    const mobileOnly = await learner({ email: null });
    const none = await send(mobileOnly.headers, { tripId: trip.a });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/no e-mail address/);
    expect((await itineraryJobs(unverified.id)).rows).toHaveLength(0);
    expect((await itineraryJobs(mobileOnly.id)).rows).toHaveLength(0);
  });

  it('when the trip is unknown or inactive, then 404', async () => {
    const asha = await learner();
    expect((await send(asha.headers, { tripId: 999_999 })).statusCode).toBe(404);
    expect((await send(asha.headers, { tripId: trip.inactive })).statusCode).toBe(404);
  });

  it('when the same trip is asked for again within the hour, then 429 with Retry-After; the next hour it goes', async () => {
    const asha = await learner();
    expect((await send(asha.headers, { tripId: trip.a })).statusCode).toBe(200);
    const again = await send(asha.headers, { tripId: trip.a });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json().message).toMatch(/within the last hour/);
    // Another trip is another e-mail.
    expect((await send(asha.headers, { tripId: trip.b })).statusCode).toBe(200);
    t.now.value = new Date(NOW.getTime() + 3_600_000);
    try {
      expect((await send(asha.headers, { tripId: trip.a })).statusCode).toBe(200);
    } finally {
      t.now.value = NOW;
    }
    expect((await itineraryJobs(asha.id)).rows).toHaveLength(3);
  });

  it('when an account has had 10 itinerary e-mails in 24 hours, then the 11th is 429', async () => {
    const asha = await learner();
    for (let i = 0; i < 10; i++) {
      t.now.value = new Date(NOW.getTime() + i * 3_600_000);
      expect((await send(asha.headers, { tripId: i % 2 ? trip.a : trip.b })).statusCode, String(i)).toBe(200);
    }
    t.now.value = new Date(NOW.getTime() + 10 * 3_600_000);
    try {
      const res = await send(asha.headers, { tripId: trip.a });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/try again tomorrow/);
    } finally {
      t.now.value = NOW;
    }
    expect((await itineraryJobs(asha.id)).rows).toHaveLength(10);
  });

  it('when one client IP asks for more than 10 in an hour, even for different accounts, then 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const someone = await learner();
      codes.push((await send(someone.headers, { tripId: trip.a }, '10.99.0.1')).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
