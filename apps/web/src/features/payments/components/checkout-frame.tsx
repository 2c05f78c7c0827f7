import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The frame of every checkout page, under the site header: a clear way back (to the course, or
 * home) and the page. Content is centred and one column wide on phones.
 */
export function CheckoutFrame({
  backTo,
  backLabel = 'Back to Atelier',
  children,
}: {
  backTo: string | null;
  backLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className="container checkout">
      <nav className="checkout__back" aria-label="Leave checkout">
        <Link to={backTo ?? '/'} className="text-link">
          <span aria-hidden="true">← </span>
          {backTo ? backLabel : 'Back to Atelier'}
        </Link>
        <span className="checkout__secure">Secure checkout</span>
      </nav>
      {children}
    </div>
  );
}

/** Loading: the checkout's shape in grey, announced once. */
export function CheckoutSkeleton() {
  return (
    <CheckoutFrame backTo={null}>
      <div className="checkout-skeleton" role="status" aria-live="polite">
        <span className="visually-hidden">Loading the checkout…</span>
        <div className="skeleton skeleton--eyebrow" aria-hidden="true" />
        <div className="skeleton skeleton--title" aria-hidden="true" />
        <div className="checkout-grid" aria-hidden="true">
          <div className="checkout-main">
            <div className="skeleton skeleton--card" />
            <div className="skeleton skeleton--card" />
            <div className="skeleton skeleton--card skeleton--short" />
          </div>
          <div className="skeleton skeleton--summary" />
        </div>
      </div>
    </CheckoutFrame>
  );
}

/** A page that cannot go on (not on sale, not found, failed to load), with the way forward. */
export function PageProblem({
  title,
  text,
  action,
  onRetry,
}: {
  title: string;
  text: string;
  action?: { to: string; label: string } | undefined;
  onRetry?: (() => void) | undefined;
}) {
  return (
    <section className="checkout-problem" aria-labelledby="checkout-problem-title">
      <h1 id="checkout-problem-title" className="checkout-head__title">
        {title}
      </h1>
      <p className="checkout-problem__text" role="alert">
        {text}
      </p>
      <div className="checkout-problem__actions">
        {onRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        {action ? (
          <Link to={action.to} className={onRetry ? 'button button--quiet' : 'button button--primary'}>
            {action.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

/** Announces the amount to pay whenever it changes (plan, coupon, coins). */
export function LivePrice({ text }: { text: string }) {
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
