/**
 * The whole database schema: every table, every `relations()` object, and the value lists that
 * the CHECK constraints enforce. `Db` in `../client.ts` is typed from this module, and
 * `drizzle.config.ts` generates migrations from it.
 */
export * from './users.js';
export * from './catalogue.js';
export * from './learning.js';
export * from './quizzes.js';
export * from './content.js';
export * from './payments.js';
export * from './invoices.js';
export * from './wallet.js';
export * from './purchases.js';
export * from './marketing.js';
export * from './notifications.js';
export * from './jobs.js';
export * from './sandbox.js';
export * from './audit.js';
export * from './relations.js';
