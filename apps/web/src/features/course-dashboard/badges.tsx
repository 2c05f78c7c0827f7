import type { ReactNode } from 'react';

/** Large decorative marks of the lock screen and the certificate popup (inline SVG, no emoji font). */
function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 48 48"
      width="56"
      height="56"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function LockBadge() {
  return (
    <Badge className="badge badge--lock">
      <rect x="11" y="21" width="26" height="20" rx="4" />
      <path d="M16 21v-6a8 8 0 0 1 16 0v6" />
      <path d="M24 29v5" />
    </Badge>
  );
}

export function AwardBadge() {
  return (
    <Badge className="badge badge--award">
      <circle cx="24" cy="19" r="11" />
      <path d="M24 13l1.9 3.9 4.1.6-3 2.9.7 4.1-3.7-1.9-3.7 1.9.7-4.1-3-2.9 4.1-.6z" />
      <path d="M17 28l-4 13 6-3 3 5 2-10" />
      <path d="M31 28l4 13-6-3-3 5-2-10" />
    </Badge>
  );
}
