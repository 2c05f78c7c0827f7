import type { BlogCard, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

/** How many articles the consultation page suggests. */
export const CONSULTATION_BLOG_COUNT = 3;

const consultationBlogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/consultation/page/blogs`: featured blogs first, then the newest. */
    listConsultationBlogs: build.query<ResponseOf<'consultationPageBlogs'>, void>({
      query: () => endpointRequest('consultationPageBlogs', { body: { limit: CONSULTATION_BLOG_COUNT } }),
    }),
  }),
});

export const consultationBlogsQuery = consultationBlogsApi.endpoints.listConsultationBlogs;

const NO_BLOGS: readonly BlogCard[] = [];

/** Suggested reading; spec §8: a failed load of blogs is swallowed as an empty list. */
export function useConsultationBlogs(): readonly BlogCard[] {
  return consultationBlogsApi.useListConsultationBlogsQuery().currentData ?? NO_BLOGS;
}
