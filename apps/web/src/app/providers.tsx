import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from '../lib/store';

/** Everything the app needs around its router, on the server and in the browser alike. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
