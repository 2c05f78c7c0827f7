import { endpoints, OuterResourceFilesSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCached } from '../../platform/cache/index.js';
import { defineRoute } from '../../http/define-route.js';
import { sendPdf } from '../../integrations/brochures/send-pdf.js';
import * as resources from './resources.service.js';

/** The public resource library: the outer file list (cached) and public PDFs. */
export async function resourcesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['resources'];

  defineRoute(
    api,
    endpoints.outerResourceFiles,
    { summary: 'Public files outside folders (public)', tags },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await ctx.publicCache.get('resources:outer', OuterResourceFilesSchema, () =>
          resources.listOuterFiles(db),
        ),
      ),
  );

  defineRoute(
    api,
    endpoints.resourcePdf,
    {
      summary: 'A public PDF resource (application/pdf); premium or missing → 404',
      tags,
      produces: ['application/pdf'],
    },
    async (request, reply) =>
      sendPdf(request, reply, await resources.getPublicPdf(db, ctx.pdfs, request.params.id)),
  );
}
