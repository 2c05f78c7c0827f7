import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';

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
  return isNotFound(error) ? <NotFoundPage /> : null;
}
