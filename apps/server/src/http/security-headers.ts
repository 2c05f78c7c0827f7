import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/** Paths whose answers are personal: never stored by a browser or shared cache (checklist I3). */
const PRIVATE_PREFIXES = ['/api/user', '/api/auth', '/api/payment', '/api/order', '/api/dev'];

/** The security headers every answer carries (checklist I3). */
export function baselineHeaders(config: AppConfig): Record<string, string> {
  const baseline: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
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
    if (PRIVATE_PREFIXES.some((p) => request.url.startsWith(p)))
      void reply.header('cache-control', 'no-store');
    done();
  });
}
