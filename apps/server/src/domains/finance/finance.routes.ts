import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { balanceRecordSchema, envelopeOf, financeQuery, pagedOf } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import * as finance from './finance.service.ts';

const financeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/finance',
    {
      preHandler: app.requireMember,
      schema: {
        querystring: financeQuery,
        response: { 200: envelopeOf(pagedOf(balanceRecordSchema)) },
      },
    },
    async (request) => ok(await finance.listRecords(app.db, memberIdOf(request), request.query)),
  );
};
export default financeRoutes;
