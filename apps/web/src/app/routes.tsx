import type { RouteObject } from 'react-router';
import { blogArticleLoader, blogsLoader } from '../features/blogs/blog-loaders';
import {
  catalogueLoader,
  homeLoader,
  revalidateOnPathChange,
  workshopPageLoader,
} from '../features/catalogue/catalogue-loaders';
import { competitionLoader, competitionsLoader } from '../features/competitions/competition-loaders';
import { consultationLoader } from '../features/consultation/consultation-loaders';
import { sellerLoader } from '../features/legal/legal-loaders';
import { referralLandingLoader } from '../features/referrals/referral-loaders';
import { resourcesLoader } from '../features/resources/resource-loaders';
import { RequireSession } from '../features/auth/session-gate';
import { tripLoader, tripsLoader } from '../features/trips/trip-loaders';
import { prefetchEveryPageData, prefetchPublicPageData } from '../lib/api/every-page';
import type { RouteHandle } from '../lib/page-head';
import { notFound } from '../lib/route-responses';
import type { AppStore } from '../lib/store';
import { PageErrorBoundary, RootErrorBoundary } from './error-boundary';
import { lazyPage } from './lazy-page';
import { NotFoundPage } from './not-found-page';
import { AppLoading, RootLayout } from './root-layout';
import { CheckoutLayout } from './checkout-layout';
import { SiteLayout } from './site-layout';

const handle = (value: RouteHandle): RouteHandle => value;

/**
 * The route table (spec §2), in one place. Loaders prefetch into the store, so the server renders
 * with data and the browser's navigations wait for it (showing the loading bar); pages read
 * through their hooks. Loaders return `null` rather than nothing: the hydration data must name
 * every loader, or the browser would run it again.
 *
 * Every page's component is its own chunk (`lazyPage`), loaded in parallel with the page's data;
 * loaders stay in the entry, small. /dashboard and /payments are rendered in the browser only
 * (`clientOnly`).
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
                {
                  index: true,
                  loader: homeLoader(store),
                  shouldRevalidate: revalidateOnPathChange,
                  ...lazyPage('catalogue/home-page.tsx', 'HomePage', {
                    islands: true,
                    head: { canonical: '/' },
                  }),
                },
                {
                  path: 'masterclass/:slug',
                  loader: workshopPageLoader(store),
                  ...lazyPage('catalogue/workshop-page.tsx', 'WorkshopPage', { islands: true }),
                },
                {
                  path: 'course/:slug',
                  loader: workshopPageLoader(store),
                  ...lazyPage('catalogue/workshop-page.tsx', 'WorkshopPage', { islands: true }),
                },
                {
                  path: 'courses-and-workshops',
                  loader: catalogueLoader(store),
                  shouldRevalidate: revalidateOnPathChange,
                  ...lazyPage('catalogue/catalogue-page.tsx', 'CataloguePage', {
                    islands: true,
                    head: {
                      title: 'Courses and workshops',
                      description:
                        'Every live masterclass and cohort course on Atelier: architecture, computational design, interiors, landscape, visualisation and BIM.',
                    },
                  }),
                },
                {
                  path: 'blogs',
                  loader: blogsLoader(store),
                  ...lazyPage('blogs/blogs-page.tsx', 'BlogsPage', {
                    head: {
                      title: 'Blogs',
                      description: 'Essays, studio notes and career advice from architects and designers.',
                      keywords:
                        'architecture blog, design theory, software tutorials, architecture careers, studio notes',
                    },
                  }),
                },
                {
                  path: 'blog/:category/:url',
                  loader: blogArticleLoader(store),
                  ...lazyPage('blogs/blog-article-page.tsx', 'BlogArticlePage', {
                    islands: true,
                    head: { title: 'Blog' },
                  }),
                },
                {
                  path: 'trips',
                  loader: tripsLoader(store),
                  shouldRevalidate: revalidateOnPathChange,
                  ...lazyPage('trips/trips-page.tsx', 'TripsPage', {
                    head: {
                      title: 'Architecture study trips',
                      description:
                        'Small-group study tours to the buildings and cities every designer should see, led by architects.',
                      keywords:
                        'architecture study tour, design trip, architecture travel, building visits, study abroad architecture',
                    },
                  }),
                },
                {
                  path: 'trip/:slug',
                  loader: tripLoader(store),
                  ...lazyPage('trips/trip-page.tsx', 'TripPage', { head: { title: 'Trip' } }),
                },
                {
                  path: 'competitions',
                  loader: competitionsLoader(store),
                  shouldRevalidate: revalidateOnPathChange,
                  ...lazyPage('competitions/competitions-page.tsx', 'CompetitionsPage', {
                    head: {
                      title: 'Design competitions',
                      description:
                        'Architecture and design competitions with real sites, juries of practising architects and prizes: register alone or with your team.',
                      keywords:
                        'architecture competition, design competition, student architecture competition, interior design competition, design prizes',
                    },
                  }),
                },
                {
                  path: 'competition/:slug',
                  loader: competitionLoader(store),
                  ...lazyPage('competitions/competition-page.tsx', 'CompetitionPage', {
                    head: { title: 'Design competition' },
                  }),
                },
                {
                  path: 'unsubscribe',
                  ...lazyPage('notifications/unsubscribe-page.tsx', 'UnsubscribePage', {
                    head: { title: 'Unsubscribe', noIndex: true },
                  }),
                },
                {
                  path: 'consultation',
                  loader: consultationLoader(store),
                  shouldRevalidate: revalidateOnPathChange,
                  ...lazyPage('consultation/consultation-page.tsx', 'ConsultationPage', {
                    head: {
                      title: 'Design consultation',
                      description:
                        'Book an architect for your home or studio project: design reviews, layouts and full concept packages.',
                      keywords:
                        'architect consultation, home design, interior layout, design review, online architect',
                    },
                  }),
                },
                {
                  path: 'resources',
                  loader: resourcesLoader(store),
                  shouldRevalidate: revalidateOnPathChange,
                  ...lazyPage('resources/resources-page.tsx', 'ResourcesPage', {
                    head: {
                      title: 'Free resources',
                      description:
                        'Free drawing sets, templates, reading lists and guides for architecture and design learners.',
                      keywords:
                        'free architecture resources, CAD blocks, drawing templates, architecture reading list, design guides',
                    },
                  }),
                },
                {
                  path: 'contact-us',
                  loader: sellerLoader(store),
                  shouldRevalidate: () => false,
                  ...lazyPage('legal/policy-page.tsx', 'ContactPage', {
                    head: {
                      title: 'Contact us',
                      description:
                        'Write or call Atelier, the online school of architecture and design: address, e-mail, phone and grievance contact.',
                      keywords: 'contact Atelier, architecture school contact, design course support',
                    },
                  }),
                },
                {
                  path: 'hire-us',
                  ...lazyPage('leads/hire-us-page.tsx', 'HireUsPage', {
                    head: {
                      title: 'Hire from Atelier',
                      description:
                        'Hire architects, interior designers and BIM specialists trained at Atelier, or the Atelier studio for your next brief.',
                      keywords:
                        'hire architects, hire interior designers, BIM team, architecture internships',
                    },
                  }),
                },
                {
                  path: 'skill-test',
                  ...lazyPage('leads/skill-test-page.tsx', 'SkillTestPage', {
                    head: {
                      title: 'Free design skill test',
                      description:
                        'A free 30-minute test of your architecture or design skills, with a counsellor to read the result with you.',
                      keywords: 'architecture skill test, design skill assessment, free skill test',
                    },
                  }),
                },
                {
                  path: 'terms-and-conditions',
                  loader: sellerLoader(store),
                  shouldRevalidate: () => false,
                  ...lazyPage('legal/policy-page.tsx', 'TermsPage', {
                    islands: true,
                    head: {
                      title: 'Terms and conditions',
                      description:
                        'The terms for Atelier accounts, live and recorded courses, study trips, design consultations, prices, instalments and payments.',
                      keywords: 'Atelier terms, course terms and conditions, online course payment terms',
                    },
                  }),
                },
                {
                  path: 'privacy-policy',
                  loader: sellerLoader(store),
                  shouldRevalidate: () => false,
                  ...lazyPage('legal/policy-page.tsx', 'PrivacyPage', {
                    islands: true,
                    head: {
                      title: 'Privacy policy',
                      description:
                        'What personal data Atelier collects, why, who it is shared with, how long it is kept and your rights under the DPDP Act, 2023.',
                      keywords: 'Atelier privacy policy, personal data, DPDP Act',
                    },
                  }),
                },
                {
                  path: 'cancellation-and-refund-policy',
                  loader: sellerLoader(store),
                  shouldRevalidate: () => false,
                  ...lazyPage('legal/policy-page.tsx', 'RefundPolicyPage', {
                    islands: true,
                    head: {
                      title: 'Cancellation and refund policy',
                      description:
                        'When you can cancel an Atelier course, study trip or consultation, how much is refunded and how quickly.',
                      keywords: 'Atelier refund policy, course cancellation, refund timeline',
                    },
                  }),
                },
                {
                  path: 'shipping-and-delivery-policy',
                  loader: sellerLoader(store),
                  shouldRevalidate: () => false,
                  ...lazyPage('legal/policy-page.tsx', 'DeliveryPolicyPage', {
                    islands: true,
                    head: {
                      title: 'Shipping and delivery policy',
                      description:
                        'How Atelier delivers what you buy: dashboard access right after payment, e-mail with links, session recordings and trip details.',
                      keywords: 'Atelier delivery policy, course access, digital delivery',
                    },
                  }),
                },
                {
                  path: 'refer/:referCode',
                  loader: referralLandingLoader(store),
                  ...lazyPage('referrals/referral-landing-page.tsx', 'ReferralLandingPage', {
                    head: { title: 'You are invited', noIndex: true },
                  }),
                },
                {
                  path: 'auth/login',
                  ...lazyPage('auth/login-page.tsx', 'LoginPage', {
                    head: { title: 'Log in', noIndex: true },
                  }),
                },
                {
                  path: '*',
                  loader: () => notFound(),
                  element: <NotFoundPage />,
                  handle: handle({ head: { title: 'Page not found', noIndex: true } }),
                },
              ],
            },
          ],
        },
        {
          path: 'dashboard',
          handle: handle({ clientOnly: true, head: { title: 'Dashboard', noIndex: true } }),
          lazy: async () => ({ Component: (await import('./dashboard-layout')).DashboardLayout }),
          children: [
            {
              // Signed-out visitors (and sessions a 401 ended) go to /auth/login?next=… (spec §6).
              element: <RequireSession />,
              errorElement: <PageErrorBoundary />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/dashboard-home-page')).DashboardHomePage,
                  }),
                },
                {
                  path: 'onboarding',
                  handle: handle({ head: { title: 'Set up your profile' } }),
                  lazy: async () => ({
                    Component: (await import('../features/auth/onboarding-page')).OnboardingPage,
                  }),
                },
                {
                  path: 'profile',
                  handle: handle({ head: { title: 'Your profile' } }),
                  lazy: async () => ({
                    Component: (await import('../features/dashboard/profile-page')).ProfilePage,
                  }),
                },
                {
                  path: 'my-certificates',
                  handle: handle({ head: { title: 'My certificates' } }),
                  lazy: async () => ({
                    Component: (await import('../features/certificates/certificates-page')).CertificatesPage,
                  }),
                },
                {
                  path: 'wallet',
                  handle: handle({ head: { title: 'Coins wallet' } }),
                  lazy: async () => ({
                    Component: (await import('../features/wallet/wallet-page')).WalletPage,
                  }),
                },
                {
                  path: 'referral',
                  handle: handle({ head: { title: 'Refer a friend' } }),
                  lazy: async () => ({
                    Component: (await import('../features/referrals/referral-page')).ReferralPage,
                  }),
                },
                {
                  path: 'resources',
                  handle: handle({ head: { title: 'Resources' } }),
                  lazy: async () => ({
                    Component: (await import('../features/resources/learner-resources-page'))
                      .LearnerResourcesPage,
                  }),
                },
                // The course dashboard (issue 15): `course` alone picks the course by the dropdown rules.
                {
                  path: 'course/:batchId?',
                  handle: handle({ head: { title: 'Your course' } }),
                  lazy: async () => ({
                    Component: (await import('../features/course-dashboard/course-dashboard-page'))
                      .CourseDashboardPage,
                  }),
                },
                {
                  path: '*',
                  handle: handle({ head: { title: 'Page not found' } }),
                  lazy: async () => ({
                    Component: (await import('../features/course-dashboard/course-dashboard-page'))
                      .DashboardNotFoundPage,
                  }),
                },
              ],
            },
          ],
        },
        {
          // The staff console (issue 17): one lazily loaded chunk with its own sections inside.
          path: 'admin/*',
          handle: handle({ clientOnly: true, head: { title: 'Staff console', noIndex: true } }),
          lazy: async () => {
            const { AdminConsole } = await import('../features/admin/admin-console');
            return { element: <AdminConsole notFound={<NotFoundPage />} /> };
          },
        },
        {
          // The checkout (issue 14): rendered in the browser only, under the site header.
          element: <CheckoutLayout />,
          loader: async () => {
            await prefetchPublicPageData(store.dispatch);
            return null;
          },
          shouldRevalidate: () => false,
          errorElement: <PageErrorBoundary />,
          children: [
            {
              path: 'payments/success/:orderId',
              handle: handle({ clientOnly: true, head: { title: 'Payment received', noIndex: true } }),
              lazy: async () => ({
                Component: (await import('../features/payments/payment-success-page')).PaymentSuccessPage,
              }),
            },
            {
              path: 'payments/instalment/:instalmentId',
              handle: handle({ clientOnly: true, head: { title: 'Pay an instalment', noIndex: true } }),
              // Signed-in only: visitors sign in and come back here.
              element: <RequireSession />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/payments/instalment-payment-page'))
                      .InstalmentPaymentPage,
                  }),
                },
              ],
            },
            {
              path: 'payments/competition/:competitionId',
              handle: handle({
                clientOnly: true,
                head: { title: 'Competition registration', noIndex: true },
              }),
              // Signed-in only: visitors sign in and come back here.
              element: <RequireSession />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/payments/competition-payment-page'))
                      .CompetitionPaymentPage,
                  }),
                },
              ],
            },
            {
              path: 'payments/consultation/:packageId',
              handle: handle({
                clientOnly: true,
                head: { title: 'Book a consultation', noIndex: true },
              }),
              // Signed-in only: visitors sign in and come back here.
              element: <RequireSession />,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('../features/payments/consultation-payment-page'))
                      .ConsultationPaymentPage,
                  }),
                },
              ],
            },
            {
              path: 'payments/:slug',
              handle: handle({ clientOnly: true, head: { title: 'Checkout', noIndex: true } }),
              lazy: async () => ({
                Component: (await import('../features/payments/payment-page')).PaymentPage,
              }),
            },
            {
              path: 'pay/:linkToken',
              handle: handle({ clientOnly: true, head: { title: 'Payment request', noIndex: true } }),
              lazy: async () => ({
                Component: (await import('../features/payments/payment-link-page')).PaymentLinkPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}
