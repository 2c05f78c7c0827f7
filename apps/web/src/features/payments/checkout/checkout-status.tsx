import type { ReactNode } from 'react';
import { FormAlert } from '../../../lib/forms';
import type { ProviderCheckout } from './use-provider-checkout';

/**
 * What the provider step says beside the pay button: progress (announced politely), a cancelled
 * payment, and failures (announced at once) with a retry of the same order or a way out.
 * `errorMessage` overrides the message of a failed order creation (when the page shows it
 * elsewhere, e.g. beside fields, pass `null` to hide it here).
 */
export function CheckoutStatus({
  checkout,
  errorMessage,
}: {
  checkout: ProviderCheckout;
  errorMessage?: string | null;
}) {
  const { phase } = checkout;
  let progress = '';
  if (phase.kind === 'starting') progress = 'Creating your order…';
  else if (phase.kind === 'loading-provider') progress = 'Opening the secure payment window…';
  else if (phase.kind === 'razorpay' || phase.kind === 'sandbox')
    progress = 'Complete the payment in the payment window.';
  else if (phase.kind === 'verifying') progress = 'Confirming your payment… please keep this page open.';
  else if (phase.kind === 'paid') progress = 'Payment confirmed. Taking you to your receipt…';
  return (
    <div className="checkout-status">
      <p className="checkout-status__progress" role="status">
        {progress}
      </p>
      {phase.kind === 'idle' && phase.notice ? <FormAlert tone="info">{phase.notice}</FormAlert> : null}
      {phase.kind === 'error' && (errorMessage === undefined ? phase.message : errorMessage) ? (
        <FormAlert>{errorMessage === undefined ? phase.message : errorMessage}</FormAlert>
      ) : null}
      {phase.kind === 'failed' ? (
        <FormAlert>
          <p>{phase.message}</p>
          <div className="checkout-status__actions">
            <button type="button" className="button button--primary" onClick={checkout.retry}>
              {phase.unconfirmed ? 'Check the payment again' : 'Try the payment again'}
            </button>
            {phase.unconfirmed ? null : (
              <button type="button" className="button button--quiet" onClick={() => void checkout.abandon()}>
                Cancel this order
              </button>
            )}
          </div>
        </FormAlert>
      ) : null}
    </div>
  );
}

/**
 * The checkout's pay button, beside `CheckoutStatus`: hidden while a failed payment offers its own
 * retry, a spinner and "Working…" while busy. `onPay` for a button of its own; without it, the
 * submit button of the page's form.
 */
export function PayButton({
  checkout,
  busy,
  disabled = false,
  onPay,
  children,
}: {
  checkout: ProviderCheckout;
  busy: boolean;
  disabled?: boolean;
  onPay?: () => void;
  children: ReactNode;
}) {
  if (checkout.phase.kind === 'failed') return null;
  return (
    <button
      type={onPay ? 'button' : 'submit'}
      className="button button--primary button--large button--block"
      onClick={onPay}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          Working…
        </>
      ) : (
        children
      )}
    </button>
  );
}
