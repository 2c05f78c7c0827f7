import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  enrolments,
  users,
} from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';

const NOW = new Date('2026-03-10T06:30:00Z');
const PUBLIC_URL = 'https://atelier.example';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off', PUBLIC_URL } });
}, 120_000);
afterAll(async () => t?.close());

interface SessionSpec {
  title: string;
  date: string | null;
  start?: string | null;
  end?: string | null;
  type?: 1 | 2;
  description?: string;
}

/** A batch of a course `shortTitle` whose modules hold the given sessions (one unit per module). */
async function courseWith(shortTitle: string, modules: SessionSpec[][]) {
  const { db } = t.database;
  const workshop = await createWorkshop(db, { shortTitle });
  const batch = await createBatch(db, workshop.id);
  const ids: number[][] = [];
  // Inserted last-first so that ids do not follow the sequence order.
  for (let m = modules.length - 1; m >= 0; m--) {
    const [module] = await db
      .insert(courseModules)
      .values({ batchId: batch.id, sequence: m + 1, title: `Module ${m + 1}` })
      .returning();
    const [detail] = await db
      .insert(courseModuleDetails)
      .values({ moduleId: module!.id, sequence: 1 })
      .returning();
    const sessionIds: number[] = [];
    for (let s = modules[m]!.length - 1; s >= 0; s--) {
      const spec = modules[m]![s]!;
      const [row] = await db
        .insert(courseModuleSessions)
        .values({
          detailId: detail!.id,
          sequence: s + 1,
          type: spec.type ?? 1,
          title: spec.title,
          description: spec.description ?? '',
          sessionDate: spec.date,
          sessionStartTime: spec.start ?? null,
          sessionEndTime: spec.end ?? null,
        })
        .returning();
      sessionIds.unshift(row!.id);
    }
    ids.unshift(sessionIds);
  }
  return { batchId: batch.id, sessionIds: ids };
}

async function learner(batches: { batchId: number; isRefund?: boolean }[]) {
  const { db } = t.database;
  const user = await insertUser(db, { name: 'Calendar Learner' });
  for (const b of batches) {
    await db
      .insert(enrolments)
      .values({ userId: user.id, batchId: b.batchId, isRefund: b.isRefund ?? false });
  }
  return user;
}

const feed = (key: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/calendar/${key}.ics`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

function parse(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events = calendar.getAllSubcomponents('vevent').map((v) => ({ vevent: v, event: new ICAL.Event(v) }));
  return { calendar, events };
}

describe('GET /api/calendar/{secretKey}.ics', () => {
  it('when a learner’s feed is read, then it is an iCalendar of their dated sessions with times in the platform zone', async () => {
    const course = await courseWith('Revit Pro', [
      [
        {
          title: 'Kick-off',
          date: '2026-03-14',
          start: '19:00',
          end: '21:00',
          description: 'Bring a laptop.',
        },
        { title: 'Self study', date: '2026-03-15', type: 2 },
        { title: 'Not scheduled yet', date: null },
      ],
      [{ title: 'Facades', date: '2026-03-21', start: '10:30' }],
    ]);
    const refunded = await courseWith('Refunded Course', [
      [{ title: 'Never shown', date: '2026-03-16', start: '09:00' }],
    ]);
    const others = await courseWith('Other Course', [
      [{ title: 'Someone else’s', date: '2026-03-17', start: '09:00' }],
    ]);
    const me = await learner([course, { batchId: refunded.batchId, isRefund: true }]);
    await learner([others]);

    const res = await feed(me.secretKey);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body).not.toContain('Never shown');
    expect(res.body).not.toContain('Someone else');

    const { calendar, events } = parse(res.body);
    expect(calendar.getFirstPropertyValue('prodid')).toMatch(/Atelier/);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Atelier sessions');
    const vtimezone = calendar.getFirstSubcomponent('vtimezone');
    expect(vtimezone?.getFirstPropertyValue('tzid')).toBe('Asia/Kolkata');
    expect(String(vtimezone?.getFirstSubcomponent('standard')?.getFirstPropertyValue('tzoffsetto'))).toBe(
      '+05:30',
    );

    const host = new URL(PUBLIC_URL).host;
    expect(events.map((e) => e.event.uid)).toEqual([
      `session-${course.sessionIds[0]![0]}@${host}`,
      `session-${course.sessionIds[0]![1]}@${host}`,
      `session-${course.sessionIds[1]![0]}@${host}`,
    ]);
    expect(events.map((e) => e.event.summary)).toEqual([
      'M1_S1 · Kick-off — Revit Pro',
      'M1_S2 · Self study — Revit Pro',
      'M2_S1 · Facades — Revit Pro',
    ]);

    const [kickOff, selfStudy, facades] = events;
    const start = kickOff!.vevent.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('Asia/Kolkata');
    expect(start.getFirstValue().toString()).toBe('2026-03-14T19:00:00');
    expect(kickOff!.vevent.getFirstProperty('dtend')!.getParameter('tzid')).toBe('Asia/Kolkata');
    // 19:00 in Kolkata is 13:30 UTC, read back through the feed's own VTIMEZONE.
    const zone = new ICAL.Timezone({ component: vtimezone!, tzid: 'Asia/Kolkata' });
    const startTime = kickOff!.event.startDate;
    startTime.zone = zone;
    expect(startTime.toJSDate().toISOString()).toBe('2026-03-14T13:30:00.000Z');
    const endTime = kickOff!.event.endDate;
    endTime.zone = zone;
    expect(endTime.toJSDate().toISOString()).toBe('2026-03-14T15:30:00.000Z');
    expect(kickOff!.event.description).toContain('Bring a laptop.');
    expect(kickOff!.vevent.getFirstPropertyValue('url')).toBe(
      `${PUBLIC_URL}/dashboard/course/${course.batchId}`,
    );
    expect(kickOff!.vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-03-10T06:30:00Z');

    // No time: an all-day event.
    expect(selfStudy!.event.startDate.isDate).toBe(true);
    expect(selfStudy!.event.startDate.toString()).toBe('2026-03-15');
    expect(selfStudy!.event.endDate.toString()).toBe('2026-03-16');
    expect(selfStudy!.event.description).toMatch(/^Recorded session M1_S2/);

    // A start without an end lasts an hour.
    expect(facades!.event.startDate.toString()).toBe('2026-03-21T10:30:00');
    expect(facades!.event.endDate.toString()).toBe('2026-03-21T11:30:00');
  }, 60_000);

  it('when the key is unknown, then 404 with the error envelope', async () => {
    const res = await feed('no-such-key-0000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  }, 60_000);

  it('when the account is disabled, then its feed is 404', async () => {
    const course = await courseWith('Disabled Course', [
      [{ title: 'Gone', date: '2026-04-02', start: '18:00' }],
    ]);
    const me = await learner([course]);
    expect((await feed(me.secretKey)).statusCode).toBe(200);
    await t.database.db.update(users).set({ disabledAt: NOW }).where(eq(users.id, me.id));
    expect((await feed(me.secretKey)).statusCode).toBe(404);
  }, 60_000);

  it('when the learner rotates their key, then the old address is 404 and the new one serves the feed', async () => {
    const course = await courseWith('Rhino Basics', [
      [{ title: 'Intro', date: '2026-04-01', start: '18:00', end: '19:00' }],
    ]);
    const me = await learner([course]);
    expect((await feed(me.secretKey)).statusCode).toBe(200);
    const { token } = await insertSession(t.database.db, me.id, NOW);
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/user/calendar/rotate',
      headers: bearer(token),
    });
    expect(rotated.statusCode).toBe(200);
    const newKey = rotated.json().data.secretKey as string;
    expect(newKey).toBeTruthy();
    expect(newKey).not.toBe(me.secretKey);
    expect((await feed(me.secretKey)).statusCode).toBe(404);
    const fresh = await feed(newKey);
    expect(fresh.statusCode).toBe(200);
    expect(parse(fresh.body).events.map((e) => e.event.summary)).toEqual(['M1_S1 · Intro — Rhino Basics']);
  }, 60_000);

  it('when a learner has 2 or 40 sessions, then the feed sends the same number of queries', async () => {
    const small = await learner([
      await courseWith('Small', [[{ title: 'One', date: '2026-04-01', start: '10:00' }]]),
    ]);
    const many = Array.from({ length: 4 }, (_, m) =>
      Array.from({ length: 10 }, (_, s) => ({
        title: `S${m}-${s}`,
        date: `2026-05-${String(s + 10)}`,
        start: '10:00',
      })),
    );
    const large = await learner([
      await courseWith('Large', many),
      await courseWith('Large 2', [[{ title: 'x', date: '2026-06-01' }]]),
    ]);
    const count = async (key: string) => {
      const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
      const original = proto.query;
      let n = 0;
      proto.query = function (this: unknown, ...args: unknown[]) {
        n += 1;
        return original.apply(this, args);
      };
      try {
        expect((await feed(key)).statusCode).toBe(200);
      } finally {
        proto.query = original;
      }
      return n;
    };
    await count(small.secretKey); // warm-up
    const a = await count(small.secretKey);
    const b = await count(large.secretKey);
    expect(b).toBe(a);
    expect(a).toBeLessThanOrEqual(3);
    expect(parse((await feed(large.secretKey)).body).events).toHaveLength(41);
  }, 60_000);

  it('when one address asks too often, then it is rate limited', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await feed('rate-limit-probe', '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    expect((await feed('rate-limit-probe', '10.9.9.10')).statusCode).toBe(404);
  }, 60_000);
});
