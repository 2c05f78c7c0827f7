/*
 * The notifications module's face (docs/decisions/0013): queue a notification; the routes
 * (preferences, unsubscribe) and the job handlers (`notification.send`, `reminders.scan`); the
 * unsubscribe address composers put in marketing mail.
 */
export {
  enqueueNotification,
  NOTIFICATION_TOPIC,
  type NotificationRecipient,
  type NotificationRequest,
} from './notification-jobs.js';
export { notificationsRoutes } from './notifications.routes.js';
export { unsubscribePageUrl, unsubscribeUrl } from './unsubscribe.js';
/** A learner's preferences (e.g. `adMeasurement` for the ad-conversion tracker) and the kinds always sent. */
export { ALWAYS_SENT, adMeasurementChoice, preferencesOf } from './preferences.js';
