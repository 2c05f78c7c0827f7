/**
 * Addresses of pages and videos (spec §2 routes, §5 slugs and YouTube ids; domain contract "Paths
 * and text").
 */

import { WORKSHOP_TYPE } from './constants.js';
import type { WorkshopLike } from './catalogue.js';
import { isRecord, readNumber, readText } from './wire.js';

/** A blog post as far as its address goes (spec §2 "/blog/{category}/{url}?id={id}"). */
export interface BlogLike {
  id?: number | string | null;
  url?: string | null;
  /** The category name, or the category record. */
  category?: string | { name?: string | null } | null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
// encodeURIComponent throws on a lone surrogate, which JSON from the API can carry.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as a query value, never throwing. */
function encodeQueryValue(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

/**
 * A URL slug (spec §5 "Slugs are lower-cased, spaces become hyphens, and other symbols are
 * removed"): lower-cased; each run of whitespace becomes one hyphen; every character other than
 * `a-z`, `0-9` and `-` is removed; repeated hyphens collapse; no hyphen at either end. The result
 * matches `^[a-z0-9]+(-[a-z0-9]+)*$` or is `''`; anything but a string or number gives `''`.
 */
export function slugify(text: string | number | null | undefined): string {
  return readText(text)
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The id as a query value; `''` when missing. */
function idParam(id: unknown): string {
  return encodeQueryValue(readText(id).trim());
}

/**
 * A workshop's detail page (spec §2 routes): `/masterclass/{slug}?id={id}` for type 1, else
 * `/course/{slug}?id={id}`, with slug = `slugify(shortTitle)`.
 */
export function workshopPath(workshop: WorkshopLike | null | undefined): string {
  const record = isRecord(workshop) ? workshop : {};
  const base = readNumber(record.type) === WORKSHOP_TYPE.masterclass ? '/masterclass' : '/course';
  return `${base}/${slugify(readText(record.shortTitle))}?id=${idParam(record.id)}`;
}

/**
 * A blog article's page (spec §2 "/blog/{category}/{url}?id={id}"): category = slugify of the
 * category name (`blog.category`, a string or `{ name }`), or `'uncategorized'` when that slug is
 * empty; url = the blog's `url` (trimmed) or `'untitled'` when empty. `'/blogs'` when the blog has
 * no id (missing, `null` or blank; 0 is an id).
 */
export function blogPath(blog: BlogLike | null | undefined): string {
  if (!isRecord(blog)) return '/blogs';
  const id = readText(blog.id).trim();
  if (id === '') return '/blogs';
  const name = isRecord(blog.category) ? blog.category.name : blog.category;
  const category = slugify(readText(name)) || 'uncategorized';
  const url = readText(blog.url).trim() || 'untitled';
  return `/blog/${category}/${url}?id=${encodeQueryValue(id)}`;
}

/**
 * The 11-character YouTube video id (spec §5 "The YouTube-link helper accepts only an 11-character
 * video id"), from a bare id or from a watch (`youtube.com/watch?v=`), short (`youtu.be/`), embed
 * (`/embed/`) or shorts (`/shorts/`) address, with or without a scheme; `null` unless the id is
 * exactly 11 characters of `[A-Za-z0-9_-]`.
 */
export function youtubeId(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined;
  if (host === 'youtu.be') {
    candidate = segments[0];
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch') candidate = url.searchParams.get('v');
    else if (segments[0] === 'embed' || segments[0] === 'shorts') candidate = segments[1];
  }
  return candidate !== null && candidate !== undefined && YOUTUBE_ID.test(candidate) ? candidate : null;
}
