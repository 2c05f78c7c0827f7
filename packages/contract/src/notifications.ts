import { z } from 'zod';

/*
 * The messages a learner gets and how they choose them (issue 16 "Messaging for real"). Sign-in
 * codes and payment receipts are always sent (they are the account and the law); every other
 * kind follows the learner's preferences, per channel. Marketing mail carries a List-Unsubscribe
 * header (RFC 2369, one-click RFC 8058) whose address turns `marketingEmail` off.
 */

/** The kinds of message the platform sends. */
export const MESSAGE_KINDS = [
  'otp',
  'payment-receipt',
  'instalment-reminder',
  'session-reminder',
  'trip-application',
  'trip-itinerary',
  'certificate-issued',
  'competition-registration',
  'brochure',
  'newsletter-welcome',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * The learner's choices (`true` = send). Defaults: every reminder and update on, marketing mail on
 * only after a form's consent, ad measurement off until consented.
 */
export const NotificationPreferencesSchema = z
  .object({
    /** Instalment reminders, 3 days before and on the due day. */
    instalmentRemindersEmail: z.boolean(),
    instalmentRemindersSms: z.boolean(),
    /** Session reminders, 24 h and 1 h before, with the session's `.ics`. */
    sessionRemindersEmail: z.boolean(),
    sessionRemindersSms: z.boolean(),
    /** Trip application received and its review. */
    tripUpdatesEmail: z.boolean(),
    /** Certificate issued; competition registration confirmed. */
    achievementsEmail: z.boolean(),
    /** Newsletters, brochures and offers (the List-Unsubscribe switch). */
    marketingEmail: z.boolean(),
    /** A hashed e-mail and mobile may go to the ad-conversion tracker with a purchase. */
    adMeasurement: z.boolean(),
  })
  .strict();
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  instalmentRemindersEmail: true,
  instalmentRemindersSms: true,
  sessionRemindersEmail: true,
  sessionRemindersSms: false,
  tripUpdatesEmail: true,
  achievementsEmail: true,
  marketingEmail: false,
  adMeasurement: false,
};

/** `GET /api/user/notification/preferences`: the caller's preferences. */
export const NotificationPreferencesResultSchema = z.object({
  preferences: NotificationPreferencesSchema,
  /** Kinds that are always sent, whatever the preferences (for the page to say so). */
  alwaysSent: z.array(z.enum(MESSAGE_KINDS)),
});

/** `POST /api/user/notification/preferences`: change some preferences (only the keys given). */
export const NotificationPreferencesUpdateBodySchema = NotificationPreferencesSchema.partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'must change at least one preference');

/**
 * `POST /api/unsubscribe?token=…` (public; the List-Unsubscribe address): a mail client's
 * one-click `List-Unsubscribe=One-Click` form body, or the unsubscribe page's JSON `{}`. The token
 * is signed by the server and names the address; a bad or tampered token → 400.
 */
export const UnsubscribeQuerySchema = z
  .object({ token: z.string().min(16, 'must be an unsubscribe token').max(512) })
  .strict();
export const UnsubscribedSchema = z.object({
  unsubscribed: z.literal(true),
  /** The address, masked. */
  email: z.string(),
});
