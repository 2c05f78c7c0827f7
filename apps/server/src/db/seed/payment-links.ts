import { paymentLinks } from '../schema/index.js';
import type { SeedContext } from './context.js';

/**
 * The demo's payment link (issue 14 rule 9, decision 0016): a portfolio review for ₹2,500, open
 * for 90 days, payable by anyone holding it — signed in, or as a guest. Its token is fixed so the
 * README can print the address: `/pay/demo-portfolio-review-2026` (the API reads it at
 * `GET /api/custom/payment/demo-portfolio-review-2026`). Links made by staff get random tokens.
 */
export const DEMO_PAYMENT_LINK_TOKEN = 'demo-portfolio-review-2026';

export async function seedPaymentLinks(ctx: SeedContext): Promise<{ token: string }> {
  await ctx.tx.insert(paymentLinks).values({
    token: DEMO_PAYMENT_LINK_TOKEN,
    purpose: 'One-to-one portfolio review (45 minutes)',
    amountMinor: 250_000,
    currency: 'INR',
    expiresAt: new Date(ctx.now.getTime() + 90 * 86_400_000),
    payeeName: null,
  });
  ctx.count('payment_links', 1);
  return { token: DEMO_PAYMENT_LINK_TOKEN };
}
