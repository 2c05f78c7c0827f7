import { endpointRequest } from '../lib/api/paths';
import { captureUtm } from '../lib/utm';
import { callApi } from './api';

/**
 * A landing from a campaign (`utm_*` in the address) on a public document: keep its values for
 * the visit's lead forms and count it once (issue 16), as the app's root layout does. Loaded by
 * the islands entry only then.
 */
export function captureLanding(): void {
  captureUtm({ pathname: window.location.pathname, search: window.location.search }, (body) =>
    callApi(endpointRequest('utmClicks', { body })),
  );
}
