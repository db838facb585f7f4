import { ACTION_PERMISSION } from '@labshop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkShipBody, bulkShipResultSchema, envelopeOf } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import { shipMany } from '../../workflows/ship-package.ts';

/** 批量发货 from the order list: a package per order, each order's outcome in the answer. */
const bulkShipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/bulk/deliveries',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.ship']),
      config: { idempotent: true },
      schema: { body: bulkShipBody, response: { 200: envelopeOf(bulkShipResultSchema) } },
    },
    async (request) => {
      const result = await shipMany(app.db, staffOf(request), request.body);
      const { shipped, failed } = result;
      const rest = failed.length > 0 ? `，${failed.length} 个未能发货` : '';
      return ok(result, `已发货 ${shipped.length} 个订单${rest}`);
    },
  );
};
export default bulkShipRoutes;
