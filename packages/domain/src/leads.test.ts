import { describe, expect, it } from 'vitest';
import { buildLead, canSendLead, leadDue, splitMobile, type CrmLead, type LeadInput } from './index.js';
import { NOW, TODAY, TOMORROW, YESTERDAY, withFrozen } from '../test/support.js';

describe('splitMobile (spec §5: the part after the space if there is one)', () => {
  it.each([
    { mobile: '+91 9876543210', expected: '9876543210' },
    { mobile: '+91 98765 43210', expected: '98765 43210' },
    { mobile: '9876543210', expected: '9876543210' },
    { mobile: '  +91   9876543210  ', expected: '9876543210' },
    { mobile: '9876543210 ', expected: '9876543210' },
    { mobile: '+91 ', expected: '+91' },
    { mobile: 9876543210, expected: '9876543210' },
    { mobile: '', expected: '' },
    { mobile: null, expected: '' },
  ])('when the mobile is "$mobile", then it becomes "$expected"', ({ mobile, expected }) => {
    expect(splitMobile(mobile)).toBe(expected);
  });
});

describe('canSendLead (spec §5: both email and mobile required)', () => {
  it.each([
    { when: 'both are present', user: { email: 'a@b.in', mobile: '+91 98' }, expected: true },
    { when: 'the mobile is a number', user: { email: 'a@b.in', mobile: 98 }, expected: true },
    { when: 'the email is empty', user: { email: '', mobile: '+91 98' }, expected: false },
    { when: 'the mobile is missing', user: { email: 'a@b.in' }, expected: false },
    { when: 'the email is blank', user: { email: '  ', mobile: '98' }, expected: false },
    { when: 'there is no user', user: null, expected: false },
  ])('when $when, then a lead can be sent: $expected', ({ user, expected }) => {
    expect(canSendLead(user)).toBe(expected);
  });
});

describe('buildLead (spec §3 lead, §9 ids and codes)', () => {
  const input = {
    name: 'Asha Rao Kumar',
    email: 'asha@example.com',
    mobile: '+91 9876543210',
    products: [{ id: 55, name: 'BIM Professional' }],
    requirementName: 'BIM Professional',
    utmSource: 'google',
    utmMedium: 'cpc',
    utmCampaign: 'spring',
    utmTerm: 'revit course',
  } satisfies LeadInput;

  it('when a full input is given, then the lead carries the spec’s fields and default ids', () => {
    const lead = withFrozen([input], (i) => buildLead(i));
    expect(lead).toEqual({
      firstName: 'Asha',
      lastName: 'Rao Kumar',
      phoneNumbers: [{ type: 'MOBILE', code: 'IN', value: '9876543210', dialCode: '+91', primary: true }],
      emails: [{ type: 'OFFICE', value: 'asha@example.com', primary: true }],
      products: [{ id: 55, name: 'BIM Professional' }],
      requirementName: 'BIM Professional',
      source: 2471051,
      campaign: 1098285,
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      utmTerm: 'revit course',
    } satisfies CrmLead);
    expect(lead.products).not.toBe(input.products);
    expect(lead.products[0]).not.toBe(input.products[0]);
  });

  it('when settings are given, then they replace the defaults', () => {
    const lead = buildLead(input, {
      sourceId: 1,
      campaignId: 2,
      dialCode: '+1',
      countryCode: 'US',
    });
    expect(lead.source).toBe(1);
    expect(lead.campaign).toBe(2);
    expect(lead.phoneNumbers).toEqual([
      { type: 'MOBILE', code: 'US', value: '9876543210', dialCode: '+1', primary: true },
    ]);
  });

  it('when settings are partial, then the rest keep their defaults', () => {
    const lead = buildLead(input, { campaignId: 7 });
    expect([lead.source, lead.campaign, lead.phoneNumbers[0]?.dialCode, lead.phoneNumbers[0]?.code]).toEqual([
      2471051,
      7,
      '+91',
      'IN',
    ]);
  });

  it.each([
    { name: 'Asha', first: 'Asha', last: '' },
    { name: '  Asha   Rao ', first: 'Asha', last: 'Rao' },
    { name: '', first: '', last: '' },
    { name: null, first: '', last: '' },
  ])('when the name is "$name", then it splits into "$first" and "$last"', ({ name, first, last }) => {
    const lead = buildLead({ ...input, name });
    expect([lead.firstName, lead.lastName]).toEqual([first, last]);
  });

  it('when fields are missing, then texts become empty and lists empty', () => {
    expect(buildLead({})).toEqual({
      firstName: '',
      lastName: '',
      phoneNumbers: [{ type: 'MOBILE', code: 'IN', value: '', dialCode: '+91', primary: true }],
      emails: [{ type: 'OFFICE', value: '', primary: true }],
      products: [],
      requirementName: '',
      source: 2471051,
      campaign: 1098285,
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      utmTerm: '',
    });
  });
});

describe('leadDue (spec §4: once per day, or every time on designated pages)', () => {
  it.each([
    { when: 'nothing was ever sent', last: null, designated: false, tz: undefined, expected: true },
    {
      when: 'a lead was sent today',
      last: TODAY,
      designated: false,
      tz: undefined,
      expected: false,
    },
    {
      when: 'a lead was sent today but this is a designated page',
      last: TODAY,
      designated: true,
      tz: undefined,
      expected: true,
    },
    {
      when: 'the last lead was sent yesterday in Kolkata',
      last: YESTERDAY,
      designated: false,
      tz: undefined,
      expected: true,
    },
    {
      when: 'that same date is today in UTC',
      last: YESTERDAY,
      designated: false,
      tz: 'UTC',
      expected: false,
    },
    {
      when: 'the stored date is in the future',
      last: TOMORROW,
      designated: false,
      tz: undefined,
      expected: true,
    },
    {
      when: 'the stored date is garbage',
      last: 'yesterday',
      designated: false,
      tz: undefined,
      expected: true,
    },
    {
      when: "the stored date is '0000-00-00'",
      last: '0000-00-00',
      designated: false,
      tz: undefined,
      expected: true,
    },
  ])('when $when, then a lead is due: $expected', ({ last, designated, tz, expected }) => {
    expect(leadDue(last, NOW, designated, tz)).toBe(expected);
  });
});
