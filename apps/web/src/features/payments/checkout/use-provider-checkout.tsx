import type { InitiatePayment, VerifyPaymentBody } from '@atelier/contract';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { apiFormMessage, isApiError } from '../../../lib/forms';
import {
  useCancelOrderMutation,
  useSandboxCheckoutMutation,
  useVerifyPaymentMutation,
} from '../api/payments-api';
import { loadRazorpay, type RazorpayFailure } from './razorpay';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog';

/*
 * The provider step of every purchase (course checkout, an instalment, a staff payment link): one
 * order per attempt, then the provider's checkout, then verification.
 *
 * - `start(attempt, initiate)`: `initiate` creates the order with an `Idempotency-Key`. The key is
 *   one per attempt: the same attempt (same request) retried after a failure that left its outcome
 *   unknown (network, 5xx) sends the same key, so the server replays its first answer instead of
 *   opening a second order; a definitive answer (an order, or a 4xx) ends the attempt.
 * - Razorpay: Checkout's script loads only now; `handler` → verify, `ondismiss` → cancel the order
 *   (its coupon, coins and seat are released), `payment.failed` → a clear message, the order kept
 *   for a retry (Razorpay's own rule).
 * - Sandbox: Atelier's own checkout dialog ("no money moves"): Pay successfully → the sandbox signs
 *   the result like Razorpay → the same verification; Fail payment → like `payment.failed`.
 * - An order that initiate answered as already paid (coins or a 100 % coupon) skips the provider.
 */

/** A paid order, as the success page needs it. */
export interface PaidOrder {
  orderId: number;
  orderToken: string | null;
  /** Whether the order token may sign the buyer in; `null` when the answer did not say. */
  signInWithToken: boolean | null;
}

export type CheckoutPhase =
  | { kind: 'idle'; notice: string | null }
  | { kind: 'starting' }
  | { kind: 'loading-provider'; order: InitiatePayment }
  | { kind: 'sandbox'; order: InitiatePayment }
  | { kind: 'razorpay'; order: InitiatePayment }
  | { kind: 'verifying'; order: InitiatePayment }
  /** The payment failed or could not be confirmed; the order stays open for another try. */
  | { kind: 'failed'; order: InitiatePayment; message: string; unconfirmed: VerifyPaymentBody | null }
  /** The order could not be created: `error` is the API's answer (its field errors, its message). */
  | { kind: 'error'; message: string; error: unknown }
  | { kind: 'paid'; paid: PaidOrder };

export interface ProviderCheckout {
  phase: CheckoutPhase;
  /** Whether money may be moving or an order is being created (controls stay locked). */
  busy: boolean;
  start: (attempt: string, initiate: (idempotencyKey: string) => Promise<InitiatePayment>) => Promise<void>;
  /** After a failure: open the provider again for the same order (or confirm it again). */
  retry: () => void;
  /** After a failure: give the order up (releases its holds) and go back to the form. */
  abandon: () => Promise<void>;
  /** The sandbox checkout dialog while it is open; render it anywhere in the page. */
  dialog: ReactNode;
}

function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a failed call's outcome is unknown (the same attempt may be retried with its key). */
function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return typeof error.status !== 'number' || error.status >= 500 || error.status === 429;
}

const CANCELLED_NOTICE = 'Payment cancelled. Nothing was charged, and your choices are kept below.';

function failureMessage(reason: string | undefined): string {
  const why = reason?.trim() ? ` ${reason.trim().replace(/\.?$/, '.')}` : '';
  return `The payment did not go through.${why} Nothing was charged. Your order is kept: try again, or use another card, UPI app or bank.`;
}

export function useProviderCheckout({
  onPaid,
  checkoutId = null,
  merchantName = 'Atelier',
}: {
  onPaid: (paid: PaidOrder) => void;
  /** A guest's checkout id, which proves the order is theirs when it is cancelled. */
  checkoutId?: string | null;
  merchantName?: string;
}): ProviderCheckout {
  const [phase, setPhaseState] = useState<CheckoutPhase>({ kind: 'idle', notice: null });
  // The phase as the callbacks see it between renders (a payment window's events arrive late).
  const phaseRef = useRef(phase);
  const setPhase = useCallback((next: CheckoutPhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);
  const [verifyPayment] = useVerifyPaymentMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const [sandboxCheckout, sandboxState] = useSandboxCheckoutMutation();
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const onPaidRef = useRef(onPaid);
  const checkoutIdRef = useRef(checkoutId);
  useEffect(() => {
    onPaidRef.current = onPaid;
    checkoutIdRef.current = checkoutId;
  }, [onPaid, checkoutId]);

  const verify = useCallback(
    async (order: InitiatePayment, fields: VerifyPaymentBody) => {
      setPhase({ kind: 'verifying', order });
      try {
        const result = await verifyPayment({ orderId: order.orderId, body: fields }).unwrap();
        const paid = {
          orderId: result.orderId,
          orderToken: result.orderToken,
          signInWithToken: result.signInWithToken,
        };
        setPhase({ kind: 'paid', paid });
        onPaidRef.current(paid);
      } catch (error) {
        const unknownOutcome = outcomeUnknown(error);
        setPhase({
          kind: 'failed',
          order,
          unconfirmed: unknownOutcome ? fields : null,
          message: unknownOutcome
            ? 'We could not confirm your payment yet. Do not pay again: if money left your account, the payment is confirmed automatically within a few minutes and we e-mail you. You can also check again now.'
            : `${apiFormMessage(error)} Nothing was charged. Your order is kept for another try.`,
        });
      }
    },
    [setPhase, verifyPayment],
  );

  const cancel = useCallback(
    async (order: InitiatePayment, notice: string) => {
      setPhase({ kind: 'idle', notice });
      attempt.current = null;
      try {
        const id = checkoutIdRef.current;
        await cancelOrder({ orderId: order.orderId, ...(id ? { checkoutId: id } : {}) }).unwrap();
      } catch {
        // The order expires by itself (ORDER_TTL_SECONDS) and releases its holds then.
      }
    },
    [cancelOrder, setPhase],
  );

  const openProvider = useCallback(
    async (order: InitiatePayment) => {
      if (order.provider === 'sandbox') {
        setPhase({ kind: 'sandbox', order });
        return;
      }
      setPhase({ kind: 'loading-provider', order });
      let Razorpay;
      try {
        Razorpay = await loadRazorpay();
      } catch {
        setPhase({
          kind: 'failed',
          order,
          unconfirmed: null,
          message:
            'The secure payment window could not be loaded. Check your connection (or allow checkout.razorpay.com if a blocker is on) and try again. Nothing was charged.',
        });
        return;
      }
      let failed: string | null = null;
      let settled = false;
      const rzp = new Razorpay({
        key: order.keyId,
        order_id: order.providerOrderId ?? '',
        amount: order.amountMinor,
        currency: order.currency,
        name: merchantName,
        description: order.description,
        prefill: order.prefill,
        theme: { color: '#f59a4c' },
        handler: (response) => {
          settled = true;
          void verify(order, {
            providerOrderId: response.razorpay_order_id,
            providerPaymentId: response.razorpay_payment_id,
            signature: response.razorpay_signature,
          });
        },
        modal: {
          ondismiss: () => {
            if (settled) return;
            // Closed after a failed payment: keep the order for a retry; otherwise give it up.
            if (failed !== null) {
              setPhase({ kind: 'failed', order, unconfirmed: null, message: failed });
              return;
            }
            void cancel(order, CANCELLED_NOTICE);
          },
        },
      });
      rzp.on('payment.failed', (response: RazorpayFailure) => {
        failed = failureMessage(response.error?.description);
        setPhase({ kind: 'failed', order, unconfirmed: null, message: failed });
      });
      setPhase({ kind: 'razorpay', order });
      rzp.open();
    },
    [cancel, merchantName, setPhase, verify],
  );

  const start = useCallback(
    async (signature: string, initiate: (idempotencyKey: string) => Promise<InitiatePayment>) => {
      const current = phaseRef.current;
      // A new attempt replaces an order kept after a failed payment: release that one first.
      if (current.kind === 'failed') await cancel(current.order, '');
      if (attempt.current?.signature !== signature) {
        attempt.current = { signature, key: newIdempotencyKey() };
      }
      const key = attempt.current.key;
      setPhase({ kind: 'starting' });
      let order: InitiatePayment;
      try {
        order = await initiate(key);
      } catch (error) {
        if (!outcomeUnknown(error)) attempt.current = null;
        setPhase({ kind: 'error', message: apiFormMessage(error), error });
        return;
      }
      attempt.current = null;
      if (order.status === 'paid') {
        const paid = { orderId: order.orderId, orderToken: order.orderToken, signInWithToken: null };
        setPhase({ kind: 'paid', paid });
        onPaidRef.current(paid);
        return;
      }
      await openProvider(order);
    },
    [cancel, openProvider, setPhase],
  );

  const retry = useCallback(() => {
    const current = phaseRef.current;
    if (current.kind !== 'failed') return;
    if (current.unconfirmed) void verify(current.order, current.unconfirmed);
    else void openProvider(current.order);
  }, [openProvider, verify]);

  const abandon = useCallback(async () => {
    const current = phaseRef.current;
    if (current.kind !== 'failed') return;
    await cancel(current.order, 'Order cancelled. Nothing was charged, and your choices are kept below.');
  }, [cancel]);

  const sandboxOrder = phase.kind === 'sandbox' ? phase.order : null;
  const dialog = sandboxOrder ? (
    <SandboxCheckoutDialog
      order={sandboxOrder}
      busy={sandboxState.isLoading}
      onOutcome={async (outcome) => {
        try {
          const result = await sandboxCheckout({
            providerOrderId: sandboxOrder.providerOrderId ?? '',
            outcome,
          }).unwrap();
          if (outcome === 'success') {
            await verify(sandboxOrder, {
              providerOrderId: result.providerOrderId,
              providerPaymentId: result.providerPaymentId,
              signature: result.signature,
            });
          } else {
            setPhase({
              kind: 'failed',
              order: sandboxOrder,
              unconfirmed: null,
              message: failureMessage('The sandbox declined it, as you chose.'),
            });
          }
        } catch (error) {
          setPhase({
            kind: 'failed',
            order: sandboxOrder,
            unconfirmed: null,
            message: `${apiFormMessage(error)} Nothing was charged. Your order is kept for another try.`,
          });
        }
      }}
      onDismiss={() => void cancel(sandboxOrder, CANCELLED_NOTICE)}
    />
  ) : null;

  const busy =
    phase.kind === 'starting' ||
    phase.kind === 'loading-provider' ||
    phase.kind === 'sandbox' ||
    phase.kind === 'razorpay' ||
    phase.kind === 'verifying' ||
    phase.kind === 'paid';

  return { phase, busy, start, retry, abandon, dialog };
}
