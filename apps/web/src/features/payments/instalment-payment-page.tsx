import { workshopPath } from '@atelier/domain';
import { Link, useParams } from 'react-router';
import { readId } from '../../lib/api/paths';
import { formatDay } from '../../lib/format';
import { apiFormMessage, isApiError } from '../../lib/forms';
import { DASHBOARD_PATH } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useInitiateInstalmentMutation, useInstalmentQuery } from './api/payments-api';
import { CheckoutStatus, PayButton } from './checkout/checkout-status';
import { useGoToSuccess } from './checkout/order-handoff';
import { useProviderCheckout } from './checkout/use-provider-checkout';
import { CheckoutFrame, CheckoutSkeleton, PageProblem } from './components/checkout-frame';
import { formatMinor } from './money';
import '../../lib/forms.css';
import './payments.css';

/*
 * `/payments/instalment/{instalmentId}` (issue 14): one instalment of the learner's plan, paid
 * through its own order (`POST /api/payment/instalment/initiate`) and the same provider checkout
 * as the course checkout. The dashboard's EMI popup and banner link here. Signed-in only (the
 * route's session gate sends visitors to sign in and back).
 */
export function InstalmentPaymentPage() {
  const { instalmentId: raw } = useParams();
  const id = readId(raw);
  if (id === null) {
    return (
      <CheckoutFrame backTo={DASHBOARD_PATH} backLabel="Back to your dashboard">
        <PageProblem
          title="We could not find this instalment"
          text="The address is not complete. Your pending payments are on your dashboard."
          action={{ to: DASHBOARD_PATH, label: 'Go to your dashboard' }}
        />
      </CheckoutFrame>
    );
  }
  return <InstalmentCheckout id={id} />;
}

function InstalmentCheckout({ id }: { id: number }) {
  const session = useSession();
  const query = useInstalmentQuery({ id, userId: session?.user.id ?? 0 });
  const goToSuccess = useGoToSuccess();
  const checkout = useProviderCheckout({ onPaid: goToSuccess });
  const [initiate] = useInitiateInstalmentMutation();
  const instalment = query.data;

  if (!instalment) {
    if (query.isLoading || query.isFetching) return <CheckoutSkeleton />;
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <CheckoutFrame backTo={DASHBOARD_PATH} backLabel="Back to your dashboard">
        <PageProblem
          title={missing ? 'We could not find this instalment' : 'We could not load this instalment'}
          text={
            missing
              ? 'It may belong to another account. Your pending payments are on your dashboard.'
              : apiFormMessage(query.error)
          }
          action={{ to: DASHBOARD_PATH, label: 'Go to your dashboard' }}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </CheckoutFrame>
    );
  }

  const money = (minor: number) => formatMinor(minor, instalment.currency);
  const count = instalment.plan.instalments.length;
  const left = instalment.plan.totalMinor - instalment.plan.paidMinor;
  const pay = () =>
    void checkout.start(`instalment:${instalment.id}`, (idempotencyKey) =>
      initiate({ body: { instalmentId: instalment.id }, idempotencyKey }).unwrap(),
    );

  return (
    <CheckoutFrame backTo={DASHBOARD_PATH} backLabel="Back to your dashboard">
      <header className="checkout-head">
        <p className="eyebrow">Instalment payment</p>
        <h1 className="checkout-head__title">{instalment.Workshop.title}</h1>
        <p className="checkout-head__notice">
          <Link className="text-link" to={workshopPath(instalment.Workshop)}>
            About this course
          </Link>
        </p>
      </header>
      <div className="checkout-grid">
        <div className="checkout-main">
          <section className="checkout-step" aria-labelledby="plan-title">
            <h2 id="plan-title" className="checkout-step__title">
              Your instalment plan
            </h2>
            <p className="checkout-step__lede">
              {money(instalment.plan.paidMinor)} of {money(instalment.plan.totalMinor)} paid; {money(left)}{' '}
              left.
            </p>
            <table className="checkout-schedule">
              <caption>Instalments</caption>
              <thead>
                <tr>
                  <th scope="col">Instalment</th>
                  <th scope="col">Due</th>
                  <th scope="col" className="checkout-schedule__amount">
                    Amount
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {instalment.plan.instalments.map((item) => (
                  <tr key={item.id} aria-current={item.id === instalment.id ? 'true' : undefined}>
                    <td>
                      {item.sequence} of {count}
                    </td>
                    <td>{formatDay(item.dueDate) || item.dueDate}</td>
                    <td className="checkout-schedule__amount">{money(item.amountMinor)}</td>
                    <td>{item.paid ? 'Paid' : item.id === instalment.id ? 'Paying now' : 'Due'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
        <aside className="checkout-summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="checkout-step__title">
            Instalment {instalment.sequence} of {count}
          </h2>
          <dl className="checkout-lines">
            <div>
              <dt>Due</dt>
              <dd>{formatDay(instalment.dueDate) || instalment.dueDate}</dd>
            </div>
            <div className="checkout-lines__total">
              <dt>Amount</dt>
              <dd>{money(instalment.amountMinor)}</dd>
            </div>
          </dl>
          {instalment.paid ? (
            <p className="form-alert form-alert--success" role="status">
              This instalment is paid
              {instalment.paidAt ? ` (${formatDay(instalment.paidAt.slice(0, 10))})` : ''}. Nothing more to
              do.
            </p>
          ) : (
            <>
              <CheckoutStatus checkout={checkout} />
              <PayButton checkout={checkout} busy={checkout.busy} onPay={pay}>
                {`Pay ${money(instalment.amountMinor)}`}
              </PayButton>
            </>
          )}
          <p className="checkout-summary__note">Cards, UPI and netbanking, in a secure payment window.</p>
        </aside>
      </div>
      {checkout.dialog}
    </CheckoutFrame>
  );
}
