import type { CourseDashboard } from '@atelier/contract';
import { render } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { Provider } from 'react-redux';
import { scriptedApi, storeSession, type ScriptedAnswer } from '../../../lib/testing/identity-fixtures';
import { createAppStore } from '../../../lib/store';
import { CourseSidebar } from './course-sidebar';
import { BATCH_ID, dashboardFixture, QUIZ_MODULE_ID } from './sidebar-fixtures';
import type { SidebarPanel, SidebarTarget } from './types';

/*
 * The course sidebar's test harness: a stand-in page that owns the open panel the way the course
 * dashboard page does, a scripted API with certificate PDFs, and a phone-width switch.
 */

export * from './sidebar-fixtures';

/** A `fetch` that answers certificate PDFs with `pdf` (or an error), the rest from `handlers`. */
export function sidebarApi(
  handlers: Record<string, ScriptedAnswer | ((body: unknown) => ScriptedAnswer)>,
  pdf?: (path: string) => Promise<Response>,
) {
  const scripted = scriptedApi(handlers);
  const pdfCalls: { path: string; authorization: string | null; body: string }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (pdf && url.pathname.includes('/certificate') && !url.pathname.endsWith('/modal')) {
      pdfCalls.push({
        path: `${url.pathname}${url.search}`,
        authorization: request.headers.get('authorization'),
        body: request.method === 'GET' ? '' : await request.text(),
      });
      return pdf(url.pathname);
    }
    return scripted.fetch(input, init);
  };
  return { ...scripted, fetch, pdfCalls };
}

export interface HarnessOptions {
  panel?: SidebarPanel | null;
  target?: SidebarTarget;
  readOnly?: boolean;
  dashboard?: CourseDashboard;
  learnerId?: number;
}

/** Renders the sidebar inside a stand-in page that owns the open panel, as the course page does. */
export function renderSidebar(fetch: typeof globalThis.fetch, options: HarnessOptions = {}) {
  storeSession();
  const store = createAppStore({ fetch, origin: 'http://api.test' });
  const onPanel = vi.fn<(panel: SidebarPanel | null, target?: SidebarTarget) => void>();
  const dashboard = options.dashboard ?? dashboardFixture();

  function Page() {
    const [state, setState] = useState<{ panel: SidebarPanel | null; target: SidebarTarget }>({
      panel: options.panel ?? null,
      target: options.target ?? {},
    });
    const open = (panel: SidebarPanel | null, target: SidebarTarget = {}) => {
      onPanel(panel, target);
      setState({ panel, target });
    };
    return (
      <main>
        <button type="button" onClick={() => open('quiz-onboarding', { moduleId: QUIZ_MODULE_ID })}>
          Page: open the quiz
        </button>
        <button type="button" onClick={() => open('session', { sessionId: 21 })}>
          Page: open a session
        </button>
        <CourseSidebar
          dashboard={dashboard}
          batchId={BATCH_ID}
          panel={state.panel}
          target={state.target}
          onPanel={open}
          readOnly={options.readOnly ?? false}
          learnerId={options.learnerId}
        />
      </main>
    );
  }

  const view = render(
    <Provider store={store}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, onPanel };
}

/** Makes `matchMedia` answer as a phone (≤ 768 px) or a wide screen; returns the undo. */
export function emulateWidth(width: number): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      const matches = max ? width <= Number(max[1]) : false;
      return {
        matches,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      } as unknown as MediaQueryList;
    },
  });
  return () =>
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: original });
}
