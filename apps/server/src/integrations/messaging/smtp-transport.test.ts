import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { Database } from '../../db/database.js';
import { jobs } from '../../db/schema/index.js';
import { JobHandlers, JobRunner, PermanentJobError } from '../../platform/jobs/index.js';
import { createTestDatabase } from '../../test/test-app.js';
import { createOutboxSender, messageDeliveryHandler } from './outbox-sender.js';
import { createSmtpTransport, mustRequireTls } from './smtp-transport.js';
import { renderEmail } from './templates.js';
import { startSilentServer, startSmtpSink, type SmtpSink } from './testing/smtp-sink.js';
import { MESSAGE_SEND_TOPIC, type OutgoingMessage } from './types.js';

const quietLog = { info: () => undefined, warn: () => undefined };
const FROM = 'Atelier <hello@atelier.example>';

const ICS = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Atelier//Sessions//EN',
  'METHOD:PUBLISH',
  'BEGIN:VEVENT',
  'UID:session-12@atelier.example',
  'DTSTAMP:20261126T050000Z',
  'DTSTART:20261127T133000Z',
  'DTEND:20261127T150000Z',
  'SUMMARY:Colour theory: live class',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

let counter = 0;
const address = () => `learner${(counter += 1)}.${Date.now() % 100_000}@example.test`;

function reminder(to: string): OutgoingMessage {
  const { html, text } = renderEmail(
    {
      heading: 'Your class starts in 24 hours',
      paragraphs: ['Colour theory: live class, tomorrow at 7 pm.'],
      action: { label: 'Open the class', url: '/dashboard' },
    },
    { publicUrl: 'https://atelier.example', seller: { name: 'Atelier Learning Pvt Ltd' } },
  );
  return {
    channel: 'email',
    to,
    subject: 'Tomorrow: Colour theory',
    body: text,
    html,
    kind: 'session-reminder',
    attachments: [{ filename: 'session.ics', contentType: 'text/calendar', content: ICS }],
  };
}

describe('SMTP transport against a local SMTP server', () => {
  let sink: SmtpSink;
  let transport: ReturnType<typeof createSmtpTransport>;
  const ref = (jobId: number) => ({ jobId, signal: new AbortController().signal });

  beforeAll(async () => {
    sink = await startSmtpSink();
    transport = createSmtpTransport({ url: sink.url, from: FROM, log: quietLog });
  });
  afterAll(async () => {
    await transport.close();
    await sink.close();
  });

  it('when a session reminder is sent, then the mail has the sender, recipient, subject, text and HTML parts and the .ics as text/calendar; method=PUBLISH', async () => {
    const to = address();
    const message = reminder(to);
    await transport.deliver(message, ref(41));
    const [mail] = (await sink.waitForMails(1)).filter((m) => m.envelope.to.includes(to));
    const parsed = mail!.parsed;
    expect(mail!.envelope.from).toBe('hello@atelier.example');
    expect(parsed.from?.value).toEqual([{ address: 'hello@atelier.example', name: 'Atelier' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0]!.address : undefined).toBe(to);
    expect(parsed.subject).toBe('Tomorrow: Colour theory');
    expect(parsed.text?.trim()).toBe(message.body.trim());
    expect(parsed.html).toContain('Your class starts in 24 hours');
    expect(parsed.html).toContain('href="https://atelier.example/dashboard"');
    expect(parsed.attachments).toHaveLength(1);
    const ics = parsed.attachments[0]!;
    expect(ics.filename).toBe('session.ics');
    expect(ics.contentType).toBe('text/calendar');
    expect(ics.content.toString('utf8')).toBe(ICS);
    // The part's header keeps the method, which calendar clients read.
    expect(ics.headers.get('content-type')).toEqual({
      value: 'text/calendar',
      params: { method: 'PUBLISH', charset: 'utf-8', name: 'session.ics' },
    });
    // Not marketing: no List-Unsubscribe.
    expect(parsed.headers.has('list-unsubscribe')).toBe(false);
    expect(parsed.headers.has('list-unsubscribe-post')).toBe(false);
    // Derived from the job id, so a retried job is recognisable.
    expect(parsed.messageId).toMatch(/^<atelier\.job-41\.[0-9a-f]{16}@atelier\.example>$/);
    expect(parsed.headers.get('x-entity-ref-id')).toBe('atelier-job-41');
    expect(mail!.raw).not.toMatch(/^X-Mailer:/im);
  });

  it('when marketing mail carries an unsubscribe address, then it has List-Unsubscribe and the one-click List-Unsubscribe-Post header', async () => {
    const to = address();
    const unsubscribe = 'https://atelier.example/api/unsubscribe?token=abcdefghijklmnopqrstuvwxyz0123456789';
    await transport.deliver(
      {
        channel: 'email',
        to,
        subject: 'New workshops this month',
        body: 'Three new workshops.',
        kind: 'newsletter-welcome',
        listUnsubscribe: unsubscribe,
      },
      ref(42),
    );
    await sink.waitForMails(2);
    const mail = sink.mails.find((m) => m.envelope.to.includes(to))!;
    const lines = mail.parsed.headerLines.map((h) => h.line.replace(/\r?\n\s+/g, ' '));
    expect(lines).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.parsed.html).toBe(false); // a text-only message stays text-only
  });

  it('when the same job is delivered twice (a retry), then both copies carry the same Message-ID; another job gets another', async () => {
    const message: OutgoingMessage = {
      channel: 'email',
      to: address(),
      subject: 'Hi',
      body: 'Hello',
      kind: 'x',
    };
    await transport.deliver(message, ref(77));
    await transport.deliver(message, ref(77));
    await transport.deliver(message, ref(78));
    const copies = sink.mails
      .filter((m) => m.envelope.to.includes(message.to))
      .map((m) => m.parsed.messageId);
    expect(copies).toHaveLength(3);
    expect(copies[0]).toBe(copies[1]);
    expect(copies[2]).not.toBe(copies[0]);
  });

  it('when the recipient is not exactly one address (a list, a display name, a header break), then nothing is sent and the failure is permanent', async () => {
    const before = sink.mails.length;
    for (const to of [
      `${address()}, other@example.test`,
      `Someone <${address()}>`,
      `${address()}\r\nBcc: other@example.test`,
      'not-an-address',
    ]) {
      await expect(
        transport.deliver({ channel: 'email', to, subject: 'Hi', body: 'Hello', kind: 'x' }, ref(90)),
        to,
      ).rejects.toBeInstanceOf(PermanentJobError);
    }
    expect(sink.mails.length).toBe(before);
  });
});

describe('SMTP failures through the job queue', () => {
  let database: Database;
  let db: Db;
  let sink: SmtpSink;
  let transport: ReturnType<typeof createSmtpTransport>;
  let runner: JobRunner;
  const sender = createOutboxSender(quietLog);
  const jobOf = async (to: string) => {
    const [row] = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.topic} = ${MESSAGE_SEND_TOPIC} AND ${jobs.payload}->>'to' = ${to}`);
    return row!;
  };
  const queue = async (to: string) =>
    sender.send(db, {
      channel: 'email',
      to,
      subject: 'Your receipt',
      body: 'Thank you.',
      kind: 'payment-receipt',
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    sink = await startSmtpSink();
    transport = createSmtpTransport({ url: sink.url, from: FROM, log: quietLog });
    const handlers = new JobHandlers();
    handlers.register(MESSAGE_SEND_TOPIC, messageDeliveryHandler(transport));
    // A long backoff: a failed job stays pending until the test moves it due.
    runner = new JobRunner({ db, handlers, backoff: { baseMs: 60_000, maxMs: 60_000 }, random: () => 0.5 });
  });
  afterAll(async () => {
    await runner.stop();
    await transport.close();
    await sink.close();
    await database.close();
  });

  it('when the server answers 451 (try later), then the job is pending again for a retry, and the retry delivers the mail with the same Message-ID', async () => {
    const to = address();
    sink.refuseNext({ stage: 'data', code: 451, message: 'Requested action aborted: try again later' });
    await queue(to);
    await runner.drain();
    const failed = await jobOf(to);
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/451/);
    expect(failed.lastError).toMatch(/temporary/);
    expect(failed.runAt.getTime()).toBeGreaterThan(Date.now());

    await db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.id, failed.id));
    await runner.drain();
    expect((await jobOf(to)).status).toBe('done');
    const delivered = sink.mails.find((m) => m.envelope.to.includes(to))!;
    const firstAttemptId = /^Message-ID: (.*)$/im.exec(sink.refusedData.at(-1)!)?.[1]?.trim();
    expect(delivered.parsed.messageId).toBe(firstAttemptId);
  });

  it('when the server refuses the recipient with 550, then the job is dead at once with the reply kept', async () => {
    const to = address();
    sink.refuseNext({ stage: 'rcpt', code: 550, message: 'No such user here' });
    await queue(to);
    await runner.drain();
    const dead = await jobOf(to);
    expect(dead.status).toBe('dead');
    expect(dead.attempts).toBe(1);
    expect(dead.lastError).toMatch(/PermanentJobError: .*550.*No such user here/);
    expect(sink.mails.some((m) => m.envelope.to.includes(to))).toBe(false);
  });

  it('when the server answers 554 after the data, then the job is dead; a 503 (bad sequence) is retried', async () => {
    const rejected = address();
    sink.refuseNext({ stage: 'data', code: 554, message: 'Message rejected as spam' });
    await queue(rejected);
    await runner.drain();
    expect((await jobOf(rejected)).status).toBe('dead');

    const sequence = address();
    sink.refuseNext({ stage: 'data', code: 503, message: 'Bad sequence of commands' });
    await queue(sequence);
    await runner.drain();
    expect((await jobOf(sequence)).status).toBe('pending');
  });
});

describe('SMTP servers that do not work', () => {
  it('when the server accepts the connection and never greets, then the send fails with a timeout (retryable) instead of hanging', async () => {
    const silent = await startSilentServer();
    const transport = createSmtpTransport({
      url: silent.url,
      from: FROM,
      log: quietLog,
      connectionTimeoutMs: 500,
      greetingTimeoutMs: 300,
      socketTimeoutMs: 500,
    });
    const started = Date.now();
    try {
      const failure = await transport
        .deliver(
          { channel: 'email', to: address(), subject: 'Hi', body: 'Hello', kind: 'x' },
          { jobId: 5, signal: new AbortController().signal },
        )
        .then(
          () => undefined,
          (error: unknown) => error as Error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(failure!.name).toBe('TemporaryMailError');
      expect(failure!.message).toMatch(/did not answer in time|did not finish in time/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await transport.close();
      await silent.close();
    }
  });

  it('when a send takes longer than its deadline (a stalling server), then it is cancelled and retryable', async () => {
    const silent = await startSilentServer();
    const transport = createSmtpTransport({
      url: silent.url,
      from: FROM,
      log: quietLog,
      greetingTimeoutMs: 30_000,
      sendTimeoutMs: 400,
    });
    const started = Date.now();
    try {
      const failure = await transport
        .deliver(
          { channel: 'email', to: address(), subject: 'Hi', body: 'Hello', kind: 'x' },
          { jobId: 6, signal: new AbortController().signal },
        )
        .then(
          () => undefined,
          (error: unknown) => error as Error,
        );
      expect(failure?.name).toBe('TemporaryMailError');
      expect(failure?.message).toMatch(/did not finish in time/);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await transport.close();
      await silent.close();
    }
  });

  it('when nothing listens on the port, then the send fails as a retryable connection error', async () => {
    const silent = await startSilentServer();
    const url = silent.url;
    await silent.close(); // the port is free again: connections are refused
    const transport = createSmtpTransport({ url, from: FROM, log: quietLog, connectionTimeoutMs: 1000 });
    try {
      await expect(
        transport.deliver(
          { channel: 'email', to: address(), subject: 'Hi', body: 'Hello', kind: 'x' },
          { jobId: 7, signal: new AbortController().signal },
        ),
      ).rejects.toMatchObject({
        name: 'TemporaryMailError',
        message: expect.stringMatching(/connection failed/),
      });
    } finally {
      await transport.close();
    }
  });
});

describe('SMTP connection security', () => {
  it('requires STARTTLS when a password would otherwise cross the network in clear', () => {
    expect(mustRequireTls('smtp://apikey:secret@smtp.example.net:587')).toBe(true);
    expect(mustRequireTls('smtps://apikey:secret@smtp.example.net:465')).toBe(false); // TLS from the start
    expect(mustRequireTls('smtp://apikey:secret@127.0.0.1:25')).toBe(false); // a local relay
    expect(mustRequireTls('smtp://apikey:secret@localhost:25')).toBe(false);
    expect(mustRequireTls('smtp://smtp.example.net:25')).toBe(false); // no password to protect
  });
});
