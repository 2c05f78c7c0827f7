import multipart from '@fastify/multipart';
import { endpoints, RESOURCE_UPLOAD_MAX_BYTES } from '@atelier/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import { sessionOf } from '../../../http/auth-guard.js';
import { defineRoute } from '../../../http/define-route.js';
import { ok } from '../../../http/envelope.js';
import type { AppContext } from '../../../platform/context.js';
import type { CsvColumn } from '../csv.js';
import { answerList, type Listed, type ListQuery } from '../listing.js';
import * as content from './content.service.js';
import * as resources from './resources.service.js';
import * as site from './site.service.js';

const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/** The `file` part of a multipart upload (at most 20 MB; larger → 413, anything else → 400). */
async function readFilePart(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the PDF as multipart/form-data in the field "file".');
  if (Number(request.headers['content-length'] ?? 0) > RESOURCE_UPLOAD_MAX_BYTES + 64 * 1024)
    throw new AppError('PAYLOAD_TOO_LARGE', 'The PDF is larger than 20 MB.');
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file')
      throw new AppError('VALIDATION_FAILED', 'Send the PDF in the field "file".', [
        { path: 'file', message: 'is required' },
      ]);
    const bytes = await part.toBuffer();
    return { bytes, fileName: part.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (TOO_LARGE.has((error as { code?: string }).code ?? ''))
      throw new AppError('PAYLOAD_TOO_LARGE', 'The PDF is larger than 20 MB.');
    throw new AppError('VALIDATION_FAILED', 'The upload could not be read as multipart/form-data.');
  }
}

/*
 * The console's content calls (issue 17 point 2), admins only: blogs, trips, competitions,
 * consultation packages, and the home page's top banner, campaigns and event objects. A write commits
 * with its audit row, then drops the public cache entries it made stale, so the public pages show
 * it at once.
 */
export async function adminContentRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['admin'];
  const csv = ['text/csv'];

  /** A page in the envelope, or the CSV file of the whole filtered list. */
  const answer = <T>(
    reply: FastifyReply,
    query: ListQuery,
    name: string,
    columns: readonly CsvColumn<T>[],
    listed: Listed<T>,
  ) => answerList(reply, ctx.clock(), query, name, columns, listed);

  // Blogs ------------------------------------------------------------------------------------

  defineRoute(
    api,
    endpoints.adminBlogs,
    {
      summary: 'Blogs, drafts and scheduled ones included (admins)',
      description: 'Sorts by updatedAt (default -updatedAt), publishedAt or title; searches title and slug.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'blogs',
        content.blogColumns,
        await content.listBlogs(db, request.query, ctx.clock()),
      ),
  );

  defineRoute(
    api,
    endpoints.adminBlogCategories,
    { summary: 'Every blog category (admins)', tags },
    async () => ok(await content.listBlogCategories(db)),
  );

  defineRoute(
    api,
    endpoints.adminBlog,
    { summary: 'One blog with its stored HTML (admins)', tags },
    async (request) => ok(await content.getBlog(db, request.params.id, ctx.clock())),
  );

  defineRoute(
    api,
    endpoints.adminBlogCreate,
    {
      summary: 'Create a blog; its HTML is sanitised with the public allow-list (admins)',
      description: '409 when the slug is taken. Audited; refreshes the public blog pages.',
      tags,
    },
    async (request) => {
      const saved = await content.saveBlog(
        db,
        sessionOf(request),
        { id: request.id },
        null,
        request.body,
        ctx.clock(),
      );
      await ctx.publicCache.invalidate(content.BLOG_INVALIDATION);
      return ok(saved, 'Blog created.');
    },
  );

  defineRoute(
    api,
    endpoints.adminBlogUpdate,
    {
      summary:
        'Edit (or publish, unpublish) a blog; its HTML is sanitised with the public allow-list (admins)',
      description: '409 when the slug is taken. Audited; refreshes the public blog pages.',
      tags,
    },
    async (request) => {
      const saved = await content.saveBlog(
        db,
        sessionOf(request),
        { id: request.id },
        request.params.id,
        request.body,
        ctx.clock(),
      );
      await ctx.publicCache.invalidate(content.BLOG_INVALIDATION);
      return ok(saved, 'Blog saved.');
    },
  );

  // Trips ------------------------------------------------------------------------------------

  defineRoute(
    api,
    endpoints.adminContentTrips,
    {
      summary: 'Trips, inactive ones included (admins)',
      description: 'Sorts by startDate (default -startDate) or title; searches title, slug and location.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(reply, request.query, 'trips', content.tripColumns, await content.listTrips(db, request.query)),
  );

  defineRoute(
    api,
    endpoints.adminContentTrip,
    { summary: 'One trip with its page details (admins)', tags },
    async (request) => ok(await content.getTrip(db, request.params.id)),
  );

  defineRoute(
    api,
    endpoints.adminContentTripCreate,
    { summary: 'Create a trip (admins)', description: '409 when the slug is taken. Audited.', tags },
    async (request) => {
      const saved = await content.saveTrip(db, sessionOf(request), { id: request.id }, null, request.body);
      await ctx.publicCache.invalidate(content.TRIP_INVALIDATION);
      return ok(saved, 'Trip created.');
    },
  );

  defineRoute(
    api,
    endpoints.adminContentTripUpdate,
    {
      summary: 'Edit a trip, or (de)activate it on the public pages (admins)',
      description: '409 when the slug is taken. Audited; refreshes the public trip pages.',
      tags,
    },
    async (request) => {
      const saved = await content.saveTrip(
        db,
        sessionOf(request),
        { id: request.id },
        request.params.id,
        request.body,
      );
      await ctx.publicCache.invalidate(content.TRIP_INVALIDATION);
      return ok(saved, 'Trip saved.');
    },
  );

  // Competitions -----------------------------------------------------------------------------

  defineRoute(
    api,
    endpoints.adminCompetitions,
    {
      summary: 'Competitions, inactive ones included, with their registration counts (admins)',
      description:
        'Sorts by registrationDeadline (default -registrationDeadline) or title; searches title and slug.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'competitions',
        site.competitionColumns,
        await site.listCompetitions(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminCompetition,
    { summary: 'One competition with its brief (admins)', tags },
    async (request) => ok(await site.getCompetition(db, request.params.id)),
  );

  defineRoute(
    api,
    endpoints.adminCompetitionCreate,
    { summary: 'Create a competition (admins)', description: '409 when the slug is taken. Audited.', tags },
    async (request) => {
      const saved = await site.saveCompetition(
        db,
        sessionOf(request),
        { id: request.id },
        null,
        request.body,
      );
      await ctx.publicCache.invalidate(site.COMPETITION_INVALIDATION);
      return ok(saved, 'Competition created.');
    },
  );

  defineRoute(
    api,
    endpoints.adminCompetitionUpdate,
    {
      summary: 'Edit a competition, or (de)activate it on the public pages (admins)',
      description: '409 when the slug is taken. Audited; refreshes the public competition pages.',
      tags,
    },
    async (request) => {
      const saved = await site.saveCompetition(
        db,
        sessionOf(request),
        { id: request.id },
        request.params.id,
        request.body,
      );
      await ctx.publicCache.invalidate(site.COMPETITION_INVALIDATION);
      return ok(saved, 'Competition saved.');
    },
  );

  // Consultation packages --------------------------------------------------------------------

  defineRoute(
    api,
    endpoints.adminConsultationPackages,
    { summary: 'The design-consultation packages (fixed ids 1–4), inactive ones included (admins)', tags },
    async () => ok(await site.listConsultationPackages(db)),
  );

  defineRoute(
    api,
    endpoints.adminConsultationPackageUpdate,
    {
      summary: 'Edit a design-consultation package (admins)',
      description: 'Audited; refreshes the public consultation page.',
      tags,
    },
    async (request) => {
      const saved = await site.saveConsultationPackage(
        db,
        sessionOf(request),
        { id: request.id },
        request.params.id,
        request.body,
      );
      await ctx.publicCache.invalidate(site.CONSULTATION_INVALIDATION);
      return ok(saved, 'Package saved.');
    },
  );

  // The home page: top banner, campaigns, event objects --------------------------------------

  defineRoute(
    api,
    endpoints.adminTopBanners,
    {
      summary: 'Top banners; the newest active one shows above the header (admins)',
      description: 'Sorts by createdAt (default -createdAt); searches the text.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'top-banners',
        site.topBannerColumns,
        await site.listTopBanners(db, request.query),
      ),
  );

  for (const [endpoint, withId] of [
    [endpoints.adminTopBannerCreate, false],
    [endpoints.adminTopBannerUpdate, true],
  ] as const) {
    defineRoute(
      api,
      endpoint,
      {
        summary: withId ? 'Edit a top banner (admins)' : 'Create a top banner (admins)',
        description: 'Audited.',
        tags,
      },
      async (request) => {
        const id = 'id' in (request.params ?? {}) ? (request.params as { id: number }).id : null;
        const saved = await site.saveTopBanner(db, sessionOf(request), { id: request.id }, id, request.body);
        await ctx.publicCache.invalidate(site.HOME_INVALIDATION);
        return ok(saved, 'Top banner saved.');
      },
    );
  }

  defineRoute(
    api,
    endpoints.adminCampaigns,
    {
      summary: 'Campaigns with their banner counts (admins)',
      description: 'Sorts by startsAt (default -startsAt) or name; searches the name.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'campaigns',
        site.campaignColumns,
        await site.listCampaigns(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminCampaign,
    { summary: 'One campaign with its banners (admins)', tags },
    async (request) => ok(await site.getCampaign(db, request.params.id)),
  );

  for (const [endpoint, withId] of [
    [endpoints.adminCampaignCreate, false],
    [endpoints.adminCampaignUpdate, true],
  ] as const) {
    defineRoute(
      api,
      endpoint,
      {
        summary: withId
          ? 'Edit a campaign and replace its banners (admins)'
          : 'Create a campaign with its banners (admins)',
        description: 'Audited; refreshes the public banners.',
        tags,
      },
      async (request) => {
        const id = 'id' in (request.params ?? {}) ? (request.params as { id: number }).id : null;
        const saved = await site.saveCampaign(db, sessionOf(request), { id: request.id }, id, request.body);
        await ctx.publicCache.invalidate(site.HOME_INVALIDATION);
        return ok(saved, 'Campaign saved.');
      },
    );
  }

  defineRoute(
    api,
    endpoints.adminEventObjects,
    {
      summary: 'Event objects (sale countdowns, ribbons) (admins)',
      description: 'Sorts by startsAt (default -startsAt) or name; searches the name.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'event-objects',
        site.eventColumns,
        await site.listEventObjects(db, request.query),
      ),
  );

  for (const [endpoint, withId] of [
    [endpoints.adminEventObjectCreate, false],
    [endpoints.adminEventObjectUpdate, true],
  ] as const) {
    defineRoute(
      api,
      endpoint,
      {
        summary: withId ? 'Edit an event object (admins)' : 'Create an event object (admins)',
        description: 'Audited; refreshes the public events.',
        tags,
      },
      async (request) => {
        const id = 'id' in (request.params ?? {}) ? (request.params as { id: number }).id : null;
        const saved = await site.saveEventObject(
          db,
          sessionOf(request),
          { id: request.id },
          id,
          request.body,
        );
        await ctx.publicCache.invalidate(site.HOME_INVALIDATION);
        return ok(saved, 'Event saved.');
      },
    );
  }

  // The resource library --------------------------------------------------------------------

  defineRoute(
    api,
    endpoints.adminResourceFolders,
    {
      summary: 'Resource folders with their folder and file counts (admins)',
      description:
        'parentId=0 lists the top level. Sorts by sequence (default), name or createdAt; searches the name.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'resource-folders',
        resources.folderCsvColumns,
        await resources.listFolders(db, request.query),
      ),
  );

  for (const [endpoint, withId] of [
    [endpoints.adminResourceFolderCreate, false],
    [endpoints.adminResourceFolderUpdate, true],
  ] as const) {
    defineRoute(
      api,
      endpoint,
      {
        summary: withId ? 'Edit a resource folder (admins)' : 'Create a resource folder (admins)',
        description: '400 for a parent that is missing, the folder itself or inside it. Audited.',
        tags,
      },
      async (request) => {
        const id = 'id' in (request.params ?? {}) ? (request.params as { id: number }).id : null;
        const saved = await resources.saveFolder(
          db,
          sessionOf(request),
          { id: request.id },
          id,
          request.body,
        );
        await ctx.publicCache.invalidate(resources.RESOURCES_INVALIDATION);
        return ok(saved, 'Folder saved.');
      },
    );
  }

  defineRoute(
    api,
    endpoints.adminResourceFiles,
    {
      summary: 'Resource files (admins)',
      description:
        'folderId=0 lists files outside folders. Sorts by createdAt (default -createdAt) or name; searches the name.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'resource-files',
        resources.fileCsvColumns,
        await resources.listFiles(db, request.query),
      ),
  );

  for (const [endpoint, withId] of [
    [endpoints.adminResourceFileCreate, false],
    [endpoints.adminResourceFileUpdate, true],
  ] as const) {
    defineRoute(
      api,
      endpoint,
      {
        summary: withId
          ? 'Edit a resource file (admins)'
          : 'Add a resource file: an uploaded PDF or a link (admins)',
        description: 'Audited; refreshes the public resource pages.',
        tags,
      },
      async (request) => {
        const id = 'id' in (request.params ?? {}) ? (request.params as { id: number }).id : null;
        const saved = await resources.saveFile(
          db,
          ctx.storage,
          sessionOf(request),
          { id: request.id },
          id,
          request.body,
        );
        await ctx.publicCache.invalidate(resources.RESOURCES_INVALIDATION);
        return ok(saved, 'File saved.');
      },
    );
  }

  await api.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: RESOURCE_UPLOAD_MAX_BYTES,
        files: 1,
        fields: 5,
        parts: 10,
        headerPairs: 100,
        fieldSize: 1024,
      },
    });
    defineRoute(
      scope,
      endpoints.adminResourceUpload,
      {
        summary:
          'Upload a PDF into the resource library storage (multipart, field "file"; at most 20 MB) (admins)',
        description: 'Answers the stored path to give a new resource file. Not a PDF → 400; larger → 413.',
        tags,
        consumes: ['multipart/form-data'],
      },
      async (request) => {
        const { bytes, fileName } = await readFilePart(request);
        return ok(await resources.storeUploadedPdf(ctx.storage, bytes, fileName), 'PDF uploaded.');
      },
    );
  });
}
