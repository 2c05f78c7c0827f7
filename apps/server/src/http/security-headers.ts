import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { hasDuplicateHost } from '../platform/cache/index.js';
import { answerBadRequest } from './error-handler.js';

/** Paths whose answers are personal: never stored by a browser or shared cache (checklist I3). */
const PRIVATE_PREFIXES = ['/api/user', '/api/auth', '/api/payment', '/api/order', '/api/dev'];

/** The `Permissions-Policy` of every answer (issue 13, point 8). */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
  'magnetometer=(), microphone=(), midi=(), payment=(self), usb=(), browsing-topics=()';

/** The security headers every answer carries (checklist I3). */
export function baselineHeaders(config: AppConfig): Record<string, string> {
  const baseline: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // Powerful browser features the site never uses are off for it and anything it embeds;
    // payment stays available to the site itself (checkout is next), Google sign-in is untouched.
    'permissions-policy': PERMISSIONS_POLICY,
  };
  if (config.env === 'production')
    baseline['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return baseline;
}

/**
 * Baseline response headers on every answer (checklist I3), and the request id. Set once as the
 * request arrives, by one synchronous hook (an async `onSend` hook per header group cost the hot
 * cached endpoints a fifth of their throughput); a route may still override any of them, as the
 * sign-in page does for `cross-origin-opener-policy` (web.ts). The HTML content security policy
 * is set where pages are rendered, since it carries the per-response script nonce.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const baseline = baselineHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(baseline).header('x-request-id', request.id);
    // Two Host headers: which one a proxy, a cache and we would each believe is unknowable.
    if (hasDuplicateHost(request.raw)) {
      request.log.info({ status: 400 }, 'request refused: more than one Host header');
      answerBadRequest(request, reply, {
        status: 400,
        message: 'The request has more than one Host header.',
        heading: 'That request is not valid',
      });
      return;
    }
    if (PRIVATE_PREFIXES.some((p) => request.url.startsWith(p)))
      void reply.header('cache-control', 'no-store');
    done();
  });
}
