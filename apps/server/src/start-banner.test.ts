import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/seed/index.js';
import { startBanner } from './start-banner.js';
import { testConfig } from './test/test-app.js';

const cwd = path.resolve('/srv/atelier');

describe('the development start banner', () => {
  it('on the first start it gives the address, the API docs, every demo account, the data folder and the dev outbox and CRM', () => {
    const config = testConfig({ NODE_ENV: 'development', DATA_DIR: path.join(cwd, '.data'), PORT: '3000' });
    const banner = startBanner({ config, accounts: DEMO_ACCOUNTS, seededNow: true, cwd });

    expect(banner).toContain('Atelier is ready (development): http://localhost:3000');
    expect(banner).toMatch(/API docs +http:\/\/localhost:3000\/api\/docs\/\n/);
    expect(banner).toMatch(/Database +embedded PostgreSQL \(PGlite\) in \.data\/pglite — delete \.data\//);
    expect(banner).toMatch(/Files +\.data\/files\n/);
    expect(banner).toMatch(
      /Mail +not sent; read it at http:\/\/localhost:3000\/api\/dev\/outbox\?to=learner@atelier\.test/,
    );
    expect(banner).toMatch(/CRM +not sent; read it at http:\/\/localhost:3000\/api\/dev\/crm\n/);
    expect(banner).toContain('Demo accounts (seeded just now):');
    for (const role of ['learner', 'moderator', 'admin', 'instructor']) {
      expect(banner).toMatch(new RegExp(`\\n    ${role} +${role}@atelier\\.test +atelier-${role}-2026\\n`));
    }
    expect(banner.split('\n').length).toBeLessThanOrEqual(25);
  });

  it('on a later start the accounts are those of the first start; a data folder elsewhere is shown in full', () => {
    const elsewhere = path.resolve('/var/lib/atelier');
    const config = testConfig({ NODE_ENV: 'development', DATA_DIR: elsewhere });
    const banner = startBanner({ config, accounts: DEMO_ACCOUNTS, seededNow: false, cwd });
    expect(banner).toContain('Demo accounts (seeded at the first start):');
    expect(banner).toContain(`in ${elsewhere}/pglite`);
  });

  it('with PostgreSQL, SMTP, S3 and a CRM configured it names them without their credentials, and no accounts when not seeding', () => {
    const config = testConfig({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://atelier:db-pass@db.internal:5432/atelier',
      SMTP_URL: 'smtp://mailer:mail-pass@smtp.internal:587',
      S3_ENDPOINT: 'https://s3.example.test',
      S3_BUCKET: 'atelier-files',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      CRM_API_URL: 'https://crm.example.test/v1',
      CRM_API_KEY: 'crm-key-0123',
    });
    const banner = startBanner({ config, accounts: [], seededNow: false, cwd });
    expect(banner).toMatch(/Database +PostgreSQL at postgres:\/\/db\.internal:5432\/atelier\n/);
    expect(banner).toMatch(/Mail +sent through smtp:\/\/smtp\.internal:587\n/);
    expect(banner).toMatch(/Files +S3 bucket atelier-files at https:\/\/s3\.example\.test\n/);
    expect(banner).toMatch(/CRM +sent to https:\/\/crm\.example\.test\/v1\n/);
    for (const secret of ['db-pass', 'mail-pass', 'secret-key', 'crm-key-0123'])
      expect(banner).not.toContain(secret);
    expect(banner).not.toContain('Demo accounts');
  });
});
