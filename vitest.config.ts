import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole tree, split into projects. Workspace packages resolve to their
 * TypeScript sources through the `source` export condition, so tests never need a prior build.
 */
const conditions = ['source', ...defaultServerConditions];
const resolve = { conditions };
/**
 * The server's tests run on Node as the server does: without the bundler-only `module` condition
 * (Vitest also hands these to Node as `--conditions`), which points packages such as the AWS SDK
 * at extension-less ESM that only a bundler resolves.
 */
const nodeConditions = conditions.filter((c) => c !== 'module');

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] },
      },
      {
        resolve,
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] },
      },
      {
        resolve,
        ssr: { resolve: { conditions: nodeConditions, externalConditions: nodeConditions } },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // `*.postgres.test.ts` need a PostgreSQL server (several processes on one database): they
          // run in the PostgreSQL pass only, rather than showing as skipped in the PGlite pass.
          exclude:
            process.env.ATELIER_TEST_DB === 'postgres' ? [] : ['apps/server/src/**/*.postgres.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
