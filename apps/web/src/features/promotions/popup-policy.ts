import { siteConfig } from '../../lib/site-config';

/*
 * The one policy of the popups that float over pages (issue 16 "Popups that help instead of
 * block"): the campaign offer, the referral invite and the counselling popups all ask here.
 *
 * - Never on the pages where a visitor is doing something that matters more: signing in
 *   (`/auth/*`), paying (`/payments/*`, `/pay/*`), working on the dashboard (`/dashboard*`) or in
 *   the staff console (`/admin/*`).
 * - At most one popup per visit opens by itself (sessionStorage): after the campaign offer, no
 *   referral invite; after a counselling popup the visitor asked for, nothing else.
 * - A popup the visitor closed stays closed for `popupSnoozeDays` days (the server's
 *   `POPUP_SNOOZE_DAYS`, default 7), remembered with the time in localStorage, so a full reload
 *   never brings it back.
 * - Never over a form the visitor is typing in, nor over another dialog: the popup waits.
 */

/** sessionStorage: set once a popup opened in this visit. */
export const POPUP_SHOWN_KEY = 'popup_shown_this_visit';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where no popup opens (by itself or otherwise). */
const EXCLUDED = /^\/(auth|payments|pay|admin)(\/|$)|^\/dashboard(\/|$)/;

export function popupAllowedOn(pathname: string): boolean {
  return !EXCLUDED.test(pathname);
}

/** The localStorage key a closed popup is remembered under. */
export function snoozeKey(popup: string): string {
  // The referral invite keeps the key it always had, so visitors who closed it stay unbothered.
  return popup === 'referral' ? 'referral_invite_seen' : `popup_closed:${popup}`;
}

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Whether `popup` was closed less than the snooze's days ago. */
export function isSnoozed(
  popup: string,
  now: number = Date.now(),
  days: number = siteConfig().popupSnoozeDays,
): boolean {
  try {
    const closedAt = Number(local()?.getItem(snoozeKey(popup)) ?? Number.NaN);
    return Number.isFinite(closedAt) && now - closedAt < days * DAY_MS;
  } catch {
    return false;
  }
}

/** Remembers that the visitor closed `popup` now. */
export function snoozePopup(popup: string, now: number = Date.now()): void {
  try {
    local()?.setItem(snoozeKey(popup), String(now));
  } catch {
    // storage refused: it stays closed for this page view only (the UI state)
  }
}

export function popupShownThisVisit(): boolean {
  try {
    const store = session();
    return store !== null && store.getItem(POPUP_SHOWN_KEY) !== null;
  } catch {
    return false;
  }
}

export function markPopupShown(): void {
  try {
    session()?.setItem(POPUP_SHOWN_KEY, '1');
  } catch {
    // storage refused: the page's own state still keeps it to one
  }
}

/** Whether `popup` may open by itself on `pathname` now. */
export function mayOpenByItself(popup: string, pathname: string, now: number = Date.now()): boolean {
  return popupAllowedOn(pathname) && !popupShownThisVisit() && !isSnoozed(popup, now);
}

/** Fields a visitor types into (not buttons, checkboxes or radios). */
const TEXT_ENTRY =
  'textarea, select, input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="reset"])';

/** Whether the visitor is typing in a field of the page right now. */
export function isTyping(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.matches(TEXT_ENTRY) || active.isContentEditable);
}

/** Whether another modal dialog (a reminder, a feedback form) is open: popups never stack on it. */
export function anotherDialogOpen(): boolean {
  return document.querySelector('dialog[open]') !== null;
}

/** How long after the visitor's last tap or key press the page counts as free. */
export const QUIET_AFTER_INPUT_MS = 3000;

/**
 * Calls `open` once `delayMs` has passed with the page free: a visitor typing (a search, a form)
 * is never interrupted — the wait starts again when they leave the field — nothing opens over
 * another dialog (the wait starts again), and nothing opens within `QUIET_AFTER_INPUT_MS` of a tap
 * or key press: what the visitor just pressed may be opening a form of its own (a lazily loaded
 * dialog), which a popup must not race. Returns the cancel function.
 */
export function whenPageIsFree(open: () => void, delayMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastInput = Number.NEGATIVE_INFINITY;
  const onInput = () => {
    lastInput = Date.now();
  };
  document.addEventListener('pointerdown', onInput, true);
  document.addEventListener('keydown', onInput, true);
  const arm = (wait: number = delayMs) => {
    timer = setTimeout(() => {
      const sinceInput = Date.now() - lastInput;
      if (isTyping()) document.addEventListener('focusout', rearm, { once: true });
      else if (anotherDialogOpen()) arm();
      else if (sinceInput < QUIET_AFTER_INPUT_MS) arm(QUIET_AFTER_INPUT_MS - sinceInput);
      else {
        document.removeEventListener('pointerdown', onInput, true);
        document.removeEventListener('keydown', onInput, true);
        open();
      }
    }, wait);
  };
  const rearm = () => arm();
  arm();
  return () => {
    clearTimeout(timer);
    document.removeEventListener('focusout', rearm);
    document.removeEventListener('pointerdown', onInput, true);
    document.removeEventListener('keydown', onInput, true);
  };
}
