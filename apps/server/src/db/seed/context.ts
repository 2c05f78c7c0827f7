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
}
