import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';

/** Paths whose answers are personal: never stored by a browser or shared cache (checklist I3). */
const PRIVATE_PREFIXES = ['/api/user', '/api/auth', '/api/payment', '/api/order', '/api/dev'];

/**
 * Baseline response headers on every answer (checklist I3). The HTML content security policy is
 * set where pages are rendered, since it carries the per-response script nonce.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    void reply.header('x-frame-options', 'DENY');
    // The sign-in page sets its own (`same-origin-allow-popups`, for Google's popup; see web.ts).
    if (!reply.hasHeader('cross-origin-opener-policy')) void reply.header('cross-origin-opener-policy', 'same-origin');
    if (config.env === 'production') {
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (PRIVATE_PREFIXES.some((p) => request.url.startsWith(p))) {
      void reply.header('cache-control', 'no-store');
    }
  });
}
