import { describe, expect, it } from 'vitest';
import { joinState, moduleViews, nextSessionView, sessionStatus, allSessions } from './course-view';
import { courseDashboard, moduleOf, sessionOf } from './course-fixtures';

// 2026-11-26 10:00 in India (04:30 UTC).
const NOW = new Date('2026-11-26T04:30:00.000Z');

function live(date: string, start: string | null, end: string | null = null) {
  return { type: 1, sessionDate: date, sessionStartTime: start, sessionEndTime: end };
}

describe('joinState: the JOIN button shows from 15 minutes before a live session until it ends', () => {
  it.each([
    ['16 minutes before', live('2026-11-26', '10:16:00', '11:00:00'), 'before'],
    ['exactly 15 minutes before', live('2026-11-26', '10:15:00', '11:00:00'), 'open'],
    ['5 minutes before', live('2026-11-26', '10:05:00', '11:00:00'), 'open'],
    ['during it', live('2026-11-26', '09:00:00', '11:00:00'), 'open'],
    ['at its end', live('2026-11-26', '08:00:00', '10:00:00'), 'ended'],
    ['after it', live('2026-11-26', '07:00:00', '08:30:00'), 'ended'],
    ['a day before', live('2026-11-27', '10:05:00', '11:00:00'), 'before'],
    ['a day after', live('2026-11-25', '09:00:00', '11:00:00'), 'ended'],
  ] as const)('when %s, then %s', (_, session, expected) => {
    expect(joinState(session, NOW)).toBe(expected);
  });

  it('when there is no end time, then the session is taken to last two hours', () => {
    expect(joinState(live('2026-11-26', '08:30:00'), NOW)).toBe('open');
    expect(joinState(live('2026-11-26', '07:59:00'), NOW)).toBe('ended');
  });

  it('when the end is after midnight, then the window runs past midnight', () => {
    const lateNight = new Date('2026-11-26T18:45:00.000Z'); // 00:15 on the 27th in India
    expect(joinState(live('2026-11-26', '23:00:00', '01:00:00'), lateNight)).toBe('open');
  });

  it('when the session is recorded, undated or untimed, then there is no JOIN window', () => {
    expect(joinState({ ...live('2026-11-26', '10:05:00'), type: 2 }, NOW)).toBe('none');
    expect(joinState(live('0000-00-00', '10:05:00'), NOW)).toBe('none');
    expect(joinState({ ...live('2026-11-26', null), sessionDate: null }, NOW)).toBe('none');
    expect(joinState(live('2026-11-26', null), NOW)).toBe('none');
  });

  it('reads the platform zone, not the browser zone: 10:00 in India is 04:30 UTC', () => {
    expect(joinState(live('2026-11-26', '04:30:00', '05:00:00'), NOW)).toBe('ended');
  });
});

describe('moduleViews: labels M{m}_S{s} in sequence order, statuses against today in India', () => {
  const dashboard = courseDashboard({
    courseModules: [
      moduleOf(20, 2, 'Second', [sessionOf(203, 2, '2026-11-30'), sessionOf(202, 1, '2026-11-26')]),
      moduleOf(10, 1, 'First', [sessionOf(101, 1, '2026-11-20'), sessionOf(102, 2, null)]),
    ],
  });

  it('orders modules and sessions by sequence and labels them by position', () => {
    const views = moduleViews(dashboard, NOW);
    expect(views.map((view) => view.module.title)).toEqual(['First', 'Second']);
    expect(allSessions(views).map((view) => [view.label, view.session.id])).toEqual([
      ['M1_S1', 101],
      ['M1_S2', 102],
      ['M2_S1', 202],
      ['M2_S2', 203],
    ]);
  });

  it('gives each session its status and its time as ddd, hh:mm A', () => {
    const sessions = allSessions(moduleViews(dashboard, NOW));
    expect(sessions.map((view) => view.status)).toEqual(['held', 'unscheduled', 'today', 'upcoming']);
    expect(sessions[2]?.when).toBe('Thu, 07:30 PM');
  });

  it('takes the next session as today’s, else the earliest future one', () => {
    const sessions = allSessions(moduleViews(dashboard, NOW));
    expect(nextSessionView(sessions, NOW)?.label).toBe('M2_S1');
    expect(nextSessionView(sessions, new Date('2026-11-27T04:30:00.000Z'))?.label).toBe('M2_S2');
    expect(nextSessionView(sessions, new Date('2026-12-27T04:30:00.000Z'))).toBeNull();
  });

  it('sessionStatus uses India’s date even when UTC is still the day before', () => {
    // 2026-11-25 20:00 UTC is 2026-11-26 01:30 in India.
    expect(sessionStatus({ sessionDate: '2026-11-26' }, new Date('2026-11-25T20:00:00.000Z'))).toBe('today');
  });
});
