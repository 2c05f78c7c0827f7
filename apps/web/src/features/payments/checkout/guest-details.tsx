import { GuestCheckoutBodySchema } from '@atelier/contract';
import type { UseFormReturn } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { FormTextField, reportBodyIssues, type BodyField } from '../../../lib/forms';
import { loginPath } from '../../../lib/return-path';
import type { Session } from '../../../lib/session';

/*
 * Who pays (issue 14 "guest details when signed out"): a signed-in learner pays as themselves; a
 * visitor gives name, e-mail and mobile (`POST /api/payment/add-user`, which signs nobody in) or
 * signs in first. Nothing is sent to the provider before one of the two.
 */

export interface GuestForm {
  name: string;
  email: string;
  mobile: string;
}

export const emptyGuest: GuestForm = { name: '', email: '', mobile: '' };

export const guestFields: Record<string, BodyField<GuestForm>> = {
  name: { field: 'name', label: 'Full name' },
  email: { field: 'email', label: 'E-mail address' },
  mobile: { field: 'mobile', label: 'Mobile number' },
};

/** The guest's details, checked as `POST /api/payment/add-user` checks them. */
export const guestSchema: z.ZodType<GuestForm, GuestForm> = z
  .object({ name: z.string(), email: z.string(), mobile: z.string() })
  .superRefine((form, ctx) => {
    const empty = new Set<string>();
    const need = (field: keyof GuestForm, message: string) => {
      if (form[field].trim() !== '') return;
      empty.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    };
    need('name', 'Enter your full name.');
    need('email', 'Enter your e-mail address.');
    need('mobile', 'Enter your mobile number.');
    // Any id will do for the check: only the contact fields are shown here.
    reportBodyIssues(GuestCheckoutBodySchema, { ...form, batchId: 1 }, ctx, guestFields, empty);
  });

/** The key of a guest's details: a new checkout id is needed only when they change. */
export function guestKey(form: GuestForm, target: string): string {
  return JSON.stringify([form.name.trim(), form.email.trim().toLowerCase(), form.mobile.trim(), target]);
}

export function PayerDetails({
  session,
  form,
  disabled,
}: {
  session: Session | null;
  form: UseFormReturn<GuestForm>;
  disabled: boolean;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (session) {
    return (
      <section className="checkout-step" aria-labelledby="payer-title">
        <h2 id="payer-title" className="checkout-step__title">
          Your details
        </h2>
        <p className="checkout-payer">
          Paying as <strong>{session.user.name ?? 'you'}</strong>
          {session.user.email ? <> ({session.user.email})</> : null}. The course appears on your dashboard as
          soon as the payment is confirmed.
        </p>
      </section>
    );
  }
  return (
    <section className="checkout-step" aria-labelledby="payer-title">
      <h2 id="payer-title" className="checkout-step__title">
        Your details
      </h2>
      <p className="checkout-step__lede">
        Have an Atelier account?{' '}
        <Link className="text-link" to={loginPath(here)}>
          Sign in to pay
        </Link>{' '}
        and use your coins. Or continue as a guest: we create your account with these details and send the
        receipt to your e-mail.
      </p>
      <fieldset className="checkout-guest" disabled={disabled}>
        <legend className="visually-hidden">Guest details</legend>
        <FormTextField control={form.control} name="name" label="Full name" autoComplete="name" required />
        <FormTextField
          control={form.control}
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <FormTextField
          control={form.control}
          name="mobile"
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          hint="Indian numbers need no code; others start with + and the country code."
          required
        />
      </fieldset>
    </section>
  );
}
