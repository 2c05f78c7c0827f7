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
  user: 'user',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

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
