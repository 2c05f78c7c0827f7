import { describe, expect, it } from 'vitest';
import {
  formatSessionTime,
  greeting,
  nextSession,
  sessionLabel,
  toWireDate,
  type ScheduledSession,
} from './index.js';
import { NOW, TODAY, TOMORROW, YESTERDAY, dayOffset, withFrozen } from '../test/support.js';

describe('toWireDate', () => {
  it.each([
    {
      when: 'it is 01:30 in Kolkata but still the previous evening in UTC',
      now: NOW,
      tz: undefined,
      expected: TODAY,
    },
    { when: 'the same instant is read in UTC', now: NOW, tz: 'UTC', expected: YESTERDAY },
    {
      when: 'the same instant is read in Los Angeles',
      now: NOW,
      tz: 'America/Los_Angeles',
      expected: YESTERDAY,
    },
    {
      when: 'the same instant is read on Kiritimati (UTC+14)',
      now: NOW,
      tz: 'Pacific/Kiritimati',
      expected: TODAY,
    },
    {
      when: 'it is 23:59:59 in Kolkata',
      now: new Date('2026-03-11T18:29:59Z'),
      tz: undefined,
      expected: TODAY,
    },
    {
      when: 'it is midnight in Kolkata',
      now: new Date('2026-03-11T18:30:00Z'),
      tz: undefined,
      expected: TOMORROW,
    },
    { when: 'an empty zone name is given', now: NOW, tz: '', expected: TODAY },
  ])('when $when, then the wire date is $expected', ({ now, tz, expected }) => {
    expect(toWireDate(now, tz)).toBe(expected);
  });
});

describe('greeting (spec §2, §9: morning 0–11, afternoon 12–16, evening otherwise)', () => {
  it.each([
    {
      when: 'it is 00:00 in Kolkata',
      now: '2026-03-09T18:30:00Z',
      tz: undefined,
      expected: 'morning',
    },
    {
      when: 'it is 11:59 in Kolkata',
      now: '2026-03-10T06:29:59Z',
      tz: undefined,
      expected: 'morning',
    },
    {
      when: 'it is 12:00 in Kolkata',
      now: '2026-03-10T06:30:00Z',
      tz: undefined,
      expected: 'afternoon',
    },
    {
      when: 'it is 16:59 in Kolkata',
      now: '2026-03-10T11:29:59Z',
      tz: undefined,
      expected: 'afternoon',
    },
    {
      when: 'it is 17:00 in Kolkata',
      now: '2026-03-10T11:30:00Z',
      tz: undefined,
      expected: 'evening',
    },
    {
      when: 'it is 23:59 in Kolkata',
      now: '2026-03-10T18:29:59Z',
      tz: undefined,
      expected: 'evening',
    },
    {
      when: 'it is 01:30 in Kolkata and 20:00 in UTC',
      now: '2026-03-10T20:00:00Z',
      tz: undefined,
      expected: 'morning',
    },
    {
      when: 'the same instant is read in UTC',
      now: '2026-03-10T20:00:00Z',
      tz: 'UTC',
      expected: 'evening',
    },
    {
      when: 'it is 13:00 in Los Angeles',
      now: '2026-07-01T20:00:00Z',
      tz: 'America/Los_Angeles',
      expected: 'afternoon',
    },
  ])('when $when, then the greeting is $expected', ({ now, tz, expected }) => {
    expect(greeting(new Date(now), tz)).toBe(expected);
  });
});

describe('sessionLabel (spec §2: M{moduleIndex}_S{sessionIndex})', () => {
  it.each([
    { moduleIndex: 1, sessionIndex: 1, expected: 'M1_S1' },
    { moduleIndex: 3, sessionIndex: 12, expected: 'M3_S12' },
  ])(
    'when module $moduleIndex and session $sessionIndex, then the label is $expected',
    ({ moduleIndex, sessionIndex, expected }) => {
      expect(sessionLabel(moduleIndex, sessionIndex)).toBe(expected);
    },
  );
});

describe("formatSessionTime (spec §2: 'ddd, hh:mm A')", () => {
  it.each([
    { when: 'an evening time', date: '2026-03-09', time: '19:30', expected: 'Mon, 07:30 PM' },
    {
      when: 'a time with seconds',
      date: '2026-03-09',
      time: '19:30:45',
      expected: 'Mon, 07:30 PM',
    },
    { when: 'a morning time', date: '2026-03-10', time: '09:07', expected: 'Tue, 09:07 AM' },
    {
      when: 'a time just after midnight',
      date: '2026-03-10',
      time: '00:05',
      expected: 'Tue, 12:05 AM',
    },
    { when: 'noon', date: '2026-03-11', time: '12:00', expected: 'Wed, 12:00 PM' },
    { when: 'a single-digit hour', date: '2026-03-12', time: '7:05', expected: 'Thu, 07:05 AM' },
    { when: 'no time', date: '2026-03-15', time: null, expected: 'Sun' },
    { when: 'an empty time', date: '2026-03-14', time: '', expected: 'Sat' },
    { when: 'a time out of range', date: '2026-03-13', time: '25:00', expected: 'Fri' },
    { when: "the date is '0000-00-00'", date: '0000-00-00', time: '18:00', expected: '06:00 PM' },
    { when: 'the date does not exist', date: '2026-02-30', time: '10:00', expected: '10:00 AM' },
    { when: 'the date is garbage', date: 'soon', time: '23:59', expected: '11:59 PM' },
    { when: 'neither is given', date: null, time: null, expected: '' },
    { when: 'both are empty', date: '', time: '', expected: '' },
  ])('when $when, then it reads "$expected"', ({ date, time, expected }) => {
    expect(formatSessionTime(date, time)).toBe(expected);
  });

  it('when the machine would see another weekday, then the weekday is still that of the wire date', () => {
    // 2026-03-09 is a Monday everywhere; a zone-dependent Date parse would say Sunday west of UTC.
    expect(formatSessionTime('2026-03-09', '00:00')).toBe('Mon, 12:00 AM');
  });
});

describe('nextSession (spec §2: today’s session, otherwise the next future one)', () => {
  type Row = {
    when: string;
    sessions: (ScheduledSession & { id: string })[];
    tz?: string;
    expected: string | null;
  };
  const s = (id: string, sessionDate: string | null, sessionStartTime?: string | null) => ({
    id,
    sessionDate,
    sessionStartTime,
  });
  const rows: Row[] = [
    {
      when: 'a session is today and another later',
      sessions: [s('later', TOMORROW, '09:00'), s('today', TODAY, '18:00')],
      expected: 'today',
    },
    {
      when: 'today’s session started earlier in the day',
      sessions: [s('later', TOMORROW, '09:00'), s('today', TODAY, '00:30')],
      expected: 'today',
    },
    {
      when: 'several sessions are today',
      sessions: [s('evening', TODAY, '18:00'), s('morning', TODAY, '09:00'), s('noon', TODAY, '12:00')],
      expected: 'morning',
    },
    {
      when: 'today has an untimed and a timed session',
      sessions: [s('untimed', TODAY, null), s('timed', TODAY, '21:00')],
      expected: 'timed',
    },
    {
      when: 'today has only an untimed session',
      sessions: [s('future', TOMORROW, '08:00'), s('untimed', TODAY, '')],
      expected: 'untimed',
    },
    {
      when: 'nothing is today',
      sessions: [
        s('far', dayOffset(3), '10:00'),
        s('near-untimed', TOMORROW, null),
        s('near', TOMORROW, '20:00'),
      ],
      expected: 'near',
    },
    {
      when: 'two sessions tie on date and time',
      sessions: [s('first', TOMORROW, '10:00'), s('second', TOMORROW, '10:00')],
      expected: 'first',
    },
    {
      when: 'two untimed sessions share the earliest date',
      sessions: [s('first', TOMORROW, null), s('second', TOMORROW, undefined)],
      expected: 'first',
    },
    {
      when: 'the only session is dated yesterday in Kolkata (still today in UTC)',
      sessions: [s('yesterday', YESTERDAY, '23:00')],
      expected: null,
    },
    {
      when: 'the same session is judged in UTC',
      sessions: [s('yesterday', YESTERDAY, '23:00')],
      tz: 'UTC',
      expected: 'yesterday',
    },
    {
      when: 'every session is undated or malformed',
      sessions: [
        s('zero', '0000-00-00', '10:00'),
        s('empty', '', '10:00'),
        s('null', null),
        s('junk', 'next week'),
      ],
      expected: null,
    },
    {
      when: 'undated sessions sit before a dated one',
      sessions: [s('zero', '0000-00-00', '01:00'), s('dated', dayOffset(2), '10:00')],
      expected: 'dated',
    },
    { when: 'the list is empty', sessions: [], expected: null },
    {
      when: 'a start time is garbage',
      sessions: [s('garbage', TOMORROW, 'noonish'), s('timed', TOMORROW, '23:00')],
      expected: 'timed',
    },
  ];
  it.each(rows)('when $when, then the next session is $expected', ({ sessions, tz, expected }) => {
    const found = withFrozen([sessions], (list) => nextSession(list, NOW, tz));
    expect(found?.id ?? null).toBe(expected);
    if (found) expect(sessions).toContain(found);
  });

  it('when the list itself is missing, then there is no next session', () => {
    expect(nextSession(null, NOW)).toBeNull();
    expect(nextSession(undefined, NOW)).toBeNull();
  });
});
