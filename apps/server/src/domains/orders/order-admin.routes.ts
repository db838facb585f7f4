import { ACTION_PERMISSION } from '@labshop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelBody,
  cancelDeliveryBody,
  deliveryBody,
  deliveryParams,
  envelopeOf,
  idParam,
  invoiceIssueBody,
  manageOrderDetailSchema,
  manageOrderListQuery,
  manageOrderSchema,
  orderEditBody,
  orderStockSchema,
  orderTotalsSchema,
  pagedOf,
  pricesBody,
  trackBody,
  transferBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/sheets.ts';
import { exportOrders } from './order-export.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './order-admin.service.ts';
import { addTrack } from '../fulfilment/index.ts';
import { cancelOrder } from '../../workflows/cancel-order.ts';
import { cancelPackage } from '../../workflows/cancel-package.ts';
import { confirmTransfer } from '../../workflows/confirm-transfer.ts';
import { correctOrder, priceOrder } from '../../workflows/correct-order.ts';
import { staffOrderPage } from '../../workflows/order-pages.ts';
import { shipPackage } from '../../workflows/ship-package.ts';

const idParams = z.object({ id: idParam });
const done = envelopeOf(z.null());

/**
 * Orders for staff: the list, the detail, and every step from payment to delivery; a step that
 * writes more than orders is its workflow's (apps/server/src/workflows, docs/architecture.md).
 */
const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = app.config.payments;
  app.get(
    '/orders',
    {
      preHandler: app.requireStaff('orders.view'),
      schema: {
        querystring: manageOrderListQuery,
        response: { 200: envelopeOf(pagedOf(manageOrderSchema)) },
      },
    },
    async (request) => ok(await service.listOrders(app.db, request.query)),
  );

  app.get(
    '/orders/export',
    {
      preHandler: app.requireStaff('orders.view'),
      schema: {
        querystring: manageOrderListQuery,
        // The answer is the XLSX file itself.
        response: { 200: z.any().describe('XLSX workbook') },
      },
    },
    async (request, reply) =>
      reply
        .header('Content-Type', XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="orders.xlsx"`)
        .header('Cache-Control', 'no-store')
        .send(await exportOrders(app.db, request.query)),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: app.requireStaff('orders.view'),
      schema: { params: idParams, response: { 200: envelopeOf(manageOrderDetailSchema) } },
    },
    async (request) => ok(await staffOrderPage(app.db, request.params.id)),
  );

  app.get(
    '/orders/:id/stocks',
    {
      preHandler: app.requireStaff('deliveries'),
      schema: { params: idParams, response: { 200: envelopeOf(orderStockSchema) } },
    },
    async (request) => ok(await service.orderStocks(app.db, request.params.id)),
  );

  app.post(
    '/orders/:id/payment',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.confirmPayment']),
      config: { idempotent: true },
      schema: { params: idParams, body: transferBody, response: { 200: done } },
    },
    async (request) => {
      await confirmTransfer(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '已确认收款');
    },
  );

  // Prices an unpaid order's lines: a 待确认 order's first pricing, or new prices later.
  app.put(
    '/orders/:id/prices',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.price']),
      config: { idempotent: true },
      schema: { params: idParams, body: pricesBody, response: { 200: done } },
    },
    async (request) => {
      await priceOrder(app.db, cfg, staffOf(request), request.params.id, request.body);
      return ok(null, '定价成功');
    },
  );

  // 修改订单: an unpaid order's lines lowered or removed, prices and freight corrected.
  app.put(
    '/orders/:id',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.edit']),
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: orderEditBody,
        response: { 200: envelopeOf(orderTotalsSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const totals = await correctOrder(app.db, cfg, staffOf(request), id, request.body);
      return ok(totals, '订单已修改');
    },
  );

  app.post(
    '/orders/:id/deliveries',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.ship']),
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: deliveryBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await shipPackage(app.db, staffOf(request), request.params.id, request.body), '发货成功'),
  );

  app.post(
    '/orders/:id/deliveries/:deliveryId/tracks',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.track']),
      config: { idempotent: true },
      schema: { params: deliveryParams, body: trackBody, response: { 200: done } },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      await addTrack(app.db, staffOf(request), id, deliveryId, request.body);
      return ok(null, '已添加物流记录');
    },
  );

  // 撤销发货: a package shipped by mistake; its stock goes back to the lots it came from.
  app.post(
    '/orders/:id/deliveries/:deliveryId/cancel',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.cancelDelivery']),
      config: { idempotent: true },
      schema: { params: deliveryParams, body: cancelDeliveryBody, response: { 200: done } },
    },
    async (request) => {
      const { id, deliveryId } = request.params;
      await cancelPackage(app.db, staffOf(request), id, deliveryId, request.body);
      return ok(null, '已撤销发货');
    },
  );

  app.post(
    '/orders/:id/complete',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.complete']),
      config: { idempotent: true },
      schema: { params: idParams, response: { 200: done } },
    },
    async (request) => {
      await service.complete(app.db, staffOf(request), request.params.id);
      return ok(null, '订单已完成');
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      // Two actions behind one route: an unpaid order's cancel needs `orders`, a paid one's
      // (a refund) `refunds`; the service checks which once it has read the order.
      preHandler: app.requireStaff('orders.view'),
      config: { idempotent: true },
      schema: { params: idParams, body: cancelBody, response: { 200: done } },
    },
    async (request) => {
      await cancelOrder(app.db, cfg, staffOf(request), request.params.id, request.body);
      return ok(null, '订单已取消');
    },
  );

  app.put(
    '/orders/:id/invoice',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.invoice']),
      schema: { params: idParams, body: invoiceIssueBody, response: { 200: done } },
    },
    async (request) => {
      await service.issueInvoice(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '已登记开票');
    },
  );
};
export default orderAdminRoutes;
