import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { PaidOrder } from './use-provider-checkout';

/*
 * From the provider step to the success page. The order token is a one-time secret: it travels in
 * the router's state and this tab's session storage (so a reload of the success page still has
 * it), never in the address, where it would end up in the history, in referrers and in logs
 * (docs/decisions/0020-web-checkout.md).
 */

const KEY_PREFIX = 'atelier_order_';

export interface OrderHandoff {
  orderToken: string | null;
  signInWithToken: boolean | null;
}

/** The success page's address for an order. */
export function successPath(orderId: number): string {
  return `/payments/success/${orderId}`;
}

export function rememberOrderHandoff(orderId: number, handoff: OrderHandoff): void {
  try {
    window.sessionStorage.setItem(`${KEY_PREFIX}${orderId}`, JSON.stringify(handoff));
  } catch {
    // storage unavailable: the router state still carries it for this visit
  }
}

export function readOrderHandoff(orderId: number): OrderHandoff | null {
  try {
    const raw = window.sessionStorage.getItem(`${KEY_PREFIX}${orderId}`);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<OrderHandoff>;
    return {
      orderToken: typeof value.orderToken === 'string' ? value.orderToken : null,
      signInWithToken: typeof value.signInWithToken === 'boolean' ? value.signInWithToken : null,
    };
  } catch {
    return null;
  }
}

/** Forgets the token once it has signed the buyer in (it cannot be used twice). */
export function forgetOrderToken(orderId: number): void {
  try {
    window.sessionStorage.removeItem(`${KEY_PREFIX}${orderId}`);
  } catch {
    // nothing kept
  }
}

/** Navigates to the success page of a paid order, handing it the order token. */
export function useGoToSuccess(): (paid: PaidOrder) => void {
  const navigate = useNavigate();
  return useCallback(
    (paid: PaidOrder) => {
      const handoff: OrderHandoff = { orderToken: paid.orderToken, signInWithToken: paid.signInWithToken };
      rememberOrderHandoff(paid.orderId, handoff);
      void navigate(successPath(paid.orderId), { state: handoff });
    },
    [navigate],
  );
}
