import {
  AssessmentCoursesBodySchema,
  AssessmentCoursesSchema,
  BrochureQuerySchema,
  CaseStudiesBodySchema,
  CaseStudiesListSchema,
  CourseLandingPageSchema,
  envelope,
  HomepageSectionsSchema,
  IdParamsSchema,
  LearnersCurriculumsInstructorsSchema,
  OutcomesBonusTestimonialsSchema,
  PartnerParamsSchema,
  PartnerRedirectBodySchema,
  PartnerRedirectSchema,
  VideoTestimonialsBodySchema,
  VideoTestimonialsSchema,
  WorkshopCaseStudiesSchema,
  WorkshopDetailsSchema,
  WorkshopHeroSchema,
  WsRedirectQuerySchema,
} from '@atelier/contract';
import { toWireDate } from '@atelier/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ipRateLimit } from '../../http/auth-guard.js';
import { sendCached, sendCachedBody } from '../../platform/cache/index.js';
import { sendPdf } from '../../integrations/brochures/send-pdf.js';
import { getBrochure } from './brochures.service.js';
import { getHomepageSections } from './homepage.service.js';
import { partnerRedirect, resolveRedirect } from './redirects.js';
import * as pages from './workshop-pages.service.js';

/**
 * A workshop's public pages, the home page in one call, suggestions, case studies, video
 * testimonials, brochures and the allow-listed redirects. Per-workshop blocks are the same for
 * every visitor, so they are cached per workshop id (an unknown id is a 404 and is not cached).
 */
/** The cache entry of `GET /api/homepage/sections/all/v2`. */
const HOMEPAGE_KEY = 'homepage:v2';

export async function workshopPagesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  /** The platform's calendar day: batches that are over are not offered. */
  const today = () => toWireDate(ctx.clock(), ctx.config.tz);
  const tags = ['catalogue'];

  const perWorkshop = <S extends z.ZodType>(path: string, key: string, schema: S, summary: string, load: (id: number) => Promise<z.input<S>>) => {
    // The handler sends cached bytes; the response schema documents them (hence the plain type).
    const documented: z.ZodType = envelope(schema);
    app.get(
      path,
      { schema: { summary, tags, params: IdParamsSchema, response: { 200: documented } } },
      async (request, reply) => {
        const { id } = request.params;
        return sendCached(request, reply, await ctx.publicCache.get(`workshop:${id}:${key}`, schema, () => load(id)));
      },
    );
  };

  perWorkshop('/workshop/:id/details', 'details', WorkshopDetailsSchema, 'A workshop with its batches, schedules, meta tags, category and brochure', (id) =>
    pages.getWorkshopDetails(db, id, today()),
  );
  perWorkshop('/workshop/:id/hero-details', 'hero', WorkshopHeroSchema, 'The top of a workshop page', (id) =>
    pages.getWorkshopHero(db, id, today()),
  );
  perWorkshop(
    '/workshop/:id/sections/learners-curriculums-instructors',
    'lci',
    LearnersCurriculumsInstructorsSchema,
    'Learners, curriculum and instructors of a workshop',
    (id) => pages.getLearnersCurriculumsInstructors(db, id),
  );
  perWorkshop(
    '/workshop/:id/sections/outcomes-bonus-testimonials',
    'obt',
    OutcomesBonusTestimonialsSchema,
    'Outcomes, bonuses and testimonials (with youtubeId) of a workshop',
    (id) => pages.getOutcomesBonusTestimonials(db, id),
  );
  perWorkshop('/course/:id/landing-page', 'landing', CourseLandingPageSchema, 'Everything a course landing page shows', (id) =>
    pages.getCourseLandingPage(db, id, today()),
  );
  perWorkshop('/course/:id/case-studies', 'case-studies', WorkshopCaseStudiesSchema, "A course's case studies", (id) =>
    pages.getCaseStudies(db, id),
  );

  app.get(
    '/homepage/sections/all/v2',
    { schema: { summary: 'Every home page section in one call', tags, response: { 200: envelope(HomepageSectionsSchema) } } },
    (request, reply) =>
      sendCachedBody(
        request,
        reply,
        ctx.publicCache.get(HOMEPAGE_KEY, HomepageSectionsSchema, () => getHomepageSections(db, ctx.clock(), ctx.config.tz)),
      ),
  );
  ctx.cachedAnswers.add(`${api.prefix}/homepage/sections/all/v2`, { key: HOMEPAGE_KEY });

  // Unauthenticated calls that reach the database: limited per client IP (issue 13, point 5).
  const limited = { rateLimit: ipRateLimit(120, '1 minute', ctx.clock) };
  app.post(
    '/course/case-studies',
    {
      config: limited,
      schema: {
        summary: 'Case studies of up to 20 courses',
        tags,
        body: CaseStudiesBodySchema,
        response: { 200: envelope(CaseStudiesListSchema) },
      },
    },
    async (request) => ({ code: 200, message: 'OK', data: await pages.listCaseStudies(db, request.body.workshopIds) }),
  );

  app.post(
    '/user/assessment/courses',
    {
      config: limited,
      schema: {
        summary: 'Suggested workshops for interests (public)',
        tags,
        body: AssessmentCoursesBodySchema.nullish(),
        response: { 200: envelope(AssessmentCoursesSchema) },
      },
    },
    async (request) => ({ code: 200, message: 'OK', data: { courses: await pages.suggestCourses(db, request.body ?? {}) } }),
  );

  app.post(
    '/video/testimonial/details',
    {
      config: limited,
      schema: {
        summary: 'Video testimonials (with youtubeId), of one workshop or all',
        tags,
        body: VideoTestimonialsBodySchema.nullish(),
        response: { 200: envelope(VideoTestimonialsSchema) },
      },
    },
    async (request) => ({ code: 200, message: 'OK', data: await pages.listVideoTestimonials(db, request.body?.workshopId) }),
  );

  app.get(
    '/brochure/pdf',
    {
      config: { rateLimit: ipRateLimit(120, '1 minute', ctx.clock) },
      schema: {
        summary: 'A stored brochure PDF by workshop id or by its address on an allowed host (never fetched)',
        tags,
        querystring: BrochureQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendPdf(request, reply, await getBrochure(db, ctx.pdfs, request.query, ctx.config.brochureAllowedHosts)),
  );

  app.get(
    '/ws/redirect',
    { schema: { summary: 'Redirect (302) to a same-site path or an allow-listed host', tags, querystring: WsRedirectQuerySchema } },
    async (request, reply) => {
      const location = resolveRedirect(request.query.to, {
        publicUrl: ctx.config.publicUrl,
        allowedHosts: ctx.config.redirectAllowedHosts,
      });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.post(
    '/:partner/redirect',
    {
      config: limited,
      schema: {
        summary: 'The address on a sister site (closed partner map; unknown partner → 404)',
        tags,
        params: PartnerParamsSchema,
        body: PartnerRedirectBodySchema.nullish(),
        response: { 200: envelope(PartnerRedirectSchema) },
      },
    },
    async (request) => ({
      code: 200,
      message: 'OK',
      data: { url: partnerRedirect(request.params.partner, request.body?.path, ctx.config.redirectPartners) },
    }),
  );
}
