import { useEffect, useState } from 'react';

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

/** Copies text and remembers which thing was copied for a moment (to say "Copied"). */
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

/** Whether the device offers its own share sheet (Web Share API): phones mostly. */
export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}
