import { ConsultationPackagesSchema, endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCachedBody } from '../../platform/cache/index.js';
import { defineRoute } from '../../http/define-route.js';
import * as consultation from './consultation.service.js';

/** Design-consultation packages: public, cached as pre-compressed bytes. */
/** The cache entry of one service's packages. */
const packagesKey = (serviceId: number) => `consultation:${serviceId}`;

export async function consultationRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  defineRoute(
    api,
    endpoints.consultationPackages,
    {
      summary: 'Consultation packages in display order (3, 2, 4, 1) with covered items ticked or not',
      tags: ['consultation'],
    },
    (request, reply) => {
      const { serviceId } = request.params;
      const body = ctx.publicCache.get(packagesKey(serviceId), ConsultationPackagesSchema, () =>
        consultation.listConsultationPackages(db, serviceId),
      );
      return sendCachedBody(request, reply, body);
    },
  );
  // The consultation page's call (spec §7): service 1, the one service the platform offers.
  ctx.cachedAnswers.add(`${api.prefix}/consultation/1/service/package`, { key: packagesKey(1) });
}
