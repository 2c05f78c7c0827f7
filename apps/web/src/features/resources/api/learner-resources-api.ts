import type { BodyOf, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import type { ApiTransport } from '../../../lib/api/base-query';
import { endpointRequest } from '../../../lib/api/paths';
import { readToken } from '../../../lib/session';

/*
 * The learners' resource library (`/dashboard/resources`, issue 15; decision 0026): folders,
 * search, and banner clicks. stored files are fetched with the bearer token by `fetchResourceFile`, since
 * a plain link or frame could not send it.
 */

const learnerResourcesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/user/resource/fs/all`: the top-level folders with counts. */
    getResourceRoot: build.query<ResponseOf<'learnerResourceRoot'>, void>({
      query: () => endpointRequest('learnerResourceRoot'),
      keepUnusedDataFor: 120,
    }),
    /** `GET /api/user/resource/folder/{id}/all`: a folder, its breadcrumb, subfolders and files. */
    getResourceFolder: build.query<ResponseOf<'learnerResourceFolderAll'>, number>({
      query: (id) => endpointRequest('learnerResourceFolderAll', { params: { id } }),
      keepUnusedDataFor: 120,
    }),
    /** `GET /api/user/resource/search?query=&limit=&offset=`. */
    searchResources: build.query<
      ResponseOf<'learnerResourceSearch'>,
      { query: string; offset: number; limit: number }
    >({
      query: ({ query, offset, limit }) =>
        endpointRequest('learnerResourceSearch', { query: { query, offset, limit } }),
      keepUnusedDataFor: 60,
    }),
    /** `POST /api/user/resource/banner/click { banner, link? }`. */
    recordBannerClick: build.mutation<
      ResponseOf<'learnerResourceBannerClick'>,
      BodyOf<'learnerResourceBannerClick'>
    >({
      query: (body) => endpointRequest('learnerResourceBannerClick', { body }),
    }),
  }),
});

export const {
  useGetResourceRootQuery,
  useGetResourceFolderQuery,
  useSearchResourcesQuery,
  useRecordBannerClickMutation,
} = learnerResourcesApi;

/** Why a PDF could not be fetched, in words for the page. */
export class ResourcePdfError extends Error {
  constructor(readonly status: number) {
    super(
      status === 403
        ? 'This premium file is for enrolled learners.'
        : status === 404
          ? 'This file is no longer in the library.'
          : 'The file could not be loaded just now. Please try again.',
    );
    this.name = 'ResourcePdfError';
  }
}

/**
 * Fetches a library file (`downloadUrl`, `/api/user/resource/{id}/file`) with the session's
 * bearer token through the app's transport, as a Blob: a PDF for the in-page viewer (typed as one
 * whatever the answer says), or any stored file — a drawing, an archive, an image — to save.
 */
export function fetchResourceFile(
  downloadUrl: string,
  { signal, pdf }: { signal?: AbortSignal; pdf: boolean },
) {
  return async (_dispatch: unknown, _getState: unknown, transport: ApiTransport): Promise<Blob> => {
    const token = readToken();
    const headers: Record<string, string> = { accept: pdf ? 'application/pdf' : '*/*' };
    if (token) headers.authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await transport.fetch(`${transport.origin}${downloadUrl}`, { headers, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ResourcePdfError(0);
    }
    if (!response.ok) throw new ResourcePdfError(response.status);
    const blob = await response.blob();
    // The viewer needs the type to render it; the server always sends application/pdf.
    if (!pdf || blob.type === 'application/pdf') return blob;
    return new Blob([blob], { type: 'application/pdf' });
  };
}
