// The built server (`apps/server/dist/main.js`, as `npm start` runs it) for a bench section:
// started with `env`, ready once `/readyz` answers; resolves a function that stops it (SIGTERM).
import { spawn } from 'node:child_process';

/**
 * @param {{ root: string, env: Record<string, string | undefined>, base: string, label: string }} opts
 * @returns {Promise<() => Promise<void>>}
 */
export async function startBuiltServer({ root, env, base, label }) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d.toString()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${label} bench server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    if (i > 1500) throw new Error(`${label} bench server did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
}
