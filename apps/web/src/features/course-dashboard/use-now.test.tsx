import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './course-dashboard-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow: the page re-reads the clock on a timer (the JOIN window opens without a reload)', () => {
  it('when the interval passes, then the instant moves on', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T04:30:00.000Z') });
    const { result } = renderHook(() => useNow(30_000));
    expect(result.current.toISOString()).toBe('2026-11-26T04:30:00.000Z');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current.toISOString()).toBe('2026-11-26T04:30:30.000Z');
  });
});
