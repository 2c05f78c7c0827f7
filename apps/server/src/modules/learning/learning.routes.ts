import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import { profileCourses } from './learning.service.js';

/** The learner's dashboard calls (spec §3). */
export async function learningRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  defineRoute(
    api,
    endpoints.profileCourses,
    {
      summary: 'The learner’s enrolled courses and a few suggestions',
      description:
        'Every enrolment of the caller with its batch, workshop and weekly schedule (newest first), and up to four published courses the caller is not enrolled in. Never cached: a new enrolment is listed at once.',
      tags: ['user'],
    },
    async (request) => ok(await profileCourses(db, sessionOf(request).userId)),
  );
}
