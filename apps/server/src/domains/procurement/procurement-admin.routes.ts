import { ACTION_PERMISSION } from '@labshop/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  fapiaoFields,
  fapiaoRequestSchema,
  idParam,
  manageQuoteListQuery,
  manageQuoteSchema,
  pagedOf,
  pageQuery,
  quoteFromInquiryBody,
  quotePackQuery,
  quotePackSchema,
  quotePriceBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseFields, readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { staffOf } from '../staff/index.ts';
import * as documents from './documents.service.ts';
import { sendFile } from '../../lib/downloads.ts';
import * as quotes from './quotes.service.ts';
import { stockDocumentPdf } from './stock-document-pdf.ts';

const idParams = z.object({ id: idParam });
const deliveryParams = z.object({ id: idParam, deliveryId: idParam });
/** An e-fapiao file is small; 10 MB leaves room for scanned attachments. */
const FAPIAO_MAX_BYTES = 10 * 1024 * 1024;

const fapiaoRequestQuery = pageQuery(20).extend({
  pending: z
    .enum(['true', 'false'], { error: '参数有误' })
    .optional()
    .transform((v) => v !== 'false'),
});

/** Quotes and fapiao files for staff (docs/procurement.md). */
const procurementAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/quotes',
    {
      preHandler: app.requireStaff('orders.view'),
      schema: {
        querystring: manageQuoteListQuery,
        response: { 200: envelopeOf(pagedOf(manageQuoteSchema)) },
      },
    },
    async (request) => ok(await quotes.manageListQuotes(app.db, request.query)),
  );

  app.get(
    '/quotes/packs',
    {
      preHandler: app.requireStaff('orders'),
      schema: {
        querystring: quotePackQuery,
        response: { 200: envelopeOf(z.array(quotePackSchema)) },
      },
    },
    async (request) => ok(await quotes.searchQuotePacks(app.db, request.query.key)),
  );

  app.get(
    '/quotes/:id',
    {
      preHandler: app.requireStaff('orders.view'),
      schema: { params: idParams, response: { 200: envelopeOf(manageQuoteSchema) } },
    },
    async (request) => ok(await quotes.manageGetQuote(app.db, request.params.id)),
  );

  app.put(
    '/quotes/:id',
    {
      preHandler: app.requireStaff('orders'),
      schema: { params: idParams, body: quotePriceBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await quotes.priceQuote(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '报价成功');
    },
  );

  app.post(
    '/quotes',
    {
      preHandler: app.requireStaff('orders'),
      config: { idempotent: true },
      schema: {
        body: quoteFromInquiryBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await quotes.quoteFromInquiry(app.db, staffOf(request), request.body), '报价成功'),
  );

  app.get(
    '/fapiao-requests',
    {
      preHandler: app.requireStaff('finance'),
      schema: {
        querystring: fapiaoRequestQuery,
        response: {
          200: envelopeOf(pagedOf(fapiaoRequestSchema.extend({ number: z.string() }))),
        },
      },
    },
    async (request) => ok(await documents.listFapiaoRequests(app.db, request.query)),
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/orders/:id/fapiao',
      {
        preHandler: app.requireStaff(ACTION_PERMISSION['order.fapiao']),
        config: { idempotent: true },
        schema: { params: idParams, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const { fields, file } = await readMultipart(request, FAPIAO_MAX_BYTES);
        if (!file) throw badRequest('请选择发票文件（PDF 或 OFD）');
        const input = parseFields(fapiaoFields, fields);
        await documents.attachFapiao(app.db, app.files, staffOf(request), request.params.id, {
          number: input.number,
          data: file.data,
        });
        return ok(null, '发票已上传');
      },
    );
  });

  // The warehouse's papers (docs/procurement.md, "Order documents"): the packing slip of what is
  // still to ship, and the delivery note of a recorded package.
  app.get(
    '/orders/:id/documents/packing-slip',
    { preHandler: app.requireStaff('deliveries'), schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, name } = await documents.packingSlipPdf(app.db, app.files, request.params.id);
      return sendFile(reply, 'pdf', name, pdf);
    },
  );

  app.get(
    '/orders/:id/deliveries/:deliveryId/delivery-note',
    { preHandler: app.requireStaff('deliveries'), schema: { params: deliveryParams } },
    async (request, reply) => {
      const { pdf, name } = await documents.staffDeliveryNotePdf(
        app.db,
        app.files,
        request.params.id,
        request.params.deliveryId,
      );
      return sendFile(reply, 'pdf', name, pdf);
    },
  );

  // The warehouse's receipts, transfers and stocktakes as paper (docs/lots.md).
  app.get(
    '/stock/documents/:id/pdf',
    { preHandler: app.requireStaff('stock'), schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, name } = await stockDocumentPdf(app.db, request.params.id);
      return sendFile(reply, 'pdf', name, pdf);
    },
  );
};
export default procurementAdminRoutes;
