import { ADMIN_SECTIONS, INSTRUCTOR_SECTIONS } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/query.js';
import { users } from '../../db/schema/index.js';
import type { SessionIdentity } from '../../platform/identity.js';

// The console sections a role may open: admins all of them, instructors the contract's
// INSTRUCTOR_SECTIONS (their own workshops' batches).

/** `GET /api/admin/me`: the staff member and the sections their role may open. */
export async function staffMe(db: Executor, session: Pick<SessionIdentity, 'userId' | 'role'>) {
  const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
  const role = session.role === 'admin' ? ('admin' as const) : ('instructor' as const);
  return {
    id: session.userId,
    name: me?.name ?? null,
    role,
    sections: role === 'admin' ? [...ADMIN_SECTIONS] : [...INSTRUCTOR_SECTIONS],
  };
}
