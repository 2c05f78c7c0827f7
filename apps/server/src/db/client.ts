import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema/index.js';

/** The typed database handle every repository receives. */
export type Db = NodePgDatabase<typeof schema>;
