import { ADMIN_SECTIONS } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { users } from '../../db/schema/index.js';
import type { SessionIdentity } from '../../platform/identity.js';

// The console sections an admin may open (issue 17, first slice; the contract's list). Instructors
// get theirs with batches.

/** `GET /api/admin/me`: the staff member and the sections their role may open. */
export async function staffMe(db: Executor, session: Pick<SessionIdentity, 'userId' | 'role'>) {
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
  const role = session.role === 'admin' ? ('admin' as const) : ('instructor' as const);
  return {
    id: session.userId,
    name: me?.name ?? null,
    role,
    sections: role === 'admin' ? [...ADMIN_SECTIONS] : [],
  };
}
