import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../components/ui/logo';
import { AccountMenu, type AccountMenuLink } from '../features/auth/account-menu';
import { PendingReferral } from '../features/referrals/pending-referral';
import './dashboard-layout.css';

/** The dashboard's sections (spec §2), in the bar on every dashboard page. */
export const DASHBOARD_LINKS = [
  { to: '/dashboard', label: 'Home', end: true },
  { to: '/dashboard/my-certificates', label: 'My certificates', end: false },
  { to: '/dashboard/resources', label: 'Resources', end: false },
  { to: '/dashboard/wallet', label: 'Wallet', end: false },
  { to: '/dashboard/referral', label: 'Refer a friend', end: false },
  { to: '/dashboard/profile', label: 'Profile', end: false },
] as const;

/** The account menu's choices in the dashboard (then Log out). */
export const DASHBOARD_ACCOUNT_LINKS: readonly AccountMenuLink[] = [
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/wallet', label: 'Coins wallet' },
  { to: '/', label: 'Back to the site' },
];

/**
 * The learner dashboard's frame (client-rendered): a compact bar with the logo, the dashboard's
 * sections and the account menu (the learner's avatar: profile, wallet, log out); the current
 * section is highlighted and marked `aria-current="page"` (NavLink). On a phone the sections get
 * a row of their own under the logo and the account menu, scrolling sideways with a fade at the
 * edge that says there is more, the current one kept in view.
 */
export function DashboardLayout() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections scroll sideways: keep the current one in view.
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('.active');
    if (active && typeof active.scrollIntoView === 'function') {
      active.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }, [pathname]);
  return (
    <div className="site dashboard">
      <header className="site-header dashboard-header">
        <div className="container dashboard-header__bar">
          <Link to="/" className="site-header__brand dashboard-header__brand" aria-label="Atelier home">
            <Logo />
          </Link>
          <nav ref={nav} className="dashboard-nav" aria-label="Dashboard">
            <ul>
              {DASHBOARD_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className="dashboard-nav__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="dashboard-header__account">
            <AccountMenu links={DASHBOARD_ACCOUNT_LINKS} />
          </div>
        </div>
      </header>
      <main id="main" className="site__main" tabIndex={-1}>
        <PendingReferral />
        <Outlet />
      </main>
    </div>
  );
}
