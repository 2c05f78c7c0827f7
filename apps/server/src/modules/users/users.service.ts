import { randomBytes } from 'node:crypto';
import type {
  OnboardingProfileUpdateBody,
  OnboardingResult,
  OwnProfile,
  Profile,
  ProfileUpdateBody,
  UpiUpdateBody,
  UserProfileBody,
  UserProfileResult,
} from '@atelier/contract';
import { iamLabel, isProfileComplete, onboardingStep, toWireDate } from '@atelier/domain';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { randomFileName, type FileStorage } from '../../integrations/storage/file-storage.js';
import {
  canSeeOwnerSecrets,
  canViewUserInfo,
  isSelf,
  type SessionIdentity,
} from '../../platform/identity.js';
import type { SecurityLog } from '../../platform/security-events.js';
import { AVATAR_URL_PREFIX, avatarKeyOf, processAvatar } from './avatar.js';
import * as repo from './users.repository.js';

/** What the profile use cases need. */
export interface UsersDeps {
  db: Db;
  config: AppConfig;
  clock: () => Date;
  storage: FileStorage;
}

/** Who is asking, for security events. */
export interface UsersCaller {
  security: SecurityLog;
}

/** A stored profile as anyone but its owner sees it (spec §3): never the private `secretKey`. */
export function toProfile(row: repo.ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    mobile: row.mobile,
    gender: row.gender,
    city: row.city,
    dob: row.dob,
    iam: row.iam,
    iamLabel: iamLabel(row.iam),
    upiId: row.upiId,
    college: row.college,
    instagram: row.instagram,
    linkedin: row.linkedin,
    behance: row.behance,
    dribbble: row.dribbble,
    imagePath: row.imagePath,
    referCode: row.referCode,
    coins: row.coins ?? 0,
    isVerified: row.isVerified,
    profileCompleted: isProfileComplete(row),
    onboardingStep: onboardingStep(row),
    cpId: row.cpId,
    role: row.role,
  };
}

/** A stored profile as its owner sees it: with the private calendar-feed key. */
export function toOwnProfile(row: repo.ProfileRow): OwnProfile {
  return { ...toProfile(row), secretKey: row.secretKey };
}

async function profileRow(db: repo.Executor, userId: number): Promise<repo.ProfileRow> {
  const row = await repo.findProfileRow(db, userId);
  if (!row) throw notFound('The user');
  return row;
}

/** A user's profile as another person sees it (a moderator opening a learner's view). */
export async function getProfile(db: repo.Executor, userId: number): Promise<Profile> {
  return toProfile(await profileRow(db, userId));
}

/** The profile of a user who just signed in (the answer goes to them): with the private key. */
export async function getOwnProfile(db: repo.Executor, userId: number): Promise<OwnProfile> {
  return toOwnProfile(await profileRow(db, userId));
}

/**
 * The caller's own profile. Through a moderator's read-only view the session is the learner's but
 * the person is not, so the view gets the profile as another user sees it.
 */
async function ownProfile(db: repo.Executor, session: SessionIdentity): Promise<OwnProfile> {
  const row = await profileRow(db, session.userId);
  return canSeeOwnerSecrets(session, session.userId) ? toOwnProfile(row) : toProfile(row);
}

/** 404 for a subject that is not the caller's, logged as an authorization denial (checklist A1). */
function denied(caller: UsersCaller, reason: string): AppError {
  caller.security('authz_denied', { reason });
  return notFound('The user');
}

/**
 * `POST /api/user/profile`: the caller's profile and trip applications. `id` and `email`, when
 * sent, must name the caller (404 otherwise, the same as a missing user).
 */
export async function getProfileWithTrips(
  deps: UsersDeps,
  session: SessionIdentity,
  body: UserProfileBody,
  caller: UsersCaller,
): Promise<UserProfileResult> {
  if (body.id !== undefined && !isSelf(session, body.id)) throw denied(caller, 'profile of another user');
  const user = await ownProfile(deps.db, session);
  if (body.email !== undefined && body.email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
    throw denied(caller, 'profile by another e-mail');
  }
  const trips = await repo.listTripApplications(deps.db, session.userId);
  return { user, trips };
}

/**
 * `GET /api/user/{id}/info`: a user's profile. Learners may read only their own (404 for anyone
 * else); staff may read others'. Always the profile as another user sees it (no `secretKey`);
 * the owner reads the key through `GET /api/user/v2/details`.
 */
export async function getUserInfo(
  deps: UsersDeps,
  session: SessionIdentity,
  userId: number,
  caller: UsersCaller,
): Promise<Profile> {
  if (!canViewUserInfo(session, userId)) throw denied(caller, 'info of another user');
  return getProfile(deps.db, userId);
}

/** `GET /api/user/v2/details`: the caller's own profile. */
export async function getDetails(deps: UsersDeps, session: SessionIdentity): Promise<OwnProfile> {
  return ownProfile(deps.db, session);
}

/** Oldest age we accept for a date of birth. */
const MAX_AGE_YEARS = 120;
/** Youngest age allowed on the platform. */
export const MIN_AGE_YEARS = 13;

/** The same month and day `years` earlier, as a wire date (29 Feb falls back to 28 Feb). */
function yearsBefore(wireDate: string, years: number): string {
  const [y, m, d] = wireDate.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Checks a date of birth against today in the platform's zone: past, age 13–120. */
function checkDob(dob: string | undefined, now: Date, tz: string): void {
  if (dob === undefined) return;
  const today = toWireDate(now, tz);
  let message: string | null = null;
  if (dob >= today) message = 'must be a date in the past';
  else if (dob > yearsBefore(today, MIN_AGE_YEARS))
    message = `must show an age of at least ${MIN_AGE_YEARS} years`;
  else if (dob < yearsBefore(today, MAX_AGE_YEARS))
    message = `must show an age of at most ${MAX_AGE_YEARS} years`;
  if (message)
    throw new AppError('VALIDATION_FAILED', `The request body is invalid: dob ${message}`, [
      { path: 'dob', message },
    ]);
}

async function writeProfile(
  deps: UsersDeps,
  session: SessionIdentity,
  patch: repo.ProfilePatch,
): Promise<OwnProfile> {
  checkDob(patch.dob, deps.clock(), deps.config.tz);
  try {
    // In a transaction, so a constraint violation rolls back cleanly on every engine.
    await deps.db.transaction(async (tx) =>
      repo.updateProfileFields(tx, session.userId, patch, deps.clock()),
    );
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'This mobile number belongs to another account.', [
        { path: 'mobile', message: 'belongs to another account' },
      ]);
    }
    throw error;
  }
  return ownProfile(deps.db, session);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** `POST /api/user/profile/update`: the allowlisted fields only (the contract rejects any other). */
export async function updateProfile(
  deps: UsersDeps,
  session: SessionIdentity,
  body: ProfileUpdateBody,
): Promise<OwnProfile> {
  return writeProfile(deps, session, body);
}

/** `POST /api/user/onboarding/profile/update`: the onboarding fields, then the new step (spec §4). */
export async function updateOnboardingProfile(
  deps: UsersDeps,
  session: SessionIdentity,
  body: OnboardingProfileUpdateBody,
): Promise<OnboardingResult> {
  const user = await writeProfile(deps, session, body);
  return { user, onboardingStep: user.onboardingStep };
}

/** `POST /api/user/upi/update`. */
export async function updateUpi(
  deps: UsersDeps,
  session: SessionIdentity,
  body: UpiUpdateBody,
): Promise<OwnProfile> {
  return writeProfile(deps, session, { upiId: body.upiId });
}

/**
 * `POST /api/user/profile/image/upload`: checks and re-encodes the image (see `avatar.ts`),
 * stores it under a random name and points the profile at it; the previous file is removed.
 */
export async function uploadProfileImage(
  deps: UsersDeps,
  session: SessionIdentity,
  bytes: Buffer,
): Promise<OwnProfile> {
  const webp = await processAvatar(bytes);
  const name = randomFileName('webp');
  await deps.storage.put(avatarKeyOf(name), webp, 'image/webp');
  const previous = await repo.replaceImagePath(
    deps.db,
    session.userId,
    `${AVATAR_URL_PREFIX}${name}`,
    deps.clock(),
  );
  const previousKey = previous ? avatarKeyFromPath(previous) : null;
  if (previousKey) await deps.storage.delete(previousKey);
  return ownProfile(deps.db, session);
}

function avatarKeyFromPath(imagePath: string): string | null {
  if (!imagePath.startsWith(AVATAR_URL_PREFIX)) return null;
  const name = imagePath.slice(AVATAR_URL_PREFIX.length);
  return /^[a-f0-9]{32}\.webp$/.test(name) ? avatarKeyOf(name) : null;
}

/** An avatar's bytes for `GET /media/avatars/{name}`, or null (404). */
export async function readAvatar(deps: Pick<UsersDeps, 'storage'>, name: string): Promise<Buffer | null> {
  if (!/^[a-f0-9]{32}\.webp$/.test(name)) return null;
  return deps.storage.get(avatarKeyOf(name));
}

/**
 * `POST /api/user/calendar/rotate` (beyond the spec): replaces the private calendar-feed key, so a
 * leaked feed link stops working (checklist "Decisions": rotatable).
 */
export async function rotateCalendarKey(deps: UsersDeps, session: SessionIdentity): Promise<OwnProfile> {
  await repo.updateSecretKey(deps.db, session.userId, randomBytes(32).toString('hex'), deps.clock());
  return ownProfile(deps.db, session);
}
