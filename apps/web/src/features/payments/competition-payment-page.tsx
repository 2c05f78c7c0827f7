import { Link, useParams } from 'react-router';
import { useCurrencyCode } from '../../lib/api/currency';
import { readId } from '../../lib/api/paths';
import { formatDay } from '../../lib/format';
import { apiFormMessage, isApiError } from '../../lib/forms';
import { amountLabel } from '../../lib/price';
import { useInitiateCompetitionPaymentMutation, useCompetitionToPayQuery } from './api/payments-api';
import { CheckoutStatus, PayButton } from './checkout/checkout-status';
import { useGoToSuccess } from './checkout/order-handoff';
import { useProviderCheckout } from './checkout/use-provider-checkout';
import { CheckoutFrame, CheckoutSkeleton, PageProblem } from './components/checkout-frame';
import '../../lib/forms.css';
import './payments.css';

/*
 * `/payments/competition/{competitionId}` (issue 16): a paid competition's entry fee, through its
 * own order (`POST /api/competition/payment/initiate`, which answers like the course checkout's
 * initiate) and the same provider checkout; the registration is confirmed with the payment, and
 * the receipt page follows. Signed-in only (the route's session gate sends visitors to sign in).
 */
export function CompetitionPaymentPage() {
  const { competitionId: raw } = useParams();
  const id = readId(raw);
  if (id === null) {
    return (
      <CheckoutFrame backTo="/competitions" backLabel="Back to competitions">
        <PageProblem
          title="We could not find this competition"
          text="The address is not complete. Open the competition again and choose to register."
          action={{ to: '/competitions', label: 'See the competitions' }}
        />
      </CheckoutFrame>
    );
  }
  return <CompetitionCheckout id={id} />;
}

function CompetitionCheckout({ id }: { id: number }) {
  const query = useCompetitionToPayQuery(id);
  const currency = useCurrencyCode();
  const goToSuccess = useGoToSuccess();
  const checkout = useProviderCheckout({ onPaid: goToSuccess });
  const [initiate] = useInitiateCompetitionPaymentMutation();
  const competition = query.data;

  if (!competition) {
    if (query.isLoading || query.isFetching) return <CheckoutSkeleton />;
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <CheckoutFrame backTo="/competitions" backLabel="Back to competitions">
        <PageProblem
          title={missing ? 'We could not find this competition' : 'We could not load this competition'}
          text={missing ? 'It may have ended. See the open competitions.' : apiFormMessage(query.error)}
          action={{ to: '/competitions', label: 'See the competitions' }}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </CheckoutFrame>
    );
  }

  const fee = amountLabel(competition.amount, competition.dollar, currency);
  const open = competition.phase === 'open' && competition.amount > 0;
  const pay = () =>
    void checkout.start(`competition:${competition.id}`, (idempotencyKey) =>
      initiate({ body: { competitionId: competition.id }, idempotencyKey }).unwrap(),
    );

  return (
    <CheckoutFrame backTo={competition.path} backLabel="Back to the competition">
      <header className="checkout-head">
        <p className="eyebrow">Competition registration</p>
        <h1 className="checkout-head__title">{competition.title}</h1>
        <p className="checkout-head__notice">
          <Link className="text-link" to={competition.path}>
            About this competition
          </Link>
        </p>
      </header>
      <div className="checkout-grid">
        <div className="checkout-main">
          <section className="checkout-step" aria-labelledby="competition-pay-title">
            <h2 id="competition-pay-title" className="checkout-step__title">
              What you get
            </h2>
            <p className="checkout-step__lede">
              Your place in the competition, the full brief and the submission steps by e-mail once the fee is
              paid.
            </p>
            {formatDay(competition.registrationDeadline) ? (
              <p className="checkout-step__lede">
                Registration closes on {formatDay(competition.registrationDeadline)}.
              </p>
            ) : null}
          </section>
        </div>
        <aside className="checkout-summary" aria-labelledby="competition-summary-title">
          <h2 id="competition-summary-title" className="checkout-step__title">
            Entry fee
          </h2>
          <dl className="checkout-lines">
            <div className="checkout-lines__total">
              <dt>Total</dt>
              <dd>{fee ?? '—'}</dd>
            </div>
          </dl>
          {open ? (
            <>
              <CheckoutStatus checkout={checkout} />
              <PayButton checkout={checkout} busy={checkout.busy} onPay={pay}>
                {fee ? `Pay ${fee}` : 'Pay the entry fee'}
              </PayButton>
            </>
          ) : (
            <p className="form-alert form-alert--info" role="status">
              {competition.amount === 0
                ? 'This competition is free: register on its page.'
                : competition.phase === 'over'
                  ? 'This competition is over.'
                  : 'Registration for this competition has closed.'}
            </p>
          )}
          <p className="checkout-summary__note">Cards, UPI and netbanking, in a secure payment window.</p>
        </aside>
      </div>
      {checkout.dialog}
    </CheckoutFrame>
  );
}
