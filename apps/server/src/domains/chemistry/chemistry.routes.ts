import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  pagedOf,
  productCardSchema,
  structureSearchBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import * as service from './chemistry.service.ts';

const chemistryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products/structure',
    {
      preHandler: app.optionalMember,
      schema: {
        body: structureSearchBody,
        response: { 200: envelopeOf(pagedOf(productCardSchema)) },
      },
    },
    async (request) =>
      ok(await service.searchStructures(app.db, request.body, request.memberId !== null)),
  );
};
export default chemistryRoutes;
