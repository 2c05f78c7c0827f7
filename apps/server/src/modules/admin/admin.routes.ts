import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import type { CsvColumn } from './csv.js';
import { answerList, type Listed, type ListQuery } from './listing.js';
import * as lists from './lists.service.js';
import { staffMe } from './me.service.js';
import { adminMoneyRoutes } from './money/money.routes.js';
import { retryJob, reviewTripApplication } from './writes.service.js';
// Reports (issue 17 point 7).
import { reportRoutes } from './reports/reports.routes.js';
// Catalogue authoring (helper "catalogue").
import { catalogueAdminRoutes } from './catalogue/index.js';

/*
 * The staff console's calls (issue 17), `/api/admin/*`. Who may call them is the table's `roles`;
 * anyone else gets 404 (the guard, `define-route.ts`). Lists answer a page, or with `format=csv`
 * the whole filtered list as a CSV download.
 */
export async function adminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['admin'];

  /** A page in the envelope, or the CSV file of the whole filtered list. */
  const answer = <T>(
    reply: FastifyReply,
    query: ListQuery,
    name: string,
    columns: readonly CsvColumn<T>[],
    listed: Listed<T>,
  ) => answerList(reply, ctx.clock(), query, name, columns, listed);
  const csv = ['text/csv'];

  defineRoute(
    api,
    endpoints.adminMe,
    { summary: 'Who the staff console is for and which sections it shows (staff)', tags },
    async (request) => ok(await staffMe(db, sessionOf(request))),
  );

  defineRoute(
    api,
    endpoints.adminLeads,
    {
      summary: 'Leads with their CRM status (admins)',
      description: 'Sorts by createdAt (default -createdAt) or name; searches name, e-mail and mobile.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(reply, request.query, 'leads', lists.leadColumns, await lists.listLeads(db, request.query)),
  );

  defineRoute(
    api,
    endpoints.adminFormSubmissions,
    {
      summary: 'Public form submissions as received (admins)',
      description: 'Sorts by createdAt (default -createdAt); searches name, e-mail and mobile.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'form-submissions',
        lists.submissionColumns,
        await lists.listSubmissions(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminOutbox,
    {
      summary: 'The outbox: every job with its status, attempts and last error (admins)',
      description: 'Sorts by updatedAt (default -updatedAt) or runAt; searches the topic.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(reply, request.query, 'outbox', lists.jobColumns, await lists.listOutbox(db, request.query)),
  );

  defineRoute(
    api,
    endpoints.adminOutboxRetry,
    {
      summary: 'Run a dead or waiting job again now, with fresh attempts (admins)',
      description: '404 for an unknown job, 409 for a running or finished one. Audited.',
      tags,
    },
    async (request) =>
      ok(await retryJob(db, sessionOf(request), { id: request.id }, request.params.id), 'Job queued again.'),
  );

  defineRoute(
    api,
    endpoints.adminTripApplications,
    {
      summary: 'Trip applications with their trip and applicant (admins)',
      description: 'Sorts by createdAt (default -createdAt) or status; searches applicant and trip title.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'trip-applications',
        lists.tripApplicationColumns,
        await lists.listTripApplications(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminTripApplicationReview,
    {
      summary: 'Shortlist, accept or reject a trip application; the applicant is notified (admins)',
      description: '409 for a withdrawn application. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await reviewTripApplication(
          db,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
          ctx.clock(),
        ),
        'Decision saved; the applicant is notified.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminCompetitionRegistrations,
    {
      summary: 'Competition registrations with their entrant (admins)',
      description: 'Sorts by createdAt (default -createdAt); searches entrant and competition title.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'competition-registrations',
        lists.registrationColumns,
        await lists.listRegistrations(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminAudit,
    {
      summary: 'The audit log of console writes (admins)',
      description: 'Sorts by createdAt (default -createdAt); searches action, entity and entity id.',
      tags,
      produces: ['application/json', ...csv],
    },
    async (request, reply) =>
      answer(reply, request.query, 'audit-log', lists.auditColumns, await lists.listAudit(db, request.query)),
  );

  // Money (issue 17 point 5): orders, refunds, coupons, payment links, instalment plans, invoices.
  await adminMoneyRoutes(api, ctx);
  // Reports (issue 17 point 7).
  await reportRoutes(api, ctx);
  // Catalogue authoring (issue 17 point 1; helper "catalogue").
  await catalogueAdminRoutes(api, ctx);
}
