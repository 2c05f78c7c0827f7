import { useCallback, useRef, useState } from 'react';
import { useAddGuestMutation } from '../api/payments-api';
import { guestKey, type GuestForm } from './guest-details';

/** What a guest pays for: a batch, or a staff payment link. */
export type GuestTarget = { batchId: number } | { linkToken: string };

/**
 * A guest's checkout id (`POST /api/payment/add-user`), asked for once per set of details and
 * target and reused until it expires, so a retry of the same payment sends the same request (and
 * its idempotency key still matches).
 */
export function useGuestCheckout(): {
  ensure: (form: GuestForm, target: GuestTarget) => Promise<string>;
  checkoutId: string | null;
  isLoading: boolean;
} {
  const [addGuest, { isLoading }] = useAddGuestMutation();
  const cached = useRef<{ key: string; id: string; expiresAt: number } | null>(null);
  const [checkoutId, setCheckoutId] = useState<string | null>(null);
  const ensure = useCallback(
    async (form: GuestForm, target: GuestTarget) => {
      const key = guestKey(form, JSON.stringify(target));
      const now = Date.now();
      // A minute's margin: the id must still be valid when the order is created.
      if (cached.current && cached.current.key === key && cached.current.expiresAt - 60_000 > now) {
        return cached.current.id;
      }
      const result = await addGuest({
        name: form.name.trim(),
        email: form.email.trim(),
        mobile: form.mobile.trim(),
        ...target,
      }).unwrap();
      const expiresAt = Date.parse(result.expiresAt);
      cached.current = {
        key,
        id: result.checkoutId,
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : now + 10 * 60_000,
      };
      setCheckoutId(result.checkoutId);
      return result.checkoutId;
    },
    [addGuest],
  );
  return { ensure, checkoutId, isLoading };
}
