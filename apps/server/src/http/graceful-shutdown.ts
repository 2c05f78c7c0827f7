import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Whether the server is draining before it stops: readiness (`/readyz`) answers 503 so that a
 * load balancer takes the instance out of rotation, and every response from then on carries
 * `Connection: close`, so keep-alive clients open their next request on a fresh connection
 * (to another instance) instead of reusing one this process is about to close.
 */
export class Drain {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  /**
   * Starts draining `server`. The marking is done on the raw `request` event, before Fastify and
   * before the cached answers (cached-answers.ts), so that every answer of the process carries it:
   * routes, the cached public answers, 404s and framework errors alike.
   */
  begin(server: Server): void {
    if (this.started) return;
    this.started = true;
    server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
      // Node then writes `Connection: close` and ends the socket once this response is sent.
      response.shouldKeepAlive = false;
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's drain state (`Drain`): readiness fails and connections close while it drains. */
    drain: Drain;
  }
}

export interface ShutdownOptions {
  /** How long to keep serving (readiness failing, `Connection: close`) before the listener closes. */
  drainMs: number;
  /** The whole shutdown, drain included, must be over within this; then it gives up. */
  timeoutMs: number;
  /** Closes what outlives the HTTP application (the database), after `app.close()`. */
  closeResources?: () => Promise<void>;
}

/** `closed`: everything finished in time; `timed-out`: the deadline passed first. */
export type ShutdownOutcome = 'closed' | 'timed-out';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Shuts the server down gracefully, in this order:
 *  1. drain (`opts.drainMs`): readiness answers 503 and every response says `Connection: close`,
 *     while requests are still served as usual;
 *  2. `app.close()`: the listener stops accepting, idle connections close, in-flight requests
 *     finish, then the `onClose` hooks run (background work such as a job queue stops there);
 *  3. `opts.closeResources()` (the database).
 * Resolves `timed-out` if that has not ended within `opts.timeoutMs` of the call (connections
 * still open are then destroyed); the caller exits either way.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  opts: ShutdownOptions,
): Promise<ShutdownOutcome> {
  const started = Date.now();
  app.drain.begin(app.server);
  app.log.info(
    { drainMs: opts.drainMs, timeoutMs: opts.timeoutMs },
    'shutting down: draining (readiness fails, connections close)',
  );

  let deadline: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ShutdownOutcome>((resolve) => {
    deadline = setTimeout(() => resolve('timed-out'), opts.timeoutMs);
  });
  // A connection whose request was in flight when the drain began may answer keep-alive; once it
  // is idle, it is closed here so that the listener's close does not wait for the client to hang up.
  let idleSweep: NodeJS.Timeout | undefined;

  const work = (async (): Promise<ShutdownOutcome> => {
    if (opts.drainMs > 0) await delay(opts.drainMs);
    app.log.info(
      { ms: Date.now() - started },
      'shutting down: closing the listener, finishing in-flight requests',
    );
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(idleSweep);
    await opts.closeResources?.();
    return 'closed';
  })();

  try {
    const outcome = await Promise.race([work, timedOut]);
    if (outcome === 'timed-out') {
      app.log.error(
        { timeoutMs: opts.timeoutMs },
        'shutdown timeout reached before in-flight work finished; closing connections',
      );
      app.server.closeAllConnections();
    } else {
      app.log.info({ ms: Date.now() - started }, 'shut down');
    }
    return outcome;
  } finally {
    clearTimeout(deadline);
    clearInterval(idleSweep);
  }
}
