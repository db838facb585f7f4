import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankInput,
  companyInput,
  envelopeOf,
  rejectSettingChangeBody,
  sealInput,
  settingChangeParams,
  settingChangeQuery,
  settingChangeSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { UPLOAD_LIMITS, readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { saveImage } from '../../lib/uploads.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './money-routing.service.ts';

const done = envelopeOf(z.null());
const proposed = envelopeOf(z.object({ id: z.number().int() }));
const PROPOSED = '变更已提交，须由另一位财务或管理员确认后生效';

/**
 * /manage/v1 money routing (docs/console.md, "Money routing"): the receiving bank account, the
 * company details and the seal. Only staff with `money-routing` (finance, admin) read and
 * change them; a change is a proposal until a second such staff member confirms it.
 */
const moneyRoutingRoutes: FastifyPluginAsyncZod = async (app) => {
  const routing = app.requireStaff('money-routing');
  const files = app.files;

  for (const [key, input] of [
    ['company', companyInput],
    ['bank', bankInput],
  ] as const) {
    app.get(
      `/settings/${key}`,
      {
        preHandler: routing,
        schema: { response: { 200: envelopeOf(z.record(z.string(), z.string())) } },
      },
      async () => ok(await service.readCurrent(app.db, key)),
    );
    app.put(
      `/settings/${key}`,
      {
        preHandler: routing,
        config: { idempotent: true },
        schema: { body: input, response: { 200: proposed } },
      },
      async (request) =>
        ok(await service.propose(app.db, key, request.body, staffOf(request).id), PROPOSED),
    );
  }

  // The company seal on quotes and order documents (docs/procurement.md section 4).
  app.get(
    '/settings/seal',
    {
      preHandler: routing,
      schema: { response: { 200: envelopeOf(z.object({ image: z.string() })) } },
    },
    async () => ok({ image: (await service.readCurrent(app.db, 'seal')).image ?? '' }),
  );
  app.put(
    '/settings/seal',
    {
      preHandler: routing,
      config: { idempotent: true },
      schema: { body: sealInput, response: { 200: proposed } },
    },
    async (request) =>
      ok(await service.proposeSeal(app.db, files, request.body, staffOf(request).id), PROPOSED),
  );
  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/settings/seal/image',
      {
        preHandler: routing,
        schema: { response: { 200: envelopeOf(z.object({ url: z.string() })) } },
      },
      async (request) => {
        const { file } = await readMultipart(request, UPLOAD_LIMITS.image);
        if (!file) throw badRequest('请选择图片');
        return ok({ url: await saveImage(files, file.data) }, '上传成功');
      },
    );
  });

  app.get(
    '/settings/changes',
    {
      preHandler: routing,
      schema: {
        querystring: settingChangeQuery,
        response: { 200: envelopeOf(z.array(settingChangeSchema)) },
      },
    },
    async (request) =>
      ok(await service.listChanges(app.db, request.query.key, staffOf(request).id)),
  );

  app.post(
    '/settings/changes/:id/confirm',
    {
      preHandler: routing,
      config: { idempotent: true },
      schema: { params: settingChangeParams, response: { 200: done } },
    },
    async (request) => {
      await service.confirm(app.db, request.params.id, staffOf(request).id);
      return ok(null, '变更已确认生效');
    },
  );

  app.post(
    '/settings/changes/:id/reject',
    {
      preHandler: routing,
      config: { idempotent: true },
      schema: {
        params: settingChangeParams,
        body: rejectSettingChangeBody,
        response: { 200: done },
      },
    },
    async (request) => {
      const status = await service.reject(
        app.db,
        request.params.id,
        staffOf(request).id,
        request.body.reason ?? '',
      );
      return ok(null, status === 'withdrawn' ? '变更已撤回' : '变更已驳回');
    },
  );
};
export default moneyRoutingRoutes;
