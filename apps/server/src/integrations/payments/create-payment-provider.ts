import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { RazorpayProvider } from './razorpay.js';
import { SandboxProvider, sandboxSecrets } from './sandbox.js';
import type { PaymentProviderAdapter } from './types.js';

/**
 * The payment provider of this deployment (decision 0014), built once by the composition root:
 * Razorpay when its key id and secret are configured, otherwise the sandbox (its books in `db`,
 * its secrets given or derived from APP_SECRET).
 */
export function createPaymentProvider(
  config: Pick<AppConfig, 'payments' | 'appSecret'>,
  deps: { db: Db; clock?: () => Date; fetch?: typeof fetch },
): PaymentProviderAdapter {
  const { payments } = config;
  if (payments.provider === 'razorpay' && payments.razorpay) {
    return new RazorpayProvider({
      ...payments.razorpay,
      timeoutMs: payments.timeoutMs,
      fetch: deps.fetch,
    });
  }
  return new SandboxProvider({
    db: deps.db,
    ...sandboxSecrets(config.appSecret, {
      keySecret: payments.sandbox.keySecret,
      webhookSecret: payments.sandbox.webhookSecret,
    }),
    clock: deps.clock,
  });
}
