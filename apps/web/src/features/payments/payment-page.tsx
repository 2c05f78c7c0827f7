import {
  CouponCodeSchema,
  type CheckoutBatch,
  type CheckoutDetails,
  type CouponPreview,
  type PaymentPlan,
} from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { SESSION_TYPE, slugify, splitInstalments, workshopPath } from '@atelier/domain';
import { useEffect, useId, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { readId } from '../../lib/api/paths';
import { useWorkshopList } from '../../lib/api/workshops';
import { formatDay, formatDayRange } from '../../lib/format';
import {
  apiFieldErrors,
  apiFormMessage,
  ChoiceField,
  fieldMessage,
  isApiError,
  showApiFailure,
  TextField,
  useContractForm,
} from '../../lib/forms';
import { useSession, useSessionKnown } from '../../lib/session';
import {
  useCheckoutDetailsQuery,
  useCouponPreviewQuery,
  useInitiateCoinsPaymentMutation,
  useInitiatePaymentMutation,
} from './api/payments-api';
import { CheckoutStatus, PayButton } from './checkout/checkout-status';
import { emptyGuest, guestFields, guestSchema, PayerDetails, type GuestForm } from './checkout/guest-details';
import { useGoToSuccess } from './checkout/order-handoff';
import { useGuestCheckout } from './checkout/use-guest-checkout';
import { useProviderCheckout } from './checkout/use-provider-checkout';
import { CheckoutFrame, CheckoutSkeleton, LivePrice, PageProblem } from './components/checkout-frame';
import { formatMinor } from './money';
import '../../lib/forms.css';
import './payments.css';

/*
 * `/payments/{slug}?id={batchId}` (spec §2, issue 14 "Web"): the checkout of a course or
 * masterclass. `id` is the batch the visitor picked on the course page (preselected here);
 * `discountId` prefills the coupon; any other query text stays in the address.
 *
 * Steps: batch → plan (in full, or by instalments with the schedule) → coupon and coins → who
 * pays (the signed-in learner, or a guest's name, e-mail and mobile) → the price summary and
 * Pay, which creates the order (`POST /api/payment/initiate`, with an Idempotency-Key) and opens
 * the provider's checkout (./checkout/use-provider-checkout.tsx). Every amount shown comes from
 * the server; the browser never sends one.
 */
export function PaymentPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const batchId = readId(params.get('id'));
  if (batchId === null) return <NoBatchChosen slug={slug} />;
  return <BatchCheckout batchId={batchId} slug={slug} />;
}

/** No (valid) `?id=`: the workshop's first batch when the slug names one, else the catalogue. */
function NoBatchChosen({ slug }: { slug: string }) {
  const [params] = useSearchParams();
  const { workshops, isLoading } = useWorkshopList();
  const workshop = workshops.find((w) => slugify(w.shortTitle) === slug);
  const first = workshop?.Batches[0];
  if (first) {
    const next = new URLSearchParams(params);
    next.set('id', String(first.id));
    return <Navigate to={{ search: `?${next.toString()}` }} replace />;
  }
  if (isLoading) return <CheckoutSkeleton />;
  return (
    <CheckoutFrame backTo={null}>
      <PageProblem
        title="Choose a programme first"
        text="This checkout link does not name a batch. Pick a course or masterclass and press Enrol."
        action={{ to: '/courses-and-workshops', label: 'Browse courses and workshops' }}
      />
    </CheckoutFrame>
  );
}

function BatchCheckout({ batchId, slug }: { batchId: number; slug: string }) {
  const session = useSession();
  const known = useSessionKnown();
  const query = useCheckoutDetailsQuery({ batchId, userId: session?.user.id ?? 0 }, { skip: !known });
  // Keep showing the last answer while another batch's loads, so the form does not jump.
  const details = query.currentData ?? query.data;

  if (!details && (query.isLoading || query.isFetching || !known)) return <CheckoutSkeleton />;
  if (!details) {
    const error = query.error;
    const status = isApiError(error) ? error.status : null;
    const gone = status === 404 || status === 409 || status === 410;
    return (
      <CheckoutFrame backTo={slug ? null : null}>
        <PageProblem
          title={gone ? 'This batch is not on sale' : 'We could not load the checkout'}
          text={
            gone
              ? `${apiFormMessage(error)} Pick another batch on the course page.`
              : `${apiFormMessage(error)}`
          }
          action={gone ? { to: '/courses-and-workshops', label: 'Browse courses and workshops' } : undefined}
          onRetry={gone ? undefined : () => void query.refetch()}
        />
      </CheckoutFrame>
    );
  }
  return <CheckoutForm details={details} batchId={batchId} refreshing={query.isFetching} />;
}

function batchDates(batch: CheckoutBatch): string {
  if (batch.sessionType === SESSION_TYPE.recorded) return 'Recorded · start any time';
  return formatDayRange(batch.startDate, batch.endDate) || 'Dates announced soon';
}

function batchNote(batch: CheckoutBatch): string | null {
  if (batch.seatsLeft === 0) return 'Sold out';
  const notes: string[] = [];
  if (batch.hasStarted) notes.push('Already started — join now, recordings of missed sessions included');
  if (batch.seatsLeft !== null && batch.seatsLeft <= 10)
    notes.push(`${batch.seatsLeft} seat${batch.seatsLeft === 1 ? '' : 's'} left`);
  return notes.length > 0 ? notes.join(' · ') : null;
}

function CheckoutForm({
  details,
  batchId,
  refreshing,
}: {
  details: CheckoutDetails;
  batchId: number;
  refreshing: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const goToSuccess = useGoToSuccess();
  const guest = useGuestCheckout();
  const [initiatePayment] = useInitiatePaymentMutation();
  const [initiateCoinsPayment] = useInitiateCoinsPaymentMutation();
  const checkout = useProviderCheckout({ onPaid: goToSuccess, checkoutId: guest.checkoutId });
  const form = useContractForm<GuestForm>(guestSchema, emptyGuest);
  const currency = details.currency;
  const money = (minor: number) => formatMinor(minor, currency);

  const [plan, setPlan] = useState<PaymentPlan>('full');
  const instalments = details.plans.instalments;
  const chosenPlan: PaymentPlan = plan === 'instalments' && instalments ? 'instalments' : 'full';

  // Coupon (the spec's coupon state: applied or removed), prefilled and applied from `discountId`.
  // The preview is asked again for each batch chosen.
  const [couponText, setCouponText] = useState(() => params.get('discountId') ?? '');
  const [couponCode, setCouponCode] = useState<string | null>(() => params.get('discountId')?.trim() || null);
  const [couponInputError, setCouponInputError] = useState<string | null>(null);
  const [removedCode, setRemovedCode] = useState<string | null>(null);
  const couponQuery = useCouponPreviewQuery(
    couponCode ? { code: couponCode, batchId, userId: session?.user.id ?? 0 } : skipToken,
  );
  const preview = couponCode && !couponQuery.isFetching ? couponQuery.currentData : undefined;
  const coupon: CouponPreview | null = preview?.applied ? preview : null;
  const couponRefusal =
    couponCode && !couponQuery.isFetching
      ? couponQuery.error
        ? (apiFieldErrors(couponQuery.error).code ?? apiFormMessage(couponQuery.error))
        : preview && !preview.applied
          ? (preview.message ?? 'This coupon cannot be used here.')
          : null
      : null;
  const couponError = couponInputError ?? couponRefusal;
  const couponAnnouncement = couponQuery.isFetching
    ? 'Checking the coupon…'
    : coupon
      ? `Coupon ${coupon.code} applied: you save ${formatMinor(coupon.discountMinor, coupon.currency)}.`
      : couponRefusal
        ? `Coupon not applied. ${couponRefusal}`
        : removedCode
          ? `Coupon ${removedCode} removed.`
          : '';

  const applyCoupon = () => {
    const text = couponText.trim();
    const checked = CouponCodeSchema.safeParse(text);
    if (text === '' || !checked.success) {
      setCouponInputError(
        text === ''
          ? 'Enter a coupon code.'
          : fieldMessage('Coupon code', checked.error?.issues[0]?.message ?? 'is not valid'),
      );
      return;
    }
    setCouponInputError(null);
    setRemovedCode(null);
    if (couponCode === text) void couponQuery.refetch();
    else setCouponCode(text);
  };
  const removeCoupon = () => {
    setRemovedCode(coupon?.code ?? couponCode);
    setCouponCode(null);
    setCouponInputError(null);
  };

  // With a coupon applied, the server prices the plans with it (`checkoutDetails` with the code):
  // the discount on each plan is the list price less that price.
  const couponed = useCheckoutDetailsQuery(
    coupon ? { batchId, userId: session?.user.id ?? 0, couponCode: coupon.code } : skipToken,
  ).currentData;
  const priced = coupon && couponed?.coupon?.applied ? couponed : null;

  // Coins (signed-in learners): all they may use here, or none.
  const [useCoins, setUseCoins] = useState(false);
  const coins = (priced ?? details).coins;

  const listSchedule = instalments?.instalments ?? [];
  const planList =
    chosenPlan === 'instalments' && instalments ? instalments.totalMinor : details.plans.full.amountMinor;
  const planAfterCoupon = priced
    ? chosenPlan === 'instalments'
      ? (priced.plans.instalments?.totalMinor ?? planList)
      : priced.plans.full.amountMinor
    : planList;
  const discount = Math.max(0, planList - planAfterCoupon);
  const coinsUsable =
    coins && useCoins && coins.maxUsable > 0
      ? Math.min(coins.maxUsable, Math.floor(planAfterCoupon / coins.valueMinor))
      : 0;
  const coinsValue = coins ? coinsUsable * coins.valueMinor : 0;
  const total = Math.max(0, planAfterCoupon - coinsValue);
  // The schedule as the server fixes it: the list schedule split in proportion to the total.
  const schedule = chosenPlan === 'instalments' ? splitInstalments(listSchedule, total) : [];
  const firstInstalment = listSchedule[0]?.amountMinor ?? 0;
  const dueNow = chosenPlan === 'instalments' ? (schedule[0]?.amountMinor ?? 0) : total;

  const batch = details.batches.find((b) => b.id === batchId) ?? details.batch;
  const soldOut = batch.seatsLeft === 0;
  const otherOnSale = details.batches.some((b) => b.id !== batch.id && b.seatsLeft !== 0);

  const chooseBatch = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('id', String(id));
    setParams(next, { replace: true });
  };

  const locked = checkout.busy || guest.isLoading;

  const pay = async (guestForm: GuestForm | null) => {
    let checkoutId: string | undefined;
    if (guestForm) {
      try {
        checkoutId = await guest.ensure(guestForm, { batchId });
      } catch (error) {
        const message = showApiFailure(error, form.setError, guestFields);
        if (message) setGuestError(message);
        return;
      }
    }
    setGuestError(null);
    const body = {
      batchId,
      plan: chosenPlan,
      ...(coupon?.applied ? { couponCode: coupon.code } : {}),
      ...(coinsUsable > 0 ? { coins: coinsUsable } : {}),
      ...(checkoutId ? { checkoutId } : {}),
    };
    await checkout.start(JSON.stringify(body), (idempotencyKey) =>
      initiatePayment({ body, idempotencyKey }).unwrap(),
    );
  };
  // The whole list price in coins (`POST /api/coins/payment/initiate`): offered to a signed-in
  // learner whose balance covers it; the order is paid at once, no provider step.
  const coinsForWholePrice = coins ? Math.ceil(details.plans.full.amountMinor / coins.valueMinor) : 0;
  const canPayWithCoins = Boolean(session && coins && !soldOut && coins.balance >= coinsForWholePrice);
  const payWithCoins = async () => {
    const body = { batchId };
    await checkout.start(`coins:${JSON.stringify(body)}`, (idempotencyKey) =>
      initiateCoinsPayment({ body, idempotencyKey }).unwrap(),
    );
  };
  const [guestError, setGuestError] = useState<string | null>(null);

  // Field errors of a refused order (a guest's details) go beside their fields.
  const initiateError = checkout.phase.kind === 'error' ? checkout.phase.error : null;
  useEffect(() => {
    if (initiateError) showApiFailure(initiateError, form.setError, guestFields);
  }, [initiateError, form.setError]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || soldOut) return;
    if (session) void pay(null);
    else void form.handleSubmit((values) => pay(values))(event);
  };

  const backTo = workshopPath(details.Workshop);
  const couponId = useId();

  return (
    <CheckoutFrame backTo={backTo} backLabel={`Back to ${details.Workshop.shortTitle}`}>
      <header className="checkout-head">
        <p className="eyebrow">Checkout</p>
        <h1 className="checkout-head__title">{details.Workshop.title}</h1>
        {details.notice ? <p className="checkout-head__notice">{details.notice}</p> : null}
      </header>
      <form className="checkout-grid" onSubmit={onSubmit} noValidate aria-busy={refreshing || undefined}>
        <div className="checkout-main">
          <section className="checkout-step" aria-labelledby="batch-title">
            <h2 id="batch-title" className="checkout-step__title">
              Batch
            </h2>
            <fieldset className="choice choice--cards checkout-batches" disabled={locked}>
              <legend className="visually-hidden">Choose a batch</legend>
              <div className="choice__options">
                {details.batches.map((b) => {
                  const note = batchNote(b);
                  return (
                    <label key={b.id} className="choice__option">
                      <input
                        type="radio"
                        name="batch"
                        value={b.id}
                        checked={b.id === batchId}
                        disabled={b.seatsLeft === 0 && b.id !== batchId}
                        onChange={() => chooseBatch(b.id)}
                      />
                      <span className="choice__text">
                        <span className="choice__label">
                          {b.name ??
                            (b.sessionType === SESSION_TYPE.recorded ? 'Recorded batch' : 'Live batch')}
                          {' · '}
                          {formatMinor(b.amountMinor, currency)}
                        </span>
                        <span className="choice__description">{batchDates(b)}</span>
                        {note ? (
                          <span className={`checkout-batch__note ${b.seatsLeft === 0 ? 'is-sold-out' : ''}`}>
                            {note}
                          </span>
                        ) : null}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
            {soldOut ? (
              <p className="form-alert form-alert--error" role="alert">
                This batch is sold out.{' '}
                {otherOnSale ? 'Choose another batch above.' : 'No other batch is on sale right now.'}
              </p>
            ) : null}
          </section>

          <section className="checkout-step" aria-labelledby="plan-title">
            <h2 id="plan-title" className="checkout-step__title">
              How you pay
            </h2>
            <fieldset className="checkout-plain" disabled={locked}>
              <ChoiceField
                legend={<span className="visually-hidden">Payment plan</span>}
                name="plan"
                variant="cards"
                value={chosenPlan}
                onValueChange={(value) => setPlan(value === 'instalments' ? 'instalments' : 'full')}
                options={[
                  {
                    value: 'full',
                    label: `Pay in full · ${money(details.plans.full.amountMinor)}`,
                    description: 'One payment today.',
                  },
                  ...(instalments
                    ? [
                        {
                          value: 'instalments',
                          label: `${instalments.instalments.length} instalments · ${money(instalments.totalMinor)} in all`,
                          description: `${money(firstInstalment)} today, the rest on the dates below.`,
                        },
                      ]
                    : []),
                ]}
              />
            </fieldset>
            {instalments && chosenPlan === 'instalments' ? (
              <table className="checkout-schedule">
                <caption>Instalment schedule</caption>
                <thead>
                  <tr>
                    <th scope="col">Instalment</th>
                    <th scope="col">Due</th>
                    <th scope="col" className="checkout-schedule__amount">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {schedule.map((item, index) => (
                    <tr key={item.sequence}>
                      <td>{item.sequence}</td>
                      <td>{index === 0 ? 'Today' : formatDay(item.dueDate) || item.dueDate}</td>
                      <td className="checkout-schedule__amount">{money(item.amountMinor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>

          <section className="checkout-step" aria-labelledby="savings-title">
            <h2 id="savings-title" className="checkout-step__title">
              Coupon{coins ? ' and coins' : ''}
            </h2>
            {coupon?.applied ? (
              <div className="checkout-coupon checkout-coupon--applied">
                <p>
                  <span className="chip chip--live">{coupon.code}</span> applied — you save{' '}
                  <strong>{money(discount || coupon.discountMinor)}</strong>
                </p>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={removeCoupon}
                  disabled={locked}
                >
                  Remove<span className="visually-hidden"> coupon {coupon.code}</span>
                </button>
              </div>
            ) : (
              <div className="checkout-coupon" id={couponId}>
                <TextField
                  label="Coupon code"
                  optional
                  value={couponText}
                  onValueChange={(value) => {
                    setCouponText(value);
                    if (couponInputError) setCouponInputError(null);
                  }}
                  onKeyDown={(event) => {
                    // Enter applies the coupon rather than paying.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      applyCoupon();
                    }
                  }}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  error={couponError ?? undefined}
                  disabled={locked}
                />
                <button
                  type="button"
                  className="button button--quiet checkout-coupon__apply"
                  onClick={applyCoupon}
                  disabled={locked || couponQuery.isFetching}
                  aria-busy={couponQuery.isFetching || undefined}
                >
                  {couponQuery.isFetching ? 'Checking…' : 'Apply'}
                </button>
              </div>
            )}
            <p className="visually-hidden" aria-live="polite">
              {couponAnnouncement}
            </p>
            {coins ? (
              <div className="checkout-coins">
                <label className="checkout-coins__toggle">
                  <input
                    type="checkbox"
                    checked={useCoins && coins.maxUsable > 0}
                    disabled={locked || coins.maxUsable === 0}
                    onChange={(event) => setUseCoins(event.target.checked)}
                    aria-describedby="coins-hint"
                  />
                  <span>
                    Use {coins.maxUsable > 0 ? Math.min(coins.maxUsable, coinsUsable || coins.maxUsable) : 0}{' '}
                    coins
                    {coins.maxUsable > 0 ? ` (worth ${money(coins.maxUsable * coins.valueMinor)})` : ''}
                  </span>
                </label>
                <p id="coins-hint" className="form-field__hint">
                  You have {coins.balance} coin{coins.balance === 1 ? '' : 's'}.{' '}
                  {coins.maxUsable > 0
                    ? `Up to ${coins.maxUsable} can pay for this purchase.`
                    : 'Coins cannot pay for this purchase.'}
                </p>
                {canPayWithCoins ? (
                  <div className="checkout-coins__whole">
                    <p className="form-field__hint" id="coins-whole-hint">
                      Your coins cover the whole price: pay {coinsForWholePrice} coins and nothing else.
                    </p>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={locked}
                      aria-describedby="coins-whole-hint"
                      onClick={() => void payWithCoins()}
                    >
                      Pay with {coinsForWholePrice} coins
                    </button>
                  </div>
                ) : null}
              </div>
            ) : null}
          </section>

          <PayerDetails session={session} form={form} disabled={locked} />
        </div>

        <aside className="checkout-summary" aria-labelledby="summary-title">
          <h2 id="summary-title" className="checkout-step__title">
            Summary
          </h2>
          <dl className="checkout-lines">
            <div>
              <dt>{chosenPlan === 'instalments' ? 'Course fee (instalments)' : 'Course fee'}</dt>
              <dd>
                {details.slashMinor !== null && details.slashMinor > planList && chosenPlan === 'full' ? (
                  <del className="checkout-lines__was">
                    <span className="visually-hidden">was </span>
                    {money(details.slashMinor)}
                  </del>
                ) : null}
                {money(planList)}
              </dd>
            </div>
            {discount > 0 && coupon ? (
              <div className="checkout-lines__saving">
                <dt>Coupon {coupon.code}</dt>
                <dd>−{money(discount)}</dd>
              </div>
            ) : null}
            {coinsValue > 0 ? (
              <div className="checkout-lines__saving">
                <dt>{coinsUsable} coins</dt>
                <dd>−{money(coinsValue)}</dd>
              </div>
            ) : null}
            <div className="checkout-lines__total">
              <dt>Total</dt>
              <dd>{money(total)}</dd>
            </div>
            {chosenPlan === 'instalments' ? (
              <div className="checkout-lines__due">
                <dt>Pay today (instalment 1)</dt>
                <dd>{money(dueNow)}</dd>
              </div>
            ) : null}
          </dl>
          <LivePrice text={`${chosenPlan === 'instalments' ? 'Pay today' : 'Total'} ${money(dueNow)}`} />
          {guestError ? (
            <p className="form-alert form-alert--error" role="alert">
              {guestError}
            </p>
          ) : null}
          <CheckoutStatus checkout={checkout} />
          <PayButton checkout={checkout} busy={locked} disabled={soldOut}>
            {soldOut ? 'Sold out' : `Pay ${money(dueNow)}`}
          </PayButton>
          <p className="checkout-summary__note">
            {session ? '' : 'Enter your details or sign in before paying. '}
            Cards, UPI and netbanking. The exact amount is confirmed in the secure payment window; prices are
            in {currency === 'INR' ? 'Indian rupees' : 'US dollars'}, taxes included.
          </p>
        </aside>
      </form>
      {checkout.dialog}
    </CheckoutFrame>
  );
}
