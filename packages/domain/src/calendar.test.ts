import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dayNumberOf,
  formatDayNumber,
  isNoDate,
  NO_DATE,
  parseWireDate,
  parseWireTime,
  wallClockAt,
  weekdayOf,
  wireDateOrNone,
  zonedInstant,
} from './calendar.js';

describe('the "no date" wire codec (one place for 0000-00-00)', () => {
  it('when a stored date is missing, then the wire carries 0000-00-00; a date passes unchanged', () => {
    expect(wireDateOrNone(null)).toBe('0000-00-00');
    expect(wireDateOrNone(undefined)).toBe(NO_DATE);
    expect(wireDateOrNone('2026-03-11')).toBe('2026-03-11');
  });

  it('when a wire date is 0000-00-00 or missing, then it is "no date"; a real date is not', () => {
    expect([isNoDate('0000-00-00'), isNoDate(null), isNoDate(undefined), isNoDate('2026-03-11')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(parseWireDate(wireDateOrNone(null))).toBeNull();
  });
});

describe('parseWireDate (wire dates YYYY-MM-DD; 0000-00-00, empty and null mean no date)', () => {
  it.each([
    { value: '2026-03-11', expected: dayNumberOf(2026, 3, 11) },
    { value: '1970-01-01', expected: 0 },
    { value: ' 2024-02-29 ', expected: dayNumberOf(2024, 2, 29) },
    { value: '0000-00-00', expected: null },
    { value: '2026-02-29', expected: null },
    { value: '2026-13-01', expected: null },
    { value: '2026-3-11', expected: null },
    { value: '2026-03-11T10:00:00Z', expected: null },
    { value: '', expected: null },
    { value: null, expected: null },
    { value: 20260311, expected: null },
  ])('when the value is $value, then the day number is $expected', ({ value, expected }) => {
    expect(parseWireDate(value)).toBe(expected);
  });

  it('when any day number is formatted and parsed back, then it is unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumberOf(1, 1, 1), max: dayNumberOf(9999, 12, 31) }), (day) => {
        expect(parseWireDate(formatDayNumber(day))).toBe(day);
      }),
    );
  });
});

describe('parseWireTime (HH:mm or HH:mm:ss)', () => {
  it.each([
    { value: '00:00', expected: 0 },
    { value: '19:30', expected: 19 * 3600 + 30 * 60 },
    { value: '23:59:59', expected: 86_399 },
    { value: '7:05', expected: 7 * 3600 + 5 * 60 },
    { value: '10:00:00.000', expected: 36_000 },
    { value: '24:00', expected: null },
    { value: '12:60', expected: null },
    { value: '10:00 PM', expected: null },
    { value: '', expected: null },
    { value: null, expected: null },
  ])('when the value is $value, then the seconds are $expected', ({ value, expected }) => {
    expect(parseWireTime(value)).toBe(expected);
  });
});

describe('weekdayOf', () => {
  it.each([
    { date: '1970-01-01', expected: 4 },
    { date: '2026-03-09', expected: 1 },
    { date: '2026-03-15', expected: 0 },
    { date: '1969-12-31', expected: 3 },
  ])('when the date is $date, then the weekday is $expected', ({ date, expected }) => {
    expect(weekdayOf(parseWireDate(date) ?? Number.NaN)).toBe(expected);
  });
});

describe('zonedInstant (offset iteration)', () => {
  it.each([
    {
      when: '19:30 in Kolkata',
      day: '2026-03-11',
      time: '19:30',
      tz: 'Asia/Kolkata',
      expected: '2026-03-11T14:00:00.000Z',
    },
    {
      when: '01:30 in Kolkata, the previous day in UTC',
      day: '2026-03-11',
      time: '01:30',
      tz: 'Asia/Kolkata',
      expected: '2026-03-10T20:00:00.000Z',
    },
    {
      when: 'noon in Los Angeles in winter',
      day: '2026-01-15',
      time: '12:00',
      tz: 'America/Los_Angeles',
      expected: '2026-01-15T20:00:00.000Z',
    },
    {
      when: 'noon in Los Angeles in summer',
      day: '2026-07-15',
      time: '12:00',
      tz: 'America/Los_Angeles',
      expected: '2026-07-15T19:00:00.000Z',
    },
    {
      when: 'the day after the spring-forward in Los Angeles',
      day: '2026-03-09',
      time: '00:30',
      tz: 'America/Los_Angeles',
      expected: '2026-03-09T07:30:00.000Z',
    },
    {
      when: '10:00 on Kiritimati',
      day: '2026-03-11',
      time: '10:00',
      tz: 'Pacific/Kiritimati',
      expected: '2026-03-10T20:00:00.000Z',
    },
  ])('when $when, then the instant is $expected', ({ day, time, tz, expected }) => {
    expect(new Date(zonedInstant(parseWireDate(day) ?? 0, parseWireTime(time) ?? 0, tz)).toISOString()).toBe(
      expected,
    );
  });

  it('when any wall-clock time that exists is converted to an instant, then the zone reads it back', () => {
    const zones = fc.constantFrom(
      'Asia/Kolkata',
      'UTC',
      'America/Los_Angeles',
      'Europe/London',
      'Australia/Sydney',
      'Pacific/Kiritimati',
    );
    fc.assert(
      fc.property(
        zones,
        fc.integer({ min: dayNumberOf(1990, 1, 1), max: dayNumberOf(2060, 12, 31) }),
        fc.integer({ min: 0, max: 86_399 }),
        (tz, day, seconds) => {
          const instant = zonedInstant(day, seconds, tz);
          const clock = wallClockAt(instant, tz);
          const readBack =
            dayNumberOf(clock.year, clock.month, clock.day) * 86_400 +
            clock.hour * 3600 +
            clock.minute * 60 +
            clock.second;
          const asked = day * 86_400 + seconds;
          // Only a time skipped by a DST jump cannot be read back; it lands within the hour of the gap.
          if (readBack !== asked) expect(Math.abs(readBack - asked)).toBeLessThanOrEqual(3600);
          if (tz === 'Asia/Kolkata' || tz === 'UTC' || tz === 'Pacific/Kiritimati')
            expect(readBack).toBe(asked);
        },
      ),
    );
  });
});
