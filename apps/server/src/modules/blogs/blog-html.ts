import { youtubeId } from '@atelier/domain';
import sanitizeHtml from 'sanitize-html';

/*
 * Blog HTML is authored in a CMS and rendered as HTML by the web app, so the server cleans it
 * against an explicit allow-list before it ever leaves the API (checklist E8, ASVS 1.3.1).
 * Everything not listed is removed: scripts, styles, event handlers, `style` attributes, forms,
 * iframes. Links and images keep only `https:` or relative addresses (no `javascript:`, `data:`,
 * protocol-relative `//host`). A YouTube embed becomes a plain link to the video carrying
 * `data-youtube-id` (the domain's `youtubeId`), which the page may turn into its own player;
 * any other iframe is dropped with its content.
 */

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'blockquote',
    'figure',
    'figcaption',
    'strong',
    'em',
    'b',
    'i',
    'code',
    'pre',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'data-youtube-id'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    iframe: (_tagName, attribs): sanitizeHtml.Tag => {
      const id = youtubeId(attribs.src ?? null);
      if (!id) return { tagName: 'iframe', attribs: {} };
      return {
        tagName: 'a',
        attribs: {
          href: `https://www.youtube.com/watch?v=${id}`,
          rel: 'noopener noreferrer',
          'data-youtube-id': id,
        },
        text: 'Watch the video on YouTube',
      };
    },
  },
};

/** `html` with only allow-listed elements, attributes and address schemes left. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
