/**
 * The staff console's audit log (issue 17): every console write, who did it (and in which role),
 * what it did to which row, the row's state before and after, and the request it came from. Written
 * in the same transaction as the write it describes, so neither exists without the other.
 */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The actor's role when they did it (a role may change later). */
    actorRole: text('actor_role').notNull(),
    /** What was done, `entity.verb`: `trip_application.review`, `job.retry`. */
    action: text('action').notNull(),
    /** The table-level name of what it was done to: `trip_application`, `job`. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);
