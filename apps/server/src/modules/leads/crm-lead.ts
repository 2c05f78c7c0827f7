import {
  LEAD_CAMPAIGN_ID,
  LEAD_COUNTRY_CODE,
  LEAD_DIAL_CODE,
  LEAD_EMAIL_TYPE,
  LEAD_PHONE_TYPE,
  LEAD_SOURCE_ID,
} from '@atelier/domain';
import type { UtmFields } from '@atelier/contract';
import type { CrmLead, CrmPhoneNumber } from '../../integrations/crm/types.js';

/*
 * The lead exactly as the CRM gets it (spec §3 "Lead sent to the customer-relationship service",
 * §5, §9). The constants (source 2471051, campaign 1098285, +91 / IN, MOBILE, OFFICE) live in
 * `@atelier/domain` with the rest of the spec's numbers.
 */

/**
 * ISO 3166 country of a calling code, for the phone's `code`. The countries our learners come
 * from most; a code shared by several countries (+1, +7, +44) takes the largest. A code not listed
 * keeps its dial code with `code: ''` rather than a wrong country.
 */
export const DIAL_CODE_COUNTRIES: Readonly<Record<string, string>> = Object.freeze({
  '+1': 'US',
  '+7': 'RU',
  '+20': 'EG',
  '+27': 'ZA',
  '+31': 'NL',
  '+33': 'FR',
  '+34': 'ES',
  '+39': 'IT',
  '+41': 'CH',
  '+44': 'GB',
  '+46': 'SE',
  '+49': 'DE',
  '+60': 'MY',
  '+61': 'AU',
  '+62': 'ID',
  '+63': 'PH',
  '+64': 'NZ',
  '+65': 'SG',
  '+66': 'TH',
  '+81': 'JP',
  '+82': 'KR',
  '+86': 'CN',
  '+90': 'TR',
  '+91': 'IN',
  '+92': 'PK',
  '+93': 'AF',
  '+94': 'LK',
  '+95': 'MM',
  '+98': 'IR',
  '+353': 'IE',
  '+852': 'HK',
  '+880': 'BD',
  '+960': 'MV',
  '+961': 'LB',
  '+962': 'JO',
  '+965': 'KW',
  '+966': 'SA',
  '+968': 'OM',
  '+971': 'AE',
  '+973': 'BH',
  '+974': 'QA',
  '+975': 'BT',
  '+977': 'NP',
});

/**
 * The phone as the CRM wants it from our normalised `+91 9876543210` (spec §5: the part after
 * the space is the number). Without a `+code ` prefix the number is Indian (+91 / IN, spec §9).
 */
export function crmPhone(mobile: string): CrmPhoneNumber {
  const match = /^(\+\d{1,3})\s+(.+)$/.exec(mobile.trim());
  if (!match) {
    return {
      type: LEAD_PHONE_TYPE,
      code: LEAD_COUNTRY_CODE,
      value: mobile.replace(/\D/g, ''),
      dialCode: LEAD_DIAL_CODE,
      primary: true,
    };
  }
  const dialCode = match[1]!;
  return {
    type: LEAD_PHONE_TYPE,
    code: dialCode === LEAD_DIAL_CODE ? LEAD_COUNTRY_CODE : (DIAL_CODE_COUNTRIES[dialCode] ?? ''),
    value: match[2]!.replace(/\D/g, ''),
    dialCode,
    primary: true,
  };
}

/**
 * First and last name: split at the first space (the domain's rule). A one-word name goes to
 * `lastName` with `firstName` empty — the CRM requires a last name and shows "first last", so
 * the person reads as "Priya", not "Priya -" or "Priya Priya".
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const clean = name.trim().replace(/\s+/g, ' ');
  const space = clean.indexOf(' ');
  if (space === -1) return { firstName: '', lastName: clean };
  return { firstName: clean.slice(0, space), lastName: clean.slice(space + 1) };
}

const utm = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

export interface CrmLeadInput {
  name: string;
  email: string;
  mobile: string;
  products: Array<{ id: number | string; name?: string }>;
  requirementName: string;
  utm: UtmFields;
}

/** The spec's lead, field for field (absent UTM values are `null`). */
export function toCrmLead(input: CrmLeadInput): CrmLead {
  return {
    ...splitName(input.name),
    phoneNumbers: [crmPhone(input.mobile)],
    // A trip applicant may be known by mobile only (an account made with a mobile code).
    emails: input.email.trim()
      ? [{ type: LEAD_EMAIL_TYPE, value: input.email.trim().toLowerCase(), primary: true }]
      : [],
    products: input.products.map((p) => ({ ...p })),
    requirementName: input.requirementName,
    source: LEAD_SOURCE_ID,
    campaign: LEAD_CAMPAIGN_ID,
    utmSource: utm(input.utm.utmSource),
    utmMedium: utm(input.utm.utmMedium),
    utmCampaign: utm(input.utm.utmCampaign),
    utmTerm: utm(input.utm.utmTerm),
  };
}
