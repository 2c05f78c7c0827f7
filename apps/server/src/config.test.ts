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

  it('when no secret is given in development, then one is generated once and kept', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/atelier-config-`);
    const first = loadConfig({ DATA_DIR: dir }).appSecret;
    const second = loadConfig({ DATA_DIR: dir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
  });

  it('when SIGTERM comes, then production drains 5 s and development none by default, within a 10 s deadline; a drain as long as the deadline is refused', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(32),
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
