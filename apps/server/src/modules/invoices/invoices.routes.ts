import { endpoints } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/app-error.js';
import { sessionOf } from '../../http/auth-guard.js';
import { defineRoute } from '../../http/define-route.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../platform/context.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import { invoiceForOwner } from './invoices.service.js';
import { RECEIPT_TOPIC, receiptHandler } from './receipt.js';

/** The invoice download, the seller's public details, and the receipt job's handler. */
export async function invoicesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  ctx.jobs.registerHandler(
    RECEIPT_TOPIC,
    receiptHandler({ db, seller: ctx.config.seller, publicUrl: ctx.config.publicUrl, clock: ctx.clock }),
  );

  // The seller's details are configuration: the same for every caller until a restart.
  const { name, address, gstin, email, phone } = ctx.config.seller;
  const seller = ok({ name, address, gstin, email, phone });
  defineRoute(
    api,
    endpoints.siteSeller,
    {
      summary: 'The seller named on the contact and policy pages and on tax invoices',
      tags: ['site'],
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return seller;
    },
  );

  defineRoute(
    api,
    endpoints.orderInvoice,
    {
      summary: 'The tax invoice of a paid order (PDF)',
      description:
        'The owner of a paid order downloads its tax invoice: seller and buyer, the gap-free invoice number, the price with 18 % GST shown split, amount paid and method. Anyone else, or an unpaid order: 404.',
      tags: ['payment'],
      produces: ['application/pdf'],
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const invoice = await db.transaction((tx) =>
        invoiceForOwner(tx, {
          orderId: request.params.id,
          userId: session.userId,
          seller: ctx.config.seller,
          now: ctx.clock(),
        }),
      );
      if (!invoice) throw notFound('The order');
      const pdf = await renderInvoicePdf(invoice);
      const fileName = `invoice-${invoice.number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(pdf);
    },
  );
}
