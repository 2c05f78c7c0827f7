/* The notifications module's face (docs/decisions/0013): queue a notification; the routes and the job handlers. */
export {
  enqueueNotification,
  NOTIFICATION_TOPIC,
  type NotificationRecipient,
  type NotificationRequest,
} from './notification-jobs.js';
