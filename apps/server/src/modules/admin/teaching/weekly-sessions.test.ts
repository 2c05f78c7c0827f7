import { describe, expect, it } from 'vitest';
import { MAX_GENERATED_DAYS, planWeeklySessions } from './weekly-sessions.js';

describe('planWeeklySessions (the weekly session generator)', () => {
  it('when a batch meets Monday and Thursday, then each week in the range gets both, in date order', () => {
    const plan = planWeeklySessions({
      slots: [
        { day: 4, startTime: '18:30:00', endTime: '20:00:00' },
        { day: 1, startTime: '18:30:00', endTime: '20:00:00' },
      ],
      from: '2026-12-01',
      to: '2026-12-14',
      existing: new Set(),
    });
    expect(plan.sessions.map((s) => s.date)).toEqual([
      '2026-12-03',
      '2026-12-07',
      '2026-12-10',
      '2026-12-14',
    ]);
    expect(plan.sessions[0]).toEqual({ date: '2026-12-03', startTime: '18:30', endTime: '20:00' });
  });

  it('when a day already has a session, then it is skipped and listed; Sunday is day 7', () => {
    const plan = planWeeklySessions({
      slots: [{ day: 7, startTime: '10:00', endTime: '12:00' }],
      from: '2026-12-01',
      to: '2026-12-31',
      existing: new Set(['2026-12-13']),
    });
    expect(plan.sessions.map((s) => s.date)).toEqual(['2026-12-06', '2026-12-20', '2026-12-27']);
    expect(plan.skipped).toEqual(['2026-12-13']);
  });

  it('when the range crosses a month, a year and a leap day, then calendar days stay calendar days', () => {
    const plan = planWeeklySessions({
      slots: [{ day: 6, startTime: '09:00', endTime: '10:00' }],
      from: '2027-12-25',
      to: '2028-03-05',
      existing: new Set(),
    });
    expect(plan.sessions.map((s) => s.date)).toContain('2028-01-01');
    expect(plan.sessions.map((s) => s.date)).toContain('2028-02-26');
    expect(plan.sessions.map((s) => s.date)).toContain('2028-03-04');
    expect(plan.sessions).toHaveLength(11);
  });

  it('when the end is far away, then at most a bounded range is walked', () => {
    const plan = planWeeklySessions({
      slots: [{ day: 1, startTime: '09:00', endTime: '10:00' }],
      from: '2026-01-01',
      to: '2036-01-01',
      existing: new Set(),
    });
    expect(plan.sessions.length).toBeLessThanOrEqual(Math.ceil(MAX_GENERATED_DAYS / 7));
  });
});
