import { data, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { BlogArticlePage } from '../features/blogs/blog-article-page';
import { BlogsPage } from '../features/blogs/blogs-page';
import { CataloguePage } from '../features/catalogue/catalogue-page';
import { HomePage } from '../features/catalogue/home-page';
import { workshopPageLoader, WorkshopPage } from '../features/catalogue/workshop-page';
import { ResourcesPage } from '../features/resources/resources-page';
import { prefetchEveryPageData, prefetchPublicPageData } from '../lib/api/every-page';
import type { RouteHandle } from '../lib/page-head';
import type { AppStore } from '../lib/store';
import { PageErrorBoundary, RootErrorBoundary } from './error-boundary';
import { NotFoundPage } from './not-found-page';
import { AppLoading, RootLayout } from './root-layout';
import { SiteLayout } from './site-layout';

const handle = (value: RouteHandle): RouteHandle => value;

/**
 * The route table (spec §2), in one place. Loaders prefetch into the store, so the server renders
 * with data and the browser's navigations wait for it (showing the loading bar); pages read
 * through their hooks. Loaders return `null` rather than nothing: the hydration data must name
 * every loader, or the browser would run it again.
 *
 * /dashboard and /payments are rendered in the browser only (`clientOnly`) and loaded lazily,
 * which keeps them out of the public pages' bundle.
 */
export function createRoutes(store: AppStore): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <AppLoading />,
      loader: async () => {
        await prefetchEveryPageData(store.dispatch);
        return null;
      },
      // Every-page data stays cached for the visit; re-running this on search changes is waste.
      shouldRevalidate: () => false,
      children: [
        {
          id: 'site',
          element: <SiteLayout />,
          loader: async () => {
            await prefetchPublicPageData(store.dispatch);
            return null;
          },
          shouldRevalidate: () => false,
          children: [
            {
              id: 'page',
              errorElement: <PageErrorBoundary />,
              children: [
                { index: true, element: <HomePage /> },
                { path: 'masterclass/:slug', loader: workshopPageLoader(store), element: <WorkshopPage /> },
                { path: 'course/:slug', loader: workshopPageLoader(store), element: <WorkshopPage /> },
                {
                  path: 'courses-and-workshops',
                  element: <CataloguePage />,
                  handle: handle({
                    head: {
                      title: 'Courses and workshops',
                      description: 'Every live masterclass and cohort course on Atelier, by discipline.',
                    },
                  }),
                },
                {
                  path: 'resources',
                  element: <ResourcesPage />,
                  handle: handle({
                    head: {
                      title: 'Resources',
                      description: 'Free resources for architecture and design learners.',
                    },
                  }),
                },
                {
                  path: 'blogs',
                  element: <BlogsPage />,
                  handle: handle({
                    head: { title: 'Blogs', description: 'Essays and notes from architects and designers.' },
                  }),
                },
                {
                  path: 'blog/:category/:url',
                  element: <BlogArticlePage />,
                  handle: handle({ head: { title: 'Blog' } }),
                },
                { path: 'auth/login', element: <LoginPage />, handle: handle({ head: { title: 'Log in' } }) },
                {
                  path: '*',
                  loader: () => {
                    // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to answer 404
                    throw data(null, { status: 404, statusText: 'Not Found' });
                  },
                  element: <NotFoundPage />,
                  handle: handle({ head: { title: 'Page not found' } }),
                },
              ],
            },
          ],
        },
        {
          path: 'dashboard',
          handle: handle({ clientOnly: true, head: { title: 'Dashboard' } }),
          lazy: async () => ({ Component: (await import('./dashboard-layout')).DashboardLayout }),
          children: [
            {
              errorElement: <PageErrorBoundary />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/dashboard-home-page')).DashboardHomePage,
                  }),
                },
                {
                  path: 'my-certificates',
                  handle: handle({ head: { title: 'My certificates' } }),
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/certificates-page')).CertificatesPage,
                  }),
                },
                {
                  path: 'resources',
                  handle: handle({ head: { title: 'Resources' } }),
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/learner-resources-page'))
                      .LearnerResourcesPage,
                  }),
                },
                {
                  path: '*',
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/course-dashboard-page'))
                      .CourseDashboardPage,
                  }),
                },
              ],
            },
          ],
        },
        {
          path: 'payments/:slug',
          handle: handle({ clientOnly: true, head: { title: 'Checkout' } }),
          lazy: async () => ({ Component: (await import('../features/payments/payment-page')).PaymentPage }),
        },
      ],
    },
  ];
}
