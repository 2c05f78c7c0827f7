// The part of fs-native-extensions (holepunchto, N-API with bundled prebuilds) that Atelier uses.
declare module 'fs-native-extensions' {
  /**
   * Tries to take an advisory lock on the whole file behind `fd` without waiting: exclusive unless
   * `shared`. Returns false when another open file description holds a conflicting lock.
   */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
