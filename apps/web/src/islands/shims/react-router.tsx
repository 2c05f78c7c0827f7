import type { AnchorHTMLAttributes, CSSProperties, ReactNode } from 'react';

/*
 * What the islands' components use of React Router, without a router (aliased for `react-router`
 * in the islands build only, vite.islands.config.ts): in a public document every navigation is a
 * full page load (made quick by speculation rules and the back/forward cache), so a link is a
 * plain anchor and the location is the document's.
 */

type To = string | { pathname?: string; search?: string; hash?: string };

const hrefOf = (to: To): string =>
  typeof to === 'string'
    ? to
    : `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
  discover?: 'render' | 'none';
  relative?: 'route' | 'path';
  prefetch?: string;
}

/** Strips the router-only props, keeping what an anchor takes. */
function anchorProps({
  to,
  replace: _replace,
  state: _state,
  reloadDocument: _reload,
  preventScrollReset: _scroll,
  viewTransition: _transition,
  discover: _discover,
  relative: _relative,
  prefetch: _prefetch,
  ...rest
}: LinkProps): AnchorHTMLAttributes<HTMLAnchorElement> {
  return { ...rest, href: hrefOf(to) };
}

export function Link({ children, ...props }: LinkProps) {
  return <a {...anchorProps(props)}>{children}</a>;
}

interface NavLinkState {
  isActive: boolean;
  isPending: boolean;
  isTransitioning: boolean;
}

interface NavLinkProps extends Omit<LinkProps, 'className' | 'style' | 'children'> {
  className?: string | ((state: NavLinkState) => string | undefined);
  style?: CSSProperties | ((state: NavLinkState) => CSSProperties | undefined);
  children?: ReactNode | ((state: NavLinkState) => ReactNode);
  end?: boolean;
  caseSensitive?: boolean;
}

/** React Router's NavLink as the server renders it: `active` and `aria-current="page"` on a match. */
export function NavLink({
  className,
  style,
  children,
  end = false,
  caseSensitive: _case,
  ...props
}: NavLinkProps) {
  const target = hrefOf(props.to).split(/[?#]/)[0] ?? '';
  const here = window.location.pathname;
  const isActive =
    here === target ||
    (!end && target !== '/' && here.startsWith(target.endsWith('/') ? target : `${target}/`));
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes =
    typeof className === 'function'
      ? className(state)
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ');
  return (
    <a
      {...anchorProps(props)}
      className={classes || undefined}
      style={typeof style === 'function' ? style(state) : style}
      aria-current={isActive ? 'page' : undefined}
    >
      {typeof children === 'function' ? children(state) : children}
    </a>
  );
}

const location = () => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: null,
  // One document, one location: components that reset on a new location key never see another.
  key: 'default',
});

export function useLocation() {
  return location();
}

/** A navigation is a page load. */
export function useNavigate() {
  return (to: To | number, options?: { replace?: boolean }) => {
    if (typeof to === 'number') window.history.go(to);
    else if (options?.replace) window.location.replace(hrefOf(to));
    else window.location.assign(hrefOf(to));
  };
}
