import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ModalDialog } from '../../../components/ui/modal-dialog';

/**
 * Every console form with edits not yet saved renders `<UnsavedChangesGuard when={isDirty} />`
 * (issue 17): leaving for another console page asks first ("Stay" / "Leave without saving"), and
 * closing or reloading the tab gets the browser's own warning. Saving (the form no longer dirty)
 * lifts it.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older engines show their warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  if (blocker.state !== 'blocked') return null;
  return (
    <ModalDialog
      labelledBy="unsaved-title"
      describedBy="unsaved-text"
      className="dialog admin-dialog"
      onClose={() => blocker.reset()}
    >
      <div className="dialog__card">
        <h2 id="unsaved-title" className="dialog__title">
          Leave without saving?
        </h2>
        <p id="unsaved-text" className="dialog__text">
          Your changes on this page have not been saved. They will be lost if you leave.
        </p>
        <div className="admin-dialog__actions">
          <button type="button" className="button button--primary" onClick={() => blocker.reset()}>
            Stay on this page
          </button>
          <button type="button" className="button button--quiet" onClick={() => blocker.proceed()}>
            Leave without saving
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
