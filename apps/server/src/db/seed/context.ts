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
  /** Byte lengths of the library documents the seed stored, by storage key (none when it stored none). */
  documentSizes?: ReadonlyMap<string, number>;
}

/**
 * The size a seeded library file is listed with: a PDF the seed rendered lists the length of the
 * bytes it stored (never typed copy: the library once said "1.1 MB" of a 760-byte stand-in), and
 * nothing when it stored none; other files keep the size their record names.
 */
export function listedSize(
  ctx: Pick<SeedContext, 'documentSizes'>,
  file: { kind: string; path?: string | null; sizeBytes?: number | null },
): number | null {
  if (file.kind === 'pdf') return (file.path && ctx.documentSizes?.get(file.path)) || null;
  return file.sizeBytes ?? null;
}
