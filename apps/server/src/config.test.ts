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

  it('when production lacks its secrets, then start is refused naming them', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET[\s\S]*PUBLIC_URL/);
  });

  it('when production has no DATABASE_URL, then start is refused saying why, unless the embedded database is allowed', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
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
