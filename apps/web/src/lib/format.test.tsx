import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange, formatWallTime } from './format';

describe('date and time formatting (the same characters on the server and in every browser)', () => {
  it.each([
    ['2026-12-14', '2026-12-14', '14 Dec 2026'],
    ['2026-12-14', '2026-12-20', '14–20 Dec 2026'],
    ['2026-11-28', '2026-12-03', '28 Nov – 3 Dec 2026'],
    ['2026-12-28', '2027-01-03', '28 Dec 2026 – 3 Jan 2027'],
    ['2026-12-14', '0000-00-00', '14 Dec 2026'],
    ['0000-00-00', '0000-00-00', ''],
  ])('when a range runs from %s to %s, then it reads "%s"', (start, end, expected) => {
    expect(formatDayRange(start, end)).toBe(expected);
  });

  it('when a date is missing or malformed, then nothing is printed', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay('14/12/2026')).toBe('');
  });

  it.each([
    ['19:30:00', '7:30 PM'],
    ['00:05', '12:05 AM'],
    ['12:00:00', '12:00 PM'],
    ['25:00', ''],
  ])('when a wall-clock time is %s, then it reads "%s"', (time, expected) => {
    expect(formatWallTime(time)).toBe(expected);
  });
});
