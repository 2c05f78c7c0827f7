/**
 * Malformed API data degrades instead of throwing (domain contract preamble): every rule is fed
 * arbitrary values — and API-shaped records whose fields are arbitrary — deep-frozen, and must
 * return without throwing and without touching its input.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as domain from './index.js';
import { withFrozen } from '../test/support.js';

const junk = fc.anything({
  maxDepth: 3,
  stringUnit: 'binary',
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withSparseArray: true,
  withBoxedValues: true,
  withMap: true,
  withSet: true,
});
const dateish = fc.oneof(
  junk,
  fc.constantFrom('0000-00-00', '', '2026-03-11', '2026-02-30', '2026-3-1', '9999-99-99'),
);
const timeish = fc.oneof(junk, fc.constantFrom('', '10:00', '24:00', '23:59:59', '7:5', '10:00 PM'));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(junk, arb);
const listOf = <T>(arb: fc.Arbitrary<T>) => maybe(fc.array(maybe(arb), { maxLength: 4 }));
const loose = (shape: Record<string, fc.Arbitrary<unknown>>) => maybe(fc.record(shape, { requiredKeys: [] }));

const schedule = loose({ startTime: timeish, endTime: timeish });
const enrolled = loose({
  id: junk,
  Batch: loose({
    sessionType: maybe(fc.constantFrom(1, 2, '2')),
    startDate: dateish,
    endDate: dateish,
    Workshop: loose({ id: junk, type: maybe(fc.constantFrom(1, 2, '1')) }),
    BatchSchedules: listOf(schedule),
  }),
});
const workshop = loose({
  id: junk,
  type: junk,
  shortTitle: junk,
  amount: junk,
  dollar: junk,
  Batches: listOf(
    loose({ startDate: dateish, amount: junk, dollar: junk, slashAmount: junk, slashDollar: junk }),
  ),
});
const category = loose({
  sequence: junk,
  Subcategory: listOf(
    loose({
      sequence: junk,
      CourseCategories: listOf(loose({ sequence: junk, Workshop: workshop })),
    }),
  ),
});
const assignment = loose({ AssignmentResponses: listOf(loose({ link: junk, pdf: junk })) });
const session = loose({
  sessionDate: dateish,
  sessionStartTime: timeish,
  assignmentLastDate: dateish,
  Assignments: listOf(assignment),
});
const quizModule = loose({
  CourseQuizQuestions: listOf(
    loose({ CourseQuizResponses: listOf(loose({ CourseQuizOption: loose({ isCorrect: junk }) })) }),
  ),
});
const profile = loose({
  email: junk,
  name: junk,
  mobile: junk,
  gender: junk,
  dob: dateish,
  city: junk,
  iam: junk,
  college: junk,
});
const now = fc.date({
  min: new Date('2000-01-01'),
  max: new Date('2100-01-01'),
  noInvalidDate: true,
});
const zone = fc.constantFrom(undefined, 'Asia/Kolkata', 'UTC', 'America/Los_Angeles', 'Pacific/Kiritimati');

/** Each rule with generators for its arguments; the calls are untyped on purpose. */
const cases: [string, fc.Arbitrary<unknown[]>, (...args: never[]) => unknown][] = [
  ['greeting', fc.tuple(now, zone), domain.greeting],
  ['sessionLabel', fc.tuple(junk, junk), domain.sessionLabel],
  ['formatSessionTime', fc.tuple(dateish, timeish), domain.formatSessionTime],
  ['nextSession', fc.tuple(listOf(session), now, zone), domain.nextSession],
  ['courseTiming', fc.tuple(enrolled, now, zone), domain.courseTiming],
  ['arrangeEnrolledCourses', fc.tuple(listOf(enrolled), now, zone), domain.arrangeEnrolledCourses],
  ['homeCourseBuckets', fc.tuple(listOf(enrolled), now, zone), domain.homeCourseBuckets],
  ['sortCategories', fc.tuple(listOf(category)), domain.sortCategories],
  ['catalogueOrder', fc.tuple(listOf(workshop)), domain.catalogueOrder],
  ['workshopPricing', fc.tuple(workshop), domain.workshopPricing],
  ['formatPrice', fc.tuple(junk, junk), domain.formatPrice],
  ['slugify', fc.tuple(junk), domain.slugify],
  ['workshopPath', fc.tuple(workshop), domain.workshopPath],
  [
    'blogPath',
    fc.tuple(loose({ id: junk, url: junk, category: maybe(loose({ name: junk })) })),
    domain.blogPath,
  ],
  ['youtubeId', fc.tuple(maybe(fc.webUrl())), domain.youtubeId],
  ['splitMobile', fc.tuple(junk), domain.splitMobile],
  ['iamLabel', fc.tuple(junk), domain.iamLabel],
  ['assignmentStatus', fc.tuple(assignment), domain.assignmentStatus],
  ['overdueAssignments', fc.tuple(listOf(session), now, zone), domain.overdueAssignments],
  ['isQuizAttempted', fc.tuple(quizModule), domain.isQuizAttempted],
  ['quizPercentage', fc.tuple(junk, junk), domain.quizPercentage],
  ['moduleQuizScore', fc.tuple(quizModule), domain.moduleQuizScore],
  ['instalmentAlert', fc.tuple(listOf(loose({ dueDate: dateish })), now, zone), domain.instalmentAlert],
  [
    'feedbackFormsDue',
    fc.tuple(listOf(session), listOf(loose({ type: junk, status: junk })), now, fc.boolean(), zone),
    domain.feedbackFormsDue,
  ],
  ['isProfileComplete', fc.tuple(profile), domain.isProfileComplete],
  ['onboardingStep', fc.tuple(profile), domain.onboardingStep],
  ['canSendLead', fc.tuple(profile), domain.canSendLead],
  [
    'buildLead',
    fc.tuple(
      loose({
        name: junk,
        email: junk,
        mobile: junk,
        products: listOf(junk),
        requirementName: junk,
        utmSource: junk,
      }),
      maybe(loose({ sourceId: junk, campaignId: junk })),
    ),
    domain.buildLead,
  ],
  ['leadDue', fc.tuple(dateish, now, fc.boolean(), zone), domain.leadDue],
  [
    'arrangeConsultationPackages',
    fc.tuple(listOf(loose({ id: junk, covered: listOf(junk) }))),
    domain.arrangeConsultationPackages,
  ],
  ['toWireDate', fc.tuple(now, zone), domain.toWireDate],
];

describe('robustness against malformed API data', () => {
  it.each(cases)(
    'when %s gets malformed data, then it returns without throwing or mutating its input',
    (_, args, rule) => {
      fc.assert(
        fc.property(args, (values) => {
          const call = rule as (...a: unknown[]) => unknown;
          expect(() => withFrozen(values, (...a) => call(...a))).not.toThrow();
        }),
        { numRuns: 150 },
      );
    },
  );
});
