import { endpoints, ReferralLandingCoursesSchema } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { sendCached } from '../../platform/cache/index.js';
import { defineRoute } from '../../http/define-route.js';
import * as referrals from './referrals.service.js';

/** The public side of referrals: the landing page's courses (cached). */
export async function referralsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  defineRoute(
    api,
    endpoints.referralLandingCourses,
    { summary: 'Courses promoted on the referral landing page', tags: ['referrals'] },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await ctx.publicCache.get('referrals:landing', ReferralLandingCoursesSchema, () =>
          referrals.listReferralLandingCourses(db),
        ),
      ),
  );
}
