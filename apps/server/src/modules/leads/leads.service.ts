import type { PerformanceEventBody } from '@atelier/contract';
import type { Db } from '../../db/client.js';
import * as repo from './leads.repository.js';

/** Records a client performance measurement (`POST /api/performance`). */
export async function recordPerformance(db: Db, body: PerformanceEventBody): Promise<{ accepted: true }> {
  await repo.insertPerformanceEvent(db, {
    name: body.name,
    value: body.value,
    path: body.path,
    trackerId: body.trackerId ?? null,
    payload: body.payload ?? {},
  });
  return { accepted: true };
}
