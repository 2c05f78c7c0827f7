import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devCrmCalls } from '../../db/schema/index.js';
import type { CrmClient, CrmLead, CrmNote } from './types.js';

/*
 * The local CRM (no CRM_API_URL / CRM_API_KEY): nothing leaves the machine. Each call is kept in
 * `dev_crm_calls` with the body exactly as the real adapter would send it and an id of its own,
 * so the whole pipeline (lead, notes waiting for the lead's id, the search before a retried
 * create) runs the same in development, and `GET /api/dev/crm` shows what sales would have got.
 */
export function createLocalCrm(db: Db): CrmClient {
  async function record(kind: 'lead' | 'note', email: string | null, body: object): Promise<string> {
    const crmId = `local-${kind}-${randomUUID().slice(0, 13)}`;
    await db.insert(devCrmCalls).values({ kind, crmId, email, body: { ...body } });
    return crmId;
  }

  return {
    kind: 'local',
    async createLead(lead: CrmLead) {
      return { id: await record('lead', lead.emails[0]?.value ?? null, lead) };
    },
    async createNote(note: CrmNote) {
      const [target] = await db
        .select({ email: devCrmCalls.email })
        .from(devCrmCalls)
        .where(and(eq(devCrmCalls.kind, 'lead'), eq(devCrmCalls.crmId, String(note.targetEntityId))))
        .limit(1);
      return { id: await record('note', target?.email ?? null, note) };
    },
    async findLead(query) {
      if (!query.email) return null;
      const rows = await db
        .select({ crmId: devCrmCalls.crmId })
        .from(devCrmCalls)
        .where(
          and(
            eq(devCrmCalls.kind, 'lead'),
            eq(devCrmCalls.email, query.email),
            gte(devCrmCalls.createdAt, query.since),
          ),
        )
        .orderBy(desc(devCrmCalls.id))
        .limit(20);
      const excluded = new Set(query.excludeIds ?? []);
      const found = rows.find((row) => !excluded.has(row.crmId));
      return found ? { id: found.crmId } : null;
    },
  };
}

/** What the local CRM recorded, newest first (`GET /api/dev/crm`); `email` narrows to one contact. */
export async function listDevCrmCalls(db: Db, query: { email?: string; limit: number }) {
  const rows = await db
    .select()
    .from(devCrmCalls)
    .where(query.email ? eq(devCrmCalls.email, query.email.trim().toLowerCase()) : undefined)
    .orderBy(desc(devCrmCalls.id))
    .limit(query.limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    crmId: row.crmId,
    body: row.body,
    at: row.createdAt.toISOString(),
  }));
}
