import type { InitiatePayment } from '@atelier/contract';
import { useRef, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatMinor } from '../money';

/**
 * The sandbox provider's checkout (issue 14 "Sandbox"): served by Atelier when no Razorpay keys
 * are configured. It says plainly that no money moves and lets the payer pick the outcome; the
 * sandbox signs its answer as Razorpay does, so the same verification follows.
 */
export function SandboxCheckoutDialog({
  order,
  busy,
  onOutcome,
  onDismiss,
}: {
  order: InitiatePayment;
  busy: boolean;
  onOutcome: (outcome: 'success' | 'failure') => Promise<void>;
  /** The payer closed the dialog without choosing (Escape, Close, the backdrop). */
  onDismiss: () => void;
}) {
  // Once an outcome is chosen, the dialog closing is not a dismissal.
  const chosen = useRef(false);
  const [choice, setChoice] = useState<'success' | 'failure' | null>(null);
  const choose = (outcome: 'success' | 'failure') => {
    chosen.current = true;
    setChoice(outcome);
    void onOutcome(outcome);
  };
  const amount = formatMinor(order.amountMinor, order.currency);
  return (
    <ModalDialog
      className="dialog sandbox-checkout"
      labelledBy="sandbox-checkout-title"
      describedBy="sandbox-checkout-text"
      onClose={() => {
        if (!chosen.current) onDismiss();
      }}
    >
      <div className="dialog__card">
        <p className="sandbox-checkout__badge">Test mode</p>
        <h2 id="sandbox-checkout-title" className="dialog__title">
          Sandbox payment — no money moves
        </h2>
        <p id="sandbox-checkout-text" className="dialog__text">
          This is Atelier&rsquo;s sandbox checkout, used while no payment provider is connected. No card, UPI
          app or bank is charged. Choose how this payment should end.
        </p>
        <dl className="sandbox-checkout__facts">
          <div>
            <dt>For</dt>
            <dd>{order.description}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd className="sandbox-checkout__amount">{amount}</dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd className="sandbox-checkout__order">{order.providerOrderId}</dd>
          </div>
        </dl>
        <div className="dialog__actions sandbox-checkout__actions">
          <button
            type="button"
            className="button button--primary button--large"
            disabled={busy}
            aria-busy={(busy && choice === 'success') || undefined}
            onClick={() => choose('success')}
          >
            {busy && choice === 'success' ? (
              <>
                <span className="spinner" aria-hidden="true" />
                Paying…
              </>
            ) : (
              `Pay ${amount} successfully`
            )}
          </button>
          <button
            type="button"
            className="button button--quiet button--large"
            disabled={busy}
            aria-busy={(busy && choice === 'failure') || undefined}
            onClick={() => choose('failure')}
          >
            Fail payment
          </button>
        </div>
        <form method="dialog" className="sandbox-checkout__close">
          <button type="submit" className="link-button" disabled={busy}>
            Close without paying
          </button>
        </form>
      </div>
    </ModalDialog>
  );
}
