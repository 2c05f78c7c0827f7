import { settle } from '../../lib/api/base-api';
import type { AppStore } from '../../lib/store';
import { publicResourcesQuery } from './api/public-resources';

/** `/resources`: the public files. */
export function resourcesLoader(store: AppStore) {
  return async (): Promise<null> => {
    await settle(store.dispatch(publicResourcesQuery.initiate()));
    return null;
  };
}
