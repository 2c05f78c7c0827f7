import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** Fixture credentials made per run, so nothing shaped like a real secret is committed. */
const STRONG_SECRET = randomBytes(24).toString('base64url');
const LIVE_KEY_ID = `rzp_live_${randomBytes(7).toString('hex')}`;
const TEST_KEY_ID = `rzp_test_${randomBytes(7).toString('hex')}`;
const LIVE_KEY_SECRET = randomBytes(16).toString('hex');
const WEBHOOK_SECRET = randomBytes(16).toString('hex');

describe('configuration', () => {
  it('when nothing is set, then the defaults of the README apply', () => {
    const config = loadConfig({ APP_SECRET: 'x'.repeat(32) });
    expect(config).toMatchObject({ env: 'development', port: 3000, tz: 'Asia/Kolkata', seedOnStart: true });
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('when several variables are wrong, then one error lists every problem', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        PLATFORM_TZ: 'Mars/Olympus',
        DATABASE_URL: 'mysql://x',
        NODE_ENV: 'production',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('PLATFORM_TZ');
    expect(problems).toContain('DATABASE_URL');
  });

  it('when JOBS_WORKER is unset the worker runs; off turns it off; anything else is refused naming it', () => {
    const secret = { APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).jobsWorker).toBe(true);
    expect(loadConfig({ ...secret, JOBS_WORKER: 'off' }).jobsWorker).toBe(false);
    expect(loadConfig({ ...secret, JOBS_WORKER: 'on' }).jobsWorker).toBe(true);
    expect(() => loadConfig({ ...secret, JOBS_WORKER: 'sometimes' })).toThrow(
      /JOBS_WORKER: must be on or off/,
    );
  });

  it('when production lacks its secrets, then start is refused naming them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET[\s\S]*PUBLIC_URL/);
  });

  it('when production has no DATABASE_URL, then start is refused saying why, unless the embedded database is allowed', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: STRONG_SECRET,
      PUBLIC_URL: 'https://atelier.example',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    };
    let error: unknown;
    try {
      loadConfig(production);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_URL: is required in production/);
    expect(problems[0]).toMatch(/embedded PGlite/);
    expect(problems[0]).toContain('ALLOW_EMBEDDED_IN_PRODUCTION=true');

    expect(loadConfig({ ...production, ALLOW_EMBEDDED_IN_PRODUCTION: 'true' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://db.internal/atelier' }).databaseUrl).toBe(
      'postgres://db.internal/atelier',
    );
    expect(() => loadConfig({ ...production, ALLOW_EMBEDDED_IN_PRODUCTION: 'maybe' })).toThrow(
      /ALLOW_EMBEDDED_IN_PRODUCTION: must be true or false/,
    );
  });

  describe('production (issue 13, point 8)', () => {
    const production = (env: Record<string, string>) =>
      loadConfig({
        NODE_ENV: 'production',
        ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
        APP_SECRET: STRONG_SECRET,
        PUBLIC_URL: 'https://atelier.example',
        PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
        ...env,
      });

    it('when the secret and public URL are sound, then production starts', () => {
      expect(production({}).env).toBe('production');
      expect(production({ APP_SECRET: randomBytes(16).toString('hex') }).env).toBe('production');
      expect(production({ APP_SECRET: randomBytes(32).toString('base64url') }).env).toBe('production');
    });

    it.each([
      'a'.repeat(32),
      'ab'.repeat(20),
      'passwordpasswordpasswordpassword',
      '0123456789'.repeat(2) + 'aaaaaaaaaaaa',
    ])('when APP_SECRET is %s (little entropy), then start is refused naming it', (secret) => {
      expect(() => production({ APP_SECRET: secret })).toThrow(/APP_SECRET: has too little entropy/);
    });

    it('when a weak secret is used outside production, then it is accepted (tests and development)', () => {
      expect(loadConfig({ NODE_ENV: 'test', APP_SECRET: 'a'.repeat(32) }).appSecret).toBe('a'.repeat(32));
    });

    it('when PUBLIC_URL is http:// on a real host, then start is refused naming it', () => {
      expect(() => production({ PUBLIC_URL: 'http://atelier.example' })).toThrow(
        /PUBLIC_URL: must be an https:\/\/ URL/,
      );
    });

    it.each(['http://127.0.0.1:3000', 'http://localhost:8080'])(
      'when PUBLIC_URL is %s (loopback), then it is accepted',
      (url) => {
        expect(production({ PUBLIC_URL: url }).publicUrl).toBe(url);
      },
    );
  });

  it('when MAX_CONNECTIONS is unset, then 1000 connections are allowed; a non-number is refused', () => {
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).maxConnections).toBe(1000);
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32), MAX_CONNECTIONS: '2' }).maxConnections).toBe(2);
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(32), MAX_CONNECTIONS: 'many' })).toThrow(
      /MAX_CONNECTIONS/,
    );
  });

  it('when no secret is given in development, then one is generated once and kept', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/atelier-config-`);
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    const second = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
  });

  it('when the four S3 variables are set, then files go to that bucket (path-style, us-east-1 unless told)', () => {
    const config = loadConfig({
      APP_SECRET: 'x'.repeat(32),
      S3_ENDPOINT: 'https://s3.example.test/',
      S3_BUCKET: 'atelier-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      endpoint: 'https://s3.example.test',
      bucket: 'atelier-files',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).s3).toBeUndefined();
  });

  it('when only part of the S3 settings is set, then start is refused naming each missing one (no silent fallback to local files)', () => {
    let error: unknown;
    try {
      loadConfig({ APP_SECRET: 'x'.repeat(32), S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'atelier' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^S3_ACCESS_KEY_ID: is required with S3_ENDPOINT, S3_BUCKET/);
    expect(problems[1]).toMatch(/^S3_SECRET_ACCESS_KEY: is required/);
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(32), S3_REGION: 'eu-west-1' })).toThrow(
      /S3_REGION: is set but S3 storage is not/,
    );
    expect(() =>
      loadConfig({
        APP_SECRET: 'x'.repeat(32),
        S3_ENDPOINT: 'ftp://x',
        S3_BUCKET: 'Bad_Bucket',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    ).toThrow(/S3_ENDPOINT: must be an http\(s\) URL[\s\S]*S3_BUCKET: must be a bucket name/);
  });

  it('when SIGTERM comes, then production drains 5 s and development none by default, within a 10 s deadline; a drain as long as the deadline is refused', () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
      APP_SECRET: STRONG_SECRET,
      PUBLIC_URL: 'https://atelier.example',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
    } as const;
    expect(loadConfig(production)).toMatchObject({ shutdownDrainMs: 5000, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) })).toMatchObject({
      shutdownDrainMs: 0,
      shutdownTimeoutMs: 10_000,
    });
    expect(
      loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '1000', SHUTDOWN_TIMEOUT_MS: '3000' }),
    ).toMatchObject({ shutdownDrainMs: 1000, shutdownTimeoutMs: 3000 });
    expect(() => loadConfig({ ...production, SHUTDOWN_TIMEOUT_MS: '5000' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS: must be longer than the drain window/,
    );
  });
  describe('payment provider (decision 0014)', () => {
    const production = {
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
      APP_SECRET: STRONG_SECRET,
      PUBLIC_URL: 'https://atelier.example',
    } as const;
    const live = {
      RAZORPAY_KEY_ID: LIVE_KEY_ID,
      RAZORPAY_KEY_SECRET: LIVE_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    } as const;
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (e) {
        if (e instanceof ConfigError) return e.problems;
        throw e;
      }
    };

    it('when no Razorpay keys are set, then the sandbox is the provider with a 10 s deadline', () => {
      const { payments } = loadConfig({ APP_SECRET: 'x'.repeat(32) });
      expect(payments).toEqual({
        provider: 'sandbox',
        razorpay: undefined,
        sandbox: { keySecret: undefined, webhookSecret: undefined },
        timeoutMs: 10_000,
      });
    });

    it('when the key id and secret are set, then Razorpay is the provider at the default API URL', () => {
      const { payments } = loadConfig({
        APP_SECRET: 'x'.repeat(32),
        ...live,
        PAYMENT_PROVIDER_TIMEOUT_MS: '2500',
      });
      expect(payments).toEqual({
        provider: 'razorpay',
        razorpay: {
          keyId: LIVE_KEY_ID,
          keySecret: LIVE_KEY_SECRET,
          webhookSecret: WEBHOOK_SECRET,
          apiUrl: 'https://api.razorpay.com',
        },
        sandbox: { keySecret: undefined, webhookSecret: undefined },
        timeoutMs: 2500,
      });
      expect(
        loadConfig({ APP_SECRET: 'x'.repeat(32), ...live, RAZORPAY_API_URL: 'http://127.0.0.1:4010/' })
          .payments.razorpay?.apiUrl,
      ).toBe('http://127.0.0.1:4010');
    });

    it('when only one of the key id and the key secret is set, then start is refused naming the other', () => {
      expect(problemsOf({ APP_SECRET: 'x'.repeat(32), RAZORPAY_KEY_ID: 'rzp_test_abc' })).toEqual([
        expect.stringMatching(/^RAZORPAY_KEY_SECRET: is required with RAZORPAY_KEY_ID/),
      ]);
      expect(problemsOf({ APP_SECRET: 'x'.repeat(32), RAZORPAY_KEY_SECRET: 's' })).toEqual([
        expect.stringMatching(/^RAZORPAY_KEY_ID: is required with RAZORPAY_KEY_SECRET/),
      ]);
    });

    it('when production has live keys and a webhook secret, then it starts with Razorpay', () => {
      expect(loadConfig({ ...production, ...live }).payments.provider).toBe('razorpay');
    });

    it('when production has a rzp_test_ key, then start is refused unless RAZORPAY_ALLOW_TEST_KEYS=true', () => {
      const test = { ...production, ...live, RAZORPAY_KEY_ID: TEST_KEY_ID };
      const problems = problemsOf(test);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^RAZORPAY_KEY_ID: is a test key \(rzp_test_\) in production/);
      expect(problems[0]).toContain('RAZORPAY_ALLOW_TEST_KEYS=true');
      expect(loadConfig({ ...test, RAZORPAY_ALLOW_TEST_KEYS: 'true' }).payments.razorpay?.keyId).toBe(
        TEST_KEY_ID,
      );
      // Outside production a test key is what development uses.
      expect(
        loadConfig({ APP_SECRET: 'x'.repeat(32), ...live, RAZORPAY_KEY_ID: 'rzp_test_x' }).payments.provider,
      ).toBe('razorpay');
    });

    it('when production has Razorpay keys but no webhook secret, then start is refused saying why', () => {
      const { RAZORPAY_WEBHOOK_SECRET: _omitted, ...withoutWebhook } = live;
      const problems = problemsOf({ ...production, ...withoutWebhook });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^RAZORPAY_WEBHOOK_SECRET: is required in production with Razorpay/);
      // Outside production webhooks are then simply refused (localhost cannot receive them anyway).
      expect(
        loadConfig({ APP_SECRET: 'x'.repeat(32), ...withoutWebhook }).payments.razorpay?.webhookSecret,
      ).toBe(undefined);
    });

    it('when production points Razorpay at plain http on a real host, then start is refused', () => {
      expect(problemsOf({ ...production, ...live, RAZORPAY_API_URL: 'http://razorpay.example' })).toEqual([
        expect.stringMatching(/^RAZORPAY_API_URL: must be an https:\/\/ URL in production/),
      ]);
      expect(
        loadConfig({ ...production, ...live, RAZORPAY_API_URL: 'http://127.0.0.1:4010' }).payments.razorpay
          ?.apiUrl,
      ).toBe('http://127.0.0.1:4010');
    });

    it('when production has no Razorpay keys, then start is refused (the sandbox sells for nothing) unless PAYMENTS_SANDBOX_IN_PRODUCTION=true', () => {
      const problems = problemsOf(production);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^RAZORPAY_KEY_ID: is required in production/);
      expect(problems[0]).toMatch(/sandbox/);
      expect(problems[0]).toMatch(/without money changing hands/);
      expect(problems[0]).toContain('PAYMENTS_SANDBOX_IN_PRODUCTION=true');
      expect(loadConfig({ ...production, PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' }).payments.provider).toBe(
        'sandbox',
      );
    });

    it('when the provider settings are malformed, then each is named', () => {
      const problems = problemsOf({
        APP_SECRET: 'x'.repeat(32),
        RAZORPAY_KEY_ID: 'rzp live key',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_API_URL: 'ftp://api.razorpay.com',
        PAYMENT_PROVIDER_TIMEOUT_MS: '10',
        SANDBOX_KEY_SECRET: 'short',
        RAZORPAY_ALLOW_TEST_KEYS: 'perhaps',
      }).join('\n');
      for (const name of [
        'RAZORPAY_KEY_ID',
        'RAZORPAY_API_URL',
        'PAYMENT_PROVIDER_TIMEOUT_MS',
        'SANDBOX_KEY_SECRET',
        'RAZORPAY_ALLOW_TEST_KEYS',
      ])
        expect(problems).toContain(name);
    });
  });
});
