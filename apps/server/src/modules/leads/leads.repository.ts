import type { Db } from '../../db/client.js';
import { performanceEvents } from '../../db/schema/index.js';

export interface NewPerformanceEvent {
  name: string;
  value: number;
  path: string;
  trackerId: string | null;
  payload: Record<string, unknown>;
}

/** Stores one client performance measurement. */
export async function insertPerformanceEvent(db: Db, event: NewPerformanceEvent): Promise<void> {
  await db.insert(performanceEvents).values(event);
}
