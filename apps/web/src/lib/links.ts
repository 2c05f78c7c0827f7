/** Where a link from API data may point: inside the app, or to an http(s) address elsewhere. */
export type SafeLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Checks a link that came from the API (banners, campaigns) before it becomes an `href`: a path
 * of this site, or an absolute http(s) URL. Anything else (`javascript:`, `data:`, `//host`)
 * gives `null`, so no script can ride in on content (security checklist E4).
 */
export function toSafeLink(link: string | null | undefined): SafeLink | null {
  const value = (link ?? '').trim();
  if (value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\'))
    return { kind: 'internal', to: value };
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? { kind: 'external', href: url.href }
      : null;
  } catch {
    return null;
  }
}
