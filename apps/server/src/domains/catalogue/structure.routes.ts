import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, parsedStructureSchema, structureParseBody } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { readStructure } from './structure.ts';

/**
 * The product form's structure reader: the console sends a SMILES or molfile and gets formula,
 * weight and InChIKey back, so the chemistry library stays on the server and out of the console
 * bundle. It reads and writes nothing, so it leaves no audit row.
 */
const structureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/chemistry/parse',
    {
      preHandler: app.requireStaff('catalogue'),
      schema: {
        body: structureParseBody,
        response: { 200: envelopeOf(parsedStructureSchema) },
      },
    },
    async (request) => ok(await readStructure(request.body.structure, request.body.formula)),
  );
};
export default structureRoutes;
