import type { BlogCategory, BlogList, ResponseOf } from '@atelier/contract';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

/** Articles per page of the blog list (a 3 × 3 grid on wide screens). */
export const BLOGS_PAGE_SIZE = 9;

/** What the blog list shows: search text, category slug and page, all from the address. */
export interface BlogListArgs {
  query: string;
  category: string;
  page: number;
}

const blogListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/blogs/all{query}`: one page of published blogs, newest first, and every category. */
    listBlogs: build.query<ResponseOf<'blogsAll'>, BlogListArgs>({
      query: ({ query, category, page }) =>
        endpointRequest('blogsAll', {
          query: {
            query: query || undefined,
            category: category || undefined,
            page: page > 1 ? page : undefined,
            pageSize: BLOGS_PAGE_SIZE,
          },
        }),
    }),
  }),
});

export const blogListQuery = blogListApi.endpoints.listBlogs;

const NO_CATEGORIES: readonly BlogCategory[] = [];
const EMPTY: BlogList = { data: [], total: 0, page: 1, pageSize: BLOGS_PAGE_SIZE, categories: [] };

/** The blog list's arguments from the address (`?query=&category=&page=`). */
export function readBlogListArgs(search: URLSearchParams): BlogListArgs {
  const page = Number(search.get('page'));
  const category = search.get('category') ?? '';
  return {
    query: (search.get('query') ?? '').trim().slice(0, 100),
    category: /^[a-z0-9]+(-[a-z0-9]+)*$/.test(category) ? category : '',
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * One page of blogs. Spec §8: a failed load of blogs is swallowed, shown as an empty list with
 * no message; `isFetching` is true while another page or filter loads.
 */
export function useBlogList(args: BlogListArgs): {
  list: BlogList;
  categories: readonly BlogCategory[];
  isFetching: boolean;
} {
  const { currentData, data, isFetching } = blogListApi.useListBlogsQuery(args);
  // Categories stay while the next page loads, so the filter does not flicker.
  return {
    list: currentData ?? EMPTY,
    categories: (currentData ?? data)?.categories ?? NO_CATEGORIES,
    isFetching,
  };
}
