import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagingConfig } from '../../config.js';
import { createMessageTransport } from './message-sender.js';
import { startFakeMsg91, type FakeMsg91 } from './testing/fake-msg91.js';
import { startSmtpSink, type SmtpSink } from './testing/smtp-sink.js';

/* Which transport a message takes, from the configuration alone. */

describe('createMessageTransport', () => {
  let sink: SmtpSink;
  let msg91: FakeMsg91;
  const ref = { jobId: 1, signal: new AbortController().signal };
  const collect = () => {
    const lines: Array<{ level: string; msg: string; obj: object }> = [];
    return {
      lines,
      log: {
        info: (obj: object, msg: string) => lines.push({ level: 'info', msg, obj }),
        warn: (obj: object, msg: string) => lines.push({ level: 'warn', msg, obj }),
      },
    };
  };
  const messaging = (over: Partial<MessagingConfig> = {}): MessagingConfig => ({
    smtpUrl: undefined,
    mailFrom: 'Atelier <hello@atelier.example>',
    sms: { provider: 'local' },
    ...over,
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    msg91 = await startFakeMsg91();
  });
  afterAll(async () => {
    await sink.close();
    await msg91.close();
  });

  it('routes e-mail to SMTP and SMS to MSG91 when both are configured', async () => {
    const { log } = collect();
    const transport = await createMessageTransport(
      {
        env: 'test',
        messaging: messaging({
          smtpUrl: sink.url,
          sms: {
            provider: 'msg91',
            authKey: 'key-key-key-key',
            baseUrl: msg91.url,
            templates: { otp: 't-otp' },
          },
        }),
      },
      log,
    );
    try {
      await transport.deliver(
        { channel: 'email', to: 'routing@example.test', subject: 'Hi', body: 'Hello', kind: 'x' },
        ref,
      );
      await transport.deliver(
        {
          channel: 'sms',
          to: '+91 9876543210',
          subject: null,
          body: '123456',
          kind: 'otp:login',
          smsVars: { otp: '123456' },
        },
        ref,
      );
      expect(sink.mails.map((m) => m.envelope.to)).toEqual([['routing@example.test']]);
      expect(msg91.requests.map((r) => r.path)).toEqual(['/api/v5/otp']);
    } finally {
      await transport.close();
    }
  });

  it('without configuration, then both channels use the local transport (nothing leaves the process), and production warns', async () => {
    const before = { mails: sink.mails.length, sms: msg91.requests.length };
    const { lines, log } = collect();
    const transport = await createMessageTransport({ env: 'production', messaging: messaging() }, log);
    await transport.deliver(
      { channel: 'email', to: 'local@example.test', subject: 'Hi', body: 'Hello', kind: 'x' },
      ref,
    );
    await transport.deliver(
      { channel: 'sms', to: '+91 9876543210', subject: null, body: 'Hi', kind: 'x' },
      ref,
    );
    await transport.close();
    expect(sink.mails.length).toBe(before.mails);
    expect(msg91.requests.length).toBe(before.sms);
    expect(lines.filter((l) => l.msg === 'message delivered (local transport)')).toHaveLength(2);
    expect(lines.find((l) => l.level === 'warn')?.msg).toMatch(
      /only recorded in the outbox, not sent: set SMTP_URL/,
    );

    const development = collect();
    await (
      await createMessageTransport({ env: 'development', messaging: messaging() }, development.log)
    ).close();
    expect(development.lines.some((l) => l.level === 'warn')).toBe(false);
  });
});
