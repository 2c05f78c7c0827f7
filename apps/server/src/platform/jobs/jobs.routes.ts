import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../context.js';

/** `GET /api/admin/jobs` (admins only): the queue's counts, oldest due job and latest failures. */
export async function jobsAdminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    api,
    endpoints.adminJobs,
    {
      summary: 'The job queue: jobs per topic and status, the oldest due job, the latest failures (admins)',
      tags: ['admin'],
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
