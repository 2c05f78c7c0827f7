import { useContext, useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { PageHeadContext, useDeclaredPageHead } from '../lib/head-context';
import { HEAD_ATTRIBUTE, headTags, resolveHead, type HeadTag } from '../lib/page-head';

function tagKey(tag: HeadTag): string {
  return JSON.stringify([tag.tag, tag.attrs, tag.tag === 'script' ? tag.text : '']);
}

function elementKey(element: Element): string {
  const attrs: Record<string, string> = {};
  for (const { name, value } of element.attributes) if (name !== HEAD_ATTRIBUTE) attrs[name] = value;
  const tag = element.tagName.toLowerCase();
  return JSON.stringify([tag, attrs, tag === 'script' ? (element.textContent ?? '') : '']);
}

/** Writes the head into the document, touching nothing when it is already there (after hydration). */
function applyHead(title: string, tags: HeadTag[]): void {
  if (document.title !== title) document.title = title;
  const current = [...document.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`)];
  const wanted = tags.map(tagKey);
  if (current.length === wanted.length && current.every((element, i) => elementKey(element) === wanted[i]))
    return;
  for (const element of current) element.remove();
  for (const tag of tags) {
    const element = document.createElement(tag.tag);
    for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
    element.setAttribute(HEAD_ATTRIBUTE, '');
    if (tag.tag === 'script') element.textContent = tag.text;
    document.head.append(element);
  }
}

/**
 * Keeps the document head (title, description, canonical, Open Graph, JSON-LD) in step with the
 * page after client-side navigations (the server wrote it for the first page), and moves focus to
 * the main landmark after each navigation so keyboard and screen-reader users start at the new
 * content.
 */
export function DocumentHead() {
  const matches = useMatches();
  const location = useLocation();
  const store = useContext(PageHeadContext);
  const declared = useDeclaredPageHead();
  const firstLocation = useRef(location.key);
  const latest = useRef({ matches, pathname: location.pathname });
  // Effects run in order: this one keeps `latest` current before the head effect below reads it.
  useEffect(() => {
    latest.current = { matches, pathname: location.pathname };
  });

  useEffect(() => {
    // Run after the page's own effects of this commit, which declare its head.
    let cancelled = false;
    queueMicrotask(() => {
      if (cancelled) return;
      const { matches: current, pathname } = latest.current;
      const head = resolveHead(
        current.map((m) => ({ handle: m.handle, data: m.loaderData })),
        store.get(),
        pathname,
      );
      applyHead(head.title, headTags(head, store.origin || window.location.origin));
    });
    return () => {
      cancelled = true;
    };
  }, [store, declared, matches, location.pathname]);

  useEffect(() => {
    if (location.key === firstLocation.current || location.hash) return;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.key, location.hash]);

  return null;
}
