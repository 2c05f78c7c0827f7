// Builds what is missing or stale: the server (tsc -b is incremental and builds the domain and
// contract packages it references) and the web app (Vite; rebuilt only when a source file is
// newer than the last build). `--force` rebuilds everything; `--server` only the server.
// Quiet unless a step fails: one line per step, the tools' own output (Vite's tables of chunks)
// only when that step fails, or always with `--verbose`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const force = args.has('--force');
const verbose = args.has('--verbose');

/** Runs one build step; its output is shown only with `--verbose` or when it fails. */
function run(label, cmd, cmdArgs) {
  const started = performance.now();
  process.stdout.write(`build: ${label}…`);
  const res = spawnSync(cmd, cmdArgs, {
    cwd: root,
    stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (res.status !== 0) {
    process.stdout.write(' failed\n');
    if (!verbose) {
      process.stdout.write(res.stdout ?? '');
      process.stderr.write(res.stderr ?? '');
    }
    if (res.error) process.stderr.write(`${res.error.message}\n`);
    process.exit(res.status ?? 1);
  }
  process.stdout.write(` done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

const tscBin = path.join(root, 'node_modules/typescript/bin/tsc');
run('server (TypeScript)', process.execPath, [tscBin, '-b', ...(force ? ['--force'] : []), 'apps/server']);

if (!args.has('--server')) {
  const web = path.join(root, 'apps/web');
  const stamp = path.join(web, 'dist/.build-stamp');
  const inputs = [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'vite.islands.config.ts'),
    path.join(web, 'package.json'),
    path.join(root, 'packages/domain/src'),
    path.join(root, 'packages/contract/src'),
  ];
  const stale = force || !existsSync(stamp) || Math.max(...inputs.map(newestMtime)) > statSync(stamp).mtimeMs;
  if (stale) {
    run('web app (Vite)', 'npm', ['run', 'build', '--workspace', 'apps/web']);
    writeFileSync(stamp, new Date().toISOString());
  } else {
    process.stdout.write('build: web app up to date\n');
  }
}
