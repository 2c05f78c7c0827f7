import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../platform/jobs/index.js';
import { createMsg91Transport, msg91Mobile } from './msg91-transport.js';
import { startFakeMsg91, type FakeMsg91 } from './testing/fake-msg91.js';
import type { OutgoingMessage } from './types.js';

const AUTH_KEY = '418723AbCdEfGhIjKlMnOp1234';
const TEMPLATES = {
  otp: '64f0c0ffee0000000000otp1',
  'payment-receipt': '64f0c0ffee00000000receipt',
  'session-reminder': '64f0c0ffee0000000session',
};

const otpSms = (code: string, to = '+91 98765 43210'): OutgoingMessage => ({
  channel: 'sms',
  to,
  subject: null,
  body: `${code} is your Atelier code to sign in. It expires in 10 minutes. Never share it with anyone.`,
  kind: 'otp:login',
  smsVars: { otp: code },
});

describe('MSG91 transport against a local fake', () => {
  let fake: FakeMsg91;
  let logged: string[];
  const log = {
    info: (obj: object, msg: string) => logged.push(`${msg} ${JSON.stringify(obj)}`),
    warn: (obj: object, msg: string) => logged.push(`${msg} ${JSON.stringify(obj)}`),
  };
  const transport = (
    opts: { timeoutMs?: number; maxResponseBytes?: number; templates?: Record<string, string> } = {},
  ) =>
    createMsg91Transport({
      authKey: AUTH_KEY,
      baseUrl: fake.url,
      templates: opts.templates ?? TEMPLATES,
      log,
      ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
      ...(opts.maxResponseBytes ? { maxResponseBytes: opts.maxResponseBytes } : {}),
    });
  const ref = { jobId: 9, signal: new AbortController().signal };
  /** The error `deliver` fails with (or undefined). */
  const failureOf = (promise: Promise<void>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as Error,
    );

  beforeAll(async () => {
    fake = await startFakeMsg91();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    logged = [];
  });

  it('when a sign-in code goes by SMS, then SendOTP gets POST /api/v5/otp with the template, the mobile as digits with 91, the code and the authkey header', async () => {
    await transport().deliver(otpSms('482913'), ref);
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/api/v5/otp');
    expect(request!.query).toEqual({ template_id: TEMPLATES.otp, mobile: '919876543210', otp: '482913' });
    expect(request!.headers.authkey).toBe(AUTH_KEY);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({});
    expect(logged.join('\n')).toMatch(/message delivered \(MSG91\)/);
  });

  it('when another kind goes by SMS, then the Flow API gets its template, short_url "0" and one recipient with the variables', async () => {
    await transport().deliver(
      {
        channel: 'sms',
        to: '+91 9123456780',
        subject: null,
        body: 'Atelier: payment of INR 4,999.00 received, invoice ATL/26-27/000012.',
        kind: 'payment-receipt',
        smsVars: { amount: 'INR 4,999.00', invoice: 'ATL/26-27/000012', mobiles: '910000000000' },
      },
      ref,
    );
    const [request] = fake.requests;
    expect(request!.path).toBe('/api/v5/flow');
    expect(request!.query).toEqual({});
    expect(request!.headers.authkey).toBe(AUTH_KEY);
    expect(request!.body).toEqual({
      template_id: TEMPLATES['payment-receipt'],
      short_url: '0',
      // A variable may not redirect the message to another number.
      recipients: [{ mobiles: '919123456780', amount: 'INR 4,999.00', invoice: 'ATL/26-27/000012' }],
    });
  });

  it('when a kind has no template, then the message fails permanently naming the setting, and nothing is sent', async () => {
    const failure = await failureOf(
      transport().deliver(
        { channel: 'sms', to: '+91 9123456780', subject: null, body: 'x', kind: 'trip-application' },
        ref,
      ),
    );
    expect(failure).toBeInstanceOf(PermanentJobError);
    expect(failure!.message).toMatch(/no DLT template for message kind "trip-application".*MSG91_TEMPLATES/);
    expect(fake.requests).toHaveLength(0);
  });

  it('when MSG91 answers type "error" about the key or the template (even with HTTP 200), then the failure is permanent and names neither the key nor the code', async () => {
    fake.answerNext({ status: 200, json: { type: 'error', message: `Invalid authkey ${AUTH_KEY}` } });
    const auth = await failureOf(transport().deliver(otpSms('736251'), ref));
    expect(auth).toBeInstanceOf(PermanentJobError);
    expect(auth!.message).toMatch(/MSG91 SendOTP: error: Invalid authkey \*\*\* \(refused\)/);

    fake.answerNext({
      status: 400,
      json: { type: 'error', message: 'Template ID is invalid for otp 736251' },
    });
    const template = await failureOf(transport().deliver(otpSms('736251'), ref));
    expect(template).toBeInstanceOf(PermanentJobError);
    expect(template!.message).toMatch(/HTTP 400/);

    fake.answerNext({ status: 401, json: { type: 'error', message: 'Unauthorized' } });
    expect(await failureOf(transport().deliver(otpSms('736251'), ref))).toBeInstanceOf(PermanentJobError);

    const everything =
      [auth, template].map((e) => `${e!.message} ${e!.stack}`).join('\n') + logged.join('\n');
    expect(everything).not.toContain(AUTH_KEY);
    expect(everything).not.toContain('736251');
  });

  it('when MSG91 answers 500, 429, a 5xx-coded error, HTML or a huge body, then the failure is retryable (not permanent)', async () => {
    fake.answerNext({ status: 500, json: { type: 'error', message: 'Internal error' } });
    fake.answerNext({ status: 429, json: { type: 'error', message: 'Too many requests' } });
    fake.answerNext({
      status: 200,
      json: { type: 'error', code: '502', message: 'Upstream operator unavailable' },
    });
    fake.answerNext({ status: 200, text: '<html><body>Maintenance</body></html>' });
    fake.answerNext({ hugeBytes: 2 * 1024 * 1024 });
    const reasons: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const failure = await failureOf(
        transport({ maxResponseBytes: 32 * 1024 }).deliver(otpSms('111111'), ref),
      );
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(PermanentJobError);
      reasons.push(failure!.message);
    }
    expect(reasons).toEqual([
      'MSG91 SendOTP: HTTP 500: Internal error',
      'MSG91 SendOTP: HTTP 429: Too many requests',
      'MSG91 SendOTP: error 502: Upstream operator unavailable',
      'MSG91 SendOTP: answer is not JSON (HTTP 200)',
      'MSG91 SendOTP: answer larger than 32768 bytes',
    ]);
  });

  it('when MSG91 does not answer, then the call times out (retryable) within its timeout', async () => {
    fake.answerNext({ hang: true });
    const started = Date.now();
    const failure = await failureOf(transport({ timeoutMs: 300 }).deliver(otpSms('222222'), ref));
    expect(failure).not.toBeInstanceOf(PermanentJobError);
    expect(failure!.message).toBe('MSG91 SendOTP: no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('when MSG91 answers a redirect, then it is not followed and the failure is permanent', async () => {
    let hits = 0;
    const elsewhere: Server = createServer((_req, res) => {
      hits += 1;
      res.end('{"type":"success","message":"stolen"}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', () => resolve()));
    try {
      const { port } = elsewhere.address() as AddressInfo;
      fake.answerNext({
        status: 307,
        headers: { location: `http://127.0.0.1:${port}/api/v5/otp` },
        text: '',
      });
      const failure = await failureOf(transport().deliver(otpSms('333333'), ref));
      expect(failure).toBeInstanceOf(PermanentJobError);
      expect(failure!.message).toMatch(/redirect \(HTTP 307\), which is not followed/);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it('when a job is stopped, then its call is cancelled', async () => {
    fake.answerNext({ hang: true });
    const controller = new AbortController();
    const pending = failureOf(
      transport().deliver(otpSms('444444'), { jobId: 10, signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort(new Error('the job runner is stopping'));
    const failure = await pending;
    expect(failure!.message).toMatch(/cancelled/);
  });

  it('never logs the key, the code or the full number', async () => {
    await transport().deliver(otpSms('555555', '+91 9988776655'), ref);
    fake.answerNext({ status: 500, json: { type: 'error', message: 'down' } });
    await failureOf(transport().deliver(otpSms('555555', '+91 9988776655'), ref));
    const text = logged.join('\n');
    expect(logged.length).toBe(2);
    expect(text).not.toContain(AUTH_KEY);
    expect(text).not.toContain('555555');
    expect(text).not.toContain('9988776655');
    expect(text).toContain('6655');
  });
});

describe('MSG91 mobile numbers', () => {
  it('keeps digits with the country code', () => {
    expect(msg91Mobile('+91 98765 43210')).toBe('919876543210');
    expect(msg91Mobile('+91 9876543210')).toBe('919876543210');
    expect(msg91Mobile('9876543210')).toBe('919876543210');
    expect(msg91Mobile('+44 7700 900123')).toBe('447700900123');
    expect(() => msg91Mobile('+91 123')).toThrow(PermanentJobError);
  });
});
