import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  idParam,
  orderCreateBody,
  orderCreatedSchema,
  orderDetailSchema,
  orderListQuery,
  orderPreviewSchema,
  orderSchema,
  pagedOf,
  shipmentSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import * as orders from './orders.service.ts';
import { cancelOwnOrder } from '../../workflows/cancel-order.ts';
import { memberOrderPage } from '../../workflows/order-pages.ts';
import { createOrder } from '../../workflows/place-order.ts';
import { previewOrder } from '../../workflows/order-preview.ts';
import { coaLinkKeyFor } from '../forms/index.ts';
import { assertPlacingPayType } from '../../payments-config.ts';

const idParams = z.object({ id: idParam });

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };

  app.post(
    '/orders',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: orderCreateBody, response: { 200: envelopeOf(orderCreatedSchema) } },
    },
    async (request) => {
      assertPlacingPayType(app.config.payments, request.body.payType);
      return ok(await createOrder(app.db, memberIdOf(request), request.body), '提交成功');
    },
  );

  // 确认订单: the packages, freight and amount the same body would order (docs/shipping.md).
  app.post(
    '/orders/preview',
    {
      ...guard,
      schema: { body: orderCreateBody, response: { 200: envelopeOf(orderPreviewSchema) } },
    },
    async (request) => ok(await previewOrder(app.db, memberIdOf(request), request.body)),
  );

  app.get(
    '/user/orders',
    {
      ...guard,
      schema: { querystring: orderListQuery, response: { 200: envelopeOf(pagedOf(orderSchema)) } },
    },
    async (request) =>
      ok(await orders.listOrders(app.db, { userId: memberIdOf(request) }, request.query)),
  );

  app.get(
    '/user/orders/:id',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(orderDetailSchema) } } },
    async (request) => ok(await memberOrderPage(app.db, memberIdOf(request), request.params.id)),
  );

  app.delete(
    '/user/orders/:id',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await cancelOwnOrder(app.db, memberIdOf(request), request.params.id);
      return ok(null, '取消订单成功');
    },
  );

  app.get(
    '/user/orders/:id/deliveries',
    {
      ...guard,
      schema: { params: idParams, response: { 200: envelopeOf(z.array(shipmentSchema)) } },
    },
    async (request) =>
      ok(
        await orders.listDeliveries(
          app.db,
          memberIdOf(request),
          request.params.id,
          await coaLinkKeyFor(app.config),
        ),
      ),
  );
};
export default ordersRoutes;
