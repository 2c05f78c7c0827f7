import { blogPath } from '@atelier/domain';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { settleOutcome } from '../../lib/api/base-api';
import { readId } from '../../lib/api/paths';
import { canonicalRedirect, notFound } from '../../lib/route-responses';
import type { AppStore } from '../../lib/store';
import { blogArticleQuery } from './api/blog-article';
import { blogListQuery, readBlogListArgs } from './api/blog-list';

/**
 * `/blogs?query=&category=&page=`: the page of articles the address names. A page past the last
 * one is a real 404 (not an empty page search engines would index); a failed load stays the
 * spec §8 empty list.
 */
export function blogsLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const args = readBlogListArgs(new URL(request.url).searchParams);
    const { data } = await settleOutcome(store.dispatch(blogListQuery.initiate(args)));
    if (data && args.page > 1 && data.data.length === 0) notFound();
    return null;
  };
}

export interface BlogArticleData {
  articleId: number | null;
}

/**
 * `/blog/:category/:url?id=` (spec §2): the article `?id=`. Without an id the address leads to
 * `/blogs` (spec §2: "also the target when a blog has no id"); an unknown id answers 404; an
 * address other than the article's `blogPath` redirects permanently to it.
 */
export function blogArticleLoader(store: AppStore) {
  return async ({ request }: LoaderFunctionArgs): Promise<BlogArticleData | Response> => {
    const id = readId(new URL(request.url).searchParams.get('id'));
    if (id === null) return redirect('/blogs', 301);
    const { data: article, errorStatus } = await settleOutcome(store.dispatch(blogArticleQuery.initiate(id)));
    if (errorStatus === 404 || errorStatus === 400) notFound();
    if (!article) return { articleId: id };
    const target = canonicalRedirect(
      request.url,
      blogPath({ id: article.id, url: article.url, category: article.category?.name ?? null }),
    );
    return target ? redirect(target, 301) : { articleId: article.id };
  };
}
