import { describe, expect, it } from 'vitest';
import { iamLabel, isProfileComplete, onboardingStep, type ProfileLike } from './index.js';
import { withFrozen } from '../test/support.js';

const complete = {
  email: 'asha@example.com',
  name: 'Asha Rao',
  mobile: '+91 98765 43210',
  gender: 'female',
  dob: '1999-05-04',
  city: 'Pune',
  iam: 'student',
  college: 'CEPT',
} satisfies ProfileLike;

describe('isProfileComplete (spec §5: email, name, gender, dob, city and iam all present)', () => {
  it.each([
    { when: 'all six are present', profile: complete, expected: true },
    {
      when: 'mobile and college are missing (not required)',
      profile: { ...complete, mobile: null, college: '' },
      expected: true,
    },
    { when: 'email is empty', profile: { ...complete, email: '' }, expected: false },
    { when: 'name is null', profile: { ...complete, name: null }, expected: false },
    { when: 'gender is missing', profile: { ...complete, gender: undefined }, expected: false },
    { when: "dob is '0000-00-00'", profile: { ...complete, dob: '0000-00-00' }, expected: false },
    { when: 'dob is empty', profile: { ...complete, dob: '' }, expected: false },
    { when: 'city is blank', profile: { ...complete, city: '   ' }, expected: false },
    { when: 'iam is empty', profile: { ...complete, iam: '' }, expected: false },
    { when: 'the profile is null', profile: null, expected: false },
  ] satisfies { when: string; profile: ProfileLike | null; expected: boolean }[])(
    'when $when, then complete is $expected',
    ({ profile, expected }) => {
      expect(withFrozen([profile], (p) => isProfileComplete(p))).toBe(expected);
    },
  );
});

describe('onboardingStep (spec §4 "Onboarding step score")', () => {
  it.each([
    { when: 'name is missing', profile: { ...complete, name: '' }, expected: 0 },
    { when: 'mobile is missing', profile: { ...complete, mobile: null }, expected: 0 },
    { when: 'dob is missing', profile: { ...complete, dob: '0000-00-00' }, expected: 0 },
    { when: 'gender is missing', profile: { ...complete, gender: undefined }, expected: 0 },
    {
      when: 'mobile and iam are both missing (the earlier step wins)',
      profile: { ...complete, mobile: '', iam: '' },
      expected: 0,
    },
    { when: 'iam is missing', profile: { ...complete, iam: null }, expected: 1 },
    {
      when: 'a student has no college',
      profile: { ...complete, iam: 'student', college: '' },
      expected: 1,
    },
    {
      when: 'a graduate has no college',
      profile: { ...complete, iam: 'graduate', college: null },
      expected: 1,
    },
    {
      when: 'a professional has no college and no city',
      profile: { ...complete, iam: 'professional', college: '', city: '' },
      expected: 2,
    },
    {
      when: 'a student with a college has no city',
      profile: { ...complete, city: null },
      expected: 2,
    },
    {
      when: 'a professional has no college but a city',
      profile: { ...complete, iam: 'professional', college: null },
      expected: 3,
    },
    { when: 'everything is filled', profile: complete, expected: 3 },
    { when: 'the mobile is a number', profile: { ...complete, mobile: 9876543210 }, expected: 3 },
    { when: 'the profile is null', profile: null, expected: 0 },
  ] satisfies { when: string; profile: ProfileLike | null; expected: number }[])(
    'when $when, then the step is $expected',
    ({ profile, expected }) => {
      expect(withFrozen([profile], (p) => onboardingStep(p))).toBe(expected);
    },
  );
});

describe('iamLabel (spec §3 "User profile")', () => {
  it.each([
    { iam: 'student', expected: 'Student' },
    { iam: 'graduate', expected: 'Graduate (0-1 Years)' },
    { iam: 'professional', expected: 'Early Professional (1-3 Years)' },
    { iam: ' Student ', expected: 'Student' },
    { iam: 'teacher', expected: '' },
    { iam: 'toString', expected: '' },
    { iam: '', expected: '' },
    { iam: null, expected: '' },
  ])('when iam is "$iam", then the label is "$expected"', ({ iam, expected }) => {
    expect(iamLabel(iam)).toBe(expected);
  });
});
