import { useState, useSyncExternalStore } from 'react';

/**
 * Runs `reset` (which sets this component's state) during render whenever `key` differs from the
 * key of the previous render: React's "adjusting state when a prop changes", without an effect and
 * its second paint.
 */
export function useResetOnChange<T>(key: T, reset: () => void): void {
  const [seen, setSeen] = useState(key);
  if (!Object.is(seen, key)) {
    setSeen(key);
    reset();
  }
}

const subscribeNever = () => () => undefined;

/** False while rendering on the server and hydrating, true in the browser afterwards. */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** The instant of the first render in this component (stable; a pure render needs no clock reads). */
export function useMountInstant(): number {
  const [now] = useState(() => Date.now());
  return now;
}
