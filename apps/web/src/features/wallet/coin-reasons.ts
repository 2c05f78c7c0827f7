import type { CoinTransaction } from '@atelier/contract';

/** Each ledger reason in words (the wallet's history). */
export const COIN_REASON_LABEL: Record<CoinTransaction['reason'], string> = {
  signup_bonus: 'Welcome bonus',
  referral_reward: 'Referral reward',
  purchase: 'Earned on a purchase',
  spend: 'Spent at checkout',
  refund: 'Returned after a refund',
  reversal: 'Reversed',
  admin_adjustment: 'Adjusted by the Atelier team',
  payout_hold: 'Held for a payout request',
  payout_release: 'Released from a payout request',
};

/** A signed delta as shown: `+50`, `−20` (a true minus sign), grouped by thousands. */
export function signedCoins(coins: number): string {
  const text = String(Math.abs(coins)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return coins > 0 ? `+${text}` : coins < 0 ? `−${text}` : '0';
}
