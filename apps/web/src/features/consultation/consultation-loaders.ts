import { settle } from '../../lib/api/base-api';
import type { AppStore } from '../../lib/store';
import { consultationBlogsQuery } from './api/consultation-blogs';
import { consultationPackagesQuery } from './api/consultation-packages';

/** `/consultation`: the packages and the suggested reading, in parallel (one round trip). */
export function consultationLoader(store: AppStore) {
  return async (): Promise<null> => {
    await Promise.all([
      settle(store.dispatch(consultationPackagesQuery.initiate())),
      settle(store.dispatch(consultationBlogsQuery.initiate())),
    ]);
    return null;
  };
}
