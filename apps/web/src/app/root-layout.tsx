import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useAppDispatch } from '../lib/store';
import { DocumentHead } from './document-head';
import { LoadingBar } from './loading-bar';
import './styles/fonts.css';
import { Popups } from './site-frame';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/blocks.css';

/** Around every page: skip link, loading bar, document head, scroll restoration, popups. */
export function RootLayout() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  // No campaign popup over a checkout: nothing may cover a payment (issue 14).
  const inCheckout = /^\/(payments|pay)\//.test(location.pathname);
  // A landing from a campaign (`utm_*` in the address): keep its values for the visit's lead forms
  // and count it once (issue 16). The code loads only then, after the page is up.
  const { pathname, search } = location;
  useEffect(() => {
    if (!/[?&]utm_/i.test(search)) return;
    void import('../features/leads/utm-capture').then((module) =>
      module.captureLanding({ pathname, search }, dispatch),
    );
  }, [pathname, search, dispatch]);
  useEffect(() => {
    // The app is interactive from here on; styles and end-to-end tests key off this marker.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <LoadingBar />
      <DocumentHead />
      <Outlet />
      {inCheckout ? null : <Popups />}
      <ScrollRestoration />
    </>
  );
}

/** Shown while a client-rendered page (dashboard, payments) loads its first data. */
export function AppLoading() {
  return (
    <div className="app-loading" role="status">
      <span className="app-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
