import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionRegistrations, competitions } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';

/*
 * Competitions (issue 16 "Trips and competitions"): the public list and page with their phase on
 * the platform's day, and free registration. Paid registration: competitions-payment.test.ts.
 */

// 2026-11-22 00:30 in Kolkata (the platform's day), still 2026-11-21 in UTC.
const NOW = new Date('2026-11-21T19:00:00Z');

describe('competitions', () => {
  let t: TestContext;
  let ip = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const insert = async (values: Partial<typeof competitions.$inferInsert> & { title: string }) => {
      const [row] = await t.database.db
        .insert(competitions)
        .values({ slug: values.title.toLowerCase().replace(/\W+/g, '-'), ...values })
        .returning();
      return row!.id;
    };
    ids.over = await insert({
      title: 'Bus Shelter',
      amount: 299,
      registrationDeadline: '2026-09-01',
      startDate: '2026-09-05',
      endDate: '2026-10-01',
    });
    ids.paidOpen = await insert({
      title: 'Tiny Homes',
      summary: 'A home on a rooftop.',
      description: 'Design a 250 sq ft home.',
      brief: {
        siteArea: '250 sq ft',
        deliverables: ['Two A2 boards'],
        prizes: ['₹50,000'],
        jury: ['Ar. Meera Kulkarni'],
        rules: ['Teams of up to three'],
      },
      thumbnail: '/images/competitions/tiny-homes.jpg',
      amount: 499,
      dollar: 9,
      registrationDeadline: '2026-12-10',
      startDate: '2026-12-15',
      endDate: '2027-01-15',
    });
    // Its deadline is the platform's today: still open (UTC's date would say the same; Kolkata's
    // tomorrow is what closes it).
    ids.freeToday = await insert({
      title: 'Sketch Your Street!',
      amount: 0,
      registrationDeadline: '2026-11-22',
      startDate: '2026-11-28',
      endDate: '2026-11-29',
    });
    ids.closed = await insert({
      title: 'Riverfront Pavilion',
      amount: 0,
      registrationDeadline: '2026-11-21',
      startDate: '2026-11-21',
      endDate: '2026-12-20',
    });
    ids.undated = await insert({ title: 'Open call', amount: 0, brief: {} });
    ids.olderOver = await insert({
      title: 'Older',
      registrationDeadline: '2026-01-01',
      startDate: '2026-01-05',
      endDate: '2026-02-01',
    });
    ids.inactive = await insert({ title: 'Hidden', isActive: false, amount: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  async function learner() {
    const user = await insertUser(t.database.db, { name: 'Asha Rao' });
    const { token } = await insertSession(t.database.db, user.id, t.now.value);
    return { id: user.id, headers: bearer(token) };
  }
  const register = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/competition/register',
      headers,
      payload,
      remoteAddress: `10.18.0.${(++ip % 250) + 1}`,
    });
  const registrationJobs = async (registrationId: number) =>
    (
      await t.database.db.execute<{ payload: Record<string, unknown> }>(
        sql`select payload from jobs where dedupe_key = ${`notification.send:competition-registration:${registrationId}`}`,
      )
    ).rows;

  it('when the list is fetched, then every active competition: open by deadline, then closed, then over latest first', async () => {
    const res = await t.app.inject({ url: '/api/competitions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const data = res.json().data as { id: number; phase: string }[];
    expect(data.map((c) => [c.id, c.phase])).toEqual([
      [ids.freeToday, 'open'],
      [ids.paidOpen, 'open'],
      [ids.undated, 'open'],
      [ids.closed, 'closed'],
      [ids.over, 'over'],
      [ids.olderOver, 'over'],
    ]);
    expect(data.find((c) => c.id === ids.paidOpen)).toEqual({
      id: ids.paidOpen,
      title: 'Tiny Homes',
      slug: 'tiny-homes',
      path: `/competition/tiny-homes?id=${ids.paidOpen}`,
      summary: 'A home on a rooftop.',
      amount: 499,
      dollar: 9,
      registrationDeadline: '2026-12-10',
      startDate: '2026-12-15',
      endDate: '2027-01-15',
      phase: 'open',
      thumbnail: '/images/competitions/tiny-homes.jpg',
    });
    expect(data.find((c) => c.id === ids.undated)).toMatchObject({
      registrationDeadline: '0000-00-00',
      startDate: '0000-00-00',
      endDate: '0000-00-00',
      amount: 0,
      dollar: null,
    });
    expect(data.find((c) => c.id === ids.freeToday)!).toMatchObject({
      path: `/competition/sketch-your-street?id=${ids.freeToday}`,
    });
    // The same answer again comes from the cache with the same ETag (304 when the client has it).
    const again = await t.app.inject({
      url: '/api/competitions',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('when the platform’s day moves past a deadline, then the list and the page show it closed at once', async () => {
    t.now.value = new Date('2026-11-22T19:00:00Z'); // 2026-11-23 00:30 in Kolkata
    try {
      const list = (await t.app.inject({ url: '/api/competitions' })).json().data as {
        id: number;
        phase: string;
      }[];
      expect(list.find((c) => c.id === ids.freeToday)!.phase).toBe('closed');
      const page = await t.app.inject({ url: `/api/competition/${ids.freeToday}/details` });
      expect(page.json().data.phase).toBe('closed');
    } finally {
      t.now.value = NOW;
    }
    const page = await t.app.inject({ url: `/api/competition/${ids.freeToday}/details` });
    expect(page.json().data.phase).toBe('open');
  });

  it('when a competition page is fetched, then its brief; inactive or unknown → 404; a bad id → 400', async () => {
    const res = await t.app.inject({ url: `/api/competition/${ids.paidOpen}/details` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ids.paidOpen,
      phase: 'open',
      description: 'Design a 250 sq ft home.',
      brief: {
        siteArea: '250 sq ft',
        deliverables: ['Two A2 boards'],
        prizes: ['₹50,000'],
        jury: ['Ar. Meera Kulkarni'],
        rules: ['Teams of up to three'],
      },
    });
    const bare = await t.app.inject({ url: `/api/competition/${ids.undated}/details` });
    expect(bare.json().data.brief).toEqual({ deliverables: [], prizes: [], jury: [], rules: [] });
    expect((await t.app.inject({ url: `/api/competition/${ids.over}/details` })).json().data.phase).toBe(
      'over',
    );
    expect((await t.app.inject({ url: `/api/competition/${ids.inactive}/details` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/competition/999999/details' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/competition/abc/details' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/competition/0/details' })).statusCode).toBe(400);
  });

  it('when an anonymous visitor reads or makes a registration, then 401', async () => {
    expect(
      (await t.app.inject({ url: `/api/user/competition/${ids.freeToday}/registration` })).statusCode,
    ).toBe(401);
    expect((await register({}, { competitionId: ids.freeToday })).statusCode).toBe(401);
  });

  it('when a learner registers for a free open competition, then 201 confirmed with one message; again → the same registration', async () => {
    const asha = await learner();
    const before = await t.app.inject({
      url: `/api/user/competition/${ids.freeToday}/registration`,
      headers: asha.headers,
    });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({ registration: null });

    const res = await register(asha.headers, { competitionId: ids.freeToday, teamName: 'Studio Asha' });
    expect(res.statusCode, res.body).toBe(201);
    const registration = res.json().data;
    expect(registration).toEqual({
      id: expect.any(Number),
      competitionId: ids.freeToday,
      status: 'confirmed',
      teamName: 'Studio Asha',
      createdAt: NOW.toISOString(),
    });
    expect(await registrationJobs(registration.id)).toEqual([
      {
        payload: {
          kind: 'competition-registration',
          to: { userId: asha.id },
          registrationId: registration.id,
        },
      },
    ]);

    const again = await register(asha.headers, { competitionId: ids.freeToday });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(registration);
    expect(again.json().message).toMatch(/already registered/);
    expect(await registrationJobs(registration.id)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(competitionRegistrations)
      .where(eq(competitionRegistrations.userId, asha.id));
    expect(rows).toHaveLength(1);

    const after = await t.app.inject({
      url: `/api/user/competition/${ids.freeToday}/registration`,
      headers: asha.headers,
    });
    expect(after.json().data).toEqual({ registration });
    // Someone else's view of the same competition: their own (none).
    const ravi = await learner();
    const theirs = await t.app.inject({
      url: `/api/user/competition/${ids.freeToday}/registration`,
      headers: ravi.headers,
    });
    expect(theirs.json().data).toEqual({ registration: null });
  });

  it('when a competition has a fee, then 409 pointing at the payment call, and nothing is stored', async () => {
    const asha = await learner();
    const res = await register(asha.headers, { competitionId: ids.paidOpen });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('/api/competition/payment/initiate');
    const rows = await t.database.db
      .select()
      .from(competitionRegistrations)
      .where(eq(competitionRegistrations.userId, asha.id));
    expect(rows).toHaveLength(0);
  });

  it('when registration has closed or the competition is over, then 409; inactive or unknown → 404', async () => {
    const asha = await learner();
    const closed = await register(asha.headers, { competitionId: ids.closed });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/closed/);
    const over = await register(asha.headers, { competitionId: ids.over });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/over/);
    expect((await register(asha.headers, { competitionId: ids.inactive })).statusCode).toBe(404);
    expect((await register(asha.headers, { competitionId: 999_999 })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/user/competition/999999/registration', headers: asha.headers }))
        .statusCode,
    ).toBe(404);
  });

  it('when a registration body is wrong, then 400', async () => {
    const asha = await learner();
    for (const body of [
      {},
      { competitionId: 'x' },
      { competitionId: ids.undated, userId: 1 },
      { competitionId: ids.undated, status: 'confirmed' },
      { competitionId: ids.undated, teamName: '' },
      { competitionId: ids.undated, teamName: 'x'.repeat(81) },
    ]) {
      expect((await register(asha.headers, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await t.app.inject({ url: '/api/user/competition/abc/registration', headers: asha.headers }))
        .statusCode,
    ).toBe(400);
  });
});
