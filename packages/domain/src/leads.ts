/**
 * Leads for the customer-relationship service (spec §3 "Lead sent to the customer-relationship
 * service", §4 "Lead and note sending", §5, §9; domain contract "Profile and leads").
 */

import {
  DEFAULT_TIME_ZONE,
  LEAD_CAMPAIGN_ID,
  LEAD_COUNTRY_CODE,
  LEAD_DIAL_CODE,
  LEAD_EMAIL_TYPE,
  LEAD_PHONE_TYPE,
  LEAD_SOURCE_ID,
} from './constants.js';
import { parseWireDate, resolveTimeZone, todayIn } from './calendar.js';
import { hasText, isRecord, readText } from './wire.js';

/** A product the lead is interested in, passed through to the service as given. */
export type LeadProduct = number | string | Readonly<Record<string, unknown>>;

/** What {@link buildLead} needs from the form or the user. */
export interface LeadInput {
  name?: string | null;
  email?: string | null;
  mobile?: string | number | null;
  products?: readonly LeadProduct[] | null;
  requirementName?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmTerm?: string | null;
}

/** Overrides of the lead defaults (spec §9); each missing one takes its default. */
export interface LeadSettings {
  sourceId?: number | null;
  campaignId?: number | null;
  dialCode?: string | null;
  countryCode?: string | null;
}

/** A phone number of a lead. */
export interface CrmPhoneNumber {
  type: typeof LEAD_PHONE_TYPE;
  code: string;
  value: string;
  dialCode: string;
  primary: true;
}

/** An e-mail address of a lead. */
export interface CrmEmail {
  type: typeof LEAD_EMAIL_TYPE;
  value: string;
  primary: true;
}

/** The lead as the customer-relationship service takes it (spec §3). */
export interface CrmLead {
  firstName: string;
  lastName: string;
  phoneNumbers: CrmPhoneNumber[];
  emails: CrmEmail[];
  products: LeadProduct[];
  requirementName: string;
  source: number;
  campaign: number;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  utmTerm: string;
}

/** The user fields {@link canSendLead} reads. */
export interface LeadContact {
  email?: string | null;
  mobile?: string | number | null;
}

/**
 * The local part of a mobile number (spec §5 "The mobile number is split on a space; the part
 * after the space is used if there is one"): the text is trimmed, split at its first space, and the
 * part after it is returned, trimmed; without a space the whole. A number is read as its digits;
 * anything else gives `''`.
 */
export function splitMobile(mobile: string | number | null | undefined): string {
  const text = readText(mobile).trim();
  const space = text.indexOf(' ');
  return space === -1 ? text : text.slice(space + 1).trim();
}

/** Both `email` and `mobile` non-empty (spec §5 "Before sending a lead, the client requires both"). */
export function canSendLead(user: LeadContact | null | undefined): boolean {
  return isRecord(user) && hasText(user.email) && hasText(user.mobile);
}

/**
 * The lead to send (spec §3 "Lead sent to the customer-relationship service", §9): the name split
 * at its first space into `firstName` and `lastName` (`''` for a one-word name), one `MOBILE` phone
 * number with `splitMobile(mobile)`, one `OFFICE` e-mail, the products (copied), the requirement
 * and UTM fields, and the plain `source` and `campaign` ids. `settings` overrides the defaults
 * 2471051, 1098285, `'+91'` and `'IN'`. Missing text fields become `''`.
 */
export function buildLead(input: LeadInput | null | undefined, settings?: LeadSettings | null): CrmLead {
  const data: LeadInput = isRecord(input) ? input : {};
  const options: LeadSettings = isRecord(settings) ? settings : {};
  const name = readText(data.name).trim();
  const space = name.indexOf(' ');
  return {
    firstName: space === -1 ? name : name.slice(0, space),
    lastName: space === -1 ? '' : name.slice(space + 1).trim(),
    phoneNumbers: [
      {
        type: LEAD_PHONE_TYPE,
        code: options.countryCode ?? LEAD_COUNTRY_CODE,
        value: splitMobile(data.mobile),
        dialCode: options.dialCode ?? LEAD_DIAL_CODE,
        primary: true,
      },
    ],
    emails: [{ type: LEAD_EMAIL_TYPE, value: readText(data.email).trim(), primary: true }],
    products: Array.isArray(data.products)
      ? Array.from(data.products, (product: LeadProduct) => (isRecord(product) ? { ...product } : product))
      : [],
    requirementName: readText(data.requirementName),
    source: options.sourceId ?? LEAD_SOURCE_ID,
    campaign: options.campaignId ?? LEAD_CAMPAIGN_ID,
    utmSource: readText(data.utmSource),
    utmMedium: readText(data.utmMedium),
    utmCampaign: readText(data.utmCampaign),
    utmTerm: readText(data.utmTerm),
  };
}

/**
 * Whether a lead (and note) should be sent now (spec §4 "Lead and note sending: sent once per day,
 * or every time on the designated pages"): true on a designated page, or when `lastSentDate` (a
 * wire date or `null`) is not today in `tz` — nothing was sent yet today. Use
 * {@link toWireDate} to record the date after sending.
 */
export function leadDue(
  lastSentDate: string | null | undefined,
  now: Date,
  onDesignatedPage: boolean,
  tz: string = DEFAULT_TIME_ZONE,
): boolean {
  if (onDesignatedPage) return true;
  const last = parseWireDate(lastSentDate);
  return last === null || last !== todayIn(now, resolveTimeZone(tz));
}
