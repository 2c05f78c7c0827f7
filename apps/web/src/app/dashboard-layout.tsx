import { useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../components/ui/logo';
import { PendingReferral } from '../features/referrals/pending-referral';

const DASHBOARD_LINKS = [
  { to: '/dashboard', label: 'Overview', end: true },
  { to: '/dashboard/my-certificates', label: 'Certificates', end: false },
  { to: '/dashboard/resources', label: 'Resources', end: false },
  { to: '/dashboard/wallet', label: 'Coins', end: false },
  { to: '/dashboard/referral', label: 'Refer', end: false },
] as const;

/** The learner dashboard's frame (client-rendered): a compact bar with the dashboard's sections. */
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
      <header className="site-header">
        <div className="container site-header__bar">
          <Link to="/" className="site-header__brand" aria-label="Atelier home">
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
        </div>
      </header>
      <main id="main" className="site__main" tabIndex={-1}>
        <PendingReferral />
        <Outlet />
      </main>
    </div>
  );
}
