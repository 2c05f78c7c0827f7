import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/database.js';
import { latestCode, uniqueContact } from '../../modules/auth/testing.js';
import { logLines } from '../../test/log-lines.js';
import { createTestDatabase, testConfig } from '../../test/test-app.js';
import { createOutboxSender } from './outbox-sender.js';
import { startFakeMsg91, type FakeMsg91 } from './testing/fake-msg91.js';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.js';

/*
 * Messaging through the whole app: the configuration chooses the transports (`SMTP_URL`,
 * `SMS_PROVIDER=msg91`, or the local default), a sign-in code asked for over HTTP is delivered by
 * the queue's worker, and `/api/dev/outbox` shows every message whatever its transport.
 */

const quietLog = { info: () => undefined };

interface Running {
  app: FastifyInstance;
  database: Database;
  lines: string[];
  close(): Promise<void>;
}

/** The real app on a fresh database, its log kept, with a web-only queue (drained by the test). */
async function start(env: Record<string, string>): Promise<Running> {
  const database = await createTestDatabase();
  const { lines, stream } = logLines();
  const app = await buildApp({
    config: testConfig({ JOBS_WORKER: 'off', LOG_LEVEL: 'info', ...env }),
    database,
    logStream: stream,
  });
  await app.ready();
  return {
    app,
    database,
    lines,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

async function askForCode(app: FastifyInstance, payload: { email: string } | { mobile: string }, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/send/otp',
    payload: { ...payload, purpose: 'login' },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function outbox(app: FastifyInstance, to: string) {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.messages as Array<{
    status: string;
    channel: string;
    kind: string;
    body: string;
    html: string | null;
    attachments: Array<{ filename: string; contentType: string }>;
  }>;
}

describe('messaging without configuration: the local transport', () => {
  let t: Running;
  beforeAll(async () => {
    t = await start({});
  });
  afterAll(async () => {
    await t.close();
  });

  it('when a code is asked for by e-mail, then the local transport delivers it and /api/dev/outbox shows it sent, with its HTML body', async () => {
    const { email } = uniqueContact();
    await askForCode(t.app, { email }, '10.41.0.1');
    expect(await t.app.jobs.runner.drain()).toBe(1);
    const code = (await latestCode(t.database.db, email))!;
    const [message] = await outbox(t.app, email);
    expect(message).toMatchObject({ status: 'sent', channel: 'email', kind: 'otp:login', attachments: [] });
    expect(message!.body).toContain(code);
    expect(message!.html).toContain(`>${code}</td>`);
    expect(message!.html).toMatch(/^<!DOCTYPE html>/);

    expect(t.lines.some((l) => l.includes('"email":"local"') && l.includes('"sms":"local"'))).toBe(true);
    const delivered = t.lines.filter((l) => l.includes('message delivered (local transport)'));
    expect(delivered).toHaveLength(1);
    expect(t.lines.join('\n')).not.toContain(code);
  });

  it('when a message with an HTML body and an .ics is queued, then /api/dev/outbox shows its kind, HTML and the attachment by name and type', async () => {
    const to = uniqueContact().email;
    await createOutboxSender(quietLog).send(t.database.db, {
      channel: 'email',
      to,
      subject: 'Tomorrow: Colour theory',
      body: 'Your class starts in 24 hours.',
      html: '<p>Your class starts in 24 hours.</p>',
      kind: 'session-reminder',
      attachments: [{ filename: 'session.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
    });
    await t.app.jobs.runner.drain();
    const [message] = await outbox(t.app, to);
    expect(message).toMatchObject({
      status: 'sent',
      kind: 'session-reminder',
      html: '<p>Your class starts in 24 hours.</p>',
      attachments: [{ filename: 'session.ics', contentType: 'text/calendar' }],
    });
    expect(JSON.stringify(message)).not.toContain('BEGIN:VCALENDAR'); // names, not contents
  });
});

describe('messaging with SMTP_URL and SMS_PROVIDER=msg91', () => {
  let t: Running;
  let sink: SmtpSink;
  let msg91: FakeMsg91;
  beforeAll(async () => {
    sink = await startSmtpSink();
    msg91 = await startFakeMsg91();
    t = await start({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Atelier Codes <codes@atelier.test>',
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'test-msg91-auth-key-0001',
      MSG91_BASE_URL: msg91.url,
      MSG91_TEMPLATES: 'otp=tmpl-otp-1,payment-receipt=tmpl-receipt-1',
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink.close();
    await msg91.close();
  });

  it('when a code is asked for by e-mail, then it arrives at the SMTP server as a mail with the code, from MAIL_FROM, in text and HTML', async () => {
    const { email } = uniqueContact();
    await askForCode(t.app, { email }, '10.41.0.2');
    expect(sink.mails.filter((m) => m.envelope.to.includes(email))).toHaveLength(0); // queued, not sent inline
    await t.app.jobs.runner.drain();
    const code = (await latestCode(t.database.db, email))!;
    await sink.waitForMails(1);
    const mail = sink.mails.find((m) => m.envelope.to.includes(email))!;
    expect(mail.parsed.from?.value).toEqual([{ name: 'Atelier Codes', address: 'codes@atelier.test' }]);
    expect(mail.parsed.subject).toBe(`Your Atelier code: ${code}`);
    expect(mail.parsed.text).toContain(`${code} is your Atelier code to sign in.`);
    expect(mail.parsed.html).toContain(code);
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
    expect((await outbox(t.app, email))[0]!.status).toBe('sent');
    expect(t.lines.some((l) => l.includes('"email":"smtp"') && l.includes('"sms":"msg91"'))).toBe(true);
    expect(t.lines.join('\n')).not.toContain(code);
  });

  it('when a code is asked for by mobile, then MSG91 SendOTP receives the code for the number as digits', async () => {
    const { mobile } = uniqueContact();
    await askForCode(t.app, { mobile }, '10.41.0.3');
    await t.app.jobs.runner.drain();
    const code = (await latestCode(t.database.db, mobile))!;
    const request = msg91.requests.at(-1)!;
    expect(request.path).toBe('/api/v5/otp');
    expect(request.query).toEqual({
      template_id: 'tmpl-otp-1',
      mobile: mobile.replace(/\D/g, ''),
      otp: code,
    });
    expect(request.headers.authkey).toBe('test-msg91-auth-key-0001');
    expect((await outbox(t.app, mobile))[0]!.status).toBe('sent');
    const log = t.lines.join('\n');
    expect(log).not.toContain(code);
    expect(log).not.toContain('test-msg91-auth-key-0001');
  });

  it('when the app closes, then the SMTP pool closes its connections', async () => {
    expect(await sink.openConnections()).toBeGreaterThan(0); // the pool keeps its connection open
    await t.close();
    const until = Date.now() + 5000;
    while ((await sink.openConnections()) > 0 && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await sink.openConnections()).toBe(0);
    t = undefined as unknown as Running;
  });
});
