import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '../test/test-app.js';
import { redactUrlSecrets } from './auth-guard.js';
import { LogSampler } from './log-sampler.js';
import {
  boundForLog,
  loggerOptions,
  MAX_LOGGED_STRING,
  serializeError,
  serializeRequest,
} from './logging.js';

/** A key id made per run (nothing secret-shaped committed); key ids are public, so the log may show it. */
const LOGGED_KEY_ID = `rzp_live_${randomBytes(7).toString('hex')}`;

/** Issue 13, points 4, 5 and 8: what reaches the log is bounded and carries no secrets. */
describe('log hygiene', () => {
  it.each([
    ['/api/x?access_token=abc123&page=2', '/api/x?access_token=[redacted]&page=2'],
    ['/api/x?page=2&signature=s1g&token=t0k', '/api/x?page=2&signature=[redacted]&token=[redacted]'],
    ['/api/auth/guest/5/info?TOKEN=abc', '/api/auth/guest/5/info?TOKEN=[redacted]'],
    ['/api/calendar/0123abcdef.ics', '/api/calendar/[redacted].ics'],
    [
      '/feed.ics?key=k3y&orderToken=o1&code=c0de&otp=123456',
      '/feed.ics?key=[redacted]&orderToken=[redacted]&code=[redacted]&otp=[redacted]',
    ],
    ['/api/x?tokens=public', '/api/x?tokens=public'],
  ])('when the URL %s is logged, then its secret query values are redacted', (url, expected) => {
    expect(redactUrlSecrets(url)).toBe(expected);
    expect(serializeRequest({ method: 'GET', url }).url).toBe(expected);
  });

  it('when a logged value is huge, then strings, lists and objects are cut with a count of what was left out', () => {
    const bounded = boundForLog({
      long: 'x'.repeat(100_000),
      list: Array.from({ length: 60_000 }, (_, i) => i),
      wide: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])),
    });
    const text = JSON.stringify(bounded);
    expect(text.length).toBeLessThan(8 * 1024);
    expect(text).toContain('[97952 more characters]');
    expect(text).toContain('59950 more items');
    expect(text).toContain('450 more keys');
    expect((bounded as { long: string }).long.startsWith('x'.repeat(MAX_LOGGED_STRING))).toBe(true);
  });

  it('when a failed query is logged, then its parameters and row values are not', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      detail: 'Key (email)=(secret.person@example.test) already exists.',
    });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "name") values ($1, $2)\nparams: secret.person@example.test,Secret Person',
      ),
      {
        query: 'insert into "users" ("email", "name") values ($1, $2)',
        params: ['secret.person@example.test', 'Secret Person'],
        cause,
      },
    );
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('secret.person');
    expect(logged).not.toContain('Secret Person');
  });

  it('when one key repeats more than its share in a window, then the rest are counted and summarised once', () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const sampler = new LogSampler(3, 60_000, () => now);
      const summaries: number[] = [];
      const taken = Array.from({ length: 100 }, () =>
        sampler.take('rate_limited /x', (n) => summaries.push(n)),
      );
      expect(taken.filter(Boolean)).toHaveLength(3);
      expect(sampler.take('rate_limited /y', () => {})).toBe(true);
      vi.advanceTimersByTime(60_000);
      expect(summaries).toEqual([97]);
      now = 60_000;
      expect(sampler.take('rate_limited /x', () => {})).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when payment provider secrets reach a log call, then they are redacted (decision 0014)', () => {
    const config = testConfig({
      LOG_LEVEL: 'info',
      RAZORPAY_KEY_ID: LOGGED_KEY_ID,
      RAZORPAY_KEY_SECRET: 'razorpay-key-secret-never-logged',
      RAZORPAY_WEBHOOK_SECRET: 'razorpay-webhook-secret-never-logged',
    });
    const lines: string[] = [];
    const { stream: _none, ...options } = loggerOptions(config);
    const log = pino(options, { write: (line: string) => lines.push(line) });
    log.info({ config }, 'config');
    log.info({ payments: config.payments }, 'payments');
    log.info({ razorpay: config.payments.razorpay }, 'razorpay');
    log.info({ ...config.payments.razorpay }, 'spread');
    log.info({ outbound: { headers: { authorization: 'Basic cnpwOnNlY3JldA==' } } }, 'call');
    const text = lines.join('\n');
    expect(lines).toHaveLength(5);
    expect(text).toContain(LOGGED_KEY_ID);
    for (const secret of [
      'razorpay-key-secret-never-logged',
      'razorpay-webhook-secret-never-logged',
      config.appSecret,
      'cnpwOnNlY3JldA==',
    ])
      expect(text).not.toContain(secret);
  });
});
