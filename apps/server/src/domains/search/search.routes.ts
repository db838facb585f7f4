import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandSchema,
  envelopeOf,
  keyBody,
  productSearchAnswer,
  productSearchBody,
  relationNameSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { orgIdOf } from '../../lib/org-of-request.ts';
import { productsWithContractPrices } from '../../workflows/contract-prices.ts';
import * as service from './search.service.ts';

const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products',
    {
      // Members' answers differ from visitors' only by the member prices.
      config: { catalogueCache: true, catalogueCacheForMembers: true },
      preHandler: app.optionalMember,
      schema: {
        body: productSearchBody,
        response: { 200: envelopeOf(productSearchAnswer) },
      },
    },
    async (request) => {
      const found = await service.searchProducts(app.db, request.body, request.memberId !== null);
      const records = await productsWithContractPrices(
        app.db,
        request.memberId,
        orgIdOf(request),
        found.records,
      );
      return ok({ ...found, records });
    },
  );

  app.post(
    '/products/brands',
    {
      config: { catalogueCache: true },
      schema: { body: keyBody, response: { 200: envelopeOf(z.array(brandSchema)) } },
    },
    async (request) => ok(await service.searchBrands(app.db, request.body.key)),
  );

  app.post(
    '/products/relations',
    {
      config: { catalogueCache: true },
      schema: { body: keyBody, response: { 200: envelopeOf(z.array(relationNameSchema)) } },
    },
    async (request) => ok(await service.searchRelations(app.db, request.body.key)),
  );
};
export default searchRoutes;
