import type { OwnProfile, Profile } from '@atelier/contract';
import { useSyncExternalStore } from 'react';
import {
  QUIZ_PROGRESS_PREFIX,
  readStoredJson,
  readStoredText,
  removeStored,
  STORAGE_KEYS,
  storedKeysWithPrefix,
  writeStoredJson,
  writeStoredText,
} from './storage';

/*
 * The browser's session (spec §3 "Local storage keys", §6 "Logged-in user: a token plus a stored
 * user"): the bearer token under `token` and the user's profile under `user`. React reads it
 * through `useSession` (an external store, so every component sees a sign-in, a sign-out or
 * another tab's change at once); the API's base query reads the token for each call.
 *
 * The stored user never carries `secretKey` (the private calendar-feed key): the profile page
 * fetches it fresh, so it is shown only there (security checklist, "Decisions").
 */

/** The profile as kept in the browser: everything but the private calendar key. */
export type SessionUser = Profile;

/** A signed-in browser: the token and the user it belongs to. */
export interface Session {
  token: string;
  user: SessionUser;
}

/**
 * What logout removes (spec §4 "Logout"): the user, the token, the moderator flag, the course
 * and assessment ids, and every quiz progress key. Everything else (currency `cuid`, tracker and
 * CRM keys) stays.
 */
export const SESSION_KEYS = [
  STORAGE_KEYS.user,
  STORAGE_KEYS.token,
  STORAGE_KEYS.isModerator,
  STORAGE_KEYS.courseId,
  STORAGE_KEYS.assessmentId,
] as const;

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/** A stored user is usable when it has the profile's id; anything else counts as signed out. */
function isSessionUser(value: unknown): value is SessionUser {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

function withoutSecret(user: OwnProfile): SessionUser {
  const { secretKey: _secret, ...rest } = user;
  return rest;
}

/** The stored bearer token, or `null` (always `null` while rendering on the server). */
export function readToken(): string | null {
  const token = readStoredText(STORAGE_KEYS.token);
  return token && token.trim() !== '' ? token : null;
}

let cached: { token: string | null; userRaw: string | null; session: Session | null } = {
  token: null,
  userRaw: null,
  session: null,
};

/**
 * The stored session, or `null` when the token or the user is missing or unreadable. The same
 * object is returned until storage changes (React's external stores need a stable snapshot).
 */
export function readSession(): Session | null {
  const token = readToken();
  const userRaw = readStoredText(STORAGE_KEYS.user);
  if (token === cached.token && userRaw === cached.userRaw) return cached.session;
  const user = readStoredJson(STORAGE_KEYS.user);
  const session = token && isSessionUser(user) ? { token, user } : null;
  cached = { token, userRaw, session };
  return session;
}

/** Spec §1 "the local check": whether this browser holds a session (no request is made). */
export function isLoggedIn(): boolean {
  return readSession() !== null;
}

/** Stores a new session after a sign-in (`{ token, user }` of the auth calls). */
export function startSession(session: { token: string; user: OwnProfile }): void {
  writeStoredText(STORAGE_KEYS.token, session.token);
  writeStoredJson(STORAGE_KEYS.user, withoutSecret(session.user));
  notify();
}

/** Replaces the stored user with a fresher profile from the API (the token stays). */
export function updateSessionUser(user: OwnProfile): void {
  if (!readToken()) return;
  const current = readSession()?.user;
  const next = withoutSecret(user);
  if (current && JSON.stringify(current) === JSON.stringify(next)) return;
  writeStoredJson(STORAGE_KEYS.user, next);
  notify();
}

/**
 * Ends the session in this browser (spec §4 "Logout", §6 "A 401 on a dashboard page clears the
 * session"): removes exactly {@link SESSION_KEYS} and the `quiz_progress_` keys.
 */
export function clearSession(): void {
  for (const key of SESSION_KEYS) removeStored(key);
  for (const key of storedKeysWithPrefix(QUIZ_PROGRESS_PREFIX))
    removeStored(key as `${typeof QUIZ_PROGRESS_PREFIX}${string}`);
  notify();
}

/** Calls `listener` whenever the session changes, here or in another tab. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/**
 * The session as React state. `null` on the server and during hydration (pages render the same
 * signed-out markup there), then the stored session.
 */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

/**
 * Whether the stored session has been read (false on the server and while hydrating), so a page
 * can tell "signed out" from "not known yet" before redirecting.
 */
export function useSessionKnown(): boolean {
  return useSyncExternalStore(
    subscribeSession,
    () => true,
    () => false,
  );
}
