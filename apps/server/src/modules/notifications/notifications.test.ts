import { DEFAULT_NOTIFICATION_PREFERENCES } from '@atelier/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  certificates,
  competitionRegistrations,
  competitions,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  enrolments,
  instalmentPlans,
  instalments,
  jobs,
  tripApplications,
  type users,
} from '../../db/schema/index.js';
import { createBatch, createTrip, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { enqueueNotification, type NotificationRequest } from './notification-jobs.js';
import { REMINDERS_SCAN_TOPIC, remindersScanHandler, reminderSlot } from './reminders.js';

/*
 * The notifications module through the real app: preferences, the one-click unsubscribe, every
 * notification kind composed into the message outbox (the `message.send` jobs) exactly once, the
 * preferences honoured per channel, and the scheduled reminders with a controlled clock.
 */

// 10:00 in India (UTC+05:30), in the future of the database's own clock: the scan chain's next
// slot is then never due, so the tests run the scan themselves.
const NOW = new Date('2027-03-10T04:30:00Z');
const PUBLIC_URL = 'https://atelier.example';

let t: TestContext;
let ip = 0;
beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off', PUBLIC_URL } });
}, 120_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const at = (date: Date) => {
  t.now.value = date;
};

interface Sent {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  kind: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  listUnsubscribe?: string;
  smsVars?: Record<string, string>;
}

/** The messages queued to `to` (oldest first), optionally of one kind. */
async function sentTo(to: string, kind?: string): Promise<Sent[]> {
  const rows = await db()
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.topic, 'message.send'),
        sql`${jobs.payload}->>'to' = ${to}`,
        kind ? sql`${jobs.payload}->>'kind' = ${kind}` : sql`true`,
      ),
    )
    .orderBy(jobs.id);
  return rows.map((r) => r.payload as unknown as Sent);
}

/** Runs every due job (notifications, then their messages). */
const drain = () => t.app.jobs.runner.drain();

async function notify(request: NotificationRequest, key: string) {
  const id = await enqueueNotification(db(), request, key);
  await drain();
  return id;
}

async function account(values: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(db(), { name: 'Asha Rao', ...values });
  const { token } = await insertSession(db(), user.id, t.now.value);
  return { user, token, email: user.email!, mobile: user.mobile! };
}

const api = (
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method,
    url,
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload as string } : {}),
  });

async function setPrefs(token: string, changes: Record<string, boolean>) {
  const res = await api('POST', '/api/user/notification/preferences', { token, payload: changes });
  expect(res.statusCode).toBe(200);
}

describe('GET/POST /api/user/notification/preferences', () => {
  it('when a learner never chose, then the defaults are answered with the kinds always sent', async () => {
    const { token } = await account();
    const res = await api('GET', '/api/user/notification/preferences', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      preferences: DEFAULT_NOTIFICATION_PREFERENCES,
      alwaysSent: ['otp', 'payment-receipt'],
    });
  });

  it('when a learner changes some keys, then only those change and the next read shows them', async () => {
    const { token } = await account();
    const res = await api('POST', '/api/user/notification/preferences', {
      token,
      payload: { sessionRemindersSms: true, tripUpdatesEmail: false },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      sessionRemindersSms: true,
      tripUpdatesEmail: false,
    };
    expect(res.json().data.preferences).toEqual(expected);
    await setPrefs(token, { marketingEmail: true });
    const read = await api('GET', '/api/user/notification/preferences', { token });
    expect(read.json().data.preferences).toEqual({ ...expected, marketingEmail: true });
  });

  it('when the body has an unknown key, no key or a non-boolean, then 400 and nothing changes; without a session 401', async () => {
    const { token } = await account();
    for (const payload of [
      { smsEverything: true },
      {},
      { marketingEmail: 'yes' },
      { marketingEmail: true, userId: 1 },
    ]) {
      const res = await api('POST', '/api/user/notification/preferences', { token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const read = await api('GET', '/api/user/notification/preferences', { token });
    expect(read.json().data.preferences).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect((await api('GET', '/api/user/notification/preferences')).statusCode).toBe(401);
    expect(
      (await api('POST', '/api/user/notification/preferences', { payload: { marketingEmail: true } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('marketing mail and POST /api/unsubscribe', () => {
  const oneClick = (url: string) =>
    api('POST', url.replace(PUBLIC_URL, ''), {
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('when a visitor asks for a brochure, then one HTML mail links the PDF and carries List-Unsubscribe; one click stops the next one', async () => {
    const workshop = await createWorkshop(db(), { shortTitle: 'Revit Pro' });
    const to = 'Visitor.One@Example.test';
    await notify(
      { kind: 'brochure', to: { email: to, name: 'Meera K' }, workshopId: workshop.id },
      `brochure:a`,
    );
    const [mail, ...more] = await sentTo('visitor.one@example.test', 'brochure');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your brochure: Revit Pro');
    expect(mail!.body).toContain(`${PUBLIC_URL}/api/brochure/pdf?id=${workshop.id}`);
    expect(mail!.body).toContain('Hello Meera');
    expect(mail!.html).toBeTruthy();
    expect(mail!.listUnsubscribe).toMatch(
      /^https:\/\/atelier\.example\/api\/unsubscribe\?token=v1\.[\w-]+\.[\w-]{43}$/,
    );

    const res = await oneClick(mail!.listUnsubscribe!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ unsubscribed: true, email: 'v•••e@example.test' });
    // Idempotent: a mail client may post twice.
    expect((await oneClick(mail!.listUnsubscribe!)).statusCode).toBe(200);

    await notify(
      { kind: 'brochure', to: { email: to, name: 'Meera K' }, workshopId: workshop.id },
      `brochure:b`,
    );
    await notify({ kind: 'newsletter-welcome', to: { email: to, name: null }, list: 'newsletter' }, `nl:b`);
    expect(await sentTo('visitor.one@example.test')).toHaveLength(1);
  });

  it('when the unsubscribe page posts {} for an account, then marketingEmail is off and its marketing mail stops', async () => {
    const { token, email, user } = await account();
    await setPrefs(token, { marketingEmail: true });
    await notify(
      { kind: 'newsletter-welcome', to: { userId: user.id }, list: 'newsletter' },
      `nl:${user.id}`,
    );
    const [welcome] = await sentTo(email, 'newsletter-welcome');
    expect(welcome!.listUnsubscribe).toBeTruthy();
    // The footer links the web page (for a person) with the header's token; the page posts {}.
    const tokenOf = (url: string) => new URL(url).searchParams.get('token');
    const pageLink = /https:\/\/atelier\.example\/unsubscribe\?token=[\w.-]+/.exec(welcome!.body)?.[0];
    expect(pageLink).toBeTruthy();
    expect(tokenOf(pageLink!)).toBe(tokenOf(welcome!.listUnsubscribe!));

    const url = welcome!.listUnsubscribe!.replace(PUBLIC_URL, '');
    // A link scanner's GET of the header's address unsubscribes nobody.
    expect((await api('GET', url)).statusCode).not.toBe(200);
    expect(
      (await api('GET', '/api/user/notification/preferences', { token })).json().data.preferences
        .marketingEmail,
    ).toBe(true);
    const res = await api('POST', `/api/unsubscribe?token=${tokenOf(pageLink!)!}`, { payload: {} });
    expect(res.statusCode).toBe(200);
    const read = await api('GET', '/api/user/notification/preferences', { token });
    expect(read.json().data.preferences.marketingEmail).toBe(false);

    const workshop = await createWorkshop(db());
    await notify(
      { kind: 'brochure', to: { userId: user.id }, workshopId: workshop.id },
      `brochure:${user.id}`,
    );
    expect(await sentTo(email, 'brochure')).toEqual([]);

    // Turning marketing back on in the profile lifts the suppression.
    await setPrefs(token, { marketingEmail: true });
    await notify(
      { kind: 'brochure', to: { userId: user.id }, workshopId: workshop.id },
      `brochure:${user.id}:2`,
    );
    expect(await sentTo(email, 'brochure')).toHaveLength(1);
  });

  it('when the token is altered, forged or missing, or the body is not one-click, then 400 and nothing is suppressed', async () => {
    const { token, email, user } = await account();
    await setPrefs(token, { marketingEmail: true });
    await notify(
      { kind: 'newsletter-welcome', to: { userId: user.id }, list: 'newsletter' },
      `nl2:${user.id}`,
    );
    const url = (await sentTo(email, 'newsletter-welcome'))[0]!.listUnsubscribe!.replace(PUBLIC_URL, '');
    const good = new URL(url, PUBLIC_URL).searchParams.get('token')!;
    const [v, address, mac] = good.split('.') as [string, string, string];
    const other = Buffer.from('someone.else@example.test').toString('base64url');
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    for (const bad of [
      `${v}.${address}.${flipped}`,
      `${v}.${other}.${mac}`,
      `v2.${address}.${mac}`,
      `${v}.${address}`,
      'x'.repeat(40),
    ]) {
      const res = await api('POST', `/api/unsubscribe?token=${encodeURIComponent(bad)}`, { payload: {} });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await api('POST', '/api/unsubscribe', { payload: {} })).statusCode).toBe(400);
    const wrongForm = await api('POST', url, {
      payload: 'List-Unsubscribe=Maybe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongForm.statusCode).toBe(400);
    const wrongJson = await api('POST', url, { payload: { everything: true } });
    expect(wrongJson.statusCode).toBe(400);
    const read = await api('GET', '/api/user/notification/preferences', { token });
    expect(read.json().data.preferences.marketingEmail).toBe(true);
  });

  it('when a form body is posted to another route, then it is refused (the form parser is the unsubscribe route’s only)', async () => {
    const { token } = await account();
    const res = await api('POST', '/api/user/notification/preferences', {
      token,
      payload: 'marketingEmail=true',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
  });
});

/** A batch of a course whose one module holds the given sessions; returns their ids. */
async function courseWith(
  shortTitle: string,
  sessions: { date: string; start: string | null; end?: string }[],
) {
  const workshop = await createWorkshop(db(), { shortTitle });
  const batch = await createBatch(db(), workshop.id);
  const [module] = await db()
    .insert(courseModules)
    .values({ batchId: batch.id, sequence: 1, title: 'Module 1' })
    .returning();
  const [detail] = await db()
    .insert(courseModuleDetails)
    .values({ moduleId: module!.id, sequence: 1 })
    .returning();
  const ids: number[] = [];
  for (const [i, s] of sessions.entries()) {
    const [row] = await db()
      .insert(courseModuleSessions)
      .values({
        detailId: detail!.id,
        sequence: i + 1,
        title: `Session ${i + 1}`,
        sessionDate: s.date,
        sessionStartTime: s.start,
        sessionEndTime: s.end ?? null,
      })
      .returning();
    ids.push(row!.id);
  }
  return { workshop, batchId: batch.id, sessionIds: ids };
}

async function instalmentOf(userId: number, dueDate: string, opts: { paid?: boolean } = {}) {
  const workshop = await createWorkshop(db(), { shortTitle: 'Archicad Basics' });
  const batch = await createBatch(db(), workshop.id);
  const [plan] = await db()
    .insert(instalmentPlans)
    .values({ userId, batchId: batch.id, totalMinor: 3_000_000 })
    .returning();
  const [row] = await db()
    .insert(instalments)
    .values({
      planId: plan!.id,
      sequence: 2,
      dueDate,
      amountMinor: 1_250_050,
      paidAt: opts.paid ? NOW : null,
    })
    .returning();
  return row!;
}

describe('notification.send: each kind once, preferences per channel', () => {
  it('when every kind is asked for twice under two keys, then each message is queued once per channel', async () => {
    const { user, email, mobile, token } = await account();
    await setPrefs(token, { sessionRemindersSms: true, marketingEmail: true });
    const trip = await createTrip(db(), { title: 'Chandigarh Walk' });
    const [application] = await db()
      .insert(tripApplications)
      .values({ userId: user.id, tripId: trip.id })
      .returning();
    const course = await courseWith('Rhino', [{ date: '2027-03-11', start: '08:30:00', end: '10:00:00' }]);
    await db().insert(enrolments).values({ userId: user.id, batchId: course.batchId });
    const [cert] = await db()
      .insert(certificates)
      .values({ userId: user.id, batchId: course.batchId, courseName: 'Rhino', serial: 'CERT-ONCE-1' })
      .returning();
    const [competition] = await db()
      .insert(competitions)
      .values({ title: 'Pavilion 2027', slug: `pavilion-${user.id}` })
      .returning();
    const [registration] = await db()
      .insert(competitionRegistrations)
      .values({ competitionId: competition!.id, userId: user.id, status: 'confirmed' })
      .returning();
    const instalment = await instalmentOf(user.id, '2027-03-12');
    const to = { userId: user.id };
    const requests: NotificationRequest[] = [
      { kind: 'trip-application', to, applicationId: application!.id },
      { kind: 'certificate-issued', to, certificateCode: cert!.serial },
      { kind: 'competition-registration', to, registrationId: registration!.id },
      { kind: 'instalment-reminder', to, instalmentId: instalment.id, when: 'in-3-days' },
      {
        kind: 'session-reminder',
        to,
        sessionId: course.sessionIds[0]!,
        batchId: course.batchId,
        when: '24h',
      },
      { kind: 'newsletter-welcome', to, list: 'newsletter' },
    ];
    for (const round of ['first', 'second'])
      for (const request of requests)
        await enqueueNotification(db(), request, `${request.kind}:${round}:${user.id}`);
    // The same key twice adds nothing; a job run twice (a retry) sends once.
    expect(
      await enqueueNotification(db(), { kind: 'trip-itinerary', to, tripId: trip.id }, `it:${user.id}`),
    ).not.toBeNull();
    expect(
      await enqueueNotification(db(), { kind: 'trip-itinerary', to, tripId: trip.id }, `it:${user.id}`),
    ).toBeNull();
    await drain();

    const mails = await sentTo(email);
    expect(mails.map((m) => m.kind).sort()).toEqual(
      [
        'certificate-issued',
        'competition-registration',
        'instalment-reminder',
        'newsletter-welcome',
        'session-reminder',
        'trip-application',
        'trip-itinerary',
      ].sort(),
    );
    expect((await sentTo(mobile)).map((m) => m.kind).sort()).toEqual([
      'instalment-reminder',
      'session-reminder',
    ]);
    for (const mail of mails) {
      expect(mail.html, mail.kind).toBeTruthy();
      expect(mail.subject, mail.kind).toBeTruthy();
      // Only marketing mail carries List-Unsubscribe.
      expect(Boolean(mail.listUnsubscribe), mail.kind).toBe(mail.kind === 'newsletter-welcome');
    }
    const byKind = Object.fromEntries(mails.map((m) => [m.kind, m]));
    expect(byKind['trip-application']!.subject).toBe('We received your trip application: Chandigarh Walk');
    expect(byKind['certificate-issued']!.body).toContain(`${PUBLIC_URL}/verify/CERT-ONCE-1`);
    expect(byKind['instalment-reminder']!.body).toContain('₹12,500.50');
    expect(byKind['instalment-reminder']!.subject).toContain('due on');
  });

  it('when the itinerary is asked for, then it lists the trip’s days in order, even with every preference off', async () => {
    const { user, email, token } = await account();
    await setPrefs(token, { tripUpdatesEmail: false, achievementsEmail: false, marketingEmail: false });
    const trip = await createTrip(db(), {
      title: 'Jaipur Havelis',
      details: {
        itinerary: [
          { day: 2, title: 'Old city walk', description: 'Stepwells and havelis.' },
          { day: 1, title: 'Arrival', description: 'Check-in and welcome dinner.' },
        ],
      },
    });
    await notify(
      { kind: 'trip-itinerary', to: { userId: user.id }, tripId: trip.id },
      `itinerary:${user.id}`,
    );
    const [mail, ...more] = await sentTo(email, 'trip-itinerary');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your itinerary: Jaipur Havelis');
    const day1 = mail!.body.indexOf('Day 1: Arrival — Check-in and welcome dinner.');
    const day2 = mail!.body.indexOf('Day 2: Old city walk — Stepwells and havelis.');
    expect(day1).toBeGreaterThan(-1);
    expect(day2).toBeGreaterThan(day1);
  });

  it('when a preference is off, then nothing is sent on that channel; the other channel still is', async () => {
    const { user, email, mobile, token } = await account();
    await setPrefs(token, {
      tripUpdatesEmail: false,
      achievementsEmail: false,
      instalmentRemindersEmail: false,
    });
    const trip = await createTrip(db());
    const [application] = await db()
      .insert(tripApplications)
      .values({ userId: user.id, tripId: trip.id })
      .returning();
    const course = await courseWith('Sketchup', []);
    const [cert] = await db()
      .insert(certificates)
      .values({ userId: user.id, batchId: course.batchId, courseName: 'Sketchup', serial: 'CERT-OFF-1' })
      .returning();
    const instalment = await instalmentOf(user.id, '2027-03-10');
    const to = { userId: user.id };
    await notify({ kind: 'trip-application', to, applicationId: application!.id }, `ta:off:${user.id}`);
    await notify({ kind: 'certificate-issued', to, certificateCode: cert!.serial }, `ci:off:${user.id}`);
    await notify(
      { kind: 'instalment-reminder', to, instalmentId: instalment.id, when: 'today' },
      `ir:off:${user.id}`,
    );
    expect(await sentTo(email)).toEqual([]);
    const [text, ...more] = await sentTo(mobile);
    expect(more).toEqual([]);
    expect(text!.kind).toBe('instalment-reminder');
    expect(text!.body).toContain('due today');
    expect(text!.smsVars).toMatchObject({ amount: '₹12,500.50', due: 'today' });
  });

  it('when every preference is off, then sign-in codes are still sent', async () => {
    const { email, token } = await account();
    await setPrefs(
      token,
      Object.fromEntries(Object.keys(DEFAULT_NOTIFICATION_PREFERENCES).map((key) => [key, false])),
    );
    const res = await api('POST', '/api/auth/send/otp', { payload: { email, purpose: 'login' } });
    expect(res.statusCode).toBe(200);
    const rows = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.topic, 'message.send'), sql`${jobs.payload}->>'to' = ${email}`));
    expect(rows[0]!.n).toBe(1);
  });

  it('when a notification job is malformed, then it goes dead at once and sends nothing', async () => {
    const id = await enqueueNotification(
      db(),
      {
        kind: 'instalment-reminder',
        to: { userId: 1 },
        instalmentId: -4,
        when: 'soon',
      } as unknown as NotificationRequest,
      'malformed:1',
    );
    await drain();
    const [job] = await db().select().from(jobs).where(eq(jobs.id, id!));
    expect(job!.status).toBe('dead');
    expect(job!.attempts).toBe(1);
  });

  it('when an instalment was paid before its reminder ran, then nothing is sent', async () => {
    const { user, email, mobile } = await account();
    const instalment = await instalmentOf(user.id, '2027-03-12', { paid: true });
    await notify(
      {
        kind: 'instalment-reminder',
        to: { userId: user.id },
        instalmentId: instalment.id,
        when: 'in-3-days',
      },
      `paid:${user.id}`,
    );
    expect([...(await sentTo(email)), ...(await sentTo(mobile))]).toEqual([]);
  });

  it('when a certificate is issued by its first downloads (racing), then its learner gets one mail with the code; no mail for a re-download', async () => {
    const { user, email, token } = await account();
    const workshop = await createWorkshop(db(), { title: 'Lumion for Architects' });
    const batch = await createBatch(db(), workshop.id, { startDate: '2027-01-04', endDate: '2027-02-20' });
    await db().insert(enrolments).values({ userId: user.id, batchId: batch.id });
    const download = () => api('GET', `/api/user/course/${batch.id}/certificate?type=course`, { token });
    const answers = await Promise.all([download(), download(), download()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await drain();
    expect((await download()).statusCode).toBe(200);
    await drain();
    const [cert] = await db().select().from(certificates).where(eq(certificates.userId, user.id));
    const mails = await sentTo(email, 'certificate-issued');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your certificate: Lumion for Architects');
    expect(mails[0]!.body).toContain(cert!.serial);
    expect(mails[0]!.listUnsubscribe).toBeUndefined();
  });
});

describe('reminders.scan', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    // A second instance on the same database (its own job runner), as in a multi-instance deployment.
    second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      clock: () => t.now.value,
    });
    await second.ready();
  });
  afterAll(async () => second?.close());

  const deps = () => ({ config: t.config, database: t.database, clock: () => t.now.value });
  /** One slot's scan as both instances run it, then both runners draining at once. */
  async function scanEverywhere() {
    const slot = reminderSlot(t.now.value);
    const job = (id: number) => ({
      id,
      topic: REMINDERS_SCAN_TOPIC,
      payload: { slot },
      attempt: 1,
      maxAttempts: 3,
      signal: new AbortController().signal,
    });
    await Promise.all([remindersScanHandler(deps())(job(1)), remindersScanHandler(deps())(job(2))]);
    await Promise.all([t.app.jobs.runner.drain(), second.jobs.runner.drain()]);
  }

  it('when scans run every slot on two instances, then an instalment gets one reminder 3 days before and one on the due day', async () => {
    at(NOW); // Wed 10 Mar 2027, 10:00 IST
    const { user, email, mobile } = await account();
    const soon = await instalmentOf(user.id, '2027-03-13');
    const later = await instalmentOf(user.id, '2027-03-14');
    const paid = await instalmentOf(user.id, '2027-03-13', { paid: true });
    await scanEverywhere();
    at(new Date(NOW.getTime() + 5 * 60_000));
    await scanEverywhere();
    const reminders = async () => (await sentTo(email, 'instalment-reminder')).map((m) => m.subject);
    expect(await reminders()).toEqual(['Your instalment of ₹12,500.50 is due on Sat, 13 Mar 2027']);
    expect(await sentTo(mobile, 'instalment-reminder')).toHaveLength(1);

    // Before 09:00 on the due day nothing more; from 09:00 the due-day reminder, once (a missed
    // slot at 09:00 is caught at 11:40).
    at(new Date('2027-03-13T02:00:00Z')); // 07:30 IST
    await scanEverywhere();
    expect(await reminders()).toHaveLength(1);
    at(new Date('2027-03-13T06:10:00Z')); // 11:40 IST: `later` is 1 day away, its first reminder too
    await scanEverywhere();
    at(new Date('2027-03-13T12:00:00Z'));
    await scanEverywhere();
    expect((await reminders()).sort()).toEqual([
      'Your instalment of ₹12,500.50 is due on Sat, 13 Mar 2027',
      'Your instalment of ₹12,500.50 is due on Sun, 14 Mar 2027',
      'Your instalment of ₹12,500.50 is due today',
    ]);
    expect(await sentTo(mobile, 'instalment-reminder')).toHaveLength(3);
    const keys = await db()
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(
        and(
          eq(jobs.topic, 'notification.send'),
          sql`${jobs.dedupeKey} LIKE 'notification.send:instalment:%'`,
          sql`(${jobs.payload}->>'instalmentId')::int IN (${soon.id}, ${later.id}, ${paid.id})`,
        ),
      );
    expect(keys.map((k) => k.key).sort()).toEqual(
      [
        `notification.send:instalment:${later.id}:in-3-days`,
        `notification.send:instalment:${soon.id}:in-3-days`,
        `notification.send:instalment:${soon.id}:today`,
      ].sort(),
    );
  });

  it('when the scan runs, then the next slot’s scan is chained once, due at the slot’s start', async () => {
    at(new Date('2027-04-01T10:02:00Z'));
    await scanEverywhere();
    const next = new Date('2027-04-01T10:05:00Z');
    const rows = await db()
      .select({ runAt: jobs.runAt, key: jobs.dedupeKey })
      .from(jobs)
      .where(and(eq(jobs.topic, REMINDERS_SCAN_TOPIC), eq(jobs.runAt, next)));
    expect(rows).toEqual([{ runAt: next, key: `reminders.scan:${next.toISOString()}` }]);
  });

  it('when a live session comes near, then each enrolled learner gets the 24 h and the 1 h reminder once, with its .ics', async () => {
    at(new Date('2027-05-03T04:30:00Z')); // Mon 10:00 IST
    // Tue 04 May 2027, 08:30–10:00 IST = 03:00 UTC.
    const course = await courseWith('Grasshopper', [
      { date: '2027-05-04', start: '08:30:00', end: '10:00:00' },
      { date: '2027-05-06', start: '08:30:00' },
    ]);
    const sessionId = course.sessionIds[0]!;
    const learner = await account();
    const quiet = await account();
    const outsider = await account();
    const refunded = await account();
    await db()
      .insert(enrolments)
      .values([
        { userId: learner.user.id, batchId: course.batchId },
        { userId: quiet.user.id, batchId: course.batchId },
        { userId: refunded.user.id, batchId: course.batchId, isRefund: true },
      ]);
    await setPrefs(quiet.token, { sessionRemindersEmail: false });

    await scanEverywhere(); // 16.5 h before
    await scanEverywhere();
    let mails = await sentTo(learner.email, 'session-reminder');
    expect(mails.map((m) => m.subject)).toEqual(['Tomorrow: Session 1 (Tue, 4 May, 8:30 am IST)']);

    at(new Date('2027-05-04T02:20:00Z')); // 40 min before
    await scanEverywhere();
    at(new Date('2027-05-04T02:25:00Z'));
    await scanEverywhere();
    mails = await sentTo(learner.email, 'session-reminder');
    expect(mails.map((m) => m.subject)).toEqual([
      'Tomorrow: Session 1 (Tue, 4 May, 8:30 am IST)',
      'Starting soon: Session 1 (Tue, 4 May, 8:30 am IST)',
    ]);
    for (const mail of mails) {
      const [ics] = mail.attachments!;
      expect(ics!.filename).toBe('session.ics');
      expect(ics!.contentType).toMatch(/^text\/calendar/);
      const calendar = new ICAL.Component(ICAL.parse(ics!.content));
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events).toHaveLength(1);
      expect(events[0]!.summary).toContain('Session 1');
      expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2027-05-04T03:00:00.000Z');
      expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2027-05-04T04:30:00.000Z');
    }
    const keys = await db()
      .select({ key: jobs.dedupeKey })
      .from(jobs)
      .where(sql`${jobs.dedupeKey} LIKE ${`notification.send:session:${sessionId}:%`}`);
    // One per learner and window, including the learner whose e-mail preference is off (the
    // handler decides per channel); none for the outsider or the refunded learner.
    expect(keys.map((k) => k.key).sort()).toEqual(
      [
        `notification.send:session:${sessionId}:${learner.user.id}:1h`,
        `notification.send:session:${sessionId}:${learner.user.id}:24h`,
        `notification.send:session:${sessionId}:${quiet.user.id}:1h`,
        `notification.send:session:${sessionId}:${quiet.user.id}:24h`,
      ].sort(),
    );
    // Not enrolled, refunded, or reminders off: nothing.
    for (const other of [quiet, outsider, refunded]) expect(await sentTo(other.email)).toEqual([]);
    // The SMS preference is off by default.
    expect(await sentTo(learner.mobile)).toEqual([]);

    // After the start, nothing more for it.
    at(new Date('2027-05-04T03:10:00Z'));
    await scanEverywhere();
    expect(await sentTo(learner.email, 'session-reminder')).toHaveLength(2);
  });

  it('when a session is later the same day, then its first reminder says today, and an SMS goes to a learner who chose SMS', async () => {
    at(new Date('2027-05-20T03:30:00Z')); // 09:00 IST
    const course = await courseWith('Enscape', [{ date: '2027-05-20', start: '18:00:00' }]);
    const learner = await account();
    await db().insert(enrolments).values({ userId: learner.user.id, batchId: course.batchId });
    await setPrefs(learner.token, { sessionRemindersSms: true });
    await scanEverywhere();
    expect((await sentTo(learner.email, 'session-reminder')).map((m) => m.subject)).toEqual([
      'Today: Session 1 (Thu, 20 May, 6:00 pm IST)',
    ]);
    const [text, ...more] = await sentTo(learner.mobile, 'session-reminder');
    expect(more).toEqual([]);
    expect(text!.body).toContain('Session 1 (Enscape) starts Thu, 20 May, 6:00 pm IST');
    expect(text!.smsVars).toEqual({
      session: 'Session 1',
      course: 'Enscape',
      time: 'Thu, 20 May, 6:00 pm IST',
    });
  });

  it('when a learner turns session reminders off, then the next session sends them nothing', async () => {
    at(new Date('2027-06-01T04:30:00Z'));
    const course = await courseWith('V-Ray', [{ date: '2027-06-01', start: '18:00:00' }]);
    const learner = await account();
    await db().insert(enrolments).values({ userId: learner.user.id, batchId: course.batchId });
    await setPrefs(learner.token, { sessionRemindersEmail: false, sessionRemindersSms: false });
    await scanEverywhere();
    at(new Date('2027-06-01T12:00:00Z'));
    await scanEverywhere();
    expect([...(await sentTo(learner.email)), ...(await sentTo(learner.mobile))]).toEqual([]);
  });
});

describe('the reminders chain at start', () => {
  it('when two instances with a worker start, then one scan of the current slot is scheduled', async () => {
    at(new Date('2027-07-01T06:31:00Z'));
    const config = { ...t.config, jobsWorker: true };
    const started: FastifyInstance[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const app = await buildApp({ config, database: t.database, logger: false, clock: () => t.now.value });
        started.push(app);
        await app.ready();
      }
      const slotStart = new Date('2027-07-01T06:30:00Z');
      await expect
        .poll(async () =>
          db()
            .select({ key: jobs.dedupeKey })
            .from(jobs)
            .where(and(eq(jobs.topic, REMINDERS_SCAN_TOPIC), eq(jobs.runAt, slotStart))),
        )
        .toEqual([{ key: `reminders.scan:${slotStart.toISOString()}` }]);
    } finally {
      for (const app of started) await app.close();
    }
  });
});
