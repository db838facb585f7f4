import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { envelopeOf } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';

/** Liveness for load balancers: answers only when the database answers. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client/v1/system/health',
    { schema: { response: { 200: envelopeOf(z.object({ status: z.literal('ok') })) } } },
    async () => {
      await sql`select 1`.execute(app.db);
      return ok({ status: 'ok' as const });
    },
  );
};
export default healthRoutes;
