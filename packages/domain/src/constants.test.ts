import { describe, expect, it } from 'vitest';
import * as domain from './index.js';

describe('business constants (spec §9)', () => {
  it.each([
    { name: 'WORKSHOP_TYPE', expected: { masterclass: 1, course: 2 } },
    { name: 'SESSION_TYPE', expected: { live: 1, recorded: 2 } },
    { name: 'CAMPAIGN_BANNER_TYPE', expected: { popup: 1, sidebar: 2 } },
    { name: 'FEEDBACK_TYPE', expected: { first: 1, second: 2 } },
    { name: 'FEEDBACK_THRESHOLD', expected: { 1: 0.2, 2: 0.65 } },
    { name: 'FEEDBACK_STATUS_PENDING', expected: 0 },
    { name: 'INSTALMENT_POPUP_WINDOW', expected: { minDays: 1, maxDays: 5 } },
    { name: 'LEAD_SOURCE_ID', expected: 2471051 },
    { name: 'LEAD_CAMPAIGN_ID', expected: 1098285 },
    { name: 'LEAD_DIAL_CODE', expected: '+91' },
    { name: 'LEAD_COUNTRY_CODE', expected: 'IN' },
    { name: 'LEAD_PHONE_TYPE', expected: 'MOBILE' },
    { name: 'LEAD_EMAIL_TYPE', expected: 'OFFICE' },
    {
      name: 'GREETING_HOURS',
      expected: { morning: { from: 0, to: 11 }, afternoon: { from: 12, to: 16 } },
    },
    { name: 'DEFAULT_CURRENCY', expected: 'INR' },
    { name: 'DEFAULT_TIME_ZONE', expected: 'Asia/Kolkata' },
    { name: 'THEME_COLOUR', expected: '#f59a4c' },
    { name: 'LOADING_BAR_COLOUR', expected: '#e3683b' },
    { name: 'GOOGLE_SCOPES', expected: ['openid', 'profile', 'email'] },
    { name: 'CONSULTATION_PACKAGE_ORDER', expected: [3, 2, 4, 1] },
    { name: 'CONSULTATION_UNCHECKED_COVERED', expected: { 3: 2, 2: 1 } },
    {
      name: 'IAM',
      expected: { student: 'student', graduate: 'graduate', professional: 'professional' },
    },
    {
      name: 'IAM_LABELS',
      expected: {
        student: 'Student',
        graduate: 'Graduate (0-1 Years)',
        professional: 'Early Professional (1-3 Years)',
      },
    },
    { name: 'IAM_NEEDING_COLLEGE', expected: ['student', 'graduate'] },
  ])('when $name is imported, then it holds the spec’s value', ({ name, expected }) => {
    expect((domain as Record<string, unknown>)[name]).toEqual(expected);
  });

  it('when a caller tries to change a constant, then it cannot', () => {
    expect(Object.isFrozen(domain.WORKSHOP_TYPE)).toBe(true);
    expect(Object.isFrozen(domain.GOOGLE_SCOPES)).toBe(true);
    expect(Object.isFrozen(domain.GREETING_HOURS.morning)).toBe(true);
    expect(Object.isFrozen(domain.CONSULTATION_PACKAGE_ORDER)).toBe(true);
  });
});

describe('the package surface (domain contract)', () => {
  const contractFunctions = [
    'greeting',
    'sessionLabel',
    'formatSessionTime',
    'nextSession',
    'courseTiming',
    'arrangeEnrolledCourses',
    'homeCourseBuckets',
    'sortCategories',
    'catalogueOrder',
    'workshopPricing',
    'formatPrice',
    'slugify',
    'workshopPath',
    'blogPath',
    'youtubeId',
    'splitMobile',
    'iamLabel',
    'assignmentStatus',
    'overdueAssignments',
    'isQuizAttempted',
    'quizPercentage',
    'moduleQuizScore',
    'instalmentAlert',
    'feedbackFormsDue',
    'isProfileComplete',
    'onboardingStep',
    'canSendLead',
    'buildLead',
    'leadDue',
  ];
  it.each(contractFunctions)('when the package is imported, then %s is a function', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });
});
