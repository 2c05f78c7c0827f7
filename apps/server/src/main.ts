import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openAndMigrate } from './db/bootstrap.js';
import { seedIfEmpty } from './db/seed-on-start.js';
import { DEMO_ACCOUNTS } from './db/seed/index.js';
import { shutDownGracefully } from './http/graceful-shutdown.js';
import { logDestination } from './http/logging.js';
import { startBanner } from './start-banner.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const started = performance.now();
  const database = await openAndMigrate(config);
  const opened = performance.now();
  const app = await buildApp({ config, database, web: true, logStream: await logDestination(config) });
  app.log.info({ database: database.kind, ms: Math.round(opened - started) }, 'database open and migrated');

  const development = config.env === 'development';
  let seededNow = false;
  if (config.seedOnStart) {
    const accounts = await seedIfEmpty(database, config, app.log, app.publicCache);
    seededNow = accounts !== null;
    // Development prints them in the banner once listening; elsewhere (the end-to-end tests run
    // the production build) the freshly seeded accounts are listed here.
    if (accounts && !development) {
      const lines = accounts.map(
        (a: { role: string; email: string; password: string }) =>
          `  ${a.role.padEnd(10)} ${a.email.padEnd(28)} ${a.password}`,
      );
      process.stdout.write(`\nDemo accounts (seeded just now):\n${lines.join('\n')}\n\n`);
    }
  }

  // Drain (readiness 503, `Connection: close`), stop accepting, finish in-flight requests and
  // background work, close the database; exit 0, or 1 past SHUTDOWN_TIMEOUT_MS (graceful-shutdown.ts).
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutdown requested');
    shutDownGracefully(app, {
      drainMs: config.shutdownDrainMs,
      timeoutMs: config.shutdownTimeoutMs,
      closeResources: () => database.close(),
    })
      .then((outcome) => process.exit(outcome === 'closed' ? 0 : 1))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (development) {
    const accounts = config.seedOnStart ? DEMO_ACCOUNTS : [];
    process.stdout.write(`${startBanner({ config, accounts, seededNow })}\n`);
  } else {
    app.log.info(`Atelier is serving ${config.publicUrl}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Atelier failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
