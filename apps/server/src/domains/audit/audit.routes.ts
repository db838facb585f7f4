import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditRecordSchema, envelopeOf, pagedOf } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { listAudit } from './audit.service.ts';

/** The audit log of every staff write, for admins. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      preHandler: app.requireStaff('audit'),
      schema: {
        querystring: auditListQuery,
        response: { 200: envelopeOf(pagedOf(auditRecordSchema)) },
      },
    },
    async (request) => ok(await listAudit(app.db, request.query)),
  );
};
export default auditRoutes;
