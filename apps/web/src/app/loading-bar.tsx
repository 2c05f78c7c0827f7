import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import './loading-bar.css';

/** How long the finished bar stays to run to the end and fade out. */
export const LOADING_BAR_FINISH_MS = 400;

/**
 * The orange bar at the top of the window during every route change (spec §2, colour #e3683b):
 * shown while the router is loading or submitting. While it runs it is a progress bar for
 * assistive technology; the finishing flourish afterwards is hidden from it.
 */
export function LoadingBar() {
  const isBusy = useNavigation().state !== 'idle';
  const [isFinishing, setFinishing] = useState(false);
  // The change of state is noted during render: busy → idle starts the finishing flourish,
  // idle → busy cancels it.
  const [wasBusy, setWasBusy] = useState(isBusy);
  if (wasBusy !== isBusy) {
    setWasBusy(isBusy);
    setFinishing(!isBusy);
  }

  useEffect(() => {
    if (!isFinishing) return;
    const timer = setTimeout(() => setFinishing(false), LOADING_BAR_FINISH_MS);
    return () => clearTimeout(timer);
  }, [isFinishing]);

  if (!isBusy && !isFinishing) return null;
  return (
    <div
      className={`loading-bar ${isBusy ? 'loading-bar--running' : 'loading-bar--done'}`}
      role={isBusy ? 'progressbar' : undefined}
      aria-label={isBusy ? 'Loading page' : undefined}
      aria-hidden={isBusy ? undefined : true}
    >
      <span className="loading-bar__fill" />
    </div>
  );
}
