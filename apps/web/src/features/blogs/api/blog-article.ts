import type { BlogArticle, ResponseOf } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const blogArticleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/blogs/{id}`: the article with its server-sanitised HTML and search-engine meta. */
    getBlogArticle: build.query<ResponseOf<'blogArticle'>, number>({
      query: (id) => endpointRequest('blogArticle', { params: { id } }),
    }),
  }),
});

export const blogArticleQuery = blogArticleApi.endpoints.getBlogArticle;

/** Article `id`, or `null` while it loads and when the call failed (unknown ids are 404s in the loader). */
export function useBlogArticle(id: number | null): BlogArticle | null {
  return blogArticleApi.useGetBlogArticleQuery(id ?? skipToken).currentData ?? null;
}
