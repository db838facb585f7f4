import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkChangedSchema,
  bulkOnSaleBody,
  bulkPriceBody,
  envelopeOf,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import { bulkSetOnSale, bulkSetPrices } from './bulk-products.service.ts';

const changedAnswer = envelopeOf(bulkChangedSchema);

/** /manage/v1/products/bulk: the product list's actions on its selected rows. */
const bulkProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.requireStaff('catalogue');

  app.post(
    '/products/bulk/on-sale',
    {
      preHandler: catalogue,
      config: { idempotent: true },
      schema: { body: bulkOnSaleBody, response: { 200: changedAnswer } },
    },
    async (request) => {
      const { ids, onSale } = request.body;
      const answer = await bulkSetOnSale(app.db, ids, onSale, staffOf(request).id);
      return ok(answer, `已${onSale ? '上架' : '下架'} ${answer.changed} 个商品`);
    },
  );

  app.post(
    '/products/bulk/prices',
    {
      preHandler: catalogue,
      config: { idempotent: true },
      schema: { body: bulkPriceBody, response: { 200: changedAnswer } },
    },
    async (request) => {
      const answer = await bulkSetPrices(app.db, request.body, staffOf(request).id);
      return ok(answer, `已调整 ${answer.changed} 个商品的价格`);
    },
  );
};
export default bulkProductRoutes;
