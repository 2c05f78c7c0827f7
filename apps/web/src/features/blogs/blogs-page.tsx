import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { HydrationBoundary } from '../../components/ui/hydration-boundary';
import { SearchIcon } from '../../components/ui/icons';
import { MediaCard } from '../../components/ui/media-card';
import { formatDay } from '../../lib/format';
import { useResetOnChange } from '../../lib/hooks';
import { usePageHead } from '../../lib/head-context';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { readBlogListArgs, useBlogList, type BlogListArgs } from './api/blog-list';
import '../../lib/forms.css';
import './blogs.css';

/** The address of a blog list view (`/blogs?query=&category=&page=`), set values only. */
function blogsHref(args: BlogListArgs): string {
  const search = new URLSearchParams();
  if (args.query) search.set('query', args.query);
  if (args.category) search.set('category', args.category);
  if (args.page > 1) search.set('page', String(args.page));
  const text = search.toString();
  return text ? `/blogs?${text}` : '/blogs';
}

/**
 * `/blogs` (spec §2): the journal with search, a category filter and pages, all in the address
 * (server-rendered and shareable). Article links are the domain's `blogPath` (the API's `path`).
 */
export function BlogsPage() {
  const [searchParams] = useSearchParams();
  const args = readBlogListArgs(searchParams);
  const { list, categories, isFetching } = useBlogList(args);
  const origin = useSiteOrigin();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const category = categories.find((c) => c.slug === args.category) ?? null;
  const [featured, ...rest] = list.data;
  const showFeatured = featured !== undefined && args.page === 1 && !args.query && !args.category;

  usePageHead({
    title: category ? `${category.name} articles` : args.page > 1 ? `Blogs, page ${args.page}` : 'Blogs',
    canonical: blogsHref({ query: '', category: args.category, page: args.page }),
    noIndex: args.query !== '',
    jsonLd: [
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Blogs', '/blogs'],
      ]),
    ],
  });

  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">Journal</p>
          <h1 className="page-intro__title">{category ? category.name : 'Blogs'}</h1>
          <p className="page-intro__lede">
            Essays, software notes and career advice from architects and designers.
          </p>
        </div>
      </header>

      <div className="container blogs">
        <div className="blogs__tools">
          <nav aria-label="Blog categories" className="filter-bar">
            <ul>
              <li>
                <Link
                  to={blogsHref({ query: args.query, category: '', page: 1 })}
                  className="filter-chip"
                  aria-current={args.category ? undefined : 'page'}
                >
                  All
                </Link>
              </li>
              {categories.map((c) => (
                <li key={c.id}>
                  <Link
                    to={blogsHref({ query: args.query, category: c.slug, page: 1 })}
                    className="filter-chip"
                    aria-current={c.slug === args.category ? 'page' : undefined}
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <BlogSearch args={args} />
        </div>

        <div
          className={isFetching ? 'blogs__results blogs__results--busy' : 'blogs__results'}
          aria-busy={isFetching}
        >
          {list.data.length === 0 ? (
            <div className="empty-state">
              <h2 className="empty-state__title">
                {args.query ? `No articles match “${args.query}”` : 'No articles yet'}
              </h2>
              <p className="section-lede">
                {args.query || args.category
                  ? 'Try other words or another category.'
                  : 'New articles are on their way.'}
              </p>
              {args.query || args.category ? (
                <Link to="/blogs" className="button button--quiet">
                  All articles
                </Link>
              ) : null}
            </div>
          ) : (
            <>
              {showFeatured ? (
                <article className="blog-feature">
                  <MediaCard
                    to={featured.path}
                    title={featured.title}
                    image={featured.cover}
                    eyebrow={featured.category?.name}
                    headingLevel={2}
                    priority
                    footer={
                      <ArticleMeta
                        author={featured.authorName}
                        date={featured.publishedAt}
                        minutes={featured.readingMinutes}
                      />
                    }
                  >
                    <p>{featured.excerpt}</p>
                  </MediaCard>
                </article>
              ) : null}
              <HydrationBoundary>
                <ul className="card-grid blogs__grid">
                  {(showFeatured ? rest : list.data).map((blog, index) => (
                    <li key={blog.id}>
                      <MediaCard
                        to={blog.path}
                        title={blog.title}
                        image={blog.cover}
                        eyebrow={blog.category?.name}
                        headingLevel={2}
                        coverVariant={index}
                        footer={
                          <ArticleMeta
                            author={blog.authorName}
                            date={blog.publishedAt}
                            minutes={blog.readingMinutes}
                          />
                        }
                      >
                        <p>{blog.excerpt}</p>
                      </MediaCard>
                    </li>
                  ))}
                </ul>
              </HydrationBoundary>
            </>
          )}
        </div>

        {pages > 1 ? (
          <nav className="pagination" aria-label="Pages">
            {args.page > 1 ? (
              <Link
                className="button button--quiet"
                to={blogsHref({ ...args, page: args.page - 1 })}
                rel="prev"
              >
                Newer
              </Link>
            ) : (
              <span />
            )}
            <ol className="pagination__pages">
              {Array.from({ length: pages }, (_, i) => i + 1).map((page) => (
                <li key={page}>
                  <Link
                    to={blogsHref({ ...args, page })}
                    className="pagination__page"
                    aria-current={page === args.page ? 'page' : undefined}
                    aria-label={`Page ${page}`}
                  >
                    {page}
                  </Link>
                </li>
              ))}
            </ol>
            {args.page < pages ? (
              <Link
                className="button button--quiet"
                to={blogsHref({ ...args, page: args.page + 1 })}
                rel="next"
              >
                Older
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}

function ArticleMeta({
  author,
  date,
  minutes,
}: {
  author: string | null;
  date: string;
  minutes: number | null;
}) {
  return (
    <span className="media-card__meta">
      {[author, formatDay(date.slice(0, 10)), minutes ? `${minutes} min read` : null]
        .filter(Boolean)
        .join(' · ')}
    </span>
  );
}

/** The search box; submitting puts the text in the address (page 1 of the results). */
function BlogSearch({ args }: { args: BlogListArgs }) {
  const id = useId();
  const [, setSearchParams] = useSearchParams();
  const [query, setQuery] = useState(args.query);
  useResetOnChange(args.query, () => setQuery(args.query));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URL(blogsHref({ ...args, query: query.trim(), page: 1 }), 'http://x');
    setSearchParams(next.searchParams);
  };
  return (
    <form
      className="blog-search"
      role="search"
      aria-label="Search the blog"
      method="get"
      action="/blogs"
      onSubmit={submit}
    >
      <label htmlFor={`${id}-query`} className="visually-hidden">
        Search articles
      </label>
      <SearchIcon className="blog-search__icon" />
      <input
        id={`${id}-query`}
        name="query"
        type="search"
        className="input blog-search__input"
        placeholder="Search articles"
        value={query}
        maxLength={100}
        onChange={(event) => setQuery(event.target.value)}
      />
      {args.category ? <input type="hidden" name="category" value={args.category} /> : null}
      <button type="submit" className="button button--primary blog-search__submit">
        Search
      </button>
    </form>
  );
}
