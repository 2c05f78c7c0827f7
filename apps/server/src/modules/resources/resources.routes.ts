import { envelope, OuterResourceFilesSchema, ResourcePdfParamsSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.js';
import { sendCached } from '../../platform/cache/index.js';
import { sendPdf } from '../../integrations/brochures/send-pdf.js';
import * as resources from './resources.service.js';

/** The public resource library: the outer file list (cached) and public PDFs. */
export async function resourcesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  const tags = ['resources'];

  app.get(
    '/user/resource/outer/files',
    { schema: { summary: 'Public files outside folders (public)', tags, response: { 200: envelope(OuterResourceFilesSchema) } } },
    async (request, reply) =>
      sendCached(request, reply, await ctx.publicCache.get('resources:outer', OuterResourceFilesSchema, () => resources.listOuterFiles(db))),
  );

  app.get(
    '/resource/pdf/:id',
    {
      schema: {
        summary: 'A public PDF resource (application/pdf); premium or missing → 404',
        tags,
        params: ResourcePdfParamsSchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => sendPdf(request, reply, await resources.getPublicPdf(db, ctx.pdfs, request.params.id)),
  );
}
