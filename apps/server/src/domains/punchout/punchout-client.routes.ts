import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  punchoutReturnSchema,
  punchoutSessionSchema,
  punchoutStartBody,
  punchoutStartSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberSessionOf } from '../session/index.ts';
import * as service from './punchout.service.ts';

/**
 * /client/v1/punchout (docs/punchout.md, "The storefront's part"): the storefront exchanges a
 * start link's token for a member token, reads the session it is in, and asks for the form that
 * returns the cart to the buyer's system.
 */
const punchoutClientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/punchout/start',
    { schema: { body: punchoutStartBody, response: { 200: envelopeOf(punchoutStartSchema) } } },
    async (request) => {
      const started = await service.startPunchout(app.db, request.body.token);
      return ok({ ...started, operation: started.operation === 'edit' ? 'edit' : 'create' });
    },
  );

  app.get(
    '/punchout/session',
    {
      preHandler: app.requireMember,
      schema: { response: { 200: envelopeOf(punchoutSessionSchema) } },
    },
    async (request) =>
      ok(await service.punchoutSessionOf(app.db, memberSessionOf(request).sessionId)),
  );

  app.post(
    '/punchout/return',
    {
      preHandler: app.requireMember,
      schema: { response: { 200: envelopeOf(punchoutReturnSchema) } },
    },
    async (request) => {
      const { sessionId, userId } = memberSessionOf(request);
      return ok(await service.returnCart(app.db, sessionId, userId), '正在返回采购系统');
    },
  );
};
export default punchoutClientRoutes;
