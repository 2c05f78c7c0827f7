import { Link } from 'react-router';

/** Loading, not found (another's batch or a missing one) or failed, for a tab's query. */
export function QueryState({
  result,
  what,
}: {
  result: { isLoading: boolean; error?: unknown; refetch: () => unknown };
  what: string;
}) {
  if (result.isLoading)
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> Loading {what}…
      </p>
    );
  const status = (result.error as { status?: unknown } | undefined)?.status;
  if (status === 404)
    return (
      <div className="admin-message" role="alert">
        <p>This batch was not found, or you do not teach it.</p>
        <Link to="/admin/teaching">Back to your batches</Link>
      </div>
    );
  return (
    <div className="admin-message admin-message--alert" role="alert">
      <p>{`The ${what} could not be loaded.`}</p>
      <button type="button" className="button" onClick={() => void result.refetch()}>
        Try again
      </button>
    </div>
  );
}
