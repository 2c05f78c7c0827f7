import { workshopPath } from '@atelier/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorNote, LoadingNote } from '../../components/ui/load-states';
import { useGetWalletCoursesQuery, useUpdateWalletMutation } from '../../lib/api/money-api';
import { formatDay, formatDayRange, istWallClock } from '../../lib/format';
import { coinsLabel } from '../../lib/money';
import { useSession } from '../../lib/session';
import { CoinPopup } from './coin-popup';
import { COIN_REASON_LABEL, signedCoins } from './coin-reasons';
import '../../lib/money-pages.css';
import './wallet.css';

/** A ledger instant as the day it fell on in India: `'14 Dec 2026'`. */
function dayOf(iso: string): string {
  return formatDay(istWallClock(iso)?.date);
}

const WAYS = [
  {
    title: 'Pay part of a course',
    text: 'On the payment page, choose how many coins to use. The page shows the most a course accepts.',
  },
  {
    title: 'Pay wholly with coins',
    text: 'When your balance covers a course’s price, enrol without paying money at all.',
  },
  {
    title: 'Cash out referral coins',
    text: 'Ask for a UPI payout of your coins from the referral page; they are held until it is settled.',
  },
];

/**
 * `/dashboard/wallet` (spec §3 "Coin page user"): the balance, how coins can be used, the history of
 * every movement (signed, with its reason and date, newest first) and the learner's courses. The
 * coin popup opens once while `isCoinPopupSeen` is false; closing it records it as seen.
 */
export function WalletPage() {
  const session = useSession();
  const userId = session?.user.id;
  const wallet = useGetWalletCoursesQuery(userId ?? skipToken);
  const [updateWallet] = useUpdateWalletMutation();
  const [popupClosed, setPopupClosed] = useState(false);
  const data = wallet.currentData;

  const closePopup = () => {
    setPopupClosed(true);
    if (userId !== undefined) void updateWallet({ userId, body: { isCoinPopupSeen: true } });
  };

  return (
    <div className="wallet">
      <header className="money-intro">
        <div className="container">
          <p className="eyebrow">Coins wallet</p>
          <h1 className="money-intro__title">Your coins</h1>
          <p className="money-intro__lede">
            Earn coins by referring friends and spend them on your next course.
          </p>
        </div>
      </header>
      <div className="container money-body">
        {wallet.isLoading ? (
          <LoadingNote>Loading your wallet…</LoadingNote>
        ) : wallet.isError || !data ? (
          <ErrorNote what="Your wallet" error={wallet.error} onRetry={() => void wallet.refetch()} />
        ) : (
          <>
            {!data.user.CoinsWallet.isCoinPopupSeen && !popupClosed ? (
              <CoinPopup coins={data.user.CoinsWallet.walletCoins} onClose={closePopup} />
            ) : null}
            <div className="wallet__top">
              <section className="balance-card" aria-labelledby="balance-title">
                <h2 id="balance-title" className="balance-card__label">
                  Balance
                </h2>
                <p className="balance-card__value">{coinsLabel(data.user.CoinsWallet.walletCoins)}</p>
                <Link to="/dashboard/referral" className="button button--primary">
                  Refer a friend, earn coins
                </Link>
              </section>
              <section className="money-card" aria-labelledby="ways-title">
                <h2 id="ways-title" className="money-card__title">
                  How to use your coins
                </h2>
                <ul className="ways-list">
                  {WAYS.map((way) => (
                    <li key={way.title}>
                      <strong>{way.title}</strong>
                      <span>{way.text}</span>
                    </li>
                  ))}
                </ul>
              </section>
            </div>

            <section className="money-card" aria-labelledby="history-title">
              <h2 id="history-title" className="money-card__title">
                History
              </h2>
              {data.transactions.length === 0 ? (
                <p className="money-empty">
                  No coins have moved yet. Rewards and spending will be listed here.
                </p>
              ) : (
                <ul className="ledger">
                  {data.transactions.map((entry) => (
                    <li key={entry.id} className="ledger__row">
                      <div className="ledger__what">
                        <span className="ledger__reason">{COIN_REASON_LABEL[entry.reason]}</span>
                        {entry.note ? <span className="ledger__note">{entry.note}</span> : null}
                        <span className="ledger__date">{dayOf(entry.createdAt)}</span>
                      </div>
                      <span
                        className={`ledger__coins ${entry.coins < 0 ? 'ledger__coins--out' : 'ledger__coins--in'}`}
                      >
                        <span aria-hidden="true">{signedCoins(entry.coins)}</span>
                        <span className="visually-hidden">
                          {entry.coins < 0 ? 'minus' : 'plus'} {coinsLabel(Math.abs(entry.coins))}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section className="money-card" aria-labelledby="wallet-courses-title">
              <h2 id="wallet-courses-title" className="money-card__title">
                Your courses
              </h2>
              {data.courses.length === 0 ? (
                <p className="money-empty">
                  No courses yet.{' '}
                  <Link className="text-link" to="/courses-and-workshops">
                    Find one to spend your coins on
                  </Link>
                </p>
              ) : (
                <ul className="wallet-courses">
                  {data.courses.map((course) => (
                    <li key={course.batchId}>
                      <Link className="text-link" to={workshopPath(course.Workshop)}>
                        {course.Workshop.title}
                      </Link>
                      <span className="wallet-courses__dates">
                        {formatDayRange(course.startDate, course.endDate)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
