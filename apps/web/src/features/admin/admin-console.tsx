import type { AdminSection } from '@atelier/contract';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { loginPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useGetAdminMeQuery } from './api/admin-api';
import '../../lib/forms.css';
import './admin.css';

/** A section page, loaded when first opened (each its own chunk: the editor and the charts too). */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** The navigation's groups, in order. */
const GROUPS = ['Catalogue', 'Teaching', 'Learners', 'Money', 'Content', 'Leads', 'Insight'] as const;

/**
 * The console's sections, by the key `GET /api/admin/me` lists in `sections` (the path under
 * /admin), with the navigation group they show in. A section the role may not open is neither in
 * the navigation nor reachable. Each page is its own chunk, loaded when opened.
 */
export const CONSOLE_SECTIONS: ReadonlyArray<{
  key: AdminSection;
  label: string;
  group: (typeof GROUPS)[number];
  Page: ComponentType;
}> = [
  // Catalogue authoring (issue 17 point 1).
  {
    key: 'catalogue',
    label: 'Workshops',
    group: 'Catalogue',
    Page: page(() => import('./catalogue/workshops-page'), 'CataloguePage'),
  },
  {
    key: 'categories',
    label: 'Categories',
    group: 'Catalogue',
    Page: page(() => import('./catalogue/categories-page'), 'CategoriesPage'),
  },
  // Teaching (issue 17 points 1 and 4).
  {
    key: 'teaching',
    label: 'Teaching',
    group: 'Teaching',
    Page: page(() => import('./teaching/teaching-page'), 'TeachingPage'),
  },
  // Learners and staff (issue 17 point 3).
  {
    key: 'learners',
    label: 'Learners',
    group: 'Learners',
    Page: page(() => import('./learners/learners-page'), 'LearnersSection'),
  },
  {
    key: 'staff',
    label: 'Staff',
    group: 'Learners',
    Page: page(() => import('./learners/staff-page'), 'StaffPage'),
  },
  // Money (issue 17 point 5).
  {
    key: 'orders',
    label: 'Orders',
    group: 'Money',
    Page: page(() => import('./money/orders'), 'OrdersSection'),
  },
  {
    key: 'coupons',
    label: 'Coupons',
    group: 'Money',
    Page: page(() => import('./money/coupons'), 'CouponsPage'),
  },
  {
    key: 'payment-links',
    label: 'Payment links',
    group: 'Money',
    Page: page(() => import('./money/payment-links'), 'PaymentLinksPage'),
  },
  {
    key: 'instalments',
    label: 'Instalment plans',
    group: 'Money',
    Page: page(() => import('./money/instalments'), 'InstalmentsPage'),
  },
  {
    key: 'invoices',
    label: 'Invoices',
    group: 'Money',
    Page: page(() => import('./money/invoices'), 'InvoicesPage'),
  },
  // Content (issue 17 point 2).
  {
    key: 'blogs',
    label: 'Blogs',
    group: 'Content',
    Page: page(() => import('./content/blogs-page'), 'BlogsPage'),
  },
  {
    key: 'trips',
    label: 'Trips',
    group: 'Content',
    Page: page(() => import('./content/trips-page'), 'TripsPage'),
  },
  {
    key: 'competitions',
    label: 'Competitions',
    group: 'Content',
    Page: page(() => import('./content/competitions-page'), 'CompetitionsPage'),
  },
  {
    key: 'consultation-packages',
    label: 'Consultation packages',
    group: 'Content',
    Page: page(() => import('./content/consultation-page'), 'ConsultationPackagesPage'),
  },
  {
    key: 'home-content',
    label: 'Home page',
    group: 'Content',
    Page: page(() => import('./content/home-content-page'), 'HomeContentPage'),
  },
  {
    key: 'resources',
    label: 'Resources',
    group: 'Content',
    Page: page(() => import('./content/resources-page'), 'ResourcesPage'),
  },
  // Leads (issue 17 point 6).
  { key: 'leads', label: 'Leads', group: 'Leads', Page: page(() => import('./pages/leads'), 'LeadsPage') },
  {
    key: 'form-submissions',
    label: 'Form submissions',
    group: 'Leads',
    Page: page(() => import('./pages/form-submissions'), 'FormSubmissionsPage'),
  },
  {
    key: 'trip-applications',
    label: 'Trip applications',
    group: 'Leads',
    Page: page(() => import('./pages/trip-applications'), 'TripApplicationsPage'),
  },
  {
    key: 'competition-registrations',
    label: 'Competition registrations',
    group: 'Leads',
    Page: page(() => import('./pages/registrations'), 'RegistrationsPage'),
  },
  {
    key: 'outbox',
    label: 'Outbox',
    group: 'Leads',
    Page: page(() => import('./pages/outbox'), 'OutboxPage'),
  },
  // Reports (issue 17 point 7) and the audit log.
  {
    key: 'reports',
    label: 'Reports',
    group: 'Insight',
    Page: page(() => import('./reports/reports-page'), 'ReportsPage'),
  },
  {
    key: 'audit',
    label: 'Audit log',
    group: 'Insight',
    Page: page(() => import('./pages/audit'), 'AuditPage'),
  },
];

const STAFF_ROLES: readonly string[] = ['admin', 'instructor'];

/** What a caller who is not staff sees: the site's not-found page (the console is not advertised). */
function ConsoleNotFound({ page }: { page: ReactNode }) {
  return (
    <div className="site">
      <main id="main" className="site__main" tabIndex={-1}>
        {page}
      </main>
    </div>
  );
}

/**
 * `/admin/*` (issue 17), loaded only when opened. A visitor signs in first and comes back; a
 * signed-in user who is not staff (or whom `GET /api/admin/me` answers 404) sees the not-found
 * page (`notFound`, the site's own, given by the route table); staff get the side navigation of their sections and the section pages.
 */
export function AdminConsole({ notFound }: { notFound: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const role = session?.user.role;
  const staff = role !== undefined && STAFF_ROLES.includes(role);
  const me = useGetAdminMeQuery(session?.user.id ?? 0, { skip: !staff });

  if (!session) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!staff) return <ConsoleNotFound page={notFound} />;
  if (me.error) {
    const status = (me.error as { status?: unknown }).status;
    if (status === 404 || status === 403) return <ConsoleNotFound page={notFound} />;
    return (
      <div className="admin admin--message" role="alert">
        <p>The console could not be loaded.</p>
        <button type="button" className="button button--primary" onClick={() => void me.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!me.data) {
    return (
      <div className="admin admin--message" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the console…
      </div>
    );
  }
  const allowed = CONSOLE_SECTIONS.filter((section) => me.data?.sections.includes(section.key));
  const groups = GROUPS.map((group) => ({
    group,
    items: allowed.filter((item) => item.group === group),
  })).filter((g) => g.items.length > 0);
  // The section is the first path segment under /admin (plain matching: the router's descendant
  // <Routes> would pull code into the framework chunk every page loads).
  const key = location.pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  const home = allowed[0];
  if (key === '' && home) return <Navigate to={`/admin/${home.key}`} replace />;
  const section = allowed.find((item) => item.key === key);
  return (
    <div className="admin">
      <aside className="admin__side">
        <Link to="/" className="admin__brand" aria-label="Atelier home">
          <Logo />
        </Link>
        <p className="admin__who">
          <span className="admin__name">{me.data.name ?? 'Staff'}</span>
          <span className="admin__role">{me.data.role}</span>
        </p>
        <nav aria-label="Console" className="admin__groups">
          {groups.map(({ group, items }) => (
            <div key={group} className="admin__group">
              {groups.length > 1 ? (
                <h2 className="admin__group-title" id={`admin-group-${group}`}>
                  {group}
                </h2>
              ) : null}
              <ul
                className="admin__nav"
                aria-labelledby={groups.length > 1 ? `admin-group-${group}` : undefined}
              >
                {items.map((item) => (
                  <li key={item.key}>
                    <NavLink to={`/admin/${item.key}`} className="admin__link">
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <Link to="/" className="admin__back">
          ← Back to the site
        </Link>
      </aside>
      <main id="main" className="admin__main" tabIndex={-1}>
        {section ? (
          <Suspense
            fallback={
              <div className="admin__page admin__loading" role="status">
                <span className="spinner" aria-hidden="true" /> Loading {section.label.toLowerCase()}…
              </div>
            }
          >
            <section.Page key={section.key} />
          </Suspense>
        ) : (
          <section className="admin__page">
            <h1 className="admin__title">Not here</h1>
            <p>This part of the console does not exist, or your role cannot open it.</p>
          </section>
        )}
      </main>
    </div>
  );
}
