import { endpoints, envelope } from '@atelier/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import { courseAccess } from './course-access.js';
import { batchDetails, collectFeedback, openCourseDashboard, rateWorkshop } from './course-dashboard.js';
import { DashboardCache, dayOf, learnerDashboardChanged } from './dashboard-cache.js';
import {
  profileCourses,
  readNotifications,
  suggestedCourses,
  tripApplications,
  userNotifications,
} from './learning.service.js';

/** The learner's dashboard calls (spec §3; issue 15). */
export async function learningRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tz = ctx.config.tz;
  const tags = ['user'];
  // The learners' course dashboards from memory (decision 0022, addendum): dropped by every
  // invalidation on the public cache's bus that concerns them.
  const dashboards = new DashboardCache({
    ...ctx.config.dashboardCache,
    now: () => ctx.clock().getTime(),
  });
  dashboards.listenTo(ctx.publicCache);
  const dashboardEnvelope = envelope(endpoints.courseDashboard.response);
  /** A stored (or just built) answer: personal data, so never kept by a browser or a proxy. */
  const sendDashboard = (reply: FastifyReply, bytes: Buffer) =>
    reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(bytes);
  defineRoute(
    api,
    endpoints.profileCourses,
    {
      summary: 'The learner’s enrolled courses and a few suggestions',
      description:
        'Every enrolment of the caller with its batch, workshop and weekly schedule (newest first), and up to four published courses the caller is not enrolled in. Never cached: a new enrolment is listed at once.',
      tags,
    },
    async (request) => ok(await profileCourses(db, sessionOf(request).userId)),
  );

  defineRoute(
    api,
    endpoints.profileSuggestedCourses,
    {
      summary: 'Published courses the caller is not enrolled in (badged first, then newest)',
      tags,
      config: { moderatorViewAllowed: true },
    },
    async (request) => ok(await suggestedCourses(db, sessionOf(request).userId, request.body?.limit)),
  );

  defineRoute(
    api,
    endpoints.profileTripApplications,
    { summary: 'The caller’s trip applications, newest first', tags },
    async (request) => ok(await tripApplications(db, sessionOf(request).userId)),
  );

  defineRoute(
    api,
    endpoints.userNotifications,
    {
      summary: 'The caller’s newest 50 notifications (own id only; any other id is 404)',
      tags,
    },
    async (request) => ok(await userNotifications(db, sessionOf(request), request.params.id)),
  );

  defineRoute(
    api,
    endpoints.notificationsRead,
    {
      summary: 'Marks the caller’s listed notifications read (ids of anyone else’s are ignored)',
      tags,
    },
    async (request) =>
      ok(await readNotifications(db, sessionOf(request).userId, request.body.ids, ctx.clock())),
  );

  defineRoute(
    api,
    endpoints.courseDashboard,
    {
      summary:
        'The course dashboard: modules, sessions, assignments with the caller’s responses, feedback forms',
      description:
        'The batch must be the caller’s (else 404) and not locked by a due instalment (402 INSTALMENT_DUE). A moderator may pass a learner’s `userId` (or use a moderator-view session) for an audited, read-only view without feedback prompts; anyone else passing another `userId` gets 404. The curriculum is cached per batch; the learner’s own answer is kept in memory per learner and batch (dropped by each of their writes, at most `DASHBOARD_CACHE_SECONDS` old) and sent with `Cache-Control: private, no-store`.',
      tags,
      config: { moderatorViewAllowed: true },
    },
    (request, reply) => {
      const session = sessionOf(request);
      const { batchId, userId } = request.body;
      const now = ctx.clock();
      // Only the caller's own view is cached (a moderator's is audited on every call).
      const own =
        dashboards.enabled && !session.isModeratorView && (userId ?? session.userId) === session.userId;
      const day = own ? dayOf(now, tz) : '';
      if (own) {
        const hit = dashboards.get(session.userId, batchId, day);
        if (hit) return sendDashboard(reply, hit);
      }
      return (async () => {
        const ticket = dashboards.ticket();
        const data = await openCourseDashboard(db, ctx.publicCache, {
          session,
          batchId,
          userId,
          now,
          tz,
          ip: request.ip,
        });
        if (!own) return ok(data);
        // Validated and serialised once, as the route's response schema would, then kept.
        const bytes = Buffer.from(JSON.stringify(dashboardEnvelope.parse(ok(data))));
        dashboards.store(ticket, session.userId, batchId, day, bytes);
        return sendDashboard(reply, bytes);
      })();
    },
  );

  defineRoute(
    api,
    endpoints.batchDetails,
    {
      summary: 'The course dashboard’s header: batch, course, schedule, totals and the next instalment',
      tags,
      config: { moderatorViewAllowed: true },
    },
    async (request) => {
      const now = ctx.clock();
      const access = await courseAccess(db, {
        session: sessionOf(request),
        batchId: request.body.batchId,
        now,
        tz,
        ip: request.ip,
      });
      return ok(await batchDetails(db, ctx.publicCache, access, { now, tz }));
    },
  );

  defineRoute(
    api,
    endpoints.feedbackCollect,
    {
      summary: 'Gives a due feedback form (1 at 20 %, 2 at 65 % of the sessions); 409 when not due or given',
      tags,
    },
    async (request) => {
      const now = ctx.clock();
      const access = await courseAccess(db, {
        session: sessionOf(request),
        batchId: request.body.batchId,
        now,
        tz,
        ip: request.ip,
      });
      const { type, rating, comment } = request.body;
      const given = await collectFeedback(db, ctx.publicCache, access, { type, rating, comment, now, tz });
      await learnerDashboardChanged(ctx.publicCache, access);
      return ok(given, 'Thank you for your feedback');
    },
  );

  defineRoute(
    api,
    endpoints.workshopRatingFeedback,
    {
      summary: 'Rates a course the caller is or was enrolled in (one rating per course; a repeat updates it)',
      tags,
    },
    async (request) =>
      ok(await rateWorkshop(db, sessionOf(request).userId, request.body), 'Thank you for your rating'),
  );
}
