import { imageSources } from './images';

/**
 * What a page tells search engines and link previews: title, description, keywords, canonical
 * address, Open Graph / Twitter card and JSON-LD. A route names a static head in its `handle`;
 * a page whose head comes from data declares it with `usePageHead` (lib/head-context) while it
 * renders; the deepest value of each field wins. The server writes the result into the HTML head
 * (every page's metadata is there before any script runs); the browser updates it on navigation.
 */

/** A schema.org JSON-LD document (`{ '@context': 'https://schema.org', '@type': …, … }`). */
export type JsonLd = Record<string, unknown>;

export interface PageHead {
  /** The page's own title, without the site name. */
  title?: string;
  description?: string;
  /** Comma-separated keywords (a workshop's `MetaTags.keywords`). */
  keywords?: string | null;
  /** Path (with its identifying query, e.g. `?id=`) of the page's canonical address. */
  canonical?: string;
  /** Image for link previews: a site path (`/images/...`) or an absolute URL. */
  image?: string | null;
  /** Open Graph type: articles carry their publication time. */
  type?: 'website' | 'article';
  publishedTime?: string;
  modifiedTime?: string;
  /** Structured data for search engines, written as `<script type="application/ld+json">`. */
  jsonLd?: readonly JsonLd[];
  /** Pages that must stay out of search results (404, checkout, dashboard). */
  noIndex?: boolean;
  /**
   * The page's largest image above the fold, when it is its largest content (a blog article's
   * cover): its `ResponsiveImage` source and `sizes`. The head preloads it at high priority, so it
   * is fetched beside the brand font from the first bytes, not when the parser reaches it.
   */
  leadImage?: { src: string; sizes: string } | null;
}

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  head?: PageHead;
  /** Rendered in the browser only: the server sends the app shell (DESIGN.md: /dashboard, /payments). */
  clientOnly?: boolean;
  /**
   * The page module of a lazily loaded route, as Vite's manifest names it
   * (`src/features/blogs/blogs-page.tsx`): the server preloads its chunk and links its CSS.
   */
  module?: string;
  /**
   * A public document (docs/decisions/0032): rendered whole on the server, then only its islands
   * hydrate (src/islands/entry.ts) instead of the whole app.
   */
  islands?: boolean;
}

/** What a loader may return to name its page's head. */
export interface LoaderHead {
  head?: PageHead;
}

export const SITE_NAME = 'Atelier';
export const SITE_TAGLINE = 'Live architecture & design masterclasses and courses';
export const DEFAULT_DESCRIPTION =
  'Atelier is where architecture and design learners study live with practitioners: masterclasses, cohort courses, study trips, blogs and design consultation.';
export const DEFAULT_KEYWORDS =
  'architecture courses, design masterclasses, Revit, Grasshopper, interior design course, BIM, architecture study trips';
/** The link-preview image of pages without their own. */
export const DEFAULT_SHARE_IMAGE = '/images/share/atelier-1200.jpg';

export interface ResolvedHead {
  title: string;
  description: string;
  keywords: string;
  /** Path of the canonical address; `null` for pages kept out of search results. */
  canonical: string | null;
  image: string;
  type: 'website' | 'article';
  publishedTime: string | null;
  modifiedTime: string | null;
  jsonLd: readonly JsonLd[];
  noIndex: boolean;
  leadImage: { src: string; sizes: string } | null;
}

function headOf(value: unknown): PageHead | undefined {
  if (typeof value !== 'object' || value === null || !('head' in value)) return undefined;
  const head = value.head;
  return typeof head === 'object' && head !== null ? head : undefined;
}

/**
 * The head for the matched routes (outermost first, as routers list them), with `page` (what the
 * rendered page declared) taking precedence, and `pathname` as the canonical address by default.
 */
export function resolveHead(
  matches: readonly { handle?: unknown; data?: unknown }[],
  page: PageHead | null = null,
  pathname = '/',
): ResolvedHead {
  const heads: PageHead[] = page ? [page] : [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    for (const head of [headOf(match?.data), headOf(match?.handle)]) if (head) heads.push(head);
  }
  const pick = <K extends keyof PageHead>(key: K): PageHead[K] | undefined =>
    heads.find((head) => head[key] !== undefined && head[key] !== null && head[key] !== '')?.[key];

  const title = pick('title');
  const noIndex = pick('noIndex') === true;
  return {
    title: title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — ${SITE_TAGLINE}`,
    description: pick('description') ?? DEFAULT_DESCRIPTION,
    keywords: pick('keywords') ?? DEFAULT_KEYWORDS,
    canonical: noIndex ? null : (pick('canonical') ?? pathname),
    image: pick('image') ?? DEFAULT_SHARE_IMAGE,
    type: pick('type') ?? 'website',
    publishedTime: pick('publishedTime') ?? null,
    modifiedTime: pick('modifiedTime') ?? null,
    jsonLd: pick('jsonLd') ?? [],
    noIndex,
    leadImage: pick('leadImage') ?? null,
  };
}

/** `path` on the site's public origin (`https://atelier.example`); absolute URLs pass through. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` escaped so no
 * `</script>` or `<!--` in the data can end or confuse the element, and the two line separators
 * escaped too. It is a data block, never executed, so the page's CSP is untouched.
 */
export function serialiseJsonLd(value: JsonLd): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Marks the head elements the app manages (written by the server, replaced on navigation). */
export const HEAD_ATTRIBUTE = 'data-head';

/** One element of the document head (besides `<title>`), the same on the server and in the browser. */
export type HeadTag =
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; text: string };

/**
 * The head elements of a page: description, keywords, robots, canonical link, Open Graph and
 * Twitter card, JSON-LD. `origin` is the site's public address (the server's PUBLIC_URL).
 */
export function headTags(head: ResolvedHead, origin: string): HeadTag[] {
  const image = absoluteUrl(origin, head.image);
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { [key]: name, content },
  });
  const tags: HeadTag[] = [
    meta('name', 'description', head.description),
    meta('name', 'keywords', head.keywords),
  ];
  if (head.leadImage) {
    const { src, srcSet } = imageSources(head.leadImage.src);
    tags.push({
      tag: 'link',
      attrs: {
        rel: 'preload',
        as: 'image',
        href: src,
        ...(srcSet ? { imagesrcset: srcSet, imagesizes: head.leadImage.sizes } : {}),
        fetchpriority: 'high',
      },
    });
  }
  if (head.noIndex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical !== null) {
    const url = absoluteUrl(origin, head.canonical);
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } }, meta('property', 'og:url', url));
  }
  tags.push(
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', 'en_IN'),
  );
  if (head.publishedTime) tags.push(meta('property', 'article:published_time', head.publishedTime));
  if (head.modifiedTime) tags.push(meta('property', 'article:modified_time', head.modifiedTime));
  tags.push(
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
  );
  for (const document of head.jsonLd) {
    tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: serialiseJsonLd(document) });
  }
  return tags;
}
