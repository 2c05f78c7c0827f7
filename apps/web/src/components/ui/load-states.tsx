import type { ReactNode } from 'react';
import './load-states.css';
import { apiFormMessage } from '../../lib/forms';

/** A section's loading state: a spinner and words, announced politely. */
export function LoadingNote({ children }: { children: ReactNode }) {
  return (
    <p className="load-note" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/**
 * A failed load: the API's own message (the envelope's `message` of a 4xx; a generic sentence for
 * 5xx and network failures) and a way to try again.
 */
export function ErrorNote({ error, onRetry, what }: { error: unknown; onRetry?: () => void; what: string }) {
  return (
    <div className="load-error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {apiFormMessage(error)}
      </p>
      {onRetry ? (
        <button type="button" className="button button--quiet load-error__retry" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
