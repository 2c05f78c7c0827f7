import path from 'node:path';
import type { AppConfig } from './config.js';

/*
 * What a newcomer reads after `npm start` or `npm run dev` in development (issue 18): where to open
 * the site, how to sign in, where the data lives and where the mail and CRM calls went instead of
 * leaving the machine. Production prints none of this: its output is the JSON log.
 */

/** A demo account as the seed creates it. */
export interface BannerAccount {
  role: string;
  email: string;
  password: string;
}

/** What the banner reports: the configuration in force and the demo accounts. */
export interface BannerFacts {
  config: Pick<
    AppConfig,
    'publicUrl' | 'dataDir' | 'databaseUrl' | 's3' | 'messaging' | 'crm' | 'webDevServer'
  >;
  /** The demo accounts; empty when the server does not seed (`SEED_ON_START=false`). */
  accounts: readonly BannerAccount[];
  /** True when the demo was seeded by this start (an empty database), false when it was already there. */
  seededNow: boolean;
  /** Folder paths are shown relative to it when inside it. */
  cwd?: string;
}

/** `url` without its user name and password (a database or SMTP URL may carry them). */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(unreadable URL)';
  }
}

/** `folder` with a trailing slash, relative to `cwd` when inside it (`.data/`), absolute otherwise. */
function shownPath(folder: string, cwd: string): string {
  const relative = path.relative(cwd, folder);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return `${inside ? relative : folder}${path.sep}`;
}

/** The development start banner, lines joined with `\n` (no colour codes: it is copied into issues). */
export function startBanner({ config, accounts, seededNow, cwd = process.cwd() }: BannerFacts): string {
  const site = config.publicUrl;
  const dataDir = shownPath(config.dataDir, cwd);
  const firstEmail = accounts[0]?.email ?? 'someone@example.test';
  const rows: [string, string][] = [
    ['Open', config.webDevServer ? `${site}  (web app hot-reloaded by Vite)` : site],
    ['API docs', `${site}/api/docs/`],
    [
      'Database',
      config.databaseUrl
        ? `PostgreSQL at ${withoutCredentials(config.databaseUrl)}`
        : `embedded PostgreSQL (PGlite) in ${dataDir}pglite — delete ${dataDir} to start over with a fresh demo`,
    ],
    [
      'Files',
      config.s3
        ? `S3 bucket ${config.s3.bucket} at ${withoutCredentials(config.s3.endpoint)}`
        : `${dataDir}files`,
    ],
    [
      'Mail',
      config.messaging.smtpUrl
        ? `sent through ${withoutCredentials(config.messaging.smtpUrl)}`
        : `not sent; read it at ${site}/api/dev/outbox?to=${firstEmail}`,
    ],
    [
      'SMS',
      config.messaging.sms.provider === 'local'
        ? `not sent; in the same outbox (?to=<mobile>)`
        : `sent through ${config.messaging.sms.provider}`,
    ],
    [
      'CRM',
      config.crm.apiUrl && config.crm.apiKey
        ? `sent to ${withoutCredentials(config.crm.apiUrl)}`
        : `not sent; read it at ${site}/api/dev/crm`,
    ],
    ['Logs', 'one line per request below (JSON lines with NODE_ENV=production)'],
  ];
  const label = Math.max(...rows.map(([name]) => name.length)) + 2;
  const lines = ['', `Atelier is ready (development): ${site}`, ''];
  lines.push(...rows.map(([name, value]) => `  ${name.padEnd(label)}${value}`));
  if (accounts.length > 0) {
    const email = Math.max(...accounts.map((a) => a.email.length)) + 2;
    const role = Math.max(...accounts.map((a) => a.role.length)) + 2;
    lines.push('', `  Demo accounts (${seededNow ? 'seeded just now' : 'seeded at the first start'}):`);
    lines.push(...accounts.map((a) => `    ${a.role.padEnd(role)}${a.email.padEnd(email)}${a.password}`));
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
