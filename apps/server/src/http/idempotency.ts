import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from './app-error.js';

/*
 * `Idempotency-Key` on money-moving calls (issue 14 rule 6, checklist F19; decision 0015), one
 * seam for every route: a route opts in through its config (`config: { idempotency: { scope } }`
 * in `defineRoute`), and the hooks registered once by `registerIdempotency` do the rest.
 *
 * - The first request with a key claims it (a row in `idempotency_keys`, unique per route scope,
 *   caller and key) with the hash of its method, path and body, runs, and stores its answer.
 * - The same key with the same body again → that first answer, replayed (`Idempotent-Replayed:
 *   true`): no second provider order, no second hold.
 * - The same key with another body → 422 `IDEMPOTENCY_KEY_REUSED`.
 * - The same key while the first request still runs → 409 `CONFLICT` (retry later).
 * - After 24 hours a key is forgotten: the next request with it is new.
 * - Only successful (2xx) answers are kept: a failed request releases its key, so the client
 *   may retry it with the same key once the cause is gone.
 *
 * The caller is the session's user, else the guest checkout the body names (`checkoutId`, kept
 * only as a hash); a request with neither has no caller to scope a key to, and the key is ignored.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Opt a route into `Idempotency-Key` handling; `scope` names the operation (e.g. `payment.initiate`). */
    idempotency?: { scope: string };
  }
  interface FastifyRequest {
    /** The `idempotency_keys` row this request claimed, to be completed when it answers. */
    idempotencyClaim?: number | null;
  }
}

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The body as canonical JSON (keys sorted), so that key order does not make two bodies differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The caller a key belongs to: `{ userId }` for a session, a checkout's hash for a guest, else null. */
function callerScope(request: FastifyRequest): { userId: number | null; suffix: string } | null {
  if (request.session) return { userId: request.session.userId, suffix: '' };
  const body = request.body as { checkoutId?: unknown } | null | undefined;
  if (body && typeof body.checkoutId === 'string') {
    return { userId: null, suffix: `:checkout:${sha256(body.checkoutId).slice(0, 32)}` };
  }
  return null;
}

/** Registers the hooks once on the root instance (before any module's routes). */
export function registerIdempotency(app: FastifyInstance, db: Db, clock: () => Date): void {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = request.routeOptions.config.idempotency;
    if (!config) return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_SHAPE.test(key)) {
      throw new AppError('VALIDATION_FAILED', 'The Idempotency-Key header is invalid.', [
        { path: 'Idempotency-Key', message: 'must be 1-255 visible ASCII characters' },
      ]);
    }
    const caller = callerScope(request);
    if (!caller) return;
    const scope = `${config.scope}${caller.suffix}`;
    const requestHash = sha256(`${request.method} ${request.url}\n${canonical(request.body)}`);
    const now = clock();
    const sameKey = and(
      eq(idempotencyKeys.scope, scope),
      caller.userId === null ? isNull(idempotencyKeys.userId) : eq(idempotencyKeys.userId, caller.userId),
      eq(idempotencyKeys.key, key),
    );
    const claimed = await db.transaction(async (tx) => {
      // A key older than a day is forgotten: the request is new.
      await tx
        .delete(idempotencyKeys)
        .where(and(sameKey, lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
      const rows = await tx
        .insert(idempotencyKeys)
        .values({ key, scope, userId: caller.userId, requestHash, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: idempotencyKeys.id });
      return rows[0]?.id ?? null;
    });
    if (claimed !== null) {
      request.idempotencyClaim = claimed;
      return;
    }
    const [first] = await db.select().from(idempotencyKeys).where(sameKey).limit(1);
    if (!first) {
      // Released between our insert and this read (the first request failed): try again.
      throw new AppError('CONFLICT', 'A request with this Idempotency-Key is being retried. Try again.');
    }
    if (first.requestHash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used for a different request. Use a new key for a new request.',
      );
    }
    if (first.completedAt === null || first.statusCode === null) {
      throw new AppError(
        'CONFLICT',
        'A request with this Idempotency-Key is still being processed. Try again in a moment.',
      );
    }
    reply.header('idempotent-replayed', 'true');
    await reply
      .code(first.statusCode)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(first.response));
    return reply;
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
      let response: unknown;
      try {
        response = JSON.parse(payload);
      } catch {
        response = null;
      }
      if (response !== null) {
        await db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, response, completedAt: clock() })
          .where(eq(idempotencyKeys.id, claim));
        return payload;
      }
    }
    // Not a success: release the key so that a retry with it runs again.
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, claim));
    return payload;
  });
}

/** Removes keys older than a day (housekeeping; a stale key is also replaced when reused). */
export async function pruneIdempotencyKeys(db: Db, now: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < ${new Date(now.getTime() - IDEMPOTENCY_TTL_MS)}`);
}
