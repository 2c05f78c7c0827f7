import type { AdminDisableBodySchema, AdminRoleBodySchema, AdminStaffAddBodySchema } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/query.js';
import { users } from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import type { AppContext } from '../../../platform/context.js';
import { changeRole, sessionsChanged, setAccountDisabled } from '../../auth/index.js';
import { recordAudit, type AuditActor, type AuditRequest } from '../audit.js';
import { accountRow } from './learners.service.js';

/*
 * Staff accounts and roles (issue 17, admins only). A role change or a disabled account takes
 * effect at once on every instance (decision 0027): the auth module's `changeRole` and
 * `setAccountDisabled` run inside the console's transaction, next to the audit row, without the
 * session cache; the cache is told through `sessionsChanged` AFTER the commit (told before, an
 * instance could reload the old row). An admin cannot demote or disable themself (409): another
 * admin has to, so the school never locks itself out by a slip.
 */

type Deps = Pick<AppContext, 'database' | 'clock' | 'sessionCache'>;

async function lockAccount(tx: Executor, userId: number) {
  const [user] = await tx
    .select({ id: users.id, role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!user) throw notFound('The account');
  return user;
}

/** The auth module's writes on the console's transaction, with the cache told after the commit. */
const inTransaction = (tx: unknown, deps: Deps) => ({
  // A drizzle transaction runs the same queries as the database handle.
  db: tx as Db,
  clock: deps.clock,
  sessionCache: undefined,
});

async function setRole(
  deps: Deps,
  actor: AuditActor,
  request: AuditRequest,
  userId: number,
  role: z.output<typeof AdminRoleBodySchema>['role'],
  extra: Record<string, unknown>,
) {
  if (userId === actor.userId)
    throw new AppError('CONFLICT', 'You cannot change your own role; ask another admin to do it.');
  const changed = await deps.database.db.transaction(async (tx) => {
    const before = await lockAccount(tx, userId);
    if (before.role === role) return false;
    await changeRole(inTransaction(tx, deps), userId, role);
    await recordAudit(tx, actor, request, {
      action: 'user.role',
      entity: 'user',
      entityId: userId,
      before: { role: before.role },
      after: { role, ...extra },
    });
    return true;
  });
  if (changed) await sessionsChanged(deps, { userIds: [userId] });
  return accountRow(deps.database.db, userId);
}

/** `POST /api/admin/users/{id}/role`: the account's sessions carry the new role at once. */
export async function changeUserRole(
  deps: Deps,
  actor: AuditActor,
  request: AuditRequest,
  userId: number,
  body: z.output<typeof AdminRoleBodySchema>,
) {
  return setRole(deps, actor, request, userId, body.role, body.reason ? { reason: body.reason } : {});
}

/**
 * `POST /api/admin/staff`: an existing account, found by its e-mail, gets a staff role. Accounts
 * are created by signing in (a one-time code to the e-mail creates one) or by a checkout; an
 * e-mail nobody signed in with yet is a 400 that says so.
 */
export async function addStaff(
  deps: Deps,
  actor: AuditActor,
  request: AuditRequest,
  body: z.output<typeof AdminStaffAddBodySchema>,
) {
  const [account] = await deps.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, body.email.toLowerCase()));
  if (!account)
    throw new AppError(
      'VALIDATION_FAILED',
      'No account uses this e-mail yet. Ask them to sign in once with it (a one-time code creates the account), then add them here.',
      [{ path: 'email', message: 'must be the e-mail of an existing account' }],
    );
  return setRole(deps, actor, request, account.id, body.role, { via: 'staff.add' });
}

/** `POST /api/admin/users/{id}/disabled`: a disabled account's sessions are refused at once. */
export async function setUserDisabled(
  deps: Deps,
  actor: AuditActor,
  request: AuditRequest,
  userId: number,
  body: z.output<typeof AdminDisableBodySchema>,
) {
  if (userId === actor.userId && body.disabled)
    throw new AppError('CONFLICT', 'You cannot disable your own account; ask another admin to do it.');
  const changed = await deps.database.db.transaction(async (tx) => {
    const before = await lockAccount(tx, userId);
    if ((before.disabledAt !== null) === body.disabled) return false;
    await setAccountDisabled(inTransaction(tx, deps), userId, body.disabled);
    await recordAudit(tx, actor, request, {
      action: body.disabled ? 'user.disable' : 'user.enable',
      entity: 'user',
      entityId: userId,
      before: { disabled: before.disabledAt !== null },
      after: { disabled: body.disabled, reason: body.reason },
    });
    return true;
  });
  if (changed) await sessionsChanged(deps, { userIds: [userId] });
  return accountRow(deps.database.db, userId);
}
