import { endpoints, OuterResourceFilesSchema } from '@atelier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { etagMatches, etagOf, sendCached } from '../../platform/cache/index.js';
import { ipRateLimit, reportMassAssignment, sessionOf } from '../../http/auth-guard.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import { sendPdf } from '../../integrations/brochures/send-pdf.js';
import type { PdfFile } from '../../integrations/brochures/stored-pdfs.js';
import * as learner from './learner-resources.service.js';
import * as resources from './resources.service.js';
import type { StoredDownload } from './stored-downloads.js';

/** Who may keep a library file: any cache (a public file), or only the signed-in browser. */
const CACHING = {
  public: { 'cache-control': 'public, max-age=3600' },
  private: { 'cache-control': 'private, max-age=300', vary: 'authorization' },
} as const;

/**
 * Sends a library file's bytes with an ETag (304 when it matches), `nosniff` and its caching: a
 * shared cache must never keep a file that needs a session. A PDF goes inline (the dashboard's
 * viewer); a drawing, archive or image as an attachment under a sandboxing CSP, never rendered as
 * a page of ours.
 */
function sendLibraryFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { pdf: PdfFile } | { download: StoredDownload },
  access: keyof typeof CACHING,
): FastifyReply {
  const bytes = 'pdf' in file ? file.pdf.bytes : file.download.bytes;
  const etag = etagOf(bytes);
  void reply.headers(CACHING[access]).header('etag', etag).header('x-content-type-options', 'nosniff');
  if ('pdf' in file) {
    const fileName = file.pdf.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
    void reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`);
  } else {
    void reply
      .type(file.download.contentType)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', attachmentDisposition(file.download.fileName));
  }
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.send(bytes);
}

/**
 * The resource library: for the public, the outer file list (cached) and public PDFs; for
 * signed-in learners, the folders, files, search, premium files, PDFs and banner clicks
 * (docs/decisions/0026).
 */
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

  defineRoute(
    api,
    endpoints.resourceFile,
    {
      summary: 'A public stored drawing, archive or image (attachment); premium, a PDF or not stored → 404',
      tags,
      produces: ['application/zip', 'image/jpeg', 'image/png', 'image/vnd.dxf'],
    },
    async (request, reply) =>
      sendLibraryFile(
        request,
        reply,
        { download: await resources.getPublicDownload(db, ctx.storage, request.params.id) },
        'public',
      ),
  );

  const learnerTags = ['resources', 'learner'];
  const premiumRule =
    'Premium (the file or a folder above it is): only for entitled callers — a learner with an enrolment that is not refunded, still enrolled and with dashboard access, or staff.';

  defineRoute(
    api,
    endpoints.learnerResourceRoot,
    { summary: 'The top-level folders of the library, with counts', tags: learnerTags },
    async (request) => ok(await learner.root(db, sessionOf(request))),
  );

  defineRoute(
    api,
    endpoints.learnerResourceFolder,
    { summary: 'A folder with its breadcrumb and subfolders; unknown → 404', tags: learnerTags },
    async (request) => ok(await learner.folderView(db, sessionOf(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.learnerResourceFolderFiles,
    {
      summary: 'A page of the files of a folder (by name)',
      description: `Locked premium files carry no download address. ${premiumRule}`,
      tags: learnerTags,
    },
    async (request) =>
      ok(await learner.folderFiles(db, sessionOf(request), request.params.id, request.query)),
  );

  defineRoute(
    api,
    endpoints.learnerResourceSearch,
    {
      summary: 'Full-text search over folder and file names and descriptions (paged, rate-limited)',
      description:
        'Words only: punctuation, quotes, `%`, `_`, `*` and `:` are never operators. The last word matches as a prefix. 1–100 characters.',
      tags: learnerTags,
      config: { rateLimit: ipRateLimit(60, '1 minute', ctx.clock) },
    },
    async (request) => ok(await learner.search(db, sessionOf(request), request.query)),
  );

  defineRoute(
    api,
    endpoints.learnerResourceDetails,
    { summary: 'A file of the library and where it sits', description: premiumRule, tags: learnerTags },
    async (request) => ok(await learner.details(db, sessionOf(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.learnerResourceFolderAll,
    { summary: 'A folder with its subfolders and (first 200) files in one call', tags: learnerTags },
    async (request) => ok(await learner.folderAll(db, sessionOf(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.learnerResourcePremium,
    {
      summary: 'A premium file with its download address, for entitled callers (else 403)',
      description: premiumRule,
      tags: learnerTags,
    },
    async (request) => ok(await learner.premium(db, sessionOf(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.learnerResourceFile,
    {
      summary:
        'The bytes of a stored file of the library: a PDF inline, a drawing, archive or image as an attachment (private cache); premium rule applies',
      description: premiumRule,
      tags: learnerTags,
      produces: ['application/pdf', 'application/zip', 'image/jpeg', 'image/png', 'image/vnd.dxf'],
    },
    async (request, reply) =>
      sendLibraryFile(
        request,
        reply,
        await learner.storedFile(db, ctx, sessionOf(request), request.params.id),
        'private',
      ),
  );

  await api.register(async (clicks) => {
    clicks.addHook('onError', reportMassAssignment(ctx.clock));
    defineRoute(
      clicks,
      endpoints.learnerResourceBannerClick,
      {
        summary: 'Records a click on a banner of the library with the caller',
        tags: learnerTags,
        config: { rateLimit: ipRateLimit(30, '1 minute', ctx.clock) },
        bodyLimit: 4096,
      },
      async (request, reply) => {
        await learner.bannerClick(db, sessionOf(request), request.body);
        return reply.code(201).send(ok({ recorded: true as const }, 'Recorded.', 201));
      },
    );
  });
}
