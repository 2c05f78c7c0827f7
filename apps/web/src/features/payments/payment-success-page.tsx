import type { OrderSuccess } from '@atelier/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useOrderLoginMutation } from '../../lib/api/account';
import { readId } from '../../lib/api/paths';
import { formatDay } from '../../lib/format';
import { apiFormMessage, isApiError } from '../../lib/forms';
import { DASHBOARD_PATH, LOGIN_PATH } from '../../lib/return-path';
import { useSession, useSessionKnown } from '../../lib/session';
import { useAppDispatch } from '../../lib/store';
import { downloadInvoice, useOrderSuccessQuery } from './api/payments-api';
import {
  forgetOrderToken,
  readOrderHandoff,
  rememberOrderHandoff,
  type OrderHandoff,
} from './checkout/order-handoff';
import { CheckoutFrame, CheckoutSkeleton, PageProblem } from './components/checkout-frame';
import { formatMinor } from './money';
import '../../lib/forms.css';
import './payments.css';

/*
 * `/payments/success/{orderId}` (issue 14 "success page"): the receipt of a paid order — name,
 * e-mail, mobile, the brochure, and the invoice for its signed-in owner (`GET /api/order/{id}/success`
 * with the order token, or the owner's session).
 *
 * A guest whose account this checkout created is signed in at once with the order token
 * (`POST /api/auth/order/{id}/login`); a guest whose e-mail or mobile already had an account is
 * asked to sign in with a one-time code instead (the token never opens an older account). The
 * token arrives in the router's state or this tab's session storage (./checkout/order-handoff.ts);
 * a `?token=` in the address (a link from elsewhere) is accepted, kept, and removed from the address.
 */

/** The login page for a buyer who must prove the account: the e-mail prefilled, back to the dashboard. */
export function codeSignInPath(email: string | null): string {
  const query = new URLSearchParams();
  if (email) query.set('identifier', email);
  query.set('next', DASHBOARD_PATH);
  return `${LOGIN_PATH}?${query.toString()}`;
}

export function PaymentSuccessPage() {
  const { orderId: rawId } = useParams();
  const orderId = readId(rawId);
  if (orderId === null) {
    return (
      <CheckoutFrame backTo={null}>
        <PageProblem
          title="We could not find this order"
          text="The address of this receipt is not complete. Your courses are on your dashboard."
          action={{ to: DASHBOARD_PATH, label: 'Go to your dashboard' }}
        />
      </CheckoutFrame>
    );
  }
  return <OrderReceipt orderId={orderId} />;
}

function useHandoff(orderId: number): OrderHandoff {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [handoff] = useState<OrderHandoff>(() => {
    const state = (location.state ?? null) as Partial<OrderHandoff> | null;
    const stored = readOrderHandoff(orderId);
    const fromAddress = params.get('token');
    return {
      orderToken:
        (typeof state?.orderToken === 'string' ? state.orderToken : null) ??
        fromAddress ??
        stored?.orderToken ??
        null,
      signInWithToken:
        (typeof state?.signInWithToken === 'boolean' ? state.signInWithToken : null) ??
        stored?.signInWithToken ??
        null,
    };
  });
  useEffect(() => {
    if (!params.has('token')) return;
    rememberOrderHandoff(orderId, handoff);
    const next = new URLSearchParams(params);
    next.delete('token');
    const search = next.toString();
    void navigate({ search: search ? `?${search}` : '' }, { replace: true, state: handoff });
  }, [handoff, navigate, orderId, params]);
  return handoff;
}

function OrderReceipt({ orderId }: { orderId: number }) {
  const handoff = useHandoff(orderId);
  const session = useSession();
  const known = useSessionKnown();
  const dispatch = useAppDispatch();
  const query = useOrderSuccessQuery(
    { orderId, token: session ? null : handoff.orderToken, userId: session?.user.id ?? 0 },
    { skip: !known },
  );
  const order = query.data;

  // Automatic sign-in of a guest whose account this checkout created.
  const [orderLogin, loginState] = useOrderLoginMutation();
  const [signInRefused, setSignInRefused] = useState(false);
  const attempted = useRef(false);
  const mayUseToken = handoff.orderToken !== null && handoff.signInWithToken !== false;
  useEffect(() => {
    if (!known || session || !order || !mayUseToken || attempted.current || !handoff.orderToken) return;
    attempted.current = true;
    orderLogin({ orderId, token: handoff.orderToken })
      .unwrap()
      .then(() => forgetOrderToken(orderId))
      .catch(() => setSignInRefused(true));
  }, [handoff.orderToken, known, mayUseToken, order, orderId, orderLogin, session]);

  const [invoiceError, setInvoiceError] = useState<string | null>(null);
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const getInvoice = async () => {
    setInvoiceError(null);
    setInvoiceBusy(true);
    try {
      await dispatch(downloadInvoice(orderId));
    } catch {
      setInvoiceError('The invoice could not be downloaded just now. Please try again in a moment.');
    } finally {
      setInvoiceBusy(false);
    }
  };

  if (!order) {
    if (!known || query.isLoading || query.isFetching) return <CheckoutSkeleton />;
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 401);
    return (
      <CheckoutFrame backTo={null}>
        <PageProblem
          title={notFound ? 'We could not find this order' : 'We could not load your receipt'}
          text={
            notFound
              ? 'Sign in with the account you paid with to see it. If you just paid, your receipt is also in your e-mail.'
              : apiFormMessage(query.error)
          }
          action={
            notFound
              ? { to: codeSignInPath(null), label: 'Sign in' }
              : { to: DASHBOARD_PATH, label: 'Go to your dashboard' }
          }
          onRetry={notFound ? undefined : () => void query.refetch()}
        />
      </CheckoutFrame>
    );
  }

  const paid = order.status === 'paid' && order.success;
  const courseName =
    order.Workshop?.title ?? (order.kind === 'competition' ? 'your registration' : 'your purchase');
  const askForCode = !session && (handoff.signInWithToken === false || signInRefused || !handoff.orderToken);

  return (
    <CheckoutFrame backTo={null}>
      <section className="checkout-success" aria-labelledby="success-title">
        <p className="checkout-success__badge" aria-hidden="true">
          {paid ? '✓' : '…'}
        </p>
        <h1 id="success-title" className="checkout-head__title" tabIndex={-1}>
          {paid ? paidHeading(order.kind) : 'We are confirming your payment'}
        </h1>
        <p className="checkout-success__lede">
          {paid
            ? `Thank you! ${formatMinor(order.amountMinor, order.currency)} paid for ${courseName}${
                order.paidAt ? ` on ${formatDay(order.paidAt.slice(0, 10))}` : ''
              }. A receipt is on its way to your e-mail.`
            : 'This can take a minute. You do not need to pay again: we e-mail you as soon as it is confirmed.'}
        </p>
        {!paid ? (
          <button type="button" className="button button--quiet" onClick={() => void query.refetch()}>
            Check again
          </button>
        ) : null}

        <dl className="checkout-success__facts">
          <div>
            <dt>Name</dt>
            <dd>{order.name ?? '—'}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{order.email ?? '—'}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{order.mobile ?? '—'}</dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd>#{order.orderId}</dd>
          </div>
        </dl>

        <div className="checkout-success__signin" role="status">
          {session ? (
            <p>
              You are signed in as <strong>{session.user.name ?? session.user.email}</strong>.
            </p>
          ) : loginState.isLoading || (mayUseToken && !signInRefused && !askForCode) ? (
            <p>Signing you in…</p>
          ) : null}
        </div>
        {askForCode ? (
          <div className="checkout-success__code">
            <h2 className="checkout-step__title">Sign in to start learning</h2>
            <p>
              {order.email
                ? `Your course is on the Atelier account of ${order.email}.`
                : 'Your course is on your Atelier account.'}{' '}
              Sign in with a one-time code we send you to open it.
            </p>
            <Link className="button button--primary" to={codeSignInPath(order.email)}>
              Sign in with a one-time code
            </Link>
          </div>
        ) : null}

        <div className="checkout-success__actions">
          {session ? (
            <Link className="button button--primary button--large" to={DASHBOARD_PATH}>
              Go to your dashboard
            </Link>
          ) : null}
          {order.brochure ? (
            <a className="button button--quiet" href={order.brochure} download>
              Download the brochure <span className="visually-hidden">(PDF)</span>
            </a>
          ) : null}
          {session && order.hasInvoice ? (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => void getInvoice()}
              disabled={invoiceBusy}
              aria-busy={invoiceBusy || undefined}
            >
              {invoiceBusy ? 'Preparing the invoice…' : 'Download the invoice (PDF)'}
            </button>
          ) : null}
        </div>
        {invoiceError ? (
          <p className="form-alert form-alert--error" role="alert">
            {invoiceError}
          </p>
        ) : null}
      </section>
    </CheckoutFrame>
  );
}

/** What a paid order gave its buyer, as the receipt's heading. */
function paidHeading(kind: OrderSuccess['kind']): string {
  switch (kind) {
    case 'competition':
      return 'Payment received — you are registered';
    case 'coins':
      return 'Payment received — your coins are in your wallet';
    case 'consultation':
      return 'Payment received — your consultation is booked';
    default:
      return 'Payment received — you are enrolled';
  }
}
