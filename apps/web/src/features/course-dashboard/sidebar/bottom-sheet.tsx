import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { PANEL_TITLE_ID } from './panel-frame';

/** The phone breakpoint of the sidebar: at or below it, an open panel is a bottom sheet. */
export const PHONE_QUERY = '(max-width: 768px)';

function subscribePhone(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on a phone-sized screen (≤ 768 px); false while rendering on the server. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal bottom sheet for the open panel on a phone: focus moves in when it opens and returns to
 * where it was when it closes; Escape, the backdrop and the panel's close button close it; Tab
 * stays inside; the page behind does not scroll.
 */
export function BottomSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement;
    const sheet = ref.current;
    if (sheet && !sheet.contains(document.activeElement)) {
      (sheet.querySelector<HTMLElement>(`#${PANEL_TITLE_ID}`) ?? sheet).focus({ preventScroll: true });
    }
    const { body } = document;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
        opener.focus({ preventScroll: true });
      }
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (
      event.shiftKey &&
      (document.activeElement === first || !event.currentTarget.contains(document.activeElement))
    ) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="sidebar-sheet">
      <div className="sidebar-sheet__backdrop" aria-hidden="true" onClick={() => closeRef.current()} />
      {/* A modal dialog is interactive: its keys close it (Escape) and keep focus inside (Tab). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={ref}
        className="sidebar-sheet__body"
        role="dialog"
        aria-modal="true"
        aria-labelledby={PANEL_TITLE_ID}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="sidebar-sheet__handle" aria-hidden="true" />
        {children}
      </div>
    </div>
  );
}
