import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customizedResultBody,
  envelopeOf,
  idParam,
  inboxItemParams,
  inboxListQuery,
  inboxParams,
  inboxReplyBody,
  inboxReplyParams,
  inboxReplySchema,
  inboxRecordSchema,
  inboxUpdateBody,
  pagedOf,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/sheets.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './inbox.service.ts';

/** Messages, bulk inquiries, custom requests and survey check-ins, handled by staff. */
const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inbox/:kind',
    {
      preHandler: app.requireStaff('inbox'),
      schema: {
        params: inboxParams,
        querystring: inboxListQuery,
        response: { 200: envelopeOf(pagedOf(inboxRecordSchema)) },
      },
    },
    async (request) => ok(await service.listInbox(app.db, request.params.kind, request.query)),
  );

  app.get(
    '/inbox/:kind/export',
    {
      preHandler: app.requireStaff('inbox'),
      schema: {
        params: inboxParams,
        querystring: inboxListQuery,
        // The answer is the XLSX file itself.
        response: { 200: z.any().describe('XLSX workbook') },
      },
    },
    async (request, reply) => {
      const file = await service.exportInbox(app.db, request.params.kind, request.query);
      return reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${request.params.kind}.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );

  app.put(
    '/inbox/:kind/:id',
    {
      preHandler: app.requireStaff('inbox'),
      schema: {
        params: inboxItemParams,
        body: inboxUpdateBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      await service.updateHandling(app.db, staffOf(request), kind, id, request.body);
      return ok(null, '保存成功');
    },
  );

  app.get(
    '/inbox/:kind/:id/replies',
    {
      preHandler: app.requireStaff('inbox'),
      schema: {
        params: inboxReplyParams,
        response: { 200: envelopeOf(z.array(inboxReplySchema)) },
      },
    },
    async (request) =>
      ok(await service.listReplies(app.db, request.params.kind, request.params.id)),
  );

  app.post(
    '/inbox/:kind/:id/replies',
    {
      preHandler: app.requireStaff('inbox'),
      config: { idempotent: true },
      schema: {
        params: inboxReplyParams,
        body: inboxReplyBody,
        response: { 200: envelopeOf(z.array(inboxReplySchema)) },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const replies = await service.replyTo(
        app.db,
        staffOf(request),
        kind,
        id,
        request.body.content,
      );
      return ok(replies, '答复已发送');
    },
  );

  app.put(
    '/customized/:id',
    {
      preHandler: app.requireStaff('inbox'),
      schema: {
        params: z.object({ id: idParam }),
        body: customizedResultBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.resolveCustomized(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '保存成功');
    },
  );
};
export default inboxRoutes;
