import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { ipRateLimit } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import * as leads from './leads.service.js';

/** Marketing and measurement calls (spec §7, "Marketing, lead and contact"). */
export async function leadsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  defineRoute(
    api,
    endpoints.performance,
    {
      summary: 'Record a client performance measurement',
      tags: ['marketing'],
      // An unauthenticated write: limited per client IP (checklist D4).
      config: { rateLimit: ipRateLimit(120, '1 minute', ctx.clock) },
      bodyLimit: 16 * 1024,
    },
    async (request, reply) => {
      const result = await leads.recordPerformance(ctx.database.db, request.body);
      return reply.code(201).send(ok(result, 'Recorded', 201));
    },
  );
}
