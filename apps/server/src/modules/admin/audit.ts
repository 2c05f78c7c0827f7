import type { SessionIdentity } from '../../platform/identity.js';
import type { Executor } from '../../db/query.js';
import { auditLog } from '../../db/schema/index.js';

/*
 * The audit log's writer (issue 17): every console write calls `recordAudit` inside its own
 * transaction, so the write and its record commit (or roll back) together.
 */

/** Who did it: the session's identity (never a body). */
export type AuditActor = Pick<SessionIdentity, 'userId' | 'role'>;

/** The request it came from (its id ties the row to the access log). */
export interface AuditRequest {
  id: string;
}

export interface AuditEntry {
  /** `entity.verb`, e.g. `trip_application.review`. */
  action: string;
  entity: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
}

/** Writes one audit row in `tx`, the transaction of the write it describes. */
export async function recordAudit(
  tx: Executor,
  actor: AuditActor,
  request: AuditRequest,
  entry: AuditEntry,
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorRole: actor.role,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: request.id,
  });
}
