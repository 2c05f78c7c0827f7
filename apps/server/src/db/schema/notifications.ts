/**
 * What people chose to receive (issue 16 "Messaging for real"): a learner's notification
 * preferences (one row per user, created on the first change; no row = the contract's defaults)
 * and the addresses that unsubscribed from marketing mail, whether or not they have an account.
 */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns.js';
import { users } from './users.js';

/**
 * One column per key of the contract's `NotificationPreferencesSchema`; the column defaults are
 * `DEFAULT_NOTIFICATION_PREFERENCES` (the service writes every column anyway).
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  instalmentRemindersEmail: boolean('instalment_reminders_email').notNull().default(true),
  instalmentRemindersSms: boolean('instalment_reminders_sms').notNull().default(true),
  sessionRemindersEmail: boolean('session_reminders_email').notNull().default(true),
  sessionRemindersSms: boolean('session_reminders_sms').notNull().default(false),
  tripUpdatesEmail: boolean('trip_updates_email').notNull().default(true),
  achievementsEmail: boolean('achievements_email').notNull().default(true),
  marketingEmail: boolean('marketing_email').notNull().default(false),
  adMeasurement: boolean('ad_measurement').notNull().default(false),
  /**
   * When the learner last set `adMeasurement` themselves (null: never). Until then a purchase's
   * conversion follows the consent of their latest lead form; after it, their own choice.
   */
  adMeasurementChosenAt: instant('ad_measurement_chosen_at'),
  updatedAt: updatedAt(),
});

/**
 * An address that asked for no more marketing mail (the List-Unsubscribe link, or the profile's
 * marketing switch turned off). Keyed by the normalised (trimmed, lower-case) address so a visitor
 * without an account is covered too; turning the profile switch back on removes the row.
 */
export const emailSuppressions = pgTable('email_suppressions', {
  email: text('email').primaryKey(),
  /** `unsubscribe` (the mail's link) or `preferences` (the profile switch). */
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
