/*
 * The auth module's face (docs/decisions/0013): the only file other code may import from
 * `modules/auth`. Plugin: sign-in, sessions, logout and the dev outbox. Service API: the session
 * lookup the application's auth guard is built from, and password hashing (seeds). Events: the
 * security events it publishes live in `platform/security-events.ts` (every module logs them).
 */
export { authRoutes } from './auth.routes.js';
export {
  authenticate,
  changeRole,
  sessionsChanged,
  setAccountDisabled,
  type SessionRejection,
} from './session.service.js';
export { hashPassword } from './password.js';
export {
  findOrCreateCheckoutAccount,
  isOrderTokenValid,
  issueOrderLoginToken,
} from './order-login.service.js';
