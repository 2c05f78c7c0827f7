import { z } from 'zod';
import { EmailSchema, MobileSchema, NameSchema, OwnProfileSchema, ProfileSchema } from './users.js';

/*
 * Sign-in and sessions (spec §7 "Auth"). A successful sign-in answers `{ token, user }`: `token` is
 * an opaque bearer credential naming a server-side session (send it as `Authorization: Bearer`),
 * `user` the caller's own profile.
 */

/** Shortest and longest password, counted in characters after NFKC normalisation (checklist "Decisions"). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Length of a password as the policy counts it: code points after NFKC normalisation. */
export function passwordLength(password: string): number {
  return [...password.normalize('NFKC')].length;
}

/**
 * A new password: 8–128 characters after NFKC normalisation, any characters, no composition
 * rules. The server also rejects passwords on its common-password list.
 */
export const NewPasswordSchema = z
  .string({ error: 'must be text' })
  .max(1024, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine(
    (v) => passwordLength(v) >= PASSWORD_MIN_LENGTH,
    `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  )
  .refine(
    (v) => passwordLength(v) <= PASSWORD_MAX_LENGTH,
    `must be at most ${PASSWORD_MAX_LENGTH} characters`,
  );

/** A password offered to sign in (no policy: it is only compared). */
const PasswordAttemptSchema = z
  .string({ error: 'must be text' })
  .min(1, 'is required')
  .max(1024, 'must be at most 1024 characters');

/** Exactly one of `email` and `mobile` names the account. */
function oneIdentifier<T extends { email?: string | undefined; mobile?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  const given = (value.email !== undefined ? 1 : 0) + (value.mobile !== undefined ? 1 : 0);
  if (given !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: [value.email === undefined ? 'email' : 'mobile'],
      message: given === 0 ? 'send either email or mobile' : 'send either email or mobile, not both',
    });
  }
}

const identifierFields = { email: EmailSchema.optional(), mobile: MobileSchema.optional() };

/** `POST /api/auth/check`: `{ email }` or `{ mobile }`. */
export const AuthCheckBodySchema = z.object(identifierFields).strict().superRefine(oneIdentifier);
export type AuthCheckBody = z.infer<typeof AuthCheckBodySchema>;

/** Answer of `POST /api/auth/check`: whether an account exists and has a password. */
export const AuthCheckResultSchema = z.object({ exists: z.boolean(), hasPassword: z.boolean() });
export type AuthCheckResult = z.infer<typeof AuthCheckResultSchema>;

/** `POST /api/auth/register`. The password is optional: one-time codes are the main way in. */
export const RegisterBodySchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    mobile: MobileSchema,
    password: NewPasswordSchema.optional(),
  })
  .strict();
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

/** `POST /api/auth/login`: `{ email or mobile, password }`. */
export const LoginBodySchema = z
  .object({ ...identifierFields, password: PasswordAttemptSchema })
  .strict()
  .superRefine(oneIdentifier);
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * Why a one-time code is requested. `login` and `register` both sign in, creating the account
 * when the identifier is new; `reset` signs in an existing account so that the password can be
 * replaced without the current one (see `POST /api/auth/password/add`).
 */
export const OTP_PURPOSES = ['login', 'register', 'reset'] as const;
export const OtpPurposeSchema = z.enum(OTP_PURPOSES, { error: `must be one of ${OTP_PURPOSES.join(', ')}` });
export type OtpPurpose = z.infer<typeof OtpPurposeSchema>;

/** Minutes a one-time code stays valid. */
export const OTP_TTL_MINUTES = 10;

/** `POST /api/auth/send/otp`. */
export const SendOtpBodySchema = z
  .object({ ...identifierFields, purpose: OtpPurposeSchema })
  .strict()
  .superRefine(oneIdentifier);
export type SendOtpBody = z.infer<typeof SendOtpBodySchema>;

/**
 * Answer of `POST /api/auth/send/otp`: the same whether or not an account exists. The code goes
 * by SMS to a mobile number and by e-mail to an address.
 */
export const OtpSentSchema = z.object({
  sent: z.literal(true),
  channel: z.enum(['sms', 'email']),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type OtpSent = z.infer<typeof OtpSentSchema>;

/** `POST /api/auth/verify-otp`. */
export const VerifyOtpBodySchema = z
  .object({
    ...identifierFields,
    otp: z.string({ error: 'must be text' }).regex(/^\d{6}$/, 'must be the 6-digit code'),
    purpose: OtpPurposeSchema,
  })
  .strict()
  .superRefine(oneIdentifier);
export type VerifyOtpBody = z.infer<typeof VerifyOtpBodySchema>;

/** A new session: the bearer token and the caller's own profile. */
export const AuthSessionSchema = z.object({ token: z.string(), user: OwnProfileSchema });
export type AuthSession = z.infer<typeof AuthSessionSchema>;

/** A session from a one-time code or Google: `isNewUser` when the account was just created. */
export const SignInResultSchema = AuthSessionSchema.extend({ isNewUser: z.boolean() });
export type SignInResult = z.infer<typeof SignInResultSchema>;

/**
 * `POST /api/auth/password/add` (signed in): sets or replaces the password. When one exists,
 * `currentPassword` is required, unless the session came from a one-time code verified within the
 * last 10 minutes (the reset flow); otherwise 401 `REAUTH_REQUIRED`.
 */
export const PasswordAddBodySchema = z
  .object({ password: NewPasswordSchema, currentPassword: PasswordAttemptSchema.optional() })
  .strict();
export type PasswordAddBody = z.infer<typeof PasswordAddBodySchema>;

/** Answer of `POST /api/auth/password/add`. */
export const PasswordSetSchema = z.object({ user: OwnProfileSchema });

/** `POST /api/auth/google/login`: a Google ID token (a JWT), not an access token. */
export const GoogleLoginBodySchema = z
  .object({ credential: z.string({ error: 'must be text' }).min(1, 'is required').max(8192, 'is too long') })
  .strict();
export type GoogleLoginBody = z.infer<typeof GoogleLoginBodySchema>;

/** Answer of `POST /api/auth/logout`. */
export const LoggedOutSchema = z.object({ loggedOut: z.literal(true) });

/**
 * Path `{id}` of the order-token calls. Taken as text: without a valid token every id answers 401,
 * malformed ones included.
 */
export const OrderIdParamsSchema = z.object({ id: z.string().max(20) }).strict();

/** `POST /api/auth/order/{id}/login`: the one-time token handed to the browser that paid. */
export const OrderLoginBodySchema = z.object({ orderToken: z.string().max(256).optional() }).strict();
export type OrderLoginBody = z.infer<typeof OrderLoginBodySchema>;

/** Query of `GET /api/auth/guest/{id}/info`. Other parameters (cache busters) are ignored. */
export const GuestInfoQuerySchema = z.object({ token: z.string().max(256).optional() });

/** Answer of `GET /api/auth/guest/{id}/info`: the minimum to greet the buyer, contact details masked. */
export const GuestInfoSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type GuestInfo = z.infer<typeof GuestInfoSchema>;

/** `POST /api/auth/moderator/access`: the learner to view. */
export const ModeratorAccessBodySchema = z.object({ userId: z.number().int().positive() }).strict();
export type ModeratorAccessBody = z.infer<typeof ModeratorAccessBodySchema>;

/**
 * Answer of `POST /api/auth/moderator/access`: a read-only session on the learner (every write
 * through it answers 403) and the learner's profile as another user sees it (no `secretKey`).
 */
export const ModeratorAccessResultSchema = z.object({
  token: z.string(),
  user: ProfileSchema,
  expiresAt: z.string(),
});

/** Query of `GET /api/dev/outbox` (outside production only). */
export const DevOutboxQuerySchema = z.object({ to: z.string().min(1).max(254) }).strict();

/** Answer of `GET /api/dev/outbox`: the latest messages to an address, newest first. */
export const DevOutboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number().int(),
      channel: z.string(),
      recipient: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      /** What the message is (`otp:login`, `payment-receipt`, …). */
      kind: z.string().optional(),
      /** The e-mail's HTML body, when it has one (to preview the template). */
      html: z.string().nullable().optional(),
      /** Its attachments (names and types only). */
      attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })).optional(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type DevOutbox = z.infer<typeof DevOutboxSchema>;
