import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { resolveHead } from '../lib/page-head';

function setMetaContent(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Keeps the document title and description in step with the page after client-side navigations
 * (the server wrote them for the first page), and moves focus to the main landmark after each
 * navigation so keyboard and screen-reader users start at the new content.
 */
export function DocumentHead() {
  const matches = useMatches();
  const location = useLocation();
  const { title, description } = resolveHead(matches.map((m) => ({ handle: m.handle, data: m.loaderData })));
  const firstLocation = useRef(location.key);

  useEffect(() => {
    document.title = title;
    setMetaContent('description', description);
  }, [title, description]);

  useEffect(() => {
    if (location.key === firstLocation.current || location.hash) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.key, location.hash]);

  return null;
}
