// `npm run dev`: the server from source (tsx, restarted on change) with Vite's dev middleware for
// the web app (hot reload).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const child = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', '--watch', '--watch-preserve-output', 'apps/server/src/main.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_DEV_SERVER: 'true' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
