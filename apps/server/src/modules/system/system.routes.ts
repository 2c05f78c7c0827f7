import { HealthSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.js';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers), at
 * the server root where orchestrators look for them. Readiness fails first on shutdown: it answers
 * 503 from the moment the server starts draining (graceful-shutdown.ts), while every other route
 * is still served, so a load balancer stops sending before the listener closes.
 */
export async function healthRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true, response: { 200: HealthSchema, 503: HealthSchema } };
  app.get('/healthz', { schema }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema }, async (_request, reply) => {
    if (root.drain.draining) return reply.code(503).send({ status: 'unavailable' as const });
    const ready = await ctx.database.ping();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
  });

  if (ctx.config.benchRoutes) {
    root.log.warn('BENCH_ROUTES is on: GET /__bench/pk/:id is served (benchmarks only)');
    // `npm run bench` only (BENCH_ROUTES): one primary-key read through the application's own pool
    // and driver (for PGlite, the only session of the embedded database), with no session lookup,
    // no ORM and nothing personal in the answer: the floor the per-user routes are compared with.
    app.get('/__bench/pk/:id', { schema: { hide: true } }, async (request) => {
      const id = Number((request.params as { id: string }).id);
      // Named (prepared once per connection), as the routes' own hot reads are (db/prepared.ts).
      const { rows } = await ctx.database.pool.query<{ id: number; updated_at: Date }>({
        name: 'bench_pk',
        text: 'select id, updated_at from users where id = $1',
        values: [id],
      });
      return { id: rows[0]?.id ?? null, updatedAt: rows[0]?.updated_at ?? null };
    });
  }
}
