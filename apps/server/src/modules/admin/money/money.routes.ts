import { endpoints } from '@atelier/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../../http/app-error.js';
import { sessionOf } from '../../../http/auth-guard.js';
import { defineRoute } from '../../../http/define-route.js';
import { ok } from '../../../http/envelope.js';
import type { AppContext } from '../../../platform/context.js';
import { invoiceForStaff, renderInvoicePdf } from '../../invoices/index.js';
import type { CsvColumn } from '../csv.js';
import { answerList, type Listed, type ListQuery } from '../listing.js';
import * as lists from './money-lists.service.js';
import {
  createConsolePaymentLink,
  createCoupon,
  refundFromConsole,
  updateCoupon,
} from './money-writes.service.js';

/*
 * The staff console's money (issue 17 point 5), admins only (the endpoints' roles; anyone else
 * 404): orders and the order page, refunds, the invoice PDF, coupons and their claims, payment
 * links, instalment plans, invoices. Lists answer a page or, with `format=csv`, the CSV.
 */
export async function adminMoneyRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
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
    endpoints.adminOrders,
    {
      summary: 'Orders with their buyer, workshop, coupon and refunds (admins)',
      description:
        'Filters by status, kind, currency, workshop and a range of days (India time). Searches the order id, the buyer or guest (name, e-mail, mobile) and the provider order and payment ids. Sorts by createdAt (default -createdAt), amount, paidAt.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'orders',
        lists.orderCsvColumns,
        await lists.listOrders(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminOrder,
    {
      summary: 'One order: payments, refunds, what is left to refund, instalment plan, invoice (admins)',
      tags,
    },
    async (request) => ok(await lists.orderDetail(db, request.params.id, ctx.clock())),
  );

  defineRoute(
    api,
    endpoints.adminOrderRefund,
    {
      summary: 'Refund an order in full or in part (admins)',
      description:
        'Idempotent by `idempotencyKey`: the same key answers the same refund, never a second one. 409 when the amount is over what is left or nothing was captured. The provider is called by a job after the commit; a full refund revokes the access the order bought. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await refundFromConsole(db, sessionOf(request), { id: request.id }, request.params.id, request.body),
        'Refund requested; the provider is being asked.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminOrderInvoice,
    {
      summary: 'The tax invoice of any paid order (PDF, admins)',
      description: 'Issued now if the order has none yet. An unpaid order: 404.',
      tags,
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const invoice = await db.transaction((tx) =>
        invoiceForStaff(tx, { orderId: request.params.id, seller: ctx.config.seller, now: ctx.clock() }),
      );
      if (!invoice) throw notFound('The invoice');
      const pdf = await renderInvoicePdf(invoice);
      const fileName = `invoice-${invoice.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .send(pdf);
    },
  );

  defineRoute(
    api,
    endpoints.adminCoupons,
    {
      summary: 'Coupons with their usage (admins)',
      description: 'Filters by active; searches the code; sorts by createdAt (default -createdAt), code.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'coupons',
        lists.couponCsvColumns,
        await lists.listCoupons(db, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminCouponCreate,
    { summary: 'Create a coupon (admins)', description: '409 when the code is taken. Audited.', tags },
    async (request) =>
      ok(await createCoupon(db, sessionOf(request), { id: request.id }, request.body), 'Coupon created.'),
  );

  defineRoute(
    api,
    endpoints.adminCouponUpdate,
    {
      summary: 'Edit or deactivate a coupon (admins)',
      description: '409 when the code is taken or the cap is below the claims made. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await updateCoupon(db, sessionOf(request), { id: request.id }, request.params.id, request.body),
        'Coupon saved.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminCouponClaims,
    {
      summary: 'Who reserved or used a coupon (admins)',
      description: 'Filters by status; searches the user; sorts by createdAt (default -createdAt).',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        `coupon-${request.params.id}-claims`,
        lists.claimCsvColumns,
        await lists.listCouponClaims(db, request.params.id, request.query),
      ),
  );

  defineRoute(
    api,
    endpoints.adminPaymentLinks,
    {
      summary: 'Payment links with their status (admins)',
      description: 'Filters by status (open, paid, expired); searches purpose and payee; sorts by createdAt.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'payment-links',
        lists.paymentLinkCsvColumns,
        await lists.listPaymentLinks(db, request.query, ctx.clock()),
      ),
  );

  defineRoute(
    api,
    endpoints.adminPaymentLinkCreate,
    { summary: 'Create a payment link for an amount and purpose (admins)', description: 'Audited.', tags },
    async (request) =>
      ok(
        await createConsolePaymentLink(db, sessionOf(request), { id: request.id }, request.body, ctx.clock()),
        'Payment link created.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminInstalmentPlans,
    {
      summary: 'Instalment plans with what is paid, due and overdue (admins)',
      description: 'Filters by status and overdue; searches the learner; sorts by createdAt, nextDue.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'instalment-plans',
        lists.planCsvColumns,
        await lists.listInstalmentPlans(db, request.query, ctx.clock()),
      ),
  );

  defineRoute(
    api,
    endpoints.adminInvoices,
    {
      summary: 'Invoices issued (admins)',
      description: 'Searches the number and the buyer; sorts by issuedAt (default -issuedAt), number.',
      tags,
      produces,
    },
    async (request, reply) =>
      answer(
        reply,
        request.query,
        'invoices',
        lists.invoiceCsvColumns,
        await lists.listInvoices(db, request.query),
      ),
  );
}
