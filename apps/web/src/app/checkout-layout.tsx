import { Outlet } from 'react-router';
import { SiteFooter, SiteHeader } from './site-frame';

/**
 * The checkout's frame (/payments/*, /pay/*): the site header (a clear way back to everything),
 * the page and the footer with the seller's policies, but no promotions: nothing competes with
 * paying, and no campaign popup opens over a payment.
 */
export function CheckoutLayout() {
  return (
    <div className="site site--checkout">
      <SiteHeader />
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
