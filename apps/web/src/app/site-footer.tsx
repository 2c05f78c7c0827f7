import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/ui/logo';
import { POLICY_LINKS } from '../features/legal/policy-links';
import { useSession } from '../lib/session';

// The newsletter form loads when a visitor asks for it: no page pays for it on first load.
const NewsletterDialog = lazy(async () => ({
  default: (await import('../features/leads/newsletter-dialog')).NewsletterDialog,
}));

/** How many categories the footer lists. */
export const FOOTER_CATEGORY_COUNT = 6;

/**
 * The footer: an island of the public documents (`site-footer.island.tsx`, hydrated as it comes
 * into view) for its newsletter button and the account links, which follow the browser's session
 * once hydrated (signed in: no "Log in").
 */
export function SiteFooterView({ categories }: { categories: readonly { id: number; name: string }[] }) {
  const session = useSession();
  const [newsletterOpen, setNewsletterOpen] = useState(false);
  return (
    <footer className="site-footer below-fold">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo className="logo--on-dark" />
          <p>
            Live masterclasses, cohort courses, study trips and design consultation for architecture and
            design learners.
          </p>
          <button
            type="button"
            className="button button--quiet site-footer__subscribe"
            onClick={() => setNewsletterOpen(true)}
          >
            Subscribe to our newsletter
          </button>
          {newsletterOpen ? (
            <Suspense fallback={null}>
              <NewsletterDialog onClose={() => setNewsletterOpen(false)} />
            </Suspense>
          ) : null}
        </div>
        <nav aria-label="Learn" className="site-footer__col">
          <h2 className="site-footer__heading">Learn</h2>
          <ul>
            <li>
              <Link to="/courses-and-workshops">Courses &amp; workshops</Link>
            </li>
            <li>
              <Link to="/resources">Resources</Link>
            </li>
            <li>
              <Link to="/blogs">Blogs</Link>
            </li>
            <li>
              <Link to="/trips">Study trips</Link>
            </li>
            <li>
              <Link to="/competitions">Design competitions</Link>
            </li>
            <li>
              <Link to="/consultation">Design consultation</Link>
            </li>
            <li>
              <Link to="/skill-test">Free skill test</Link>
            </li>
            <li>
              <Link to="/hire-us">Hire from Atelier</Link>
            </li>
          </ul>
        </nav>
        {categories.length > 0 ? (
          <nav aria-label="Disciplines" className="site-footer__col">
            <h2 className="site-footer__heading">Disciplines</h2>
            <ul>
              {categories.slice(0, FOOTER_CATEGORY_COUNT).map((category) => (
                <li key={category.id}>
                  <Link to={`/courses-and-workshops?category=${category.id}`}>{category.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <nav aria-label="Account" className="site-footer__col">
          <h2 className="site-footer__heading">Account</h2>
          <ul>
            {session ? null : (
              <li>
                <Link to="/auth/login">Log in</Link>
              </li>
            )}
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
            <li>
              <Link to="/dashboard/my-certificates">Certificates</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Company" className="site-footer__col">
          <h2 className="site-footer__heading">Company</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.path}>
                <Link to={link.path}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container site-footer__base">
        <p>© Atelier. Learn, build, belong.</p>
      </div>
    </footer>
  );
}
