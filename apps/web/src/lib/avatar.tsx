import { useState } from 'react';
import './avatar.css';

/** Up to two initials of a name ("Asha Learner" → "AL"), or of the e-mail when there is no name. */
export function initialsOf(name: string | null | undefined, fallback?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0)
    return words
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join('');
  return (fallback ?? '?').trim().charAt(0).toUpperCase() || '?';
}

/**
 * A user's round picture, or their initials on the theme colour (dark text, DESIGN.md) when there
 * is none or it fails to load. Decorative: the name is always written next to it or in a label.
 */
export function Avatar({
  name,
  email,
  imagePath,
  size = 'small',
  className,
}: {
  name: string | null | undefined;
  email?: string | null;
  imagePath: string | null | undefined;
  /** `small` 36 px (header), `large` 96 px (profile). Sizes are classes: the CSP allows no inline styles. */
  size?: 'small' | 'large';
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = imagePath && imagePath.startsWith('/') && !imagePath.startsWith('//') ? imagePath : null;
  const classes = ['user-avatar', `user-avatar--${size}`, className].filter(Boolean).join(' ');
  const pixels = size === 'large' ? 96 : 36;
  if (src && failed !== src) {
    return (
      <img
        className={classes}
        src={src}
        alt=""
        width={pixels}
        height={pixels}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span className={`${classes} user-avatar--initials`} aria-hidden="true">
      {initialsOf(name, email)}
    </span>
  );
}
