import { UnsubscribeQuerySchema, type ResponseOf } from '@atelier/contract';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api/base-api';
import { endpointRequest } from '../../lib/api/paths';
import { apiFormMessage, isApiError } from '../../lib/forms';
import { usePageHead } from '../../lib/head-context';
import { PROFILE_PATH } from '../../lib/return-path';
import './unsubscribe.css';

/*
 * `/unsubscribe?token=…` (issue 16 "Messaging for real"): the link in a marketing e-mail's footer.
 * The token is signed by the server and names the address. The page asks before it acts (a link
 * scanner that opens the address changes nothing), then posts `{}` to the List-Unsubscribe
 * address, which turns marketing mail off for that address. Not for search engines.
 */

const unsubscribeApi = api.injectEndpoints({
  endpoints: (build) => ({
    unsubscribe: build.mutation<ResponseOf<'unsubscribe'>, string>({
      // The page's JSON `{}` (a mail client's one-click post is a form instead).
      query: (token) => ({ ...endpointRequest('unsubscribe', { query: { token } }), body: {} }),
    }),
  }),
});

export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = UnsubscribeQuerySchema.safeParse({ token }).success;
  const [unsubscribe, state] = unsubscribeApi.useUnsubscribeMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageHead({ title: 'Unsubscribe', canonical: '/unsubscribe', noIndex: true });

  const invalid = !wellFormed || (state.isError && isApiError(state.error) && state.error.status === 400);
  const done = state.data ?? null;
  // The outcome replaces the button that was pressed: focus moves to its heading.
  useEffect(() => {
    if (done || (invalid && state.isError)) headingRef.current?.focus();
  }, [done, invalid, state.isError]);

  let content;
  if (invalid) {
    content = (
      <>
        <h1 ref={headingRef} tabIndex={-1} className="page-intro__title">
          This unsubscribe link is not valid
        </h1>
        <p className="unsubscribe__text">
          It may have been cut short when it was copied. Open the unsubscribe link of a recent e-mail from us
          again, or sign in and change which e-mails you get on your profile.
        </p>
        <p className="unsubscribe__actions">
          <Link to={PROFILE_PATH} className="button button--quiet">
            E-mail preferences
          </Link>
        </p>
      </>
    );
  } else if (done) {
    content = (
      <>
        <h1 ref={headingRef} tabIndex={-1} className="page-intro__title">
          You are unsubscribed
        </h1>
        <p className="unsubscribe__text">
          We will no longer send newsletters, brochures or offers to <strong>{done.email}</strong>.
        </p>
        <p className="unsubscribe__text">
          Messages about your account still arrive: sign-in codes, payment receipts, and the reminders and
          updates you chose on your profile.
        </p>
        <p className="unsubscribe__actions">
          <Link to={PROFILE_PATH} className="button button--quiet">
            Choose which e-mails you get
          </Link>
          <Link to="/" className="button button--quiet">
            Back to Atelier
          </Link>
        </p>
      </>
    );
  } else {
    content = (
      <>
        <h1 className="page-intro__title">Unsubscribe from marketing e-mail</h1>
        <p className="unsubscribe__text">
          Stop newsletters, brochures and offers from Atelier to the address this link was sent to. Sign-in
          codes, receipts and course reminders are not affected.
        </p>
        {state.isError ? (
          <p className="form-alert form-alert--error" role="alert">
            {apiFormMessage(state.error)}
          </p>
        ) : null}
        <p className="unsubscribe__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void unsubscribe(token).catch(() => undefined)}
            disabled={state.isLoading}
            aria-busy={state.isLoading || undefined}
          >
            {state.isLoading ? 'Unsubscribing…' : 'Unsubscribe'}
          </button>
        </p>
      </>
    );
  }

  return (
    <div className="container unsubscribe">
      <div className="unsubscribe__card" aria-live="polite">
        <p className="eyebrow">E-mail preferences</p>
        {content}
      </div>
    </div>
  );
}
