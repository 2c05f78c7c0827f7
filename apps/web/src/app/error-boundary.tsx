import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageHead } from '../lib/head-context';
import { NotFoundPage } from './not-found-page';

/** The head of every "not found" answer: its own title, no canonical address, not indexed. */
export const NOT_FOUND_HEAD = {
  title: 'Page not found',
  description: 'This page does not exist on Atelier. Browse live masterclasses and courses instead.',
  noIndex: true,
  jsonLd: [],
} as const;

/**
 * The 404 page of a route whose loader found nothing (an unknown course, blog or trip id): the
 * route's own head (a course's title, its canonical address) must not describe a missing page.
 */
function RouteNotFound() {
  usePageHead(NOT_FOUND_HEAD);
  return <NotFoundPage />;
}

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** Reports a crash to the console in the browser (the server logs its own through `render`). */
function useReportCrash(error: unknown): void {
  useEffect(() => {
    if (!isNotFound(error)) console.error('Page crashed', error);
  }, [error]);
}

/**
 * Spec §2 / §8: "If a page crashes, an error boundary renders an empty page." Used when even the
 * layout failed, so nothing of the app can be trusted: an empty main landmark, nothing else.
 */
export function RootErrorBoundary() {
  const error = useRouteError();
  useReportCrash(error);
  return <main id="main" className="empty-page" tabIndex={-1} />;
}

/**
 * The boundary around every page inside a layout: a page that crashes leaves its area empty
 * (spec §2) while the header and footer stay usable; an unknown address shows the 404 page.
 */
export function PageErrorBoundary() {
  const error = useRouteError();
  useReportCrash(error);
  return isNotFound(error) ? <RouteNotFound /> : null;
}
