import { envelope, JobsOverviewSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.js';
import { createAuthGuard } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';

/** `GET /api/admin/jobs` (admins only): the queue's counts, oldest due job and latest failures. */
export async function jobsAdminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const guard = createAuthGuard(ctx);
  app.get(
    '/admin/jobs',
    {
      onRequest: guard.requireRole('admin'),
      schema: {
        summary: 'The job queue: jobs per topic and status, the oldest due job, the latest failures (admins)',
        tags: ['admin'],
        security: [{ bearer: [] }],
        response: { 200: envelope(JobsOverviewSchema) },
      },
    },
    async () => {
      const overview = await ctx.jobs.overview();
      return ok({
        ...overview,
        recentFailures: overview.recentFailures.map((f) => ({
          ...f,
          failedAt: f.failedAt.toISOString(),
          nextRunAt: f.nextRunAt ? f.nextRunAt.toISOString() : null,
        })),
      });
    },
  );
}
