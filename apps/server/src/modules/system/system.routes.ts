import { HealthSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers), at
 * the server root where orchestrators look for them. While the server closes, Fastify answers
 * 503 to new requests, so readiness fails first on shutdown.
 */
export async function healthRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true, response: { 200: HealthSchema, 503: HealthSchema } };
  app.get('/healthz', { schema }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema }, async (_request, reply) => {
    const ready = await ctx.database.ping();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
  });
}
