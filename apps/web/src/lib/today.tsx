import { toWireDate } from '@atelier/domain';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/*
 * "Today" in the platform's zone (Asia/Kolkata), for labels that depend on it ("Starts 11 Nov",
 * "Started 11 Nov · join by 18 Nov"). The server renders a page against its own day and writes
 * that day into the page's data block; the browser hydrates against the same day (so the markup
 * matches whatever the visitor's clock or zone), then moves on to its own clock's platform day if
 * that differs (a page rendered just before midnight, or a cached one).
 */

/** The day the page was rendered against; null where nothing was rendered (tests, app shells). */
const RenderedToday = createContext<string | null>(null);

/** Accepts only a wire date (`YYYY-MM-DD`); anything else is ignored. */
export function readRenderedToday(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

export function RenderedTodayProvider({ today, children }: { today?: string; children: ReactNode }) {
  return <RenderedToday.Provider value={today ?? null}>{children}</RenderedToday.Provider>;
}

/** The platform's day by this machine's clock. */
export const platformToday = (): string => toWireDate(new Date());

const subscribe = () => () => {};

/** Today as a wire date in the platform's zone: the rendered day while hydrating, then the clock's. */
export function useToday(): string {
  const rendered = useContext(RenderedToday);
  return useSyncExternalStore(subscribe, platformToday, () => rendered ?? platformToday());
}
