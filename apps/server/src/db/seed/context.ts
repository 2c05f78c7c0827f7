import type { Db } from '../client.js';
import type { Prng } from './random.js';

/** The transaction handle the seeds write through. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What every part of the demo seed shares. */
export interface SeedContext {
  tx: Tx;
  /** The moment the demo is built for. */
  now: Date;
  /** `now`'s calendar day in the platform time zone, 'YYYY-MM-DD'. */
  today: string;
  rng: Prng;
  /** Adds `n` to the row count reported for `table`. */
  count(table: string, n: number): void;
  /**
   * Byte lengths of the library files (PDFs, drawings, archives, images) the seed stored, by
   * storage key (none when it stored none).
   */
  storedSizes?: ReadonlyMap<string, number>;
}

/**
 * The size a seeded library file is listed with: the length of the bytes the seed stored under its
 * path (never typed copy: the library once said "1.1 MB" of a 760-byte stand-in and "18.4 MB" of a
 * zip that did not exist), and nothing when it stored none — links and videos have no size.
 */
export function listedSize(
  ctx: Pick<SeedContext, 'storedSizes'>,
  file: { path?: string | null },
): number | null {
  return (file.path && ctx.storedSizes?.get(file.path)) || null;
}
