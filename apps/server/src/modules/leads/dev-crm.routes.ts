import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { listDevCrmCalls } from '../../integrations/crm/local-crm.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';

/*
 * `GET /api/dev/crm?email=` (outside production only, like `/api/dev/outbox`): what the local CRM
 * adapter recorded — each lead and note with the body exactly as the real adapter would send it.
 * It holds no key: the real adapter's key travels in a header, never in a body.
 */
export async function devCrmRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.env === 'production') return;
  defineRoute(
    api,
    endpoints.devCrm,
    {
      summary: 'Development only: the leads and notes the local CRM recorded',
      tags: ['development'],
    },
    async (request) => ok({ calls: await listDevCrmCalls(ctx.database.db, request.query) }),
  );
}
