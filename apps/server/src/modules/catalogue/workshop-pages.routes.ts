import { endpoints, HomepageSectionsSchema, type EndpointDef } from '@atelier/contract';
import { toWireDate } from '@atelier/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { ipRateLimit } from '../../http/auth-guard.js';
import { sendCached, sendCachedBody } from '../../platform/cache/index.js';
import { defineRoute } from '../../http/define-route.js';
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
  const { db } = ctx.database;
  /** The platform's calendar day: batches that are over are not offered. */
  const today = () => toWireDate(ctx.clock(), ctx.config.tz);
  const tags = ['catalogue'];

  /** A per-workshop block: the entry's path has `{id}`, its answer is cached per id. */
  type WorkshopEntry = EndpointDef & { params: typeof endpoints.workshopDetails.params; response: z.ZodType };
  const perWorkshop = <E extends WorkshopEntry>(
    entry: E,
    key: string,
    summary: string,
    load: (id: number) => Promise<z.input<E['response']>>,
  ) => {
    // The handler sends cached bytes; the entry's response schema documents them.
    defineRoute(api, entry as WorkshopEntry, { summary, tags }, async (request, reply) => {
      const { id } = request.params;
      return sendCached(
        request,
        reply,
        await ctx.publicCache.get(`workshop:${id}:${key}`, entry.response, () => load(id)),
      );
    });
  };

  perWorkshop(
    endpoints.workshopDetails,
    'details',
    'A workshop with its batches, schedules, meta tags, category and brochure',
    (id) => pages.getWorkshopDetails(db, id, today()),
  );
  perWorkshop(endpoints.workshopHeroDetails, 'hero', 'The top of a workshop page', (id) =>
    pages.getWorkshopHero(db, id, today()),
  );
  perWorkshop(
    endpoints.workshopLearnersCurriculumsInstructors,
    'lci',
    'Learners, curriculum and instructors of a workshop',
    (id) => pages.getLearnersCurriculumsInstructors(db, id),
  );
  perWorkshop(
    endpoints.workshopOutcomesBonusTestimonials,
    'obt',
    'Outcomes, bonuses and testimonials (with youtubeId) of a workshop',
    (id) => pages.getOutcomesBonusTestimonials(db, id),
  );
  perWorkshop(endpoints.courseLandingPage, 'landing', 'Everything a course landing page shows', (id) =>
    pages.getCourseLandingPage(db, id, today()),
  );
  perWorkshop(endpoints.courseCaseStudies, 'case-studies', "A course's case studies", (id) =>
    pages.getCaseStudies(db, id),
  );

  defineRoute(
    api,
    endpoints.homepageSections,
    { summary: 'Every home page section in one call', tags },
    (request, reply) =>
      sendCachedBody(
        request,
        reply,
        ctx.publicCache.get(HOMEPAGE_KEY, HomepageSectionsSchema, () =>
          getHomepageSections(db, ctx.clock(), ctx.config.tz),
        ),
      ),
  );
  ctx.cachedAnswers.add(endpoints.homepageSections.path, { key: HOMEPAGE_KEY });

  // Unauthenticated calls that reach the database: limited per client IP (issue 13, point 5).
  const limited = { rateLimit: ipRateLimit(120, '1 minute', ctx.clock) };
  defineRoute(
    api,
    endpoints.caseStudies,
    { summary: 'Case studies of up to 20 courses', tags, config: limited },
    async (request) => ({
      code: 200,
      message: 'OK',
      data: await pages.listCaseStudies(db, request.body.workshopIds),
    }),
  );

  defineRoute(
    api,
    endpoints.assessmentCourses,
    { summary: 'Suggested workshops for interests (public)', tags, config: limited },
    async (request) => ({
      code: 200,
      message: 'OK',
      data: { courses: await pages.suggestCourses(db, request.body ?? {}) },
    }),
  );

  defineRoute(
    api,
    endpoints.videoTestimonials,
    { summary: 'Video testimonials (with youtubeId), of one workshop or all', tags, config: limited },
    async (request) => ({
      code: 200,
      message: 'OK',
      data: await pages.listVideoTestimonials(db, request.body?.workshopId),
    }),
  );

  defineRoute(
    api,
    endpoints.brochurePdf,
    {
      config: limited,
      summary: 'A stored brochure PDF by workshop id or by its address on an allowed host (never fetched)',
      tags,
      produces: ['application/pdf'],
    },
    async (request, reply) =>
      sendPdf(
        request,
        reply,
        await getBrochure(db, ctx.pdfs, request.query, ctx.config.brochureAllowedHosts),
      ),
  );

  defineRoute(
    api,
    endpoints.wsRedirect,
    { summary: 'Redirect (302) to a same-site path or an allow-listed host', tags },
    async (request, reply) => {
      const location = resolveRedirect(request.query.to, {
        publicUrl: ctx.config.publicUrl,
        allowedHosts: ctx.config.redirectAllowedHosts,
      });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  defineRoute(
    api,
    endpoints.partnerRedirect,
    {
      summary: 'The address on a sister site (closed partner map; unknown partner → 404)',
      tags,
      config: limited,
    },
    async (request) => ({
      code: 200,
      message: 'OK',
      data: { url: partnerRedirect(request.params.partner, request.body?.path, ctx.config.redirectPartners) },
    }),
  );
}
