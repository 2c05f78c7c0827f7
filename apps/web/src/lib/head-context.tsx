import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { PageHead } from './page-head';

/**
 * Holds the head the rendered page declared (see `usePageHead`). On the server the page writes it
 * while rendering and the renderer reads it once the HTML is complete; in the browser the page
 * sets it after each render that changes it and the document head follows (app/document-head).
 * An external store rather than React state, so a page's head never re-renders the app.
 */
export class PageHeadStore {
  private head: PageHead | null = null;
  private readonly listeners = new Set<() => void>();

  /**
   * @param collectsDuringRender true on the server: pages declare their head while rendering
   *   (no effects run there).
   * @param origin the site's public address (the server's PUBLIC_URL), for absolute URLs.
   */
  constructor(
    readonly collectsDuringRender: boolean,
    readonly origin: string,
  ) {}

  get = (): PageHead | null => this.head;

  set(head: PageHead | null): void {
    this.head = head;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** Also the store of tests that render components without the app's providers. */
const fallbackStore = new PageHeadStore(false, '');
export const PageHeadContext = createContext<PageHeadStore>(fallbackStore);

export function PageHeadProvider({ store, children }: { store: PageHeadStore; children: ReactNode }) {
  return <PageHeadContext.Provider value={store}>{children}</PageHeadContext.Provider>;
}

/**
 * Declares the current page's head (title, description, canonical, JSON-LD …). Call it once in
 * a page component; the value replaces the route's static head field by field. Compared by
 * content, so an object built on every render costs nothing.
 */
export function usePageHead(head: PageHead | null): void {
  const store = useContext(PageHeadContext);
  if (store.collectsDuringRender) store.set(head);
  const key = JSON.stringify(head);
  useEffect(() => {
    store.set(JSON.parse(key) as PageHead | null);
    return () => store.set(null);
  }, [store, key]);
}

/** The head the current page declared, for the component that writes it into the document. */
export function useDeclaredPageHead(): PageHead | null {
  const store = useContext(PageHeadContext);
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
