import { blogPath } from '@atelier/domain';
import { Link, useLoaderData } from 'react-router';
import { ArrowRightIcon } from '../../components/ui/icons';
import { Island } from '../../components/ui/island';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { formatDay } from '../../lib/format';
import { usePageHead } from '../../lib/head-context';
import { shareImage } from '../../lib/images';
import { useLayoutSlots } from '../../lib/layout-slots';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useBlogArticle } from './api/blog-article';
import type { BlogArticleData } from './blog-loaders';
import { blogPostingJsonLd } from './blog-seo';
import BlogCounsellingIsland from './components/blog-counselling.island';
import './blogs.css';

/** How wide the cover shows: the same words for the image and its preload in the head. */
const COVER_SIZES = '(min-width: 1000px) 960px, 100vw';

/**
 * `/blog/{category}/{url}?id=` (spec §2): the article. Its HTML is sanitised by the server against
 * an allow-list (checklist E8) and rendered as it is — the one place the app sets inner HTML;
 * every other text from the API is rendered as text.
 */
export function BlogArticlePage() {
  const { articleId } = useLoaderData<BlogArticleData>();
  const article = useBlogArticle(articleId);
  const origin = useSiteOrigin();
  const { campaignSidebar } = useLayoutSlots();

  const path = article
    ? blogPath({ id: article.id, url: article.url, category: article.category?.name ?? null })
    : null;
  const categoryHref = article?.category ? `/blogs?category=${article.category.slug}` : '/blogs';
  const image = shareImage(article?.cover);

  usePageHead(
    article && path
      ? {
          title: article.meta.title?.replace(/\s*\|\s*Atelier Blog$/, '') || article.title,
          description: article.meta.description || article.excerpt,
          keywords: article.meta.keywords,
          canonical: path,
          image,
          type: 'article',
          publishedTime: article.publishedAt,
          modifiedTime: article.updatedAt,
          leadImage: article.cover ? { src: article.cover, sizes: COVER_SIZES } : null,
          jsonLd: [
            blogPostingJsonLd(article, origin, image),
            breadcrumbList(origin, [
              ['Home', '/'],
              ['Blogs', '/blogs'],
              ...(article.category ? [[article.category.name, categoryHref] as const] : []),
              [article.title, path],
            ]),
          ],
        }
      : null,
  );

  if (!article) {
    return (
      <div className="container workshop-missing">
        <h1 className="page-intro__title">This article is not available right now</h1>
        <p className="section-lede">Please try again in a moment, or read another article.</p>
        <Link to="/blogs" className="button button--primary">
          All articles
        </Link>
      </div>
    );
  }

  return (
    <>
      <article className="article">
        <header className="article__header">
          <div className="container article__header-inner">
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>
                  <Link to="/">Home</Link>
                </li>
                <li>
                  <Link to="/blogs">Blogs</Link>
                </li>
                {article.category ? (
                  <li>
                    <Link to={categoryHref}>{article.category.name}</Link>
                  </li>
                ) : null}
              </ol>
            </nav>
            <h1 className="article__title">{article.title}</h1>
            <p className="article__standfirst">{article.excerpt}</p>
            <p className="article__byline">
              {article.authorName ? <span className="article__author">{article.authorName}</span> : null}
              <time dateTime={article.publishedAt}>{formatDay(article.publishedAt.slice(0, 10))}</time>
              {article.readingMinutes ? <span>{article.readingMinutes} min read</span> : null}
            </p>
          </div>
        </header>
        {article.cover ? (
          <div className="container article__cover">
            <ResponsiveImage src={article.cover} width={1200} height={750} sizes={COVER_SIZES} priority />
          </div>
        ) : null}
        <div
          className={`container article__layout ${campaignSidebar ? 'article__layout--with-sidebar' : ''}`}
        >
          {/* Sanitised on the server (allow-listed tags and attributes only), never built here. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: article.content }} />
          <aside className="article__aside" aria-label="Next steps">
            <div className="counsel-card">
              <p className="eyebrow">Free counselling</p>
              <h2 className="counsel-card__title">Not sure which course fits?</h2>
              <p>A counsellor can help you plan your next step after this article.</p>
              <Island
                of={BlogCounsellingIsland}
                props={{ articleId: article.id, articleTitle: article.title }}
              />
            </div>
            <Link to="/courses-and-workshops" className="text-link">
              Browse courses
              <ArrowRightIcon className="icon--sm" />
            </Link>
            {campaignSidebar}
          </aside>
        </div>
      </article>
    </>
  );
}
