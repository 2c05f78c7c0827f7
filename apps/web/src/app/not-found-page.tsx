import { Link } from 'react-router';

/** Any address the app does not know (answered with status 404 by the server). */
export function NotFoundPage() {
  return (
    <section className="not-found container" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="page-intro__title">
        We could not find that page
      </h1>
      <p className="section-lede">It may have moved, or the link may be mistyped.</p>
      <div className="not-found__actions">
        <Link to="/" className="button button--primary">
          Go to the home page
        </Link>
        <Link to="/courses-and-workshops" className="button button--quiet">
          Browse courses
        </Link>
      </div>
    </section>
  );
}
