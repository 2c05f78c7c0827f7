// Builds what is missing or stale: the server (tsc -b is incremental and builds the domain and
// contract packages it references) and the web app (Vite; rebuilt only when a source file is
// newer than the last build). `--force` rebuilds everything; `--server` only the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
const force = args.has('--force');

function run(cmd, cmdArgs, opts = {}) {
  const res = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) process.exit(res.status ?? 1);
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
if (force) run(process.execPath, [tscBin, '-b', '--force', 'apps/server']);
else run(process.execPath, [tscBin, '-b', 'apps/server']);

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
    run('npm', ['run', 'build', '--workspace', 'apps/web']);
    writeFileSync(stamp, new Date().toISOString());
  }
}
