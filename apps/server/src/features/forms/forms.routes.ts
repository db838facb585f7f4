import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@labshop/shared';
import {
  bulkInquiryBody,
  checkinSchema,
  coaBody,
  coaRecordSchema,
  envelopeOf,
  feedbackBody,
  surveyBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import * as service from './forms.service.ts';

const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/client/v1/feedbacks',
    {
      config: { idempotent: true },
      schema: { body: feedbackBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.submitFeedback(app.db, request.body, request.ip);
      return ok(null, '留言提交成功');
    },
  );

  app.post(
    '/client/v1/bulk-inquiry',
    {
      preHandler: app.optionalMember,
      config: { idempotent: true },
      schema: { body: bulkInquiryBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.submitBulkInquiry(app.db, request.body, request.memberId, request.ip);
      return ok(null, '提交成功');
    },
  );

  app.post(
    '/yifanglab-client/v1/survey',
    {
      config: { idempotent: true },
      schema: { body: surveyBody, response: { 200: envelopeOf(checkinSchema) } },
    },
    async (request) => ok(await service.checkIn(app.db, request.body, request.ip), '提交成功'),
  );

  app.post(
    '/yifanglab-client/v1/coa',
    { schema: { body: coaBody, response: { 200: envelopeOf(z.array(coaRecordSchema)) } } },
    async (request) => {
      const records = await service.lookupCoa(app.db, request.body, request.ip);
      return ok(records, records.length > 0 ? '操作成功' : MSG.coaEmpty);
    },
  );
};
export default formsRoutes;
