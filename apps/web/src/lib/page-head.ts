/**
 * Page titles and descriptions. A route names its head in its `handle` (static pages) or returns
 * it from its loader as `{ head }` (pages whose title comes from data); the deepest match wins.
 * The server writes the result into the HTML head, the browser updates it on every navigation.
 */
export interface PageHead {
  /** The page's own title, without the site name. */
  title?: string;
  description?: string;
}

/** What a route may carry in its `handle`. */
export interface RouteHandle {
  head?: PageHead;
  /** Rendered in the browser only: the server sends the app shell (DESIGN.md: /dashboard, /payments). */
  clientOnly?: boolean;
}

/** What a loader may return to name its page's head. */
export interface LoaderHead {
  head?: PageHead;
}

export const SITE_NAME = 'Atelier';
export const SITE_TAGLINE = 'Live architecture & design masterclasses and courses';
export const DEFAULT_DESCRIPTION =
  'Atelier is where architecture and design learners study live with practitioners: masterclasses, cohort courses, study trips, blogs and design consultation.';

export interface ResolvedHead {
  title: string;
  description: string;
}

function headOf(value: unknown): PageHead | undefined {
  if (typeof value !== 'object' || value === null || !('head' in value)) return undefined;
  const head = value.head;
  return typeof head === 'object' && head !== null ? head : undefined;
}

/** The document title and description for the matched routes (outermost first, as routers list them). */
export function resolveHead(matches: readonly { handle?: unknown; data?: unknown }[]): ResolvedHead {
  let title: string | undefined;
  let description: string | undefined;
  for (let i = matches.length - 1; i >= 0 && (title === undefined || description === undefined); i--) {
    const match = matches[i];
    for (const head of [headOf(match?.data), headOf(match?.handle)]) {
      if (title === undefined && head?.title) title = head.title;
      if (description === undefined && head?.description) description = head.description;
    }
  }
  return {
    title: title ? `${title} · ${SITE_NAME}` : `${SITE_NAME} — ${SITE_TAGLINE}`,
    description: description ?? DEFAULT_DESCRIPTION,
  };
}
