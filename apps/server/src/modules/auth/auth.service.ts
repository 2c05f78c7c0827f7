/*
 * The sign-in use cases, one file each (issue 12 §8): sessions (`session.service.ts`), account
 * check / register / password sign-in and password changes (`password.service.ts`), one-time
 * codes and the development outbox (`otp.service.ts`), Google (`google.service.ts`), order login
 * (`order-login.service.ts`) and moderator views (`moderator.service.ts`). Their shared rules,
 * dependencies and session start are in `auth.common.ts`. Routes read them through this list.
 */
export * from './auth.common.js';
export * from './google.service.js';
export * from './moderator.service.js';
export * from './order-login.service.js';
export * from './otp.service.js';
export * from './password.service.js';
export * from './session.service.js';
