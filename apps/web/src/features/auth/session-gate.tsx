import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';

/**
 * Around every dashboard page: without a session (never signed in, logged out, or the session
 * ended by a 401 on one of the page's calls — the base query clears it), the user goes to
 * /auth/login with `next=` pointing back here (spec §2, §6, §8).
 */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}
