/**
 * Local storage keys of spec §3 ("Local storage keys") and safe access to them. Every read and
 * write tolerates a missing `window` (server rendering), disabled storage and corrupt values.
 */
export const STORAGE_KEYS = {
  /** Currency code and when it was looked up: `{ code, time }` (spec §4 "Currency cache"). */
  currency: 'cuid',
  trackerId: 'tracker_id',
  activeFrom: 'active_from',
  lastActive: 'last_active',
  crmNotes: 'cp_notes',
  crmSent: 'cp_sent',
  crmVisitDate: 'cp_visit_date',
  /** The signed-in user's profile (JSON, without its private `secretKey`); spec §3, §6. */
  user: 'user',
  /** The bearer token of the signed-in user (plain text); spec §6. */
  token: 'token',
  /** Set while a moderator views a learner's dashboard: suppresses feedback prompts (spec §4, §6). */
  isModerator: 'isModerator',
  /** The course and assessment the learner last opened (course dashboard, assessments). */
  courseId: 'courseId',
  assessmentId: 'assessmentId',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Quiz progress is kept per quiz under `quiz_progress_{id}`; logout removes every such key (spec §4). */
export const QUIZ_PROGRESS_PREFIX = 'quiz_progress_';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // access denied (privacy mode, sandboxed frame)
  }
}

/** The parsed JSON under `key`, or `null` when absent, unreadable or not JSON. */
export function readStoredJson(key: StorageKey): unknown {
  try {
    const raw = storage()?.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`; silently does nothing where storage is unavailable or full. */
export function writeStoredJson(key: StorageKey, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the cache is an optimisation only
  }
}

/** Whether `key` was flagged in this browser tab's session (e.g. a popup already shown). */
export function hasSessionFlag(key: string): boolean {
  try {
    return typeof window !== 'undefined' && window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** Flags `key` for the rest of this tab's session. */
export function setSessionFlag(key: string): void {
  try {
    if (typeof window !== 'undefined') window.sessionStorage.setItem(key, '1');
  } catch {
    // storage disabled: the flag then lasts for this page only (kept in the UI store)
  }
}

/** The text under `key`, or `null` when absent or unavailable. */
export function readStoredText(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores `value` as text under `key`; does nothing where storage is unavailable or full. */
export function writeStoredText(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // storage disabled or full: the value then lives for this page only
  }
}

/** Removes `key` (a spec key, or a prefixed key such as a quiz's progress). */
export function removeStored(key: StorageKey | `${typeof QUIZ_PROGRESS_PREFIX}${string}`): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** Every key currently stored that starts with `prefix`. */
export function storedKeysWithPrefix(prefix: string): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  try {
    for (let i = 0; i < store.length; i += 1) {
      const key = store.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    return [];
  }
  return keys;
}
