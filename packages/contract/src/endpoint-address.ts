import type { Role } from './users.js';

/** Who may call an endpoint: `'anonymous'` (no token) or a signed-in role. */
export type Caller = 'anonymous' | Role;

/** Every caller, the visitor included: a public endpoint. */
export const PUBLIC = [
  'anonymous',
  'learner',
  'moderator',
  'instructor',
  'admin',
] as const satisfies readonly Caller[];
/** Anyone signed in, whatever the role. */
export const SIGNED_IN = ['learner', 'moderator', 'instructor', 'admin'] as const satisfies readonly Role[];
/** Staff who may open a learner's read-only view. */
export const MODERATORS = ['moderator', 'admin'] as const satisfies readonly Role[];

/** The staff console's callers (issue 17); anyone else gets 404 on `/api/admin/*`. */
export const STAFF = ['admin', 'instructor'] as const satisfies readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The address half of an endpoint: method, path (`{name}` parameters) and who may call it. */
export interface EndpointAddress {
  method: HttpMethod;
  path: `/api/${string}`;
  /** Callers allowed; any other is refused (401 without a session, 403 for another role). */
  roles: readonly Caller[];
}
