import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

/**
 * Takes the exclusive lock on `dataDir/pglite.lock`: an open-file-description lock (`fcntl
 * F_OFD_SETLK` on Linux, `flock` on macOS, `LockFileEx` on Windows) through fs-native-extensions.
 * Taking it is one atomic system call, so of two processes started in the same instant exactly one
 * wins; the kernel releases it when the descriptor closes, including when the process is killed,
 * so a crash never leaves a stale lock. The file itself is never deleted (deleting a lock file
 * lets a third process lock a new file while a second still waits on the old one); it records the
 * holder's pid for the error message only.
 */
export function lockDataFolder(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'pglite.lock');
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!locked) {
    let holder = '';
    try {
      holder = readFileSync(file, 'utf8').trim();
    } catch {
      // unreadable while locked on some systems; the message does without the pid
    }
    closeSync(fd);
    throw new Error(
      `The embedded database in ${path.join(dataDir, 'pglite')} is in use by another process${/^\d+$/.test(holder) ? ` (pid ${holder})` : ''}. Stop it first, or give this one its own DATA_DIR.`,
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      closeSync(fd);
    },
  };
}
