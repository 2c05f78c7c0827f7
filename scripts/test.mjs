// `npm test`: every test. Builds the app (the end-to-end tests drive the built server), then runs
//  - the domain suite under two process time zones (its rules must not depend on the machine's),
//  - every project on the embedded PGlite database,
//  - the server suite again on a real PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
// Prints one closing line "Tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = path.join(root, '.data/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const runs = [
  { name: 'domain (TZ=UTC)', projects: ['domain'], env: { TZ: 'UTC' } },
  { name: 'domain (TZ=America/Los_Angeles)', projects: ['domain'], env: { TZ: 'America/Los_Angeles' } },
  {
    name: 'contract, server on PGlite, web, end-to-end',
    projects: ['contract', 'server', 'web', 'e2e'],
    env: { ATELIER_TEST_DB: 'pglite' },
  },
];
if (process.env.TEST_DATABASE_URL) {
  // Two files at a time (Vitest's default is one on a 2-core machine): on PostgreSQL a test file
  // mostly waits on the server, so the second worker uses the idle core. Each file has its own
  // database, cloned from the template.
  runs.push({
    name: 'server on PostgreSQL',
    projects: ['server'],
    env: { ATELIER_TEST_DB: 'postgres' },
    args: ['--maxWorkers=2'],
  });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the server suite runs on PGlite only (CI runs both).\n');
}

let passed = 0;
let failed = 0;
const failures = [];
let skipped = 0;
let exitCode = 0;
runs.forEach((run, i) => {
  console.log(`\n=== ${run.name} ===`);
  const out = path.join(reports, `run-${i}.json`);
  const res = spawnSync(
    process.execPath,
    [
      vitest,
      'run',
      ...run.projects.flatMap((p) => ['--project', p]),
      ...(run.args ?? []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...run.env } },
  );
  if (res.status !== 0) exitCode = res.status ?? 1;
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      const rel = path.relative(root, file.name);
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) failures.push(`${run.name}: ${rel} › ${t.fullName ?? t.title}`);
      if (file.status === 'failed' && failedTests.length === 0)
        failures.push(`${run.name}: ${rel} (the file failed: ${String(file.message ?? '').slice(0, 300)})`);
    }
    if (report.numFailedTestSuites > 0 && exitCode === 0) exitCode = 1;
  } else {
    exitCode = exitCode || 1;
  }
});

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ✗ ${f}`).join('\n')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (passed === 0) exitCode = exitCode || 1;
process.exit(exitCode);
