import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Escape closes the dialog (handled here rather than left to the browser, so every engine
 * behaves alike), and Tab / Shift+Tab cycle inside it instead of leaving for the browser's chrome.
 */
function onDialogKeyDown(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.currentTarget.close();
    return;
  }
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface ModalDialogProps {
  /** Id of the element naming the dialog (its heading). */
  labelledBy: string;
  /** Id of the element describing it, if any. */
  describedBy?: string;
  /** Called once the dialog has closed, however it closed (Escape, close button, backdrop). */
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` element, shown with `showModal()` when mounted: the page
 * behind becomes inert, Escape closes it, focus stays inside and returns where it was on close.
 * A click on the backdrop closes it too. Render it only while it should be open.
 */
export function ModalDialog({ labelledBy, describedBy, onClose, className, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Where focus was before the dialog opened: it goes back there on close (a popup that opened
  // by itself returns focus to wherever the visitor was, a button's dialog to the button).
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    opener.current = document.activeElement;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // Browsers focus the first control as the dialog opens; make sure of it everywhere, so the
    // keyboard (Escape, Tab) acts on the dialog at once.
    if (!dialog.contains(document.activeElement)) {
      (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
    }
  }, []);
  const close = () => {
    const previous = opener.current;
    onClose();
    if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected) {
      previous.focus({ preventScroll: true });
    }
  };
  return (
    // A <dialog> is interactive: the keys keep focus inside it and a click on its backdrop closes it
    // (Escape closes it natively, so keyboard users lose nothing).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={close}
      onKeyDown={onDialogKeyDown}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {children}
    </dialog>
  );
}
