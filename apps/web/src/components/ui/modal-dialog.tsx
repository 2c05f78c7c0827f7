import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

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
export function ModalDialog({ labelledBy, onClose, className, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onClose={onClose}
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
