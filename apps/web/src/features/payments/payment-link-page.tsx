import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatDay } from '../../lib/format';
import { apiFormMessage, isApiError, showApiFailure, useContractForm } from '../../lib/forms';
import { useSession, useSessionKnown } from '../../lib/session';
import { useInitiateCustomPaymentMutation, usePaymentLinkQuery } from './api/payments-api';
import { CheckoutStatus, PayButton } from './checkout/checkout-status';
import { emptyGuest, guestFields, guestSchema, PayerDetails, type GuestForm } from './checkout/guest-details';
import { useGoToSuccess } from './checkout/order-handoff';
import { useGuestCheckout } from './checkout/use-guest-checkout';
import { useProviderCheckout } from './checkout/use-provider-checkout';
import { CheckoutFrame, CheckoutSkeleton, PageProblem } from './components/checkout-frame';
import { formatMinor } from './money';
import '../../lib/forms.css';
import './payments.css';

/*
 * `/pay/{linkToken}` (issue 14 "a payment link created by staff"): what the link asks for
 * (`GET /api/custom/payment/{linkToken}`), who pays (the signed-in user, or a guest's details via
 * add-user with the link token), then `POST /api/custom/payment/initiate` and the same provider
 * checkout as every purchase.
 */

const LINK_TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

export function PaymentLinkPage() {
  const { linkToken = '' } = useParams();
  if (!LINK_TOKEN.test(linkToken)) {
    return (
      <CheckoutFrame backTo={null}>
        <PageProblem
          title="This payment link is not valid"
          text="Check that you opened the whole link from your message, or ask the person who sent it for a new one."
        />
      </CheckoutFrame>
    );
  }
  return <LinkCheckout linkToken={linkToken} />;
}

function LinkCheckout({ linkToken }: { linkToken: string }) {
  const known = useSessionKnown();
  const session = useSession();
  const query = usePaymentLinkQuery(linkToken, { skip: !known });
  const goToSuccess = useGoToSuccess();
  const guest = useGuestCheckout();
  const checkout = useProviderCheckout({ onPaid: goToSuccess, checkoutId: guest.checkoutId });
  const [initiate] = useInitiateCustomPaymentMutation();
  const form = useContractForm<GuestForm>(guestSchema, emptyGuest);
  const [guestError, setGuestError] = useState<string | null>(null);
  const link = query.data;

  const initiateError = checkout.phase.kind === 'error' ? checkout.phase.error : null;
  useEffect(() => {
    if (initiateError) showApiFailure(initiateError, form.setError, guestFields);
  }, [initiateError, form.setError]);

  if (!link) {
    if (!known || query.isLoading || query.isFetching) return <CheckoutSkeleton />;
    const missing = isApiError(query.error) && query.error.status === 404;
    return (
      <CheckoutFrame backTo={null}>
        <PageProblem
          title={missing ? 'This payment link is not valid' : 'We could not load this payment link'}
          text={missing ? 'Ask the person who sent it for a new link.' : apiFormMessage(query.error)}
          onRetry={missing ? undefined : () => void query.refetch()}
        />
      </CheckoutFrame>
    );
  }

  const amount = formatMinor(link.amountMinor, link.currency);
  const locked = checkout.busy || guest.isLoading;

  const pay = async (values: GuestForm | null) => {
    let checkoutId: string | undefined;
    if (values) {
      try {
        checkoutId = await guest.ensure(values, { linkToken });
      } catch (error) {
        const message = showApiFailure(error, form.setError, guestFields);
        setGuestError(message);
        return;
      }
    }
    setGuestError(null);
    const body = { linkToken, ...(checkoutId ? { checkoutId } : {}) };
    await checkout.start(JSON.stringify(body), (idempotencyKey) =>
      initiate({ body, idempotencyKey }).unwrap(),
    );
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || link.status !== 'open') return;
    if (session) void pay(null);
    else void form.handleSubmit((values) => pay(values))(event);
  };

  return (
    <CheckoutFrame backTo={null}>
      <header className="checkout-head">
        <p className="eyebrow">Payment request</p>
        <h1 className="checkout-head__title">{link.purpose}</h1>
        {link.payeeName ? <p className="checkout-head__notice">For {link.payeeName}</p> : null}
      </header>
      {link.status !== 'open' ? (
        <PageProblem
          title={link.status === 'paid' ? 'This link has been paid' : 'This payment link has expired'}
          text={
            link.status === 'paid'
              ? 'Nothing more to pay. The receipt went to the e-mail address given when it was paid.'
              : 'Ask the person who sent it for a new link.'
          }
        />
      ) : (
        <form className="checkout-grid" onSubmit={onSubmit} noValidate>
          <div className="checkout-main">
            <PayerDetails session={session} form={form} disabled={locked} />
          </div>
          <aside className="checkout-summary" aria-labelledby="summary-title">
            <h2 id="summary-title" className="checkout-step__title">
              Summary
            </h2>
            <dl className="checkout-lines">
              <div>
                <dt>For</dt>
                <dd>{link.purpose}</dd>
              </div>
              {link.expiresAt ? (
                <div>
                  <dt>Pay by</dt>
                  <dd>{formatDay(link.expiresAt.slice(0, 10))}</dd>
                </div>
              ) : null}
              <div className="checkout-lines__total">
                <dt>Total</dt>
                <dd>{amount}</dd>
              </div>
            </dl>
            {guestError ? (
              <p className="form-alert form-alert--error" role="alert">
                {guestError}
              </p>
            ) : null}
            <CheckoutStatus checkout={checkout} />
            <PayButton checkout={checkout} busy={locked}>{`Pay ${amount}`}</PayButton>
            <p className="checkout-summary__note">Cards, UPI and netbanking, in a secure payment window.</p>
          </aside>
        </form>
      )}
      {checkout.dialog}
    </CheckoutFrame>
  );
}
