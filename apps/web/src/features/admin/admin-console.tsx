import type { AdminSection } from '@atelier/contract';
import type { ReactNode } from 'react';
import { Link, Navigate, NavLink, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { loginPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useGetAdminMeQuery } from './api/admin-api';
import { AuditPage } from './pages/audit';
import { FormSubmissionsPage } from './pages/form-submissions';
import { LeadsPage } from './pages/leads';
import { OutboxPage } from './pages/outbox';
import { RegistrationsPage } from './pages/registrations';
import { TripApplicationsPage } from './pages/trip-applications';
// Learners and staff (issue 17 point 3).
import { LearnersSection } from './learners/learners-page';
import { StaffPage } from './learners/staff-page';
// Money (issue 17 point 5).
import { CouponsPage } from './money/coupons';
import { InstalmentsPage } from './money/instalments';
import { InvoicesPage } from './money/invoices';
import { OrdersSection } from './money/orders';
import { PaymentLinksPage } from './money/payment-links';
// Reports (issue 17 point 7).
import { ReportsPage } from './reports/reports-page';
// Staff console — teaching (issue 17 points 1 and 4).
import { TeachingPage } from './teaching/teaching-page';
// Content (issue 17 point 2)
import { BlogsPage } from './content/blogs-page';
import { TripsPage } from './content/trips-page';
import { CompetitionsPage } from './content/competitions-page';
import { ConsultationPackagesPage } from './content/consultation-page';
import { HomeContentPage } from './content/home-content-page';
import { ResourcesPage } from './content/resources-page';
// Catalogue authoring (helper "catalogue").
import { CategoriesPage } from './catalogue/categories-page';
import { CataloguePage } from './catalogue/workshops-page';
import '../../lib/forms.css';
import './admin.css';

/**
 * The console's sections, by the key `GET /api/admin/me` lists in `sections` (the path under
 * /admin). A section the role may not open is neither in the navigation nor reachable.
 */
export const CONSOLE_SECTIONS: ReadonlyArray<{
  key: AdminSection;
  label: string;
  Page: () => ReactNode;
}> = [
  { key: 'leads', label: 'Leads', Page: LeadsPage },
  { key: 'form-submissions', label: 'Form submissions', Page: FormSubmissionsPage },
  { key: 'outbox', label: 'Outbox', Page: OutboxPage },
  { key: 'trip-applications', label: 'Trip applications', Page: TripApplicationsPage },
  { key: 'competition-registrations', label: 'Competition registrations', Page: RegistrationsPage },
  { key: 'audit', label: 'Audit log', Page: AuditPage },
  // Learners and staff (issue 17 point 3).
  { key: 'learners', label: 'Learners', Page: LearnersSection },
  { key: 'staff', label: 'Staff', Page: StaffPage },
  // Money (issue 17 point 5).
  { key: 'orders', label: 'Orders', Page: OrdersSection },
  { key: 'coupons', label: 'Coupons', Page: CouponsPage },
  { key: 'payment-links', label: 'Payment links', Page: PaymentLinksPage },
  { key: 'instalments', label: 'Instalment plans', Page: InstalmentsPage },
  { key: 'invoices', label: 'Invoices', Page: InvoicesPage },
  // Reports (issue 17 point 7).
  { key: 'reports', label: 'Reports', Page: ReportsPage },
  // Staff console — teaching.
  { key: 'teaching', label: 'Teaching', Page: TeachingPage },
  // Content (issue 17 point 2)
  { key: 'blogs', label: 'Blogs', Page: BlogsPage },
  { key: 'trips', label: 'Trips', Page: TripsPage },
  { key: 'competitions', label: 'Competitions', Page: CompetitionsPage },
  { key: 'consultation-packages', label: 'Consultation packages', Page: ConsultationPackagesPage },
  { key: 'home-content', label: 'Home page', Page: HomeContentPage },
  { key: 'resources', label: 'Resources', Page: ResourcesPage },
  // Catalogue authoring (helper "catalogue").
  { key: 'catalogue', label: 'Workshops', Page: CataloguePage },
  { key: 'categories', label: 'Categories', Page: CategoriesPage },
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
        <nav aria-label="Console">
          <ul className="admin__nav">
            {allowed.map((section) => (
              <li key={section.key}>
                <NavLink to={`/admin/${section.key}`} className="admin__link">
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/" className="admin__back">
          ← Back to the site
        </Link>
      </aside>
      <main id="main" className="admin__main" tabIndex={-1}>
        {section ? (
          <section.Page key={section.key} />
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
