import { envelope, ReferralLandingCoursesSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.js';
import { sendCached } from '../../platform/cache/index.js';
import * as referrals from './referrals.service.js';

/** The public side of referrals: the landing page's courses (cached). */
export async function referralsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx.database;
  app.get(
    '/referral/landing-page/courses',
    {
      schema: {
        summary: 'Courses promoted on the referral landing page',
        tags: ['referrals'],
        response: { 200: envelope(ReferralLandingCoursesSchema) },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await ctx.publicCache.get('referrals:landing', ReferralLandingCoursesSchema, () => referrals.listReferralLandingCourses(db)),
      ),
  );
}
