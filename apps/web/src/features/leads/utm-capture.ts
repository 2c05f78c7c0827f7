import type { AppDispatch } from '../../lib/store';
import { recordUtmClick } from '../../lib/api/leads';
import { captureUtm } from '../../lib/utm';

/**
 * Loaded by the root layout only when the address carries `utm_*` (see `root-layout.tsx`), so
 * the entry never grows by the lead code.
 */
export function captureLanding(location: { pathname: string; search: string }, dispatch: AppDispatch): void {
  captureUtm(location, (body) => dispatch(recordUtmClick.initiate(body)).unwrap());
}
