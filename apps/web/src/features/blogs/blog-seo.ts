import type { BlogArticle } from '@atelier/contract';
import { blogPath } from '@atelier/domain';
import { absoluteUrl, type JsonLd } from '../../lib/page-head';
import { organisation } from '../../lib/seo';

/** JSON-LD `BlogPosting` of an article (its address is the domain's `blogPath`). */
export function blogPostingJsonLd(article: BlogArticle, origin: string, image: string | null): JsonLd {
  const url = absoluteUrl(
    origin,
    blogPath({ id: article.id, url: article.url, category: article.category?.name ?? null }),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.meta.description || article.excerpt,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: image ? absoluteUrl(origin, image) : undefined,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    author: article.authorName ? { '@type': 'Person', name: article.authorName } : organisation(origin),
    publisher: organisation(origin),
    articleSection: article.category?.name ?? undefined,
    keywords: article.meta.keywords ?? undefined,
    timeRequired: article.readingMinutes ? `PT${article.readingMinutes}M` : undefined,
  };
}
