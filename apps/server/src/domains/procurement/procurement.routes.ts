import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  fapiaoRequestSchema,
  fapiaoStatusSchema,
  idParam,
  orderCreatedSchema,
  orderFieldsBody,
  pagedOf,
  quickOrderBody,
  quickOrderResultSchema,
  quickPreviewLineSchema,
  quoteCreateBody,
  quoteListQuery,
  quoteSchema,
  reorderResultSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { readMultipart, UPLOAD_LIMITS, uploadRoutes } from '../../lib/multipart.ts';
import { orgIdOf } from '../../lib/org-of-request.ts';
import { linesWithContractPrices } from '../../workflows/contract-prices.ts';
import { memberIdOf } from '../session/index.ts';
import { assertPayTypeOffered } from '../../payments-config.ts';
import * as documents from './documents.service.ts';
import * as quick from './quick-order.service.ts';
import * as quotes from './quotes.service.ts';
import { sendFile } from '../../lib/downloads.ts';
import { orderFromQuote } from '../../workflows/quote-to-order.ts';

const idParams = z.object({ id: idParam });
/** The package; may be left out when the order has one package only. */
const deliveryQuery = z.object({ deliveryId: idParam.optional() });

/** Lab procurement for members (docs/procurement.md). */
const procurementRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };
  const files = app.files;

  app.post(
    '/cart/quick',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: quickOrderBody, response: { 200: envelopeOf(quickOrderResultSchema) } },
    },
    async (request) => {
      const result = await quick.quickOrder(
        app.db,
        memberIdOf(request),
        request.body.text,
        orgIdOf(request),
      );
      return ok(result, result.added > 0 ? '加入购物车成功' : '没有可加入购物车的商品');
    },
  );

  app.post(
    '/cart/quick/preview',
    {
      ...guard,
      schema: {
        body: quickOrderBody,
        response: { 200: envelopeOf(z.array(quickPreviewLineSchema)) },
      },
    },
    async (request) => {
      const userId = memberIdOf(request);
      const lines = await quick.previewQuickOrder(
        app.db,
        userId,
        request.body.text,
        orgIdOf(request),
      );
      return ok(await linesWithContractPrices(app.db, userId, orgIdOf(request), lines));
    },
  );

  app.get('/cart/quick/template', async (_request, reply) =>
    sendFile(reply, 'xlsx', '快速下单模板.xlsx', await quick.quickOrderTemplate()),
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/cart/quick/sheet',
      {
        ...guard,
        schema: { response: { 200: envelopeOf(z.object({ text: z.string() })) } },
      },
      async (request) => {
        const { file } = await readMultipart(request, UPLOAD_LIMITS.quickSheet);
        if (!file) throw badRequest('请选择 XLSX 或 CSV 文件');
        return ok({ text: await quick.sheetToText(file.data, file.filename) });
      },
    );
  });

  app.post(
    '/user/orders/:id/reorder',
    {
      ...guard,
      config: { idempotent: true },
      schema: { params: idParams, response: { 200: envelopeOf(reorderResultSchema) } },
    },
    async (request) => {
      const result = await quick.reorder(
        app.db,
        memberIdOf(request),
        request.params.id,
        orgIdOf(request),
      );
      return ok(result, result.added > 0 ? '加入购物车成功' : '订单中的商品均已无法购买');
    },
  );

  app.post(
    '/quotes',
    {
      ...guard,
      config: { idempotent: true },
      schema: {
        body: quoteCreateBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await quotes.requestQuote(app.db, memberIdOf(request), request.body), '报价申请已提交'),
  );

  app.get(
    '/quotes',
    {
      ...guard,
      schema: { querystring: quoteListQuery, response: { 200: envelopeOf(pagedOf(quoteSchema)) } },
    },
    async (request) => ok(await quotes.listQuotes(app.db, memberIdOf(request), request.query)),
  );

  app.get(
    '/quotes/:id',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(quoteSchema) } } },
    async (request) => ok(await quotes.getQuote(app.db, memberIdOf(request), request.params.id)),
  );

  app.get('/quotes/:id/pdf', { ...guard, schema: { params: idParams } }, async (request, reply) => {
    const { pdf, name } = await documents.quotePdf(
      app.db,
      files,
      memberIdOf(request),
      request.params.id,
    );
    return sendFile(reply, 'pdf', name, pdf);
  });

  app.post(
    '/quotes/:id/order',
    {
      ...guard,
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: orderFieldsBody,
        response: { 200: envelopeOf(orderCreatedSchema) },
      },
    },
    async (request) => {
      assertPayTypeOffered(app.config.payments, request.body.payType);
      return ok(
        await orderFromQuote(app.db, memberIdOf(request), request.params.id, request.body),
        '提交成功',
      );
    },
  );

  app.get(
    '/user/orders/:id/documents/confirmation',
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      const { pdf, name } = await documents.confirmationPdf(
        app.db,
        files,
        memberIdOf(request),
        request.params.id,
      );
      return sendFile(reply, 'pdf', name, pdf);
    },
  );

  app.get(
    '/user/orders/:id/documents/delivery-note',
    { ...guard, schema: { params: idParams, querystring: deliveryQuery } },
    async (request, reply) => {
      const { pdf, name } = await documents.deliveryNotePdf(
        app.db,
        files,
        memberIdOf(request),
        request.params.id,
        request.query.deliveryId,
      );
      return sendFile(reply, 'pdf', name, pdf);
    },
  );

  app.get(
    '/user/orders/:id/documents/reimbursement',
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      const { zip, name } = await documents.reimbursementZip(
        app.db,
        files,
        memberIdOf(request),
        request.params.id,
      );
      return sendFile(reply, 'zip', name, zip);
    },
  );

  app.get(
    '/user/orders/:id/fapiao',
    { ...guard, schema: { params: idParams } },
    async (request, reply) => {
      const f = await documents.fapiaoFile(app.db, files, memberIdOf(request), request.params.id);
      return sendFile(reply, f.kind, f.name, f.stream, f.size);
    },
  );

  app.get(
    '/user/orders/:id/fapiao/status',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(fapiaoStatusSchema) } } },
    async (request) =>
      ok(await documents.fapiaoStatus(app.db, memberIdOf(request), request.params.id)),
  );

  app.post(
    '/user/orders/:id/fapiao/request',
    {
      ...guard,
      config: { idempotent: true },
      schema: { params: idParams, response: { 200: envelopeOf(fapiaoRequestSchema) } },
    },
    async (request) =>
      ok(
        await documents.requestFapiao(app.db, memberIdOf(request), request.params.id),
        '开票申请已提交',
      ),
  );
};
export default procurementRoutes;
