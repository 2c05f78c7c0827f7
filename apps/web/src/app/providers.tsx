import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PageHeadProvider, PageHeadStore } from '../lib/head-context';
import type { AppStore } from '../lib/store';
import { RenderedTodayProvider } from '../lib/today';

/** Everything the app needs around its router, on the server and in the browser alike. */
export function AppProviders({
  store,
  head,
  today,
  children,
}: {
  store: AppStore;
  /** Where pages declare their head (see `usePageHead`); the server renderer reads it back. */
  head?: PageHeadStore;
  /** The platform's day the page is (or was) rendered against (`useToday`). */
  today?: string;
  children: ReactNode;
}) {
  const [ownHead] = useState(() => new PageHeadStore(false, ''));
  return (
    <Provider store={store}>
      <PageHeadProvider store={head ?? ownHead}>
        <RenderedTodayProvider today={today}>{children}</RenderedTodayProvider>
      </PageHeadProvider>
    </Provider>
  );
}
