import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../components/ui/icons';
import { Logo } from '../components/ui/logo';
import { AccountMenu, AccountMobileLinks } from '../features/auth/account-menu';
import type { MenuCategory } from '../lib/api/menu-categories';
import { DASHBOARD_PATH } from '../lib/return-path';
import { useSession } from '../lib/session';

/** What the header needs of a menu category (its props are written into the page). */
export interface HeaderCategory {
  id: number;
  name: string;
  Subcategory: { id: number; name: string }[];
}

/** The menu categories reduced to what the header shows. */
export const headerCategories = (categories: readonly MenuCategory[]): HeaderCategory[] =>
  categories.map(({ id, name, Subcategory }) => ({
    id,
    name,
    Subcategory: Subcategory.map((sub) => ({ id: sub.id, name: sub.name })),
  }));

const MAIN_LINKS = [
  { to: '/courses-and-workshops', label: 'Courses & workshops' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/resources', label: 'Resources' },
  { to: '/trips', label: 'Study trips' },
  { to: '/consultation', label: 'Consultation' },
] as const;

const categoryPath = (category: HeaderCategory) => `/courses-and-workshops?category=${category.id}`;
const subcategoryPath = (category: HeaderCategory, subcategoryId: number) =>
  `/courses-and-workshops?category=${category.id}&subcategory=${subcategoryId}`;

/** Closes a disclosure on navigation, on Escape (returning focus to its button) and on a click outside. */
function useDisclosure() {
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Closed on navigation: the new location is noted during render (no effect, no second paint).
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return { isOpen, toggle: () => setOpen((open) => !open), buttonRef, panelRef };
}

/**
 * The header: brand, main links, the category menu ("Explore") and, on small screens, a menu
 * button. An island of the public documents (`site-header.island.tsx`, hydrated at once): its
 * props are plain data and it reads no router or store. Signed in (the session lives in the
 * browser), it offers the dashboard instead of "Start learning" once hydrated; the server and the
 * hydration render the signed-out header, so the two always match.
 */
export function SiteHeaderView({ categories }: { categories: readonly HeaderCategory[] }) {
  const session = useSession();
  const {
    isOpen: exploreOpen,
    toggle: toggleExplore,
    buttonRef: exploreButton,
    panelRef: explorePanel,
  } = useDisclosure();
  const {
    isOpen: mobileOpen,
    toggle: toggleMobile,
    buttonRef: mobileButton,
    panelRef: mobilePanel,
  } = useDisclosure();
  // One header per page: fixed ids (an island hydrates as its own root, where useId would differ).
  const exploreId = 'site-explore-menu';
  const mobileId = 'site-mobile-menu';

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__brand" aria-label="Atelier home">
          <Logo />
        </Link>

        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {categories.length > 0 ? (
              <li className="site-nav__item">
                <button
                  ref={exploreButton}
                  type="button"
                  className="site-nav__link site-nav__button"
                  aria-expanded={exploreOpen}
                  aria-controls={exploreId}
                  onClick={toggleExplore}
                >
                  Explore
                  <ChevronDownIcon className="icon--sm site-nav__chevron" />
                </button>
                <div ref={explorePanel} id={exploreId} className="mega-menu" hidden={!exploreOpen}>
                  {/* Filled only while open: the footer carries the same links for crawlers and no-JS. */}
                  {exploreOpen ? (
                    <ul className="mega-menu__grid">
                      {categories.map((category) => (
                        <li key={category.id} className="mega-menu__group">
                          <Link to={categoryPath(category)} className="mega-menu__category">
                            {category.name}
                          </Link>
                          {category.Subcategory.length > 0 ? (
                            <ul className="mega-menu__subs">
                              {category.Subcategory.map((sub) => (
                                <li key={sub.id}>
                                  <Link to={subcategoryPath(category, sub.id)} className="mega-menu__sub">
                                    {sub.name}
                                  </Link>
                                </li>
                              ))}
                            </ul>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            ) : null}
            {MAIN_LINKS.map((link) => (
              <li key={link.to} className="site-nav__item">
                <NavLink to={link.to} className="site-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <AccountMenu />
          {session ? (
            <Link to={DASHBOARD_PATH} className="button button--primary site-header__cta">
              Dashboard
            </Link>
          ) : (
            <Link to="/courses-and-workshops" className="button button--primary site-header__cta">
              Start learning
            </Link>
          )}
          <button
            ref={mobileButton}
            type="button"
            className="icon-button site-header__menu-button"
            aria-expanded={mobileOpen}
            aria-controls={mobileId}
            aria-label="Menu"
            onClick={toggleMobile}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>

      <div ref={mobilePanel} id={mobileId} className="mobile-menu" hidden={!mobileOpen}>
        {mobileOpen ? (
          <nav className="container" aria-label="Mobile">
            <ul className="mobile-menu__links">
              {MAIN_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="mobile-menu__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <AccountMobileLinks />
            </ul>
            {categories.length > 0 ? (
              <>
                <h2 className="mobile-menu__heading">Explore by discipline</h2>
                <ul className="mobile-menu__categories">
                  {categories.map((category) => (
                    <li key={category.id}>
                      <Link to={categoryPath(category)} className="mobile-menu__category">
                        {category.name}
                      </Link>
                      {category.Subcategory.length > 0 ? (
                        <ul className="mobile-menu__subs">
                          {category.Subcategory.map((sub) => (
                            <li key={sub.id}>
                              <Link to={subcategoryPath(category, sub.id)}>{sub.name}</Link>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </nav>
        ) : null}
      </div>
    </header>
  );
}
