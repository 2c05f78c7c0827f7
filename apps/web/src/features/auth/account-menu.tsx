import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../../lib/api/account';
import { useUserDetails } from '../../lib/api/user-details';
import { Avatar } from '../../lib/avatar';
import { DASHBOARD_PATH, loginPath, PROFILE_PATH } from '../../lib/return-path';
import { useResetOnChange } from '../../lib/hooks';
import { useSession } from '../../lib/session';
import { isGoogleSignInConfigured } from './google-client-id';
import './account-menu.css';

/**
 * The header's account corner: "Log in" for visitors; for a signed-in user their user-avatar opening a
 * small menu (`links`: Dashboard and Profile on the public site; then Log out). The dashboard's
 * header uses it too, with its own links. On the server and while hydrating nobody is signed in
 * (the session lives in the browser), so the first paint shows "Log in".
 *
 * The login link loads its page as a new document when Google sign-in is offered: only the login
 * page's own content security policy lets Google's script in.
 */
/** A link of the signed-in menu. */
export interface AccountMenuLink {
  to: string;
  label: string;
}

/** The public header's choices for a signed-in user. */
const SITE_LINKS: readonly AccountMenuLink[] = [
  { to: DASHBOARD_PATH, label: 'Dashboard' },
  { to: PROFILE_PATH, label: 'Profile' },
];

export function AccountMenu({ links = SITE_LINKS }: { links?: readonly AccountMenuLink[] } = {}) {
  const session = useSession();
  // Spec §1: a signed-in user's details load on every page (also refreshing the stored user).
  const details = useUserDetails();
  const location = useLocation();
  const navigate = useNavigate();
  const { logout, isLoggingOut } = useLogout();
  const [isOpen, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useResetOnChange(location.key, () => setOpen(false));

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  if (!session) {
    return (
      <Link
        to={loginPath(`${location.pathname}${location.search}`)}
        className="button button--quiet site-header__login"
        reloadDocument={isGoogleSignInConfigured()}
      >
        Log in
      </Link>
    );
  }

  const user = details ?? session.user;
  const displayName = user.name?.trim() || user.email || user.mobile || 'Your account';
  const onLogout = async () => {
    await logout();
    setOpen(false);
    if (location.pathname.startsWith(DASHBOARD_PATH)) void navigate('/', { replace: true });
  };

  return (
    <div className="account-menu">
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        <Avatar name={user.name} email={user.email} imagePath={user.imagePath} />
        <span className="visually-hidden">Account menu for {displayName}</span>
      </button>
      <div ref={panel} id={panelId} className="account-menu__panel" hidden={!isOpen}>
        <div className="account-menu__who">
          <Avatar name={user.name} email={user.email} imagePath={user.imagePath} />
          <div>
            <p className="account-menu__name">{displayName}</p>
            {user.email && user.email !== displayName ? (
              <p className="account-menu__email">{user.email}</p>
            ) : null}
          </div>
        </div>
        <ul className="account-menu__links">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="account-menu__link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="account-menu__link account-menu__logout"
          onClick={() => void onLogout()}
          disabled={isLoggingOut}
          aria-busy={isLoggingOut || undefined}
        >
          {isLoggingOut ? 'Logging out…' : 'Log out'}
        </button>
      </div>
    </div>
  );
}

/** The same choices as list items of the mobile menu. */
export function AccountMobileLinks() {
  const session = useSession();
  const location = useLocation();
  const { logout, isLoggingOut } = useLogout();
  if (!session) {
    return (
      <li>
        <NavLink
          to={loginPath(`${location.pathname}${location.search}`)}
          className="mobile-menu__link"
          reloadDocument={isGoogleSignInConfigured()}
        >
          Log in
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to={DASHBOARD_PATH} end className="mobile-menu__link">
          Dashboard
        </NavLink>
      </li>
      <li>
        <NavLink to={PROFILE_PATH} className="mobile-menu__link">
          Profile
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          className="mobile-menu__link account-menu__mobile-logout"
          onClick={() => void logout()}
          disabled={isLoggingOut}
        >
          {isLoggingOut ? 'Logging out…' : 'Log out'}
        </button>
      </li>
    </>
  );
}
