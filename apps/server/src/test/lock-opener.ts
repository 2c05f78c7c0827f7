// A separate process that opens data folders for src/db/folder-lock.test.ts. On `go DIR` from its
// standard input it tries to take DIR's lock at once and answers `won DIR` or `lost DIR`; the
// locks it wins are held until the process ends (or is killed).
import { createInterface } from 'node:readline';
import { lockDataFolder } from '../db/folder-lock.js';

const held: unknown[] = [];
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, dir] = line.split(' ');
  if (command !== 'go' || !dir) return;
  try {
    held.push(lockDataFolder(dir));
    process.stdout.write(`won ${dir}\n`);
  } catch (error) {
    process.stdout.write(`lost ${dir} ${String((error as Error).message).replace(/\n/g, ' ')}\n`);
  }
});
process.stdout.write('ready\n');
