import { EmailSchema, MobileSchema, NewPasswordSchema, parseMobile } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile } from './auth.service.js';
import { commonPasswordCount, isCommonPassword, passwordProblem } from './password-policy.js';

describe('password policy', () => {
  it('when the list is loaded, then it holds at least 1000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(1000);
  });

  it('when a password is on the list in any letter case or width, then it is common', () => {
    for (const p of [
      'password',
      'PASSWORD',
      'Password@123',
      'qwerty123',
      'iloveyou',
      'welcome@123',
      'ｐａｓｓｗｏｒｄ',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(isCommonPassword('violet courtyard lattice')).toBe(false);
  });

  it('when lengths are counted, then it is characters after NFKC: 8 to 128', () => {
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('é'.normalize('NFD').repeat(7))).toMatch(/at least 8/);
    expect(passwordProblem('設計'.repeat(4))).toBeNull();
    expect(passwordProblem('☂'.repeat(128))).toBeNull();
    expect(passwordProblem('☂'.repeat(129))).toMatch(/at most 128/);
    expect(passwordProblem('qwerty123')).toMatch(/too common/);
    expect(passwordProblem('any characters at all, even spaces')).toBeNull();
  });

  it('when the contract checks a new password, then it applies the same length rule', () => {
    expect(NewPasswordSchema.safeParse('short').success).toBe(false);
    expect(NewPasswordSchema.safeParse('long enough').success).toBe(true);
    expect(NewPasswordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
});

describe('identifiers', () => {
  it('when Indian mobiles are typed in common ways, then they normalise to +91 and 10 digits starting 6–9', () => {
    for (const typed of [
      '9876543210',
      '09876543210',
      '+919876543210',
      '+91 98765 43210',
      '91-98765-43210',
      '0091 9876543210',
      '(+91) 98765.43210',
    ]) {
      expect(parseMobile(typed)?.normalized, typed).toBe('+91 9876543210');
    }
    for (const bad of [
      '5876543210',
      '987654321',
      '98765432101',
      '+91 5876543210',
      '+91 98765',
      'abc',
      '',
      '+0 123456789',
    ]) {
      expect(parseMobile(bad), bad).toBeNull();
    }
  });

  it('when international numbers are typed with their country code, then the dial code is recognised', () => {
    expect(parseMobile('+44 7911 123456')).toEqual({
      dialCode: '+44',
      national: '7911123456',
      normalized: '+44 7911123456',
    });
    expect(parseMobile('+1 415 555 2671')?.dialCode).toBe('+1');
    expect(parseMobile('+971 50 123 4567')?.dialCode).toBe('+971');
    expect(parseMobile('+7 912 345 6789')?.dialCode).toBe('+7');
    expect(parseMobile('+1234')).toBeNull();
    expect(parseMobile('+1234567890123456')).toBeNull();
  });

  it('when the contract reads emails and mobiles, then it trims, lower-cases and normalises', () => {
    expect(EmailSchema.parse('  Asha@Example.COM ')).toBe('asha@example.com');
    expect(EmailSchema.safeParse('not-an-email').success).toBe(false);
    expect(MobileSchema.parse('98765 43210')).toBe('+91 9876543210');
  });

  it('when contacts are masked for guest info, then only the first letter, the domain and the last four digits remain', () => {
    expect(maskEmail('meera@example.test')).toBe('m***@example.test');
    expect(maskMobile('+91 9123456789')).toBe('+91 ******6789');
    expect(maskEmail(null)).toBeNull();
  });
});
