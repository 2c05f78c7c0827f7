import { useEffect, useState } from 'react';

/*
 * Copying to the clipboard, shared by the profile (calendar key) and the referral page (link, code).
 */

/** The clipboard API needs a secure context; elsewhere copy through a selected, hidden text area. */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies text and remembers which thing was copied for a moment (to say "Copied", screen readers too). */
export function useCopy(): [string | null, (key: string, text: string) => void] {
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), 2500);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = (key: string, text: string) => {
    if (navigator.clipboard?.writeText) {
      void navigator.clipboard
        .writeText(text)
        .then(() => setCopied(key))
        .catch(() => setCopied(copyBySelection(text) ? key : null));
    } else {
      setCopied(copyBySelection(text) ? key : null);
    }
  };
  return [copied, copy];
}
