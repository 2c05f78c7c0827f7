import type { PublicResourceFile } from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';

const publicResourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/user/resource/outer/files` (public): free files outside folders, newest first. */
    listPublicResources: build.query<PublicResourceFile[], void>({
      query: () => endpoints.outerResourceFiles.path,
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as PublicResourceFile[]) : []),
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
