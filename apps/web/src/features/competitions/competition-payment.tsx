import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../lib/store';
import { CheckoutStatus } from '../payments/checkout/checkout-status';
import { rememberOrderHandoff, successPath } from '../payments/checkout/order-handoff';
import { useProviderCheckout, type PaidOrder } from '../payments/checkout/use-provider-checkout';
import { invalidateCompetitionRegistrations, useInitiateCompetitionPaymentMutation } from './api/competitions';
import '../payments/payments.css';

/*
 * A paid competition's registration (issue 16): `POST /api/competition/payment/initiate` opens an
 * order for the entry fee like the course checkout, then the same provider step (Razorpay, or the
 * sandbox checkout in development) and verification. Once paid, the registration is fetched again
 * (the server confirms it with the order) and the receipt is a link away. Loaded only on a paid
 * competition's page for a signed-in learner.
 */
export function CompetitionPayment({
  competitionId,
  fee,
  onPaid: paidHere,
}: {
  competitionId: number;
  fee: string | null;
  /** The paid order's id, once the payment is confirmed. */
  onPaid: (orderId: number) => void;
}) {
  const dispatch = useAppDispatch();
  const [initiate] = useInitiateCompetitionPaymentMutation();
  const [paid, setPaid] = useState<PaidOrder | null>(null);
  const onPaid = useCallback(
    (order: PaidOrder) => {
      rememberOrderHandoff(order.orderId, {
        orderToken: order.orderToken,
        signInWithToken: order.signInWithToken,
      });
      setPaid(order);
      paidHere(order.orderId);
      dispatch(invalidateCompetitionRegistrations());
    },
    [dispatch, paidHere],
  );
  const checkout = useProviderCheckout({ onPaid });

  if (paid) {
    return (
      <p className="form-alert form-alert--success" role="status">
        Payment received: you are registered.{' '}
        <Link className="text-link" to={successPath(paid.orderId)}>
          See your receipt
        </Link>
      </p>
    );
  }

  const pay = () =>
    void checkout.start(`competition:${competitionId}`, (idempotencyKey) =>
      initiate({ body: { competitionId }, idempotencyKey }).unwrap(),
    );
  return (
    <div className="competition-register__pay">
      <CheckoutStatus checkout={checkout} />
      {checkout.phase.kind === 'failed' ? null : (
        <button
          type="button"
          className="button button--primary button--block button--large"
          onClick={pay}
          disabled={checkout.busy}
          aria-busy={checkout.busy || undefined}
        >
          {fee ? `Pay ${fee} and register` : 'Pay the entry fee and register'}
        </button>
      )}
      {checkout.dialog}
    </div>
  );
}
