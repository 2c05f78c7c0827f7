/**
 * Property tests: the invariants the contract states, over generated data. Oracles here are
 * written independently of the implementation (string comparison of wire dates, fixed offsets).
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrangeConsultationPackages,
  arrangeEnrolledCourses,
  catalogueOrder,
  courseTiming,
  feedbackFormsDue,
  formatPrice,
  greeting,
  homeCourseBuckets,
  instalmentAlert,
  nextSession,
  slugify,
  sortCategories,
  toWireDate,
  youtubeId,
  type CourseTiming,
  type EnrolledCourse,
} from './index.js';
import { withFrozen } from '../test/support.js';

const DAY_MS = 86_400_000;
const KOLKATA_OFFSET_MS = 5.5 * 3600_000;
const ZONES = ['Asia/Kolkata', 'UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/London'] as const;

// ---- generators ------------------------------------------------------------------------------

const nowArb = fc.date({
  min: new Date('2026-01-01T00:00:00Z'),
  max: new Date('2026-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const zoneArb = fc.constantFrom(...ZONES);

const validDateArb = fc
  .integer({ min: Date.UTC(2025, 9, 1) / DAY_MS, max: Date.UTC(2027, 2, 31) / DAY_MS })
  .map((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
const wireDateArb = fc.oneof(
  { weight: 6, arbitrary: validDateArb },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | null | undefined>(
      '0000-00-00',
      '',
      null,
      undefined,
      'soon',
      '2026-02-30',
    ),
  },
);
const validTimeArb = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const wireTimeArb = fc.oneof(
  { weight: 4, arbitrary: validTimeArb },
  {
    weight: 1,
    arbitrary: fc.constantFrom<string | null | undefined>('', null, undefined, '25:00', 'noon'),
  },
);

type TestCourse = EnrolledCourse & { key: number };
const courseBodyArb = fc.record(
  {
    id: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.constant(null)),
    Batch: fc.option(
      fc.record(
        {
          sessionType: fc.constantFrom(1, 2, null),
          startDate: wireDateArb,
          endDate: wireDateArb,
          Workshop: fc.record({ id: fc.integer(), type: fc.constantFrom(1, 2, 3, null) }),
          BatchSchedules: fc.oneof(
            fc.constant(null),
            fc.array(fc.record({ startTime: wireTimeArb, endTime: wireTimeArb }), { maxLength: 2 }),
          ),
        },
        { requiredKeys: ['startDate', 'endDate', 'Workshop'] },
      ),
      { freq: 8 },
    ),
  },
  { requiredKeys: ['id'] },
);
const coursesArb = fc
  .array(courseBodyArb, { maxLength: 14 })
  .map((bodies) => bodies.map((body, key): TestCourse => ({ ...body, key })));

// ---- independent oracles -------------------------------------------------------------------

/** A wire date is valid when it round-trips through an ISO date (rejects 0000-00-00, 2026-02-30, …). */
function isValidDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value && value >= '0001-01-01'
  );
}
const dateKey = (value: unknown): string | null => (isValidDate(value) ? value : null);
/** Ascending by wire date with undated last (strings compare like dates). */
const ascNullLast = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
const descNullLast = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a > b ? -1 : 1;

/** True when `items` is sorted by `compare`, ties in increasing `key` (input order). */
function isStablySorted<T extends { key: number }>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
): boolean {
  return items.every((item, i) => {
    const prev = items[i - 1];
    if (prev === undefined) return true;
    const c = compare(prev, item);
    return c < 0 || (c === 0 && prev.key < item.key);
  });
}

const keysOf = (items: readonly { key: number }[]) => items.map((item) => item.key).sort((a, b) => a - b);

// ---- properties ----------------------------------------------------------------------------

describe('properties of the calendar', () => {
  it('when any instant is read in Kolkata, then today and the greeting follow the fixed +05:30 offset whatever the machine zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (now) => {
          const shifted = new Date(now.getTime() + KOLKATA_OFFSET_MS);
          expect(toWireDate(now)).toBe(shifted.toISOString().slice(0, 10));
          const hour = shifted.getUTCHours();
          expect(greeting(now)).toBe(hour <= 11 ? 'morning' : hour <= 16 ? 'afternoon' : 'evening');
        },
      ),
    );
  });

  it('when any instant is read in UTC or on Kiritimati, then today follows the fixed offset', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (now) => {
          expect(toWireDate(now, 'UTC')).toBe(now.toISOString().slice(0, 10));
          expect(toWireDate(now, 'Pacific/Kiritimati')).toBe(
            new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10),
          );
        },
      ),
    );
  });
});

describe('properties of courseTiming', () => {
  it('when a masterclass has both dates and both times, then its timing follows the instants at +05:30', () => {
    fc.assert(
      fc.property(
        nowArb,
        validDateArb,
        validTimeArb,
        validDateArb,
        validTimeArb,
        (now, start, startTime, end, endTime) => {
          const course = {
            Batch: {
              startDate: start,
              endDate: end,
              Workshop: { type: 1 },
              BatchSchedules: [{ startTime, endTime }],
            },
          };
          const startMs = Date.parse(`${start}T${startTime}:00+05:30`);
          const endMs = Date.parse(`${end}T${endTime}:00+05:30`);
          const expected: CourseTiming =
            endMs < now.getTime() ? 'completed' : startMs > now.getTime() ? 'upcoming' : 'ongoing';
          expect(courseTiming(course, now)).toBe(expected);
        },
      ),
    );
  });

  it('when a course is judged by dates, then its timing follows the wire dates against today', () => {
    fc.assert(
      fc.property(nowArb, zoneArb, wireDateArb, wireDateArb, (now, tz, start, end) => {
        const course = {
          Batch: {
            startDate: start,
            endDate: end,
            Workshop: { type: 2 },
            BatchSchedules: [{ startTime: '10:00', endTime: '11:00' }],
          },
        };
        const today = toWireDate(now, tz);
        const s = dateKey(start);
        const e = dateKey(end);
        const expected: CourseTiming =
          s === null
            ? 'upcoming'
            : e !== null && e < today
              ? 'completed'
              : s > today
                ? 'upcoming'
                : 'ongoing';
        expect(courseTiming(course, now, tz)).toBe(expected);
      }),
    );
  });
});

describe('properties of arrangeEnrolledCourses', () => {
  it('when any courses are arranged, then each appears once, groups and orders hold, flags match, and inputs are unchanged', () => {
    fc.assert(
      fc.property(coursesArb, nowArb, zoneArb, (courses, now, tz) => {
        const { courses: arranged, selected } = withFrozen([courses], (list) =>
          arrangeEnrolledCourses(list, now, tz),
        );
        expect(keysOf(arranged)).toEqual(keysOf(courses));

        const rank: Record<CourseTiming, number> = { ongoing: 0, upcoming: 1, completed: 2 };
        const timings = arranged.map((c) => courseTiming(c, now, tz));
        timings.forEach((timing, i) => {
          const c = arranged[i];
          expect(c?.isCompleted).toBe(timing === 'completed');
          expect(c?.isDropdown).toBe(timing !== 'completed');
          if (i > 0) expect(rank[timings[i - 1] as CourseTiming]).toBeLessThanOrEqual(rank[timing]);
        });
        for (const group of ['ongoing', 'upcoming'] as const) {
          const items = arranged.filter((_, i) => timings[i] === group);
          expect(
            isStablySorted(items, (a, b) =>
              ascNullLast(dateKey(a.Batch?.startDate), dateKey(b.Batch?.startDate)),
            ),
          ).toBe(true);
        }
        const completed = arranged.filter((_, i) => timings[i] === 'completed');
        expect(
          isStablySorted(completed, (a, b) =>
            descNullLast(dateKey(a.Batch?.endDate), dateKey(b.Batch?.endDate)),
          ),
        ).toBe(true);

        const dropdown = arranged.filter((c) => c.isDropdown);
        expect(selected).toBe(dropdown.length === 1 ? dropdown[0] : null);
      }),
    );
  });
});

describe('properties of homeCourseBuckets', () => {
  it('when any courses are bucketed, then each lands in exactly one bucket by the rules and every bucket is ordered', () => {
    fc.assert(
      fc.property(coursesArb, nowArb, zoneArb, (courses, now, tz) => {
        const buckets = withFrozen([courses], (list) => homeCourseBuckets(list, now, tz));
        const all = [...buckets.completed, ...buckets.ongoing, ...buckets.upcoming, ...buckets.recorded];
        expect(keysOf(all)).toEqual(keysOf(courses));

        const today = toWireDate(now, tz);
        const expectedBucket = (c: TestCourse) => {
          if (c.Batch?.sessionType === 2) return 'recorded';
          if (!c.Batch?.BatchSchedules?.length) return 'soon';
          const s = dateKey(c.Batch.startDate);
          const e = dateKey(c.Batch.endDate);
          return s === null
            ? 'upcoming'
            : e !== null && e < today
              ? 'completed'
              : s > today
                ? 'upcoming'
                : 'ongoing';
        };
        for (const c of buckets.recorded) expect(expectedBucket(c)).toBe('recorded');
        for (const c of buckets.completed) expect(expectedBucket(c)).toBe('completed');
        for (const c of buckets.ongoing) expect(expectedBucket(c)).toBe('ongoing');
        for (const c of buckets.upcoming) {
          const bucket = expectedBucket(c);
          expect(
            bucket === 'soon' ? c.comingSoon === true : bucket === 'upcoming' && c.comingSoon === undefined,
          ).toBe(true);
        }

        const byStart = (a: TestCourse, b: TestCourse) =>
          ascNullLast(dateKey(a.Batch?.startDate), dateKey(b.Batch?.startDate));
        expect(isStablySorted(buckets.ongoing, byStart)).toBe(true);
        expect(isStablySorted(buckets.upcoming, byStart)).toBe(true);
        expect(
          isStablySorted(buckets.completed, (a, b) =>
            descNullLast(dateKey(a.Batch?.endDate), dateKey(b.Batch?.endDate)),
          ),
        ).toBe(true);
        const idKey = (c: TestCourse) => (typeof c.id === 'number' ? c.id : Number.POSITIVE_INFINITY);
        expect(
          isStablySorted(buckets.recorded, (a, b) =>
            idKey(a) === idKey(b) ? 0 : idKey(a) < idKey(b) ? -1 : 1,
          ),
        ).toBe(true);
      }),
    );
  });
});

describe('properties of nextSession', () => {
  it('when any sessions are given, then the result is the earliest (date, time) from today on, first on ties', () => {
    const sessionsArb = fc
      .array(fc.record({ sessionDate: wireDateArb, sessionStartTime: wireTimeArb }), {
        maxLength: 12,
      })
      .map((list) => list.map((s, key) => ({ ...s, key })));
    fc.assert(
      fc.property(sessionsArb, nowArb, zoneArb, (sessions, now, tz) => {
        const today = toWireDate(now, tz);
        const found = withFrozen([sessions], (list) => nextSession(list, now, tz));
        const sortKey = (s: (typeof sessions)[number]) =>
          `${s.sessionDate}|${typeof s.sessionStartTime === 'string' && /^\d\d:\d\d$/.test(s.sessionStartTime) && s.sessionStartTime < '24' ? s.sessionStartTime : '~'}`;
        const candidates = sessions.filter((s) => isValidDate(s.sessionDate) && s.sessionDate >= today);
        const best = [...candidates].sort((a, b) =>
          sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : a.key - b.key,
        )[0];
        expect(found).toBe(best ?? null);
      }),
    );
  });
});

describe('properties of catalogueOrder', () => {
  it('when any workshops are ordered, then dated masterclasses (latest first), other dated, then undated follow, each once', () => {
    const workshopsArb = fc
      .array(
        fc.record({
          type: fc.constantFrom(1, 2, 3, null),
          Batches: fc.oneof(
            fc.constant(null),
            fc.array(fc.record({ startDate: wireDateArb }), { maxLength: 2 }),
          ),
        }),
        { maxLength: 14 },
      )
      .map((list) => list.map((w, key) => ({ ...w, key })));
    fc.assert(
      fc.property(workshopsArb, (workshops) => {
        const ordered = withFrozen([workshops], (list) => catalogueOrder(list));
        expect(keysOf(ordered)).toEqual(keysOf(workshops));
        const start = (w: (typeof workshops)[number]) => dateKey(w.Batches?.[0]?.startDate);
        const group = (w: (typeof workshops)[number]) => (start(w) === null ? 2 : w.type === 1 ? 0 : 1);
        const compare = (a: (typeof workshops)[number], b: (typeof workshops)[number]) =>
          group(a) - group(b) || (group(a) === 0 ? descNullLast(start(a), start(b)) : 0);
        expect(isStablySorted(ordered, compare)).toBe(true);
      }),
    );
  });
});

describe('properties of sortCategories', () => {
  it('when any categories are sorted, then every level is a stably sorted permutation by sequence and the input is unchanged', () => {
    const seqArb = fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(null));
    const keyed = <T extends object>(arb: fc.Arbitrary<T[]>) =>
      arb.map((list) => list.map((item, key) => ({ ...item, key })));
    const linksArb = keyed(fc.array(fc.record({ sequence: seqArb }), { maxLength: 5 }));
    const subsArb = keyed(
      fc.array(fc.record({ sequence: seqArb, CourseCategories: linksArb }), { maxLength: 4 }),
    );
    const catsArb = keyed(fc.array(fc.record({ sequence: seqArb, Subcategory: subsArb }), { maxLength: 5 }));
    const bySeq = (a: { sequence: number | null }, b: { sequence: number | null }) =>
      a.sequence === b.sequence
        ? 0
        : a.sequence === null
          ? 1
          : b.sequence === null
            ? -1
            : a.sequence - b.sequence;
    fc.assert(
      fc.property(catsArb, (categories) => {
        const sorted = withFrozen([categories], (list) => sortCategories(list));
        expect(keysOf(sorted)).toEqual(keysOf(categories));
        expect(isStablySorted(sorted, bySeq)).toBe(true);
        for (const category of sorted) {
          const original = categories.find((c) => c.key === category.key);
          expect(keysOf(category.Subcategory)).toEqual(keysOf(original?.Subcategory ?? []));
          expect(isStablySorted(category.Subcategory, bySeq)).toBe(true);
          for (const sub of category.Subcategory) {
            expect(isStablySorted(sub.CourseCategories, bySeq)).toBe(true);
            expect(sub.CourseCategories).toHaveLength(
              original?.Subcategory.find((s) => s.key === sub.key)?.CourseCategories.length ?? -1,
            );
          }
        }
      }),
    );
  });
});

describe('properties of slugify', () => {
  it('when any text is slugified, then the slug is empty or hyphen-separated [a-z0-9] words, and slugifying again changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const slug = slugify(text);
        expect(slug === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });

  it('when words of letters and digits are separated by whitespace, then the slug joins them lower-cased with hyphens', () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcXYZ019'), minLength: 1, maxLength: 6 });
    const gap = fc.string({ unit: fc.constantFrom(' ', '\t', '\n'), minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(fc.tuple(word, gap), { minLength: 1, maxLength: 5 }), (parts) => {
        const text = parts.map(([w, g]) => w + g).join('');
        expect(slugify(text)).toBe(parts.map(([w]) => w.toLowerCase()).join('-'));
      }),
    );
  });
});

describe('properties of youtubeId', () => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  const idOf = (length: number) =>
    fc.string({ unit: fc.constantFrom(...alphabet), minLength: length, maxLength: length });

  it('when any 11-character id is given bare or in any supported address, then that id comes back', () => {
    fc.assert(
      fc.property(idOf(11), (id) => {
        for (const input of [
          id,
          `https://www.youtube.com/watch?v=${id}`,
          `https://youtu.be/${id}`,
          `https://www.youtube.com/embed/${id}`,
          `https://youtube.com/shorts/${id}`,
        ]) {
          expect(youtubeId(input)).toBe(id);
        }
      }),
    );
  });

  it('when the id has any other length, then no id comes back', () => {
    fc.assert(
      fc.property(fc.oneof(idOf(10), idOf(12), idOf(1)), (id) => {
        expect(youtubeId(id)).toBeNull();
        expect(youtubeId(`https://youtu.be/${id}`)).toBeNull();
        expect(youtubeId(`https://www.youtube.com/watch?v=${id}`)).toBeNull();
      }),
    );
  });
});

describe('properties of formatPrice', () => {
  it('when any whole amount is shown, then digits are kept and grouped the Indian way for INR and in thousands otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (amount) => {
        const rupees = formatPrice(amount, 'INR');
        const dollars = formatPrice(amount, 'USD');
        expect(rupees).toMatch(/^₹(\d{1,3}|\d{1,2}(,\d{2})*,\d{3})\/-$/);
        expect(dollars).toMatch(/^\$\d{1,3}(,\d{3})*$/);
        expect(rupees.replace(/[₹,/-]/g, '')).toBe(String(amount));
        expect(dollars.replace(/[$,]/g, '')).toBe(String(amount));
      }),
    );
  });

  it('when an amount has a fraction, then it shows two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 99 }), (whole, cents) => {
        const amount = whole + cents / 100;
        expect(formatPrice(amount, 'USD')).toMatch(/\.\d\d$/);
        expect(formatPrice(amount, 'INR')).toMatch(/\.\d\d\/-$/);
      }),
    );
  });
});

describe('properties of instalmentAlert', () => {
  it('when any due dates are given, then daysLeft counts calendar days to the earliest and the kind follows the window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ dueDate: wireDateArb }), { maxLength: 6 }),
        nowArb,
        zoneArb,
        (details, now, tz) => {
          const alert = withFrozen([details], (d) => instalmentAlert(d, now, tz));
          const dates = details
            .map((d) => dateKey(d.dueDate))
            .filter((d): d is string => d !== null)
            .sort();
          const earliest = dates[0];
          if (earliest === undefined) {
            expect(alert).toEqual({ kind: null, daysLeft: null, locked: false });
            return;
          }
          const daysLeft = (Date.parse(earliest) - Date.parse(toWireDate(now, tz))) / DAY_MS;
          const kind = daysLeft <= 0 ? 'banner' : daysLeft <= 5 ? 'popup' : null;
          expect(alert).toEqual({ kind, daysLeft, locked: kind !== null });
        },
      ),
    );
  });
});

describe('properties of feedbackFormsDue', () => {
  it('when any sessions and ratings are given, then due forms are a sorted subset of [1, 2], empty for moderators', () => {
    const sessionsArb = fc.array(fc.record({ sessionDate: wireDateArb }), { maxLength: 25 });
    const ratingsArb = fc.array(
      fc.record({ type: fc.constantFrom(1, 2, 3), status: fc.constantFrom(0, 1) }),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(sessionsArb, ratingsArb, nowArb, fc.boolean(), (sessions, ratings, now, isModerator) => {
        const due = withFrozen([sessions, ratings], (s, r) => feedbackFormsDue(s, r, now, isModerator));
        expect([[], [1], [2], [1, 2]]).toContainEqual(due);
        if (isModerator || sessions.length === 0) expect(due).toEqual([]);
        const today = toWireDate(now);
        for (const type of due) {
          const session = sessions[Math.floor(sessions.length * (type === 1 ? 0.2 : 0.65))];
          expect(isValidDate(session?.sessionDate) && (session?.sessionDate ?? '') <= today).toBe(true);
          expect(ratings.some((r) => r.type === type && r.status === 0)).toBe(true);
        }
      }),
    );
  });
});

describe('properties of arrangeConsultationPackages', () => {
  it('when any packages are arranged, then each appears once in display order and unchecks only the trailing items the rule names', () => {
    const packagesArb = fc
      .array(
        fc.record({
          id: fc.constantFrom(1, 2, 3, 4, 5, 9),
          covered: fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }),
        }),
        {
          maxLength: 8,
        },
      )
      .map((list) => list.map((p, key) => ({ ...p, key })));
    const rank = (id: number) => {
      const index = [3, 2, 4, 1].indexOf(id);
      return index === -1 ? 4 : index;
    };
    fc.assert(
      fc.property(packagesArb, (packages) => {
        const arranged = withFrozen([packages], (list) => arrangeConsultationPackages(list));
        expect(keysOf(arranged)).toEqual(keysOf(packages));
        expect(isStablySorted(arranged, (a, b) => rank(a.id) - rank(b.id))).toBe(true);
        for (const pkg of arranged) {
          const original = packages.find((p) => p.key === pkg.key);
          const unchecked = pkg.id === 3 ? 2 : pkg.id === 2 ? 1 : 0;
          expect(pkg.covered.map((item) => item.text)).toEqual(original?.covered);
          expect(pkg.covered.map((item) => item.checked)).toEqual(
            pkg.covered.map((_, index) => index < pkg.covered.length - unchecked),
          );
        }
      }),
    );
  });
});
