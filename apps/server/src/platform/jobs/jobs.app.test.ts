import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertSession, insertUser, latestCode, uniqueContact } from '../../modules/auth/testing.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('job queue in the app: message delivery and the admin view', () => {
  let t: TestContext;
  const sendCode = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send/otp',
      payload: { email, purpose: 'login' },
      remoteAddress: '10.9.0.1',
    });
  const outbox = async (to: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json().data
      .messages as {
      status: string;
      body: string;
    }[];

  beforeAll(async () => {
    // A web-only instance: another process runs the worker.
    t = await createTestApp({ env: { JOBS_WORKER: 'off' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when JOBS_WORKER=off, then a code waits in the queue until a worker delivers it, and the outbox then shows it sent', async () => {
    const { email } = uniqueContact();
    expect((await sendCode(email)).statusCode).toBe(200);
    await sleep(1200); // longer than the worker's poll interval
    expect(t.app.jobs.runner.running).toBe(false);
    expect((await outbox(email)).map((m) => m.status)).toEqual(['pending']);

    expect(await t.app.jobs.runner.drain()).toBe(1); // what a worker process does
    const [message] = await outbox(email);
    expect(message!.status).toBe('sent');
    expect(message!.body).toContain((await latestCode(t.database.db, email))!);
  });

  it('when an admin asks for the queue, then counts by topic and status come back without any payload; others get 404', async () => {
    const { email } = uniqueContact();
    await sendCode(email);
    const code = (await latestCode(t.database.db, email))!;
    const now = new Date();
    const admin = await insertUser(t.database.db, { role: 'admin' });
    const learner = await insertUser(t.database.db);
    const moderator = await insertUser(t.database.db, { role: 'moderator' });
    const get = async (token?: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: token ? bearer(token) : {} });

    // The staff console is not advertised: anyone else gets the 404 of a path that does not exist.
    expect((await get()).statusCode).toBe(404);
    expect((await get((await insertSession(t.database.db, learner.id, now)).token)).statusCode).toBe(404);
    expect((await get((await insertSession(t.database.db, moderator.id, now)).token)).statusCode).toBe(404);

    const res = await get((await insertSession(t.database.db, admin.id, now)).token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.counts).toContainEqual({ topic: 'message.send', status: 'pending', count: 1 });
    expect(data.counts).toContainEqual({ topic: 'message.send', status: 'done', count: 1 });
    expect(data.oldestPendingAgeSeconds).toEqual(expect.any(Number));
    expect(data.recentFailures).toEqual([]);
    expect(res.body).not.toContain(code);
    expect(res.body).not.toContain(email);
  });
});

describe('job queue in the app: the in-process worker', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a code is sent, then the worker started with the app delivers it without anyone asking, and stops with the app', async () => {
    const { mobile } = uniqueContact();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send/otp',
      payload: { mobile, purpose: 'login' },
      remoteAddress: '10.9.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(t.app.jobs.runner.running).toBe(true);
    const until = Date.now() + 10_000;
    let status = '';
    while (status !== 'sent' && Date.now() < until) {
      await sleep(50);
      const messages = (
        await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(mobile)}` })
      ).json().data.messages;
      status = messages[0]?.status ?? '';
    }
    expect(status).toBe('sent');
  });
});
