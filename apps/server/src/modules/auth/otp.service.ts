import {
  OTP_TTL_MINUTES,
  parseMobile,
  type DevOutbox,
  type OtpPurpose,
  type OtpSent,
  type SendOtpBody,
  type SignInResult,
  type VerifyOtpBody,
} from '@atelier/contract';
import type { AppConfig } from '../../config.js';
import { AppError, notFound } from '../../http/app-error.js';
import type { OutgoingMessage } from '../../integrations/messaging/message-sender.js';
import { readOutbox } from '../../integrations/messaging/outbox-sender.js';
import { renderEmail } from '../../integrations/messaging/templates.js';
import { getOwnProfile } from '../users/index.js';
import * as repo from './auth.repository.js';
import { hashOtp, newOtpCode, sameDigest } from './secrets.js';
import { sessionsChanged } from './session.service.js';
import {
  type AuthDeps,
  type Caller,
  DAY,
  DB_PURPOSE,
  HOUR,
  type Identifier,
  OTP_MAX_ATTEMPTS,
  OTP_PER_IDENTIFIER_PER_HOUR,
  OTP_PER_IP_PER_HOUR,
  OTP_RESEND_GAP_MS,
  OTP_RETENTION_MS,
  OTP_TTL_MS,
  findAccount,
  identifierOf,
  rateLimited,
  secondsUntilFree,
  startSession,
} from './auth.common.js';

// ---------------------------------------------------------------------------------------------
// One-time codes
// ---------------------------------------------------------------------------------------------

/** The daily SMS cap for a dial code (configuration `OTP_DIAL_CODE_DAILY_CAPS`). */
function dialCodeCap(config: AppConfig, dialCode: string): number {
  return config.otpDialCodeDailyCaps.byDialCode[dialCode] ?? config.otpDialCodeDailyCaps.others;
}

/**
 * Checks every sending limit, most specific first, and throws 429 with Retry-After for the first
 * one reached: 1 per 30 s and 5 per hour per identifier, 30 per hour per IP, the SMS cap of the
 * number's dial code and the global cap, each over a sliding window (checklist B5, §0.10).
 */
async function checkSendLimits(
  db: repo.Executor,
  config: AppConfig,
  identifier: Identifier,
  ip: string,
  now: Date,
): Promise<void> {
  const since = (ms: number) => new Date(now.getTime() - ms);
  const recent = await repo.countOtpsForIdentifier(db, identifier.value, since(OTP_RESEND_GAP_MS));
  if (recent.count >= 1) {
    throw rateLimited(
      secondsUntilFree(recent.oldest, OTP_RESEND_GAP_MS, now),
      'A code was just sent. Wait a few seconds before asking for another.',
    );
  }
  const hourly = await repo.countOtpsForIdentifier(db, identifier.value, since(HOUR));
  if (hourly.count >= OTP_PER_IDENTIFIER_PER_HOUR) {
    throw rateLimited(
      secondsUntilFree(hourly.oldest, HOUR, now),
      'Too many codes were sent to this address. Try again later.',
    );
  }
  const byIp = await repo.countOtpsForIp(db, ip, since(HOUR));
  if (byIp.count >= OTP_PER_IP_PER_HOUR) {
    throw rateLimited(
      secondsUntilFree(byIp.oldest, HOUR, now),
      'Too many codes were requested from your network. Try again later.',
    );
  }
  if (identifier.kind === 'mobile') {
    const byDialCode = await repo.countSmsOtpsForDialCode(db, identifier.dialCode, since(DAY));
    if (byDialCode.count >= dialCodeCap(config, identifier.dialCode)) {
      throw rateLimited(
        secondsUntilFree(byDialCode.oldest, DAY, now),
        'We cannot send codes to this country right now. Try again later or use your email.',
      );
    }
  }
  const global = await repo.countAllOtps(db, since(DAY));
  if (global.count >= config.otpDailyCap) {
    throw rateLimited(
      secondsUntilFree(global.oldest, DAY, now),
      'We cannot send codes right now. Try again later.',
    );
  }
}

/**
 * The sign-in code: an e-mail (text and HTML from the shared template) or an SMS, whose template
 * variable `otp` carries the code for an SMS provider's DLT-registered OTP template.
 */
function otpMessage(
  identifier: Identifier,
  code: string,
  purpose: OtpPurpose,
  config: Pick<AppConfig, 'publicUrl' | 'seller'>,
): OutgoingMessage {
  const what = purpose === 'reset' ? 'reset your password' : 'sign in';
  const body = `${code} is your Atelier code to ${what}. It expires in ${OTP_TTL_MINUTES} minutes. Never share it with anyone.`;
  const kind = `otp:${purpose}`;
  if (identifier.kind !== 'email')
    return { channel: 'sms', to: identifier.value, subject: null, body, kind, smsVars: { otp: code } };
  const { html } = renderEmail(
    {
      preheader: `Your code expires in ${OTP_TTL_MINUTES} minutes.`,
      heading: purpose === 'reset' ? 'Reset your password' : 'Your sign-in code',
      paragraphs: [body],
      details: [['Code', code]],
    },
    { publicUrl: config.publicUrl, seller: { name: config.seller.name } },
  );
  return { channel: 'email', to: identifier.value, subject: `Your Atelier code: ${code}`, body, html, kind };
}

/**
 * `POST /api/auth/send/otp`: a 6-digit code to the e-mail or mobile, valid 10 minutes. The answer
 * is the same for existing and unknown identifiers; a reset code is only delivered to an existing
 * account, though it is recorded (and counted) either way.
 */
export async function sendOtp(deps: AuthDeps, body: SendOtpBody, caller: Caller): Promise<OtpSent> {
  const identifier = identifierOf(body);
  const purpose = DB_PURPOSE[body.purpose];
  const now = deps.clock();
  try {
    await deps.db.transaction(async (tx) => {
      await repo.lockOtpSending(tx);
      await repo.pruneOtps(tx, new Date(now.getTime() - OTP_RETENTION_MS), 200);
      await checkSendLimits(tx, deps.config, identifier, caller.ip, now);
      const account = await findAccount(tx, identifier);
      const code = newOtpCode();
      await repo.insertOtp(tx, {
        identifier: identifier.value,
        purpose,
        channel: identifier.kind === 'email' ? 'email' : 'sms',
        codeHash: hashOtp(deps.otpKey, identifier.value, purpose, code),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        ip: caller.ip,
        now,
      });
      const deliver = body.purpose !== 'reset' || (account !== null && account.disabledAt === null);
      if (deliver) await deps.messages.send(tx, otpMessage(identifier, code, body.purpose, deps.config));
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      caller.security('rate_limited', { limit: 'otp_send', purpose: body.purpose, channel: identifier.kind });
      caller.security('otp_send_failed', { reason: error.message, purpose: body.purpose });
    }
    throw error;
  }
  caller.security('otp_sent', { purpose: body.purpose, channel: identifier.kind });
  return {
    sent: true,
    channel: identifier.kind === 'email' ? 'email' : 'sms',
    expiresInSeconds: OTP_TTL_MS / 1000,
    resendAfterSeconds: OTP_RESEND_GAP_MS / 1000,
  };
}

const BAD_CODE = 'The code is not correct or has expired. Request a new code.';

/**
 * `POST /api/auth/verify-otp`: checks the latest code for the identifier and purpose and signs
 * in. `login` and `register` create the account when the identifier is new (`isNewUser`);
 * `reset` signs in an existing account only, and its session may then set a new password
 * without the current one for 10 minutes. Wrong codes count; the 5th kills the code (429).
 */
export async function verifyOtp(deps: AuthDeps, body: VerifyOtpBody, caller: Caller): Promise<SignInResult> {
  const identifier = identifierOf(body);
  const purpose = DB_PURPOSE[body.purpose];
  const now = deps.clock();
  const fail = (reason: string) => {
    caller.security('otp_verify_failed', { reason, purpose: body.purpose, channel: identifier.kind });
    return new AppError('UNAUTHORIZED', BAD_CODE);
  };
  const otp = await repo.findLatestOtp(deps.db, identifier.value, purpose);
  if (!otp) throw fail('no code');
  if (otp.consumedAt) throw fail('code already used');
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw fail('code exhausted');
  if (otp.expiresAt.getTime() <= now.getTime()) throw fail('code expired');
  if (!sameDigest(hashOtp(deps.otpKey, identifier.value, purpose, body.otp), otp.codeHash)) {
    const attempts = await repo.addOtpAttempt(deps.db, otp.id, OTP_MAX_ATTEMPTS);
    if (attempts !== null && attempts >= OTP_MAX_ATTEMPTS) {
      caller.security('otp_verify_failed', {
        reason: 'too many wrong codes',
        purpose: body.purpose,
        channel: identifier.kind,
      });
      caller.security('rate_limited', { limit: 'otp_attempts' });
      throw rateLimited(
        OTP_RESEND_GAP_MS / 1000,
        'Too many wrong codes: this code no longer works. Request a new code.',
      );
    }
    throw fail('wrong code');
  }

  // The account whose checkout sessions the claim revoked (told to the session cache after commit).
  let revokedFor: number | null = null;
  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.consumeOtp(tx, otp.id, OTP_MAX_ATTEMPTS, now)))
      return { ok: false, failure: 'code already used' } as const;
    let account = await findAccount(tx, identifier);
    let isNewUser = false;
    if (account?.disabledAt) return { ok: false, failure: 'account disabled' } as const;
    if (!account) {
      if (body.purpose === 'reset') return { ok: false, failure: 'no account to reset' } as const;
      account = await repo.insertAccountIfAbsent(tx, {
        email: identifier.kind === 'email' ? identifier.value : null,
        mobile: identifier.kind === 'mobile' ? identifier.value : null,
        isVerified: true,
        now,
      });
      isNewUser = account !== null;
      account ??= await findAccount(tx, identifier);
      if (!account) return { ok: false, failure: 'account not created' } as const;
    } else {
      await repo.markVerified(tx, account.id, now);
      // An account a guest checkout created: its owner has now proved the contact, so any
      // session opened before (through that checkout's order token) ends (decision 0015).
      revokedFor = (await repo.claimCheckoutAccount(tx, account.id, now)) > 0 ? account.id : null;
    }
    await repo.recordLoginSuccess(tx, account.id, now);
    // Same instant as the code's `consumed_at`: that is how password/add recognises this session.
    const { token } = await startSession(tx, account.id, now, caller);
    return { ok: true, userId: account.id, token, isNewUser } as const;
  });
  if (revokedFor !== null) await sessionsChanged(deps, { userIds: [revokedFor] });
  if (!result.ok) throw fail(result.failure);
  caller.security('otp_verified', { userId: result.userId, purpose: body.purpose });
  caller.security('login_succeeded', { userId: result.userId, method: 'otp' });
  return {
    token: result.token,
    user: await getOwnProfile(deps.db, result.userId),
    isNewUser: result.isNewUser,
  };
}

// ---------------------------------------------------------------------------------------------
// Development outbox
// ---------------------------------------------------------------------------------------------

/**
 * `GET /api/dev/outbox?to=` (outside production only): the latest messages to an address, so
 * people and end-to-end tests can read their codes without a mail server.
 */
export async function listDevOutbox(deps: Pick<AuthDeps, 'db' | 'config'>, to: string): Promise<DevOutbox> {
  if (deps.config.env === 'production') throw notFound('The route');
  const trimmed = to.trim();
  const recipient = trimmed.includes('@')
    ? trimmed.toLowerCase()
    : (parseMobile(trimmed)?.normalized ?? trimmed);
  const messages = await readOutbox(deps.db, recipient, 20);
  return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}
