import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
      APP_SECRET: 'Zq3vN8pL0sX5wR2kT7yB4mC9hG1jF6dA',
      PUBLIC_URL: 'https://atelier.example',
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
        APP_SECRET: 'Zq3vN8pL0sX5wR2kT7yB4mC9hG1jF6dA',
        PUBLIC_URL: 'https://atelier.example',
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
      APP_SECRET: 'Zq3vN8pL0sX5wR2kT7yB4mC9hG1jF6dA',
      PUBLIC_URL: 'https://atelier.example',
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
});
