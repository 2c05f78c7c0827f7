import type { BlogCard } from '@atelier/contract';
import { endpoints } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';

/** How many articles the consultation page suggests. */
export const CONSULTATION_BLOG_COUNT = 3;

const consultationBlogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/consultation/page/blogs`: featured blogs first, then the newest. */
    listConsultationBlogs: build.query<BlogCard[], void>({
      query: () => ({
        url: endpoints.consultationPageBlogs.path,
        method: 'POST',
        body: { limit: CONSULTATION_BLOG_COUNT },
      }),
      transformResponse: (data: unknown) => (Array.isArray(data) ? (data as BlogCard[]) : []),
    }),
  }),
});

export const consultationBlogsQuery = consultationBlogsApi.endpoints.listConsultationBlogs;

const NO_BLOGS: readonly BlogCard[] = [];

/** Suggested reading; spec §8: a failed load of blogs is swallowed as an empty list. */
export function useConsultationBlogs(): readonly BlogCard[] {
  return consultationBlogsApi.useListConsultationBlogsQuery().currentData ?? NO_BLOGS;
}
