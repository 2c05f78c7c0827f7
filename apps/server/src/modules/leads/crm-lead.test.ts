import { describe, expect, it } from 'vitest';
import { crmPhone, splitName, toCrmLead } from './crm-lead.js';
import { isDesignatedPage } from './lead-intake.js';

/* The spec's lead mapping (§3, §5, §9) and the designated pages (§4), without a database. */
describe('the CRM lead mapping', () => {
  it('when a number has no dial code, then it is Indian: +91 / IN, digits only', () => {
    expect(crmPhone('98765 43210')).toEqual({
      type: 'MOBILE',
      code: 'IN',
      value: '9876543210',
      dialCode: '+91',
      primary: true,
    });
    expect(crmPhone('+91 9876543210')).toMatchObject({ code: 'IN', dialCode: '+91', value: '9876543210' });
    expect(crmPhone('+880 1712345678')).toMatchObject({ code: 'BD', dialCode: '+880' });
    expect(crmPhone('+94 771234567')).toMatchObject({ code: 'LK', dialCode: '+94' });
    expect(crmPhone('+65 81234567')).toMatchObject({ code: 'SG' });
    expect(crmPhone('+61 412345678')).toMatchObject({ code: 'AU' });
    expect(crmPhone('+49 15123456789')).toMatchObject({ code: 'DE' });
  });

  it('when a name has several words, then the first is the first name and the rest the last name', () => {
    expect(splitName('  Anna  Maria   Rao ')).toEqual({ firstName: 'Anna', lastName: 'Maria Rao' });
    expect(splitName('Priya')).toEqual({ firstName: '', lastName: 'Priya' });
  });

  it('when UTM values are missing or blank, then they are null; the e-mail is lower-cased', () => {
    const lead = toCrmLead({
      name: 'A B',
      email: ' A@Example.COM ',
      mobile: '+91 9876543210',
      products: [],
      requirementName: 'x',
      utm: { utmSource: ' ', utmTerm: 'revit' },
    });
    expect(lead).toMatchObject({
      emails: [{ type: 'OFFICE', value: 'a@example.com', primary: true }],
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmTerm: 'revit',
      source: 2471051,
      campaign: 1098285,
    });
  });

  it('when a form is the consultation booking or the brochure form, then it is a designated page', () => {
    expect(isDesignatedPage('callback', 'consultation')).toBe(true);
    expect(isDesignatedPage('curriculum_form')).toBe(true);
    expect(isDesignatedPage('callback', 'counselling')).toBe(false);
    expect(isDesignatedPage('hire_us')).toBe(false);
  });
});
