import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customizedBody,
  customizedListQuery,
  customizedSchema,
  envelopeOf,
  idParam,
  pagedOf,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import * as customized from './customized.service.ts';

const idParams = z.object({ id: idParam });

const customizedRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };

  app.post(
    '/customized',
    {
      preHandler: app.optionalMember,
      config: { idempotent: true },
      schema: {
        body: customizedBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const requester =
        request.memberId === null ? { ip: request.ip } : { userId: request.memberId };
      const id = await customized.createRequest(app.db, requester, request.body);
      return ok({ id }, '提交成功');
    },
  );

  app.get(
    '/customized',
    {
      ...guard,
      schema: {
        querystring: customizedListQuery,
        response: { 200: envelopeOf(pagedOf(customizedSchema)) },
      },
    },
    async (request) =>
      ok(await customized.listRequests(app.db, memberIdOf(request), request.query)),
  );

  app.get(
    '/customized/:id',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(customizedSchema) } } },
    async (request) =>
      ok(await customized.getRequest(app.db, memberIdOf(request), request.params.id)),
  );

  app.delete(
    '/customized/:id/cancel',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await customized.cancelRequest(app.db, memberIdOf(request), request.params.id);
      return ok(null, '取消定制成功');
    },
  );
};
export default customizedRoutes;
