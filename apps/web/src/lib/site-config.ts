/*
 * Settings of the server the browser needs (issue 16), handed over in the page's data block
 * (`SsrPayload.config`, written by the renderer from the server's config) like the site's public
 * address: no extra call, and the same values on every page of the visit.
 */
export interface SiteConfig {
  /** Days a closed automatic popup stays closed (server `POPUP_SNOOZE_DAYS`). */
  popupSnoozeDays: number;
  /** The sister site whose newsletter the footer subscribes to (first of `REDIRECT_PARTNERS`). */
  newsletterPartner: string;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = { popupSnoozeDays: 7, newsletterPartner: 'studio' };

let current: SiteConfig = DEFAULT_SITE_CONFIG;

/** Keeps what the page's data block says, value by value; anything malformed keeps its default. */
export function setSiteConfig(value: unknown): void {
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const days = given.popupSnoozeDays;
  const partner = given.newsletterPartner;
  current = {
    popupSnoozeDays:
      typeof days === 'number' && Number.isInteger(days) && days >= 0 && days <= 365
        ? days
        : DEFAULT_SITE_CONFIG.popupSnoozeDays,
    newsletterPartner:
      typeof partner === 'string' && /^[a-z0-9-]{1,40}$/.test(partner)
        ? partner
        : DEFAULT_SITE_CONFIG.newsletterPartner,
  };
}

export function siteConfig(): SiteConfig {
  return current;
}
