// `npm run dev`: the server from source (tsx, restarted on change) with Vite's dev middleware for
// the web app (hot reload).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Restart on changes to the server's and the shared packages' sources only: watching every
// imported file also caught Vite's own files (its bundled config is written, imported and deleted
// at each start), so the server restarted several times before settling.
const watched = ['apps/server/src', 'packages/contract/src', 'packages/domain/src'];
const child = spawn(
  process.execPath,
  [
    '--conditions=source',
    '--import',
    'tsx',
    '--watch',
    ...watched.map((dir) => `--watch-path=${dir}`),
    '--watch-preserve-output',
    'apps/server/src/main.ts',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_DEV_SERVER: 'true' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
