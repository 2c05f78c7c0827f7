import type { FieldError } from '@atelier/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { answerBadRequest } from './error-handler.js';

/*
 * Text PostgreSQL cannot store (issue 13, point 4): a NUL character (`\u0000`, refused by `text`
 * and `jsonb` with a 500) and a lone UTF-16 surrogate (`\uD800` unpaired, which no UTF-8 encoding
 * exists for). Every request's parsed body, query string and path parameters are walked once,
 * before validation and for every route, so no route (present or future, with or without a
 * schema) can hand such a string to the database; the 400 names the fields.
 */

/** At most this many offending fields are collected (the answer lists 20 and counts the rest). */
const MAX_REPORTED = 10_000;
/** Deeper structures than this are refused by the schemas anyway; the walk stops here. */
const MAX_DEPTH = 32;

export const HOSTILE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** True when `text` holds a NUL or a lone surrogate. */
export function isHostileText(text: string): boolean {
  // `isWellFormed` (ES2024, Node 20) is native and fast; the project's `lib` is ES2023.
  return text.includes('\u0000') || !(text as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** A path segment safe to echo: an offending key is not repeated as it was sent. */
function segment(key: string): string {
  return isHostileText(key) ? '[key]' : key.length > 64 ? `${key.slice(0, 64)}…` : key;
}

/**
 * The paths (`a.b.0.c`, or `root` itself for a bare string) of the strings and keys in `value`
 * that hold hostile text; at most `limit` of them.
 */
export function findHostileText(value: unknown, root: string, limit = MAX_REPORTED): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string, depth: number): void => {
    if (found.length >= limit) return;
    if (typeof node === 'string') {
      if (isHostileText(node)) found.push(path);
      return;
    }
    if (node === null || typeof node !== 'object' || depth > MAX_DEPTH) return;
    if (Buffer.isBuffer(node)) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length && found.length < limit; i++) walk(node[i], `${path}.${i}`, depth + 1);
      return;
    }
    for (const key in node) {
      if (found.length >= limit) return;
      const next = `${path}.${segment(key)}`;
      if (isHostileText(key)) found.push(next);
      else walk((node as Record<string, unknown>)[key], next, depth + 1);
    }
  };
  walk(value, root, 0);
  // Top-level fields are named as the schemas name them (`email`, not `body.email`).
  return found.map((p) => (p === root ? root : p.slice(root.length + 1)));
}

/** The field errors for `request`'s hostile text, empty when it has none. */
export function hostileTextErrors(request: Pick<FastifyRequest, 'body' | 'query' | 'params'>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [where, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    if (value === undefined || value === null) continue;
    for (const path of findHostileText(value, where, MAX_REPORTED - errors.length)) {
      errors.push({ path, message: HOSTILE_TEXT_MESSAGE });
    }
  }
  return errors;
}

/**
 * A `preValidation` hook on the root instance, so it runs for every route registered after it:
 * hostile text anywhere in the parsed input answers 400 `VALIDATION_FAILED` naming the fields.
 */
export function registerHostileTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    const errors = hostileTextErrors(request);
    if (errors.length === 0) {
      done();
      return;
    }
    const named = errors.slice(0, 5).map((e) => (e.path.length > 80 ? `${e.path.slice(0, 80)}…` : e.path));
    const more = errors.length > named.length ? ` (and ${errors.length - named.length} more)` : '';
    const message = `The request is invalid: ${named.join(', ')}${more} ${HOSTILE_TEXT_MESSAGE}.`;
    // A page a browser navigated to gets the short HTML page; everything else the JSON envelope.
    if (
      !request.url.startsWith('/api') &&
      request.method === 'GET' &&
      String(request.headers.accept ?? '').includes('text/html')
    ) {
      request.log.info({ status: 400 }, message);
      answerBadRequest(request, reply, {
        status: 400,
        message: 'The address contains characters that are not allowed.',
      });
      return;
    }
    done(new AppError('VALIDATION_FAILED', message, errors));
  });
}
