import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { pingDatabase } from './health.repository.ts';

/** Liveness for load balancers: answers only when the database answers. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client/v1/system/health',
    { schema: { response: { 200: envelopeOf(z.object({ status: z.literal('ok') })) } } },
    async () => {
      await pingDatabase(app.db);
      return ok({ status: 'ok' as const });
    },
  );
};
export default healthRoutes;
