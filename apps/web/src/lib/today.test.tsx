import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduleLabel } from './schedule-label';
import { RenderedTodayProvider, useToday } from './today';

/** A course card's date line: a batch of 11 Nov – 5 Dec 2026, sold until 18 Nov. */
const course = {
  type: 2,
  Batches: [{ startDate: '2026-11-11', endDate: '2026-12-05', sessionType: 1, joinUntil: '2026-11-18' }],
};

function When() {
  return <p>{scheduleLabel(course, useToday())}</p>;
}

describe('scheduleLabel (a card says whether its batch has started, by the platform’s day)', () => {
  it.each([
    ['2026-11-01', 'Starts 11 Nov 2026'],
    ['2026-11-11', 'Starts today'],
    ['2026-11-14', 'Started 11 Nov · join by 18 Nov'],
    ['2026-11-25', 'Started 11 Nov · enrolment closed'],
    ['2026-12-06', 'Ended 5 Dec 2026'],
  ])('when today is %s, then the course reads “%s”', (today, label) => {
    expect(scheduleLabel(course, today)).toBe(label);
  });

  it('when a masterclass is ahead, then it shows its live dates; recorded and undated say so', () => {
    const masterclass = { ...course, type: 1 };
    expect(scheduleLabel(masterclass, '2026-11-01')).toBe('Live · 11 Nov – 5 Dec 2026');
    expect(
      scheduleLabel({ type: 2, Batches: [{ ...course.Batches[0]!, sessionType: 2 }] }, '2026-11-25'),
    ).toBe('Recorded · learn at your pace');
    expect(scheduleLabel({ type: 2, Batches: [] }, '2026-11-25')).toBe('Dates announced soon');
  });
});

describe('useToday (server render and hydration agree on the day)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('when the browser’s clock is on another day than the render, then it hydrates with the rendered day without a mismatch, then shows its own', async () => {
    const html = renderToString(
      <RenderedTodayProvider today="2026-11-25">
        <When />
      </RenderedTodayProvider>,
    );
    expect(html).toContain('Started 11 Nov · enrolment closed');

    // The visitor opens the page weeks later (a cached page, or a clock set ahead).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-20T06:00:00Z'));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(
        container,
        <RenderedTodayProvider today="2026-11-25">
          <When />
        </RenderedTodayProvider>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('Ended 5 Dec 2026');
  });

  it('when nothing was rendered (an app shell), then the day is the clock’s, in India', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20:00 UTC on 13 Nov is already 14 Nov in India.
    vi.setSystemTime(new Date('2026-11-13T20:00:00Z'));
    const html = renderToString(<When />);
    expect(html).toContain('Started 11 Nov · join by 18 Nov');
  });
});
