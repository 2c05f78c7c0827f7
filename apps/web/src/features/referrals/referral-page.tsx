import { PayoutClaimBodySchema, ReferredBodySchema, type ReferralOverview } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { z } from 'zod';
import { ErrorNote, LoadingNote } from '../../components/ui/load-states';
import {
  useClaimPayoutMutation,
  useEnterReferralCodeMutation,
  useGetReferralOverviewQuery,
} from '../../lib/api/money-api';
import {
  FormAlert,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../lib/forms';
import { formatDay, istWallClock } from '../../lib/format';
import { coinsLabel } from '../../lib/money';
import { useSession } from '../../lib/session';
import { useCopy } from '../../lib/clipboard';
import { canShare } from './share';
import '../../lib/forms.css';
import '../../lib/money-pages.css';
import './referrals.css';

const FRIEND_STATUS: Record<ReferralOverview['friends'][number]['status'], string> = {
  pending: 'Signed up',
  qualified: 'Enrolled',
  rewarded: 'Rewarded',
  rejected: 'Not eligible',
};

const CLAIM_STATUS: Record<ReferralOverview['claims'][number]['status'], string> = {
  submitted: 'Requested',
  approved: 'Approved',
  paid: 'Paid',
  rejected: 'Declined',
};

function dayOf(iso: string): string {
  return formatDay(istWallClock(iso)?.date);
}

function ShareCard({ overview }: { overview: ReferralOverview }) {
  const [copied, copy] = useCopy();
  const [shareError, setShareError] = useState<string | null>(null);
  const share = async () => {
    try {
      setShareError(null);
      await navigator.share({
        title: 'Learn with me on Atelier',
        text: overview.offer.description,
        url: overview.shareLink,
      });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        setShareError('Sharing did not work here. Copy the link instead.');
      }
    }
  };
  return (
    <section className="money-card share-card" aria-labelledby="share-title">
      <h2 id="share-title" className="money-card__title">
        Your invitation
      </h2>
      <p className="share-card__offer">{overview.offer.description}</p>
      <div className="share-card__row">
        <label className="share-card__label" htmlFor="share-link">
          Share link
        </label>
        <div className="share-card__field">
          <input
            id="share-link"
            className="form-field__input"
            readOnly
            value={overview.shareLink}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button
            type="button"
            className="button button--primary"
            onClick={() => copy('link', overview.shareLink)}
          >
            {copied === 'link' ? 'Copied' : 'Copy link'}
          </button>
        </div>
      </div>
      <div className="share-card__code">
        <span>
          Your code <strong className="share-card__code-value">{overview.referCode}</strong>
        </span>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => copy('code', overview.referCode)}
        >
          {copied === 'code' ? 'Copied' : 'Copy code'}
        </button>
        {canShare() ? (
          <button type="button" className="button button--quiet" onClick={() => void share()}>
            Share…
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {copied === 'link' ? 'Link copied.' : copied === 'code' ? 'Code copied.' : ''}
      </p>
      {shareError ? <FormAlert>{shareError}</FormAlert> : null}
    </section>
  );
}

function Stats({ overview }: { overview: ReferralOverview }) {
  return (
    <dl className="referral-stats">
      <div>
        <dt>Friends referred</dt>
        <dd>{overview.friends.length}</dd>
      </div>
      <div>
        <dt>Coins earned</dt>
        <dd>{overview.coinsEarned}</dd>
      </div>
      <div>
        <dt>Balance</dt>
        <dd>{overview.walletCoins}</dd>
      </div>
      <div>
        <dt>Held for payouts</dt>
        <dd>{overview.pendingPayoutCoins}</dd>
      </div>
    </dl>
  );
}

function Friends({ friends }: { friends: ReferralOverview['friends'] }) {
  return (
    <section className="money-card" aria-labelledby="friends-title">
      <h2 id="friends-title" className="money-card__title">
        Friends you referred
      </h2>
      {friends.length === 0 ? (
        <p className="money-empty">
          No friends yet. Share your link: friends appear here as soon as they sign up.
        </p>
      ) : (
        <ul className="friend-list">
          {friends.map((friend, index) => (
            <li key={`${friend.firstName}-${friend.joinedAt}-${index}`} className="friend-list__row">
              <div>
                <strong>{friend.firstName}</strong>
                <span className="friend-list__date">Joined {dayOf(friend.joinedAt)}</span>
              </div>
              <div className="friend-list__end">
                <span className={`chip status-chip--${friend.status}`}>{FRIEND_STATUS[friend.status]}</span>
                {friend.coinsEarned > 0 ? (
                  <span className="friend-list__coins">+{coinsLabel(friend.coinsEarned)}</span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface PayoutValues {
  coins: string;
  upiId: string;
}

const PAYOUT_FIELDS: Record<string, BodyField<PayoutValues>> = {
  coins: { field: 'coins', label: 'Coins' },
  upiId: { field: 'upiId', label: 'UPI id' },
};

/** The payout form's check: the contract's body schema, and never more than the balance. */
export function payoutSchema(balance: number) {
  return z.object({ coins: z.string(), upiId: z.string() }).superRefine((values, ctx) => {
    const text = values.coins.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', path: ['coins'], message: 'Enter how many coins to cash out.' });
    }
    if (values.upiId.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['upiId'], message: 'Enter the UPI id to pay.' });
    }
    const coins = Number(text);
    const skip = new Set<string>([
      ...(text === '' ? ['coins'] : []),
      ...(values.upiId.trim() === '' ? ['upiId'] : []),
    ]);
    if (text !== '' && Number.isInteger(coins) && coins > balance) {
      ctx.addIssue({
        code: 'custom',
        path: ['coins'],
        message: `You can cash out at most ${coinsLabel(balance)}.`,
      });
      skip.add('coins');
    }
    reportBodyIssues(
      PayoutClaimBodySchema,
      { coins: text === '' ? undefined : Number(text), upiId: values.upiId.trim() },
      ctx,
      PAYOUT_FIELDS,
      skip,
    );
  });
}

function PayoutForm({ overview, defaultUpi }: { overview: ReferralOverview; defaultUpi: string }) {
  const [claim, state] = useClaimPayoutMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const balance = overview.walletCoins;
  const form = useContractForm<PayoutValues>(payoutSchema(balance), { coins: '', upiId: defaultUpi });
  const pending = overview.claims.filter((c) => c.status === 'submitted' || c.status === 'approved');

  const submit = async (values: PayoutValues) => {
    try {
      const created = await claim({
        coins: Number(values.coins.trim()),
        upiId: values.upiId.trim(),
      }).unwrap();
      setFormError(null);
      setDone(
        `Requested: ${coinsLabel(created.coins)} to ${created.upiId ?? values.upiId.trim()}. We hold them until the payout is made.`,
      );
      form.reset({ coins: '', upiId: values.upiId.trim() });
    } catch (failure) {
      setDone(null);
      setFormError(showApiFailure(failure, form.setError, PAYOUT_FIELDS));
    }
  };

  return (
    <section className="money-card" aria-labelledby="payout-title">
      <h2 id="payout-title" className="money-card__title">
        Cash out coins
      </h2>
      <p className="money-card__lede">
        Ask for a UPI payout of up to {coinsLabel(balance)}. The coins are held until the Atelier team pays
        it.
      </p>
      {balance === 0 ? (
        <p className="money-empty">You have no coins to cash out yet.</p>
      ) : (
        <form
          className="payout-form"
          noValidate
          onSubmit={(e) => void form.handleSubmit(submit)(e)}
          onChange={() => setDone(null)}
        >
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormTextField
            control={form.control}
            name="coins"
            label="Coins"
            inputMode="numeric"
            autoComplete="off"
            hint={`At most ${balance}`}
            normalise={(v) => v.replace(/[^\d]/g, '')}
          />
          <FormTextField
            control={form.control}
            name="upiId"
            label="UPI id"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="name@bank"
          />
          <SubmitButton busy={state.isLoading} busyLabel="Requesting…" className="button button--primary">
            Request payout
          </SubmitButton>
        </form>
      )}
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {overview.claims.length > 0 ? (
        <div className="claims">
          <h3 className="claims__title">
            Your requests{pending.length > 0 ? ` (${pending.length} pending)` : ''}
          </h3>
          <ul className="claims__list">
            {overview.claims.map((c) => (
              <li key={c.id} className="claims__row">
                <span>
                  <strong>{coinsLabel(c.coins)}</strong>
                  {c.upiId ? ` to ${c.upiId}` : ''}
                  <span className="claims__date"> · {dayOf(c.createdAt)}</span>
                </span>
                <span className={`chip status-chip--${c.status}`}>{CLAIM_STATUS[c.status]}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

interface CodeValues {
  referCode: string;
}
const CODE_FIELDS: Record<string, BodyField<CodeValues>> = {
  referCode: { field: 'referCode', label: 'Code' },
};
const codeSchema = z.object({ referCode: z.string() }).superRefine((values, ctx) => {
  if (values.referCode.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['referCode'], message: "Enter your friend's code." });
    return;
  }
  reportBodyIssues(ReferredBodySchema, { referCode: values.referCode.trim() }, ctx, CODE_FIELDS);
});

function FriendCodeForm() {
  const [enter, state] = useEnterReferralCodeMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useContractForm<CodeValues>(codeSchema, { referCode: '' });
  const submit = async ({ referCode }: CodeValues) => {
    try {
      const answer = await enter({ referCode: referCode.trim() }).unwrap();
      setFormError(null);
      setDone(`${answer.referrer.firstName}'s code is applied. Thank you for joining through a friend!`);
    } catch (failure) {
      setFormError(showApiFailure(failure, form.setError, CODE_FIELDS));
    }
  };
  if (done) return <FormAlert tone="success">{done}</FormAlert>;
  return (
    <section className="money-card" aria-labelledby="friend-code-title">
      <h2 id="friend-code-title" className="money-card__title">
        Were you invited by a friend?
      </h2>
      <p className="money-card__lede">
        Enter their code before your first purchase, so they get their reward.
      </p>
      <form className="friend-code-form" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormTextField
          control={form.control}
          name="referCode"
          label="Friend's code"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
        />
        <SubmitButton busy={state.isLoading} busyLabel="Applying…" className="button button--quiet">
          Apply code
        </SubmitButton>
      </form>
    </section>
  );
}

/**
 * `/dashboard/referral`: the learner's share link (copy, or the device's share sheet) and code, the
 * offer, friends referred with their status, coins earned, a UPI payout request (never more than
 * the balance; requests listed), and entering a friend's code while that is still allowed.
 */
export function ReferralPage() {
  const session = useSession();
  const userId = session?.user.id;
  const overview = useGetReferralOverviewQuery(userId ?? skipToken);
  const data = overview.currentData;
  return (
    <div className="referrals">
      <header className="money-intro">
        <div className="container">
          <p className="eyebrow">Refer a friend</p>
          <h1 className="money-intro__title">Learn together, earn coins</h1>
          <p className="money-intro__lede">
            Share your link. Friends who join get coins, and you earn coins when they enrol.
          </p>
        </div>
      </header>
      <div className="container money-body">
        {overview.isLoading ? (
          <LoadingNote>Loading your referrals…</LoadingNote>
        ) : overview.isError || !data ? (
          <ErrorNote what="Your referrals" error={overview.error} onRetry={() => void overview.refetch()} />
        ) : (
          <>
            <div className="referrals__top">
              <ShareCard overview={data} />
              <Stats overview={data} />
            </div>
            <div className="referrals__grid">
              <Friends friends={data.friends} />
              <PayoutForm overview={data} defaultUpi={session?.user.upiId ?? ''} />
            </div>
            {data.canBeReferred ? <FriendCodeForm /> : null}
          </>
        )}
      </div>
    </div>
  );
}
