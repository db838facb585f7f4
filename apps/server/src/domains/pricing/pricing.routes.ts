import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  orgIdParam,
  pagedOf,
  priceListBody,
  priceListQuery,
  priceListSchema,
  priceListSummarySchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './pricing.service.ts';

/** Contract price lists for staff with permission catalogue (docs/contract-prices-credit.md). */
const priceListAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireStaff('catalogue') };

  app.get(
    '/price-lists',
    {
      ...guard,
      schema: {
        querystring: priceListQuery,
        response: { 200: envelopeOf(pagedOf(priceListSummarySchema)) },
      },
    },
    async (request) => ok(await service.listPriceLists(app.db, request.query)),
  );

  app.get(
    '/price-lists/:id',
    { ...guard, schema: { params: orgIdParam, response: { 200: envelopeOf(priceListSchema) } } },
    async (request) => ok(await service.getPriceList(app.db, request.params.id)),
  );

  app.post(
    '/price-lists',
    {
      ...guard,
      config: { idempotent: true },
      schema: {
        body: priceListBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await service.createPriceList(app.db, staffOf(request), request.body), '价目表已创建'),
  );

  app.put(
    '/price-lists/:id',
    {
      ...guard,
      schema: { params: orgIdParam, body: priceListBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.updatePriceList(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '价目表已保存');
    },
  );
};
export default priceListAdminRoutes;
