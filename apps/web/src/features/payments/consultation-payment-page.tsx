import { Link, useParams } from 'react-router';
import { useCurrencyCode } from '../../lib/api/currency';
import { readId } from '../../lib/api/paths';
import { apiFormMessage } from '../../lib/forms';
import { amountLabel } from '../../lib/price';
import {
  useConsultationPackagesToPayQuery,
  useInitiateConsultationPaymentMutation,
} from './api/payments-api';
import { CheckoutStatus, PayButton } from './checkout/checkout-status';
import { useGoToSuccess } from './checkout/order-handoff';
import { useProviderCheckout } from './checkout/use-provider-checkout';
import { CheckoutFrame, CheckoutSkeleton, PageProblem } from './components/checkout-frame';
import '../../lib/forms.css';
import './payments.css';

const BACK = { backTo: '/consultation', backLabel: 'Back to consultation' } as const;

/*
 * `/payments/consultation/{packageId}` (issue 18): booking a design-consultation package — its
 * order (`POST /api/consultation/payment/initiate`, answered like the course checkout's initiate)
 * and the same provider checkout, then the receipt; the architect's team books the sessions from
 * the paid order. Signed-in only: the route's session gate sends visitors to sign in and back.
 */
export function ConsultationPaymentPage() {
  const { packageId: raw } = useParams();
  const id = readId(raw);
  if (id === null) {
    return (
      <CheckoutFrame {...BACK}>
        <PageProblem
          title="We could not find this package"
          text="The address is not complete. Choose a package on the consultation page."
          action={{ to: '/consultation', label: 'See the packages' }}
        />
      </CheckoutFrame>
    );
  }
  return <ConsultationCheckout id={id} />;
}

function ConsultationCheckout({ id }: { id: number }) {
  const query = useConsultationPackagesToPayQuery();
  const currency = useCurrencyCode();
  const goToSuccess = useGoToSuccess();
  const checkout = useProviderCheckout({ onPaid: goToSuccess });
  const [initiate] = useInitiateConsultationPaymentMutation();
  const pkg = query.data?.packages.find((p) => p.id === id);

  if (!pkg) {
    if (query.isLoading || query.isFetching) return <CheckoutSkeleton />;
    const missing = !query.isError;
    return (
      <CheckoutFrame {...BACK}>
        <PageProblem
          title={missing ? 'We could not find this package' : 'We could not load this package'}
          text={
            missing ? 'It may no longer be offered. See the current packages.' : apiFormMessage(query.error)
          }
          action={{ to: '/consultation', label: 'See the packages' }}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </CheckoutFrame>
    );
  }

  const price = amountLabel(pkg.price, pkg.dollar, currency);
  const pay = () =>
    void checkout.start(`consultation:${pkg.id}`, (idempotencyKey) =>
      initiate({ body: { packageId: pkg.id }, idempotencyKey }).unwrap(),
    );

  return (
    <CheckoutFrame {...BACK}>
      <header className="checkout-head">
        <p className="eyebrow">Design consultation</p>
        <h1 className="checkout-head__title">{pkg.name}</h1>
        <p className="checkout-head__notice">
          <Link className="text-link" to="/consultation">
            Compare the packages
          </Link>
        </p>
      </header>
      <div className="checkout-grid">
        <div className="checkout-main">
          <section className="checkout-step" aria-labelledby="consultation-pay-title">
            <h2 id="consultation-pay-title" className="checkout-step__title">
              What you book
            </h2>
            {pkg.description ? <p className="checkout-step__lede">{pkg.description}</p> : null}
            {pkg.services.length > 0 ? (
              <ul className="checkout-step__lede">
                {pkg.services.map((service) => (
                  <li key={service.name}>
                    {service.name}
                    {service.durationMinutes ? ` · ${service.durationMinutes} min` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="checkout-step__lede">
              Once paid, our architects e-mail you within a working day to fix the first session and ask for
              what they need{pkg.detailsRequired.length > 0 ? `: ${pkg.detailsRequired.join(', ')}` : ''}.
            </p>
          </section>
        </div>
        <aside className="checkout-summary" aria-labelledby="consultation-summary-title">
          <h2 id="consultation-summary-title" className="checkout-step__title">
            Package price
          </h2>
          <dl className="checkout-lines">
            <div className="checkout-lines__total">
              <dt>Total</dt>
              <dd>{price ?? '—'}</dd>
            </div>
          </dl>
          <CheckoutStatus checkout={checkout} />
          <PayButton checkout={checkout} busy={checkout.busy} onPay={pay}>
            {price ? `Pay ${price}` : 'Pay for the package'}
          </PayButton>
          <p className="checkout-summary__note">Cards, UPI and netbanking, in a secure payment window.</p>
        </aside>
      </div>
      {checkout.dialog}
    </CheckoutFrame>
  );
}
