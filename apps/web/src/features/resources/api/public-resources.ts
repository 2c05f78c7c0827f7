import type { PublicResourceFile, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const publicResourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/user/resource/outer/files` (public): free files outside folders, newest first. */
    listPublicResources: build.query<ResponseOf<'outerResourceFiles'>, void>({
      query: () => endpointRequest('outerResourceFiles'),
    }),
  }),
});

export const publicResourcesQuery = publicResourcesApi.endpoints.listPublicResources;

const NO_FILES: readonly PublicResourceFile[] = [];

/** The public files; an empty list while loading and when the call failed. */
export function usePublicResources(): { files: readonly PublicResourceFile[]; isError: boolean } {
  const { currentData, isError } = publicResourcesApi.useListPublicResourcesQuery();
  return { files: currentData ?? NO_FILES, isError };
}
