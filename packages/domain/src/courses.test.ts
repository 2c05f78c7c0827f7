import { describe, expect, it } from 'vitest';
import {
  arrangeEnrolledCourses,
  courseTiming,
  homeCourseBuckets,
  type BatchSchedule,
  type CourseTiming,
  type EnrolledCourse,
} from './index.js';
import { NOW, TODAY, TOMORROW, YESTERDAY, dayOffset, withFrozen } from '../test/support.js';

type Course = EnrolledCourse & { id: string };

/** An enrolment; `type` 1 masterclass by default is avoided so dates alone decide unless asked. */
function course(
  id: string,
  startDate: string | null | undefined,
  endDate: string | null | undefined,
  options: {
    type?: number | string;
    sessionType?: number;
    schedules?: (BatchSchedule | null)[] | null;
  } = {},
): Course {
  return {
    id,
    Batch: {
      sessionType: options.sessionType ?? 1,
      startDate,
      endDate,
      Workshop: { id: 7, type: options.type ?? 2 },
      BatchSchedules:
        options.schedules === undefined ? [{ startTime: '10:00', endTime: '12:00' }] : options.schedules,
    },
  };
}

const masterclass = (
  id: string,
  start: string,
  startTime: string | null,
  end: string,
  endTime: string | null,
) => course(id, start, end, { type: 1, schedules: [{ startTime, endTime }] });

describe('courseTiming (spec §4 "Course timing per enrolment")', () => {
  const rows: {
    when: string;
    course: EnrolledCourse | null;
    tz?: string;
    expected: CourseTiming;
  }[] = [
    // Masterclass instant rule: NOW is 2026-03-11 01:30 in Kolkata.
    {
      when: 'a masterclass runs 01:00–02:00 today in Kolkata',
      course: masterclass('m', TODAY, '01:00', TODAY, '02:00'),
      expected: 'ongoing',
    },
    {
      when: 'the same masterclass is judged in UTC, where it starts in five hours',
      course: masterclass('m', TODAY, '01:00', TODAY, '02:00'),
      tz: 'UTC',
      expected: 'upcoming',
    },
    {
      when: 'a masterclass starts at 02:00 today, later than now',
      course: masterclass('m', TODAY, '02:00', TODAY, '04:00'),
      expected: 'upcoming',
    },
    {
      when: 'a masterclass ended at 01:00 today, before now',
      course: masterclass('m', dayOffset(-10), '10:00', TODAY, '01:00'),
      expected: 'completed',
    },
    {
      when: 'a masterclass ends exactly now',
      course: masterclass('m', dayOffset(-1), '10:00', TODAY, '01:30'),
      expected: 'ongoing',
    },
    {
      when: 'a masterclass starts exactly now',
      course: masterclass('m', TODAY, '01:30', TODAY, '03:00'),
      expected: 'ongoing',
    },
    {
      when: 'a masterclass has times with seconds',
      course: masterclass('m', TODAY, '01:29:59', TODAY, '01:30:01'),
      expected: 'ongoing',
    },
    {
      when: 'a masterclass’s workshop type arrives as the string "1"',
      course: course('m', TODAY, TODAY, {
        type: '1',
        schedules: [{ startTime: '02:00', endTime: '03:00' }],
      }),
      expected: 'upcoming',
    },
    {
      when: 'a masterclass’s first schedule lacks an end time (dates decide: today)',
      course: masterclass('m', TODAY, '02:00', TODAY, null),
      expected: 'ongoing',
    },
    {
      when: 'a masterclass’s first schedule lacks a start time (dates decide: today)',
      course: masterclass('m', TODAY, '', TODAY, '01:00'),
      expected: 'ongoing',
    },
    {
      when: 'only a later schedule has both times (the first decides, so dates decide)',
      course: course('m', TODAY, TODAY, {
        type: 1,
        schedules: [
          { startTime: null, endTime: null },
          { startTime: '02:00', endTime: '03:00' },
        ],
      }),
      expected: 'ongoing',
    },
    {
      when: 'a masterclass has no schedules (dates decide: ended yesterday)',
      course: course('m', dayOffset(-5), YESTERDAY, { type: 1, schedules: [] }),
      expected: 'completed',
    },
    {
      when: 'a masterclass has both times but no end date (dates decide, never completed)',
      course: masterclass('m', dayOffset(-30), '10:00', '0000-00-00', '11:00'),
      expected: 'ongoing',
    },
    {
      when: 'a masterclass has both times but no start date',
      course: masterclass('m', '0000-00-00', '10:00', dayOffset(-30), '11:00'),
      expected: 'upcoming',
    },
    // Dates only.
    {
      when: 'a course (type 2) is dated today with times later today (times are ignored)',
      course: course('c', TODAY, TODAY, { schedules: [{ startTime: '02:00', endTime: '03:00' }] }),
      expected: 'ongoing',
    },
    {
      when: 'a course ended yesterday in Kolkata',
      course: course('c', dayOffset(-20), YESTERDAY),
      expected: 'completed',
    },
    {
      when: 'that course is judged in UTC, where yesterday is still today',
      course: course('c', dayOffset(-20), YESTERDAY),
      tz: 'UTC',
      expected: 'ongoing',
    },
    {
      when: 'a course ends today',
      course: course('c', dayOffset(-20), TODAY),
      expected: 'ongoing',
    },
    {
      when: 'a course starts tomorrow',
      course: course('c', TOMORROW, dayOffset(30)),
      expected: 'upcoming',
    },
    {
      when: 'a course starts today',
      course: course('c', TODAY, dayOffset(30)),
      expected: 'ongoing',
    },
    {
      when: "a course has start date '0000-00-00' and an end date long past",
      course: course('c', '0000-00-00', '2020-01-01'),
      expected: 'upcoming',
    },
    {
      when: 'a course has an empty start date',
      course: course('c', '', YESTERDAY),
      expected: 'upcoming',
    },
    {
      when: 'a course has a null start date',
      course: course('c', null, YESTERDAY),
      expected: 'upcoming',
    },
    {
      when: 'a course has a garbage start date',
      course: course('c', 'TBA', YESTERDAY),
      expected: 'upcoming',
    },
    {
      when: 'a course started long ago and has no end date',
      course: course('c', '2020-01-01', '0000-00-00'),
      expected: 'ongoing',
    },
    { when: 'a course has no batch', course: { id: 'c' }, expected: 'upcoming' },
    { when: 'the course is null', course: null, expected: 'upcoming' },
  ];
  it.each(rows)('when $when, then it is $expected', ({ course: input, tz, expected }) => {
    expect(withFrozen([input], (c) => courseTiming(c, NOW, tz))).toBe(expected);
  });
});

describe('arrangeEnrolledCourses (spec §4 dropdown order)', () => {
  const ongoingLate = course('ongoing-late', dayOffset(-2), dayOffset(10));
  const ongoingEarly = course('ongoing-early', dayOffset(-9), dayOffset(10));
  const upcomingFar = course('upcoming-far', dayOffset(9), dayOffset(20));
  const upcomingUndated = course('upcoming-undated', '0000-00-00', dayOffset(20));
  const upcomingNear = course('upcoming-near', dayOffset(4), dayOffset(20));
  const completedOld = course('completed-old', dayOffset(-60), dayOffset(-30));
  const completedRecent = course('completed-recent', dayOffset(-60), YESTERDAY);
  const completedMiddle = course('completed-middle', dayOffset(-60), dayOffset(-10));
  const all = [
    completedOld,
    upcomingFar,
    ongoingLate,
    upcomingUndated,
    completedRecent,
    ongoingEarly,
    completedMiddle,
    upcomingNear,
  ];

  it('when courses of every kind are mixed, then ongoing, upcoming (by start, undated last) and completed (latest end first) follow', () => {
    const { courses } = withFrozen([all], (list) => arrangeEnrolledCourses(list, NOW));
    expect(courses.map((c) => c.id)).toEqual([
      'ongoing-early',
      'ongoing-late',
      'upcoming-near',
      'upcoming-far',
      'upcoming-undated',
      'completed-recent',
      'completed-middle',
      'completed-old',
    ]);
  });

  it('when courses are arranged, then completed ones are flagged completed without dropdown and the rest the other way', () => {
    const { courses } = arrangeEnrolledCourses(all, NOW);
    for (const c of courses) {
      const completed = c.id.startsWith('completed');
      expect({ id: c.id, isCompleted: c.isCompleted, isDropdown: c.isDropdown }).toEqual({
        id: c.id,
        isCompleted: completed,
        isDropdown: !completed,
      });
    }
  });

  it('when courses are arranged, then each is a copy carrying the original fields', () => {
    const { courses } = arrangeEnrolledCourses([ongoingEarly], NOW);
    expect(courses[0]).not.toBe(ongoingEarly);
    expect(courses[0]).toEqual({ ...ongoingEarly, isCompleted: false, isDropdown: true });
    expect(ongoingEarly).not.toHaveProperty('isDropdown');
  });

  it('when exactly one course is in the dropdown, then it is selected', () => {
    const { courses, selected } = arrangeEnrolledCourses([completedOld, upcomingNear, completedRecent], NOW);
    expect(selected?.id).toBe('upcoming-near');
    expect(selected).toBe(courses[0]);
  });

  it.each([
    { when: 'two courses are in the dropdown', list: [ongoingEarly, upcomingFar] },
    { when: 'every course is completed', list: [completedOld, completedRecent] },
    { when: 'there are no courses', list: [] },
  ])('when $when, then nothing is selected', ({ list }) => {
    expect(arrangeEnrolledCourses(list, NOW).selected).toBeNull();
  });

  it('when two courses tie on start date, then they keep input order', () => {
    const a = masterclass('a', TODAY, '01:15', TODAY, '03:00');
    const b = masterclass('b', TODAY, '00:30', TODAY, '03:00');
    expect(arrangeEnrolledCourses([a, b], NOW).courses.map((c) => c.id)).toEqual(['a', 'b']);
    expect(arrangeEnrolledCourses([b, a], NOW).courses.map((c) => c.id)).toEqual(['b', 'a']);
  });

  it('when two completed courses tie on end date, then they keep input order', () => {
    const a = course('a', dayOffset(-9), dayOffset(-3));
    const b = course('b', dayOffset(-20), dayOffset(-3));
    expect(arrangeEnrolledCourses([a, b], NOW).courses.map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('when a course ended yesterday in Kolkata, then it is completed there but in the dropdown in UTC', () => {
    const c = course('c', dayOffset(-9), YESTERDAY);
    expect(arrangeEnrolledCourses([c], NOW).courses[0]?.isCompleted).toBe(true);
    expect(arrangeEnrolledCourses([c], NOW, 'UTC').courses[0]?.isCompleted).toBe(false);
  });

  it('when the list is missing or holds null entries, then only real courses are arranged', () => {
    expect(arrangeEnrolledCourses(null, NOW)).toEqual({ courses: [], selected: null });
    const { courses } = arrangeEnrolledCourses([null, ongoingEarly, undefined], NOW);
    expect(courses.map((c) => c.id)).toEqual(['ongoing-early']);
  });
});

describe('homeCourseBuckets (spec §4 "Home course buckets")', () => {
  it('when courses are recorded (sessionType 2), then they are listed apart by id ascending whatever their dates', () => {
    const list = [
      { ...course('x', dayOffset(-60), dayOffset(-30), { sessionType: 2 }), id: 9 },
      { ...course('x', TOMORROW, dayOffset(30), { sessionType: 2, schedules: [] }), id: 2 },
      { ...course('x', null, null, { sessionType: 2 }), id: 'n/a' },
      { ...course('x', dayOffset(-1), dayOffset(1), { sessionType: 2 }), id: 5 },
    ];
    const buckets = withFrozen([list], (l) => homeCourseBuckets(l, NOW));
    expect(buckets.recorded.map((c) => c.id)).toEqual([2, 5, 9, 'n/a']);
    expect(buckets.completed).toEqual([]);
    expect(buckets.ongoing).toEqual([]);
    expect(buckets.upcoming).toEqual([]);
  });

  it.each([
    { when: 'a batch has an empty schedule list', schedules: [] as BatchSchedule[] | null },
    { when: 'a batch has a null schedule list', schedules: null },
  ])('when $when, then it is upcoming and coming soon even if its dates are past', ({ schedules }) => {
    const c = course('soon', dayOffset(-60), dayOffset(-30), { schedules });
    const buckets = withFrozen([[c]], (l) => homeCourseBuckets(l, NOW));
    expect(buckets.upcoming).toEqual([{ ...c, comingSoon: true }]);
    expect(buckets.completed).toEqual([]);
    expect(c).not.toHaveProperty('comingSoon');
  });

  it('when a batch has no BatchSchedules field at all, then it is coming soon', () => {
    const c: Course = {
      id: 'bare',
      Batch: { sessionType: 1, startDate: dayOffset(-5), endDate: dayOffset(5) },
    };
    expect(homeCourseBuckets([c], NOW).upcoming).toEqual([{ ...c, comingSoon: true }]);
  });

  it.each([
    {
      when: 'the end date is before today',
      start: dayOffset(-30),
      end: dayOffset(-2),
      bucket: 'completed',
    },
    {
      when: 'the end date is yesterday in Kolkata',
      start: dayOffset(-30),
      end: YESTERDAY,
      bucket: 'completed',
    },
    { when: 'the end date is today', start: dayOffset(-30), end: TODAY, bucket: 'ongoing' },
    {
      when: 'the start date is after today',
      start: TOMORROW,
      end: dayOffset(30),
      bucket: 'upcoming',
    },
    { when: 'today falls in range', start: dayOffset(-3), end: dayOffset(3), bucket: 'ongoing' },
    {
      when: 'there is no end date and the start has passed',
      start: dayOffset(-3),
      end: '0000-00-00',
      bucket: 'ongoing',
    },
    { when: 'there is no start date', start: '', end: dayOffset(-3), bucket: 'upcoming' },
  ] as const)('when $when, then the course is $bucket', ({ start, end, bucket }) => {
    const c = course('c', start, end);
    const buckets = homeCourseBuckets([c], NOW);
    expect(buckets[bucket]).toEqual([c]);
    expect(buckets[bucket][0]).toBe(c);
    const others = (['completed', 'ongoing', 'upcoming', 'recorded'] as const).filter((b) => b !== bucket);
    for (const other of others) expect(buckets[other]).toEqual([]);
  });

  it('when a masterclass starts later today, then dates alone put it in ongoing', () => {
    const c = masterclass('m', TODAY, '02:00', TODAY, '03:00');
    expect(homeCourseBuckets([c], NOW).ongoing).toEqual([c]);
  });

  it('when the same course is judged in UTC, then yesterday-in-Kolkata is still ongoing', () => {
    const c = course('c', dayOffset(-30), YESTERDAY);
    expect(homeCourseBuckets([c], NOW, 'UTC').ongoing).toEqual([c]);
  });

  it('when buckets hold several courses, then completed is latest end first and ongoing and upcoming earliest start first, undated last', () => {
    const list = [
      course('done-old', dayOffset(-90), dayOffset(-40)),
      course('up-undated', null, dayOffset(9)),
      course('on-late', dayOffset(-1), dayOffset(9)),
      course('up-far', dayOffset(20), dayOffset(40)),
      course('soon-near', dayOffset(2), dayOffset(40), { schedules: [] }),
      course('done-new', dayOffset(-90), dayOffset(-2)),
      course('on-early', dayOffset(-8), dayOffset(9)),
      course('up-near', dayOffset(3), dayOffset(40)),
      course('soon-undated', '0000-00-00', null, { schedules: [] }),
    ];
    const buckets = homeCourseBuckets(list, NOW);
    expect(buckets.completed.map((c) => c.id)).toEqual(['done-new', 'done-old']);
    expect(buckets.ongoing.map((c) => c.id)).toEqual(['on-early', 'on-late']);
    expect(buckets.upcoming.map((c) => c.id)).toEqual([
      'soon-near',
      'up-near',
      'up-far',
      'up-undated',
      'soon-undated',
    ]);
    expect(buckets.upcoming.map((c) => c.comingSoon)).toEqual([true, undefined, undefined, undefined, true]);
  });

  it('when courses tie on their sort date, then they keep input order', () => {
    const list = [
      course('b', dayOffset(-4), dayOffset(-2)),
      course('a', dayOffset(-9), dayOffset(-2)),
      course('d', dayOffset(-1), dayOffset(5)),
      course('c', dayOffset(-1), dayOffset(9)),
    ];
    const buckets = homeCourseBuckets(list, NOW);
    expect(buckets.completed.map((c) => c.id)).toEqual(['b', 'a']);
    expect(buckets.ongoing.map((c) => c.id)).toEqual(['d', 'c']);
  });

  it('when there are no courses, then every bucket is empty', () => {
    const empty = { completed: [], ongoing: [], upcoming: [], recorded: [] };
    expect(homeCourseBuckets([], NOW)).toEqual(empty);
    expect(homeCourseBuckets(null, NOW)).toEqual(empty);
  });
});
