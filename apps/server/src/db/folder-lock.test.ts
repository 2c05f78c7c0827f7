import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataFolder } from './folder-lock.js';

const opener = fileURLToPath(new URL('../test/lock-opener.ts', import.meta.url));

/** A separate Node process taking folder locks on command (src/test/lock-opener.ts). */
interface Opener {
  child: ChildProcess;
  lines: Interface;
  /** Tells it to take `dir`'s lock now; resolves with `won` or `lost`. */
  go(dir: string): Promise<{ outcome: 'won' | 'lost'; line: string }>;
}

async function startOpener(): Promise<Opener> {
  const child = spawn(process.execPath, ['--import', 'tsx', opener], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const waiting = new Map<string, (line: string) => void>();
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  lines.on('line', (line) => {
    if (line === 'ready') return ready();
    const dir = line.split(' ')[1]!;
    waiting.get(dir)?.(line);
  });
  await isReady;
  return {
    child,
    lines,
    go(dir) {
      const answer = new Promise<string>((resolve) => waiting.set(dir, resolve));
      child.stdin.write(`go ${dir}\n`);
      return answer.then((line) => ({ outcome: line.startsWith('won ') ? 'won' : 'lost', line }));
    },
  };
}

function kill9(opener: Opener): Promise<void> {
  const exited = new Promise<void>((resolve) => opener.child.once('exit', () => resolve()));
  opener.child.kill('SIGKILL');
  return exited;
}

describe('one process per data folder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'atelier-lock-'));
  const openers: Opener[] = [];
  afterAll(() => {
    for (const o of openers) o.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('when two processes open a folder in the same instant, then exactly one wins, every time; after kill -9 of the winner a new process opens it', async () => {
    const [a, b] = await Promise.all([startOpener(), startOpener()]);
    openers.push(a, b);
    const tries = 20;
    const dirs = Array.from({ length: tries }, (_, i) => path.join(root, `try-${i}`));
    const heldBy = new Map<string, Opener>();
    for (const dir of dirs) {
      const [ra, rb] = await Promise.all([a.go(dir), b.go(dir)]);
      expect([ra.outcome, rb.outcome].sort(), `${ra.line} / ${rb.line}`).toEqual(['lost', 'won']);
      const loser = ra.outcome === 'lost' ? ra : rb;
      // The winner writes its pid just after taking the lock, so a loser in the same instant may not see it yet.
      expect(loser.line).toMatch(/is in use by another process( \(pid \d+\))?\. Stop it first/);
      heldBy.set(dir, ra.outcome === 'won' ? a : b);
    }

    // The kernel releases the locks of a killed process; the survivor's locks stay held.
    await kill9(a);
    const c = await startOpener();
    openers.push(c);
    for (const dir of dirs) {
      const answer = await c.go(dir);
      expect(answer.outcome, dir).toBe(heldBy.get(dir) === a ? 'won' : 'lost');
    }
  });

  it('when the holder releases the folder in the same process, then it can be opened again; a second open meanwhile is refused', () => {
    const dir = path.join(root, 'in-process');
    const first = lockDataFolder(dir);
    expect(() => lockDataFolder(dir)).toThrow(/in use by another process \(pid \d+\)\. Stop it first/);
    first.release();
    lockDataFolder(dir).release();
  });
});
