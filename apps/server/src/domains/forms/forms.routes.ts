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
import path from 'node:path';
import { ok } from '../../lib/envelope.ts';
import { notFound } from '../../lib/errors.ts';
import { isValidKey, publicKey } from '../../lib/file-store/index.ts';
import { COA_FILE_PATH, coaLinkKeyFor } from './coa-links.ts';
import * as service from './forms.service.ts';

const LINK_DEAD = '证书链接已失效，请重新查询';

/** The storefront's forms: online messages and bulk inquiries. */
const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedbacks',
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
    '/bulk-inquiry',
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
};

/**
 * The check-in survey and the certificates of analysis: /yifanglab-client/v1 is outside the two
 * doors, so these routes write their whole paths (COA_FILE_PATH is also what the links carry).
 */
export const yifanglabFormsRoutes: FastifyPluginAsyncZod = async (app) => {
  let key: Promise<Buffer> | null = null;
  const linkKey = () => (key ??= coaLinkKeyFor(app.config));

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
      const records = await service.lookupCoa(app.db, await linkKey(), request.body, request.ip);
      return ok(records, records.length > 0 ? '操作成功' : MSG.coaEmpty);
    },
  );

  app.get(
    COA_FILE_PATH,
    {
      schema: {
        querystring: z.object({
          token: z.string({ error: LINK_DEAD }).max(4000, { error: LINK_DEAD }),
        }),
      },
    },
    async (request, reply) => {
      const file = service.certificateFile(await linkKey(), request.query.token);
      const stored = file === null ? null : publicKey(file);
      const found = stored !== null && isValidKey(stored) ? await app.files.get(stored) : null;
      if (file === null || !found) throw notFound(LINK_DEAD);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', found.file.size)
        .header('Cache-Control', 'private, max-age=3600')
        .header(
          'Content-Disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(path.posix.basename(file))}`,
        )
        .send(found.stream);
    },
  );
};
export default formsRoutes;
