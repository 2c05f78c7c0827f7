import { Suspense, type ReactNode } from 'react';

/**
 * A part of a long page that hydrates on its own. Nothing inside suspends: the boundary only
 * lets React hydrate the page in several small tasks (shell first, then each part) instead of
 * one long one that would block input (total blocking time). The server renders it in place.
 */
export function HydrationBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
