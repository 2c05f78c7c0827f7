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
      loadConfig({ PORT: 'abc', PLATFORM_TZ: 'Mars/Olympus', DATABASE_URL: 'mysql://x', NODE_ENV: 'production' });
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
    expect(() => loadConfig({ ...secret, JOBS_WORKER: 'sometimes' })).toThrow(/JOBS_WORKER: must be on or off/);
  });

  it('when production lacks its secrets, then start is refused naming them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET[\s\S]*PUBLIC_URL/);
  });

  describe('production (issue 13, point 8)', () => {
    const production = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 'Zq3vN8pL0sX5wR2kT7yB4mC9hG1jF6dA', PUBLIC_URL: 'https://atelier.example', ...env });

    it('when the secret and public URL are sound, then production starts', () => {
      expect(production({}).env).toBe('production');
      expect(production({ APP_SECRET: randomBytes(16).toString('hex') }).env).toBe('production');
      expect(production({ APP_SECRET: randomBytes(32).toString('base64url') }).env).toBe('production');
    });

    it.each(['a'.repeat(32), 'ab'.repeat(20), 'passwordpasswordpasswordpassword', '0123456789'.repeat(2) + 'aaaaaaaaaaaa'])(
      'when APP_SECRET is %s (little entropy), then start is refused naming it',
      (secret) => {
        expect(() => production({ APP_SECRET: secret })).toThrow(/APP_SECRET: has too little entropy/);
      },
    );

    it('when a weak secret is used outside production, then it is accepted (tests and development)', () => {
      expect(loadConfig({ NODE_ENV: 'test', APP_SECRET: 'a'.repeat(32) }).appSecret).toBe('a'.repeat(32));
    });

    it('when PUBLIC_URL is http:// on a real host, then start is refused naming it', () => {
      expect(() => production({ PUBLIC_URL: 'http://atelier.example' })).toThrow(/PUBLIC_URL: must be an https:\/\/ URL/);
    });

    it.each(['http://127.0.0.1:3000', 'http://localhost:8080'])('when PUBLIC_URL is %s (loopback), then it is accepted', (url) => {
      expect(production({ PUBLIC_URL: url }).publicUrl).toBe(url);
    });
  });

  it('when MAX_CONNECTIONS is unset, then 1000 connections are allowed; a non-number is refused', () => {
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32) }).maxConnections).toBe(1000);
    expect(loadConfig({ APP_SECRET: 'x'.repeat(32), MAX_CONNECTIONS: '2' }).maxConnections).toBe(2);
    expect(() => loadConfig({ APP_SECRET: 'x'.repeat(32), MAX_CONNECTIONS: 'many' })).toThrow(/MAX_CONNECTIONS/);
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
});
