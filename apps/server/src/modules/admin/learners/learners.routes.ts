import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionOf } from '../../../http/auth-guard.js';
import { defineRoute } from '../../../http/define-route.js';
import { ok } from '../../../http/envelope.js';
import type { AppContext } from '../../../platform/context.js';
import type { CsvColumn } from '../csv.js';
import { answerList, type Listed, type ListQuery } from '../listing.js';
import * as learners from './learners.service.js';
import * as staff from './staff.service.js';

/*
 * The console's learners, payout requests and staff accounts (issue 17 point 3), admins only:
 * anyone else gets 404 from the endpoints' `roles`. Every write is audited in its transaction.
 */
export async function adminLearnersRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const tags = ['admin'];
  const produces = ['application/json', 'text/csv'];

  /** A page in the envelope, or the CSV file of the whole filtered list. */
  const answer = <T>(
    reply: FastifyReply,
    query: ListQuery,
    name: string,
    columns: readonly CsvColumn<T>[],
    listed: Listed<T>,
  ) => answerList(reply, ctx.clock(), query, name, columns, listed);

  defineRoute(
    api,
    endpoints.adminLearners,
    {
      summary: 'Accounts, to find a learner (admins)',
      description:
        'Sorts by createdAt (default -createdAt), name or email; searches name, e-mail and mobile.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'learners',
        learners.learnerColumns,
        await learners.listAccounts(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminLearner,
    {
      summary: "A learner's page: profile, enrolments, orders, coins, referrals, applications (admins)",
      tags,
    },
    async (request) => ok(await learners.learnerPage(db, request.params.id)),
  );

  defineRoute(
    api,
    endpoints.adminLearnerEnrol,
    {
      summary: 'Enrol a learner by hand: free, or paid offline with a paid order and invoice (admins)',
      description: '409 when already enrolled; a refunded or revoked enrolment is restored. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await learners.enrolLearner(
          ctx,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
        ),
        'Enrolled.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminLearnerCoins,
    {
      summary: "Add or take a learner's coins with a reason; never below zero (admins)",
      description: '409 INSUFFICIENT_COINS when the wallet holds fewer coins than taken. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await learners.adjustCoins(
          db,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
        ),
        'Coins updated.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminEnrolmentMove,
    {
      summary: 'Move an enrolment to another batch of the same workshop (admins)',
      description: 'Coursework stays with the old batch. 409 for a refunded or revoked enrolment. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await learners.moveEnrolment(
          ctx,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
        ),
        'Moved.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminEnrolmentRevoke,
    {
      summary: "Revoke a learner's access to a course at once, with a reason (admins)",
      description: '409 when it is revoked or refunded already. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await learners.revokeEnrolment(
          ctx,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
        ),
        'Access revoked.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminPayouts,
    {
      summary: 'Referral payout requests (admins)',
      description:
        'status open (default), paid, rejected or all; sorts by createdAt (default: oldest first) or coins; searches name, e-mail and UPI id.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'payouts',
        learners.payoutCsvColumns,
        await learners.listPayouts(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminPayoutSettle,
    {
      summary: 'Settle a payout request: paid (with the reference) or rejected (coins back) (admins)',
      description: 'The same outcome again changes nothing; the other one is a 409. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await learners.settlePayout(
          ctx,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
        ),
        'Payout request settled.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminStaff,
    {
      summary: 'Staff accounts: every account whose role is not learner (admins)',
      description: 'Sorts by name (default), email or createdAt; searches name, e-mail and mobile.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'staff',
        learners.learnerColumns,
        await learners.listAccounts(db, request.query, true),
      ),
  );

  defineRoute(
    api,
    endpoints.adminStaffAdd,
    {
      summary: 'Give an existing account (by e-mail) a staff role (admins)',
      description: '400 when no account uses the e-mail; 409 for your own account. Audited.',
      tags,
    },
    async (request) =>
      ok(await staff.addStaff(ctx, sessionOf(request), { id: request.id }, request.body), 'Role given.'),
  );

  defineRoute(
    api,
    endpoints.adminUserRole,
    {
      summary: "Change an account's role; its sessions carry the new role at once (admins)",
      description: '409 for your own account. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await staff.changeUserRole(
          ctx,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
        ),
        'Role changed.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminUserDisabled,
    {
      summary: 'Disable or enable an account; a disabled account is refused at once (admins)',
      description: '409 when you disable your own account. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await staff.setUserDisabled(
          ctx,
          sessionOf(request),
          { id: request.id },
          request.params.id,
          request.body,
        ),
        request.body.disabled ? 'Account disabled.' : 'Account enabled.',
      ),
  );
}
