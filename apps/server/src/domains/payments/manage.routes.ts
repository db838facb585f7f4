import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACTION_PERMISSION, toFen, toYuan } from '@labshop/shared';
import {
  envelopeOf,
  gatewayRefundSchema,
  idParam,
  paymentHistorySchema,
  refundBody,
  strayRefundBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import { recordAudit } from '../audit/index.ts';
import { paymentHistory } from './history.service.ts';
import { refundView } from './refunds.service.ts';
import { refundOrder, refundStrayPayment } from '../../workflows/refund.ts';

const idParams = z.object({ id: idParam });
const transactionParams = z.object({ id: idParam, transactionId: idParam });

/** Staff: an order's gateway payments and records, and refunds (docs/payments.md, "Refunds"). */
const paymentsManageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/payments',
    {
      preHandler: app.requireStaff('orders.view'),
      schema: { params: idParams, response: { 200: envelopeOf(paymentHistorySchema) } },
    },
    async (request) => ok(await paymentHistory(app.db, request.params.id)),
  );

  app.post(
    '/orders/:id/refunds',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.refund']),
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: refundBody,
        response: { 200: envelopeOf(gatewayRefundSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const refund = await refundOrder(
        app.db,
        app.config.payments,
        {
          orderId: request.params.id,
          amountFen: request.body.amount === undefined ? undefined : toFen(request.body.amount),
          reason: request.body.reason,
          staffId: staff.id,
        },
        (trx, after) =>
          recordAudit(trx, {
            staffId: staff.id,
            action: 'order.refund',
            target: `order:${request.params.id}`,
            // No before: the console's history shows what the refund added.
            after,
          }),
      );
      return ok(refund, refund.state === 'success' ? '退款成功' : '退款已提交');
    },
  );

  app.post(
    '/orders/:id/payments/:transactionId/refund',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.refund']),
      config: { idempotent: true },
      schema: {
        params: transactionParams,
        body: strayRefundBody,
        response: { 200: envelopeOf(gatewayRefundSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id, transactionId } = request.params;
      const refund = await refundStrayPayment(
        app.db,
        app.config.payments,
        { orderId: id, transactionId, reason: request.body.reason, staffId: staff.id },
        (trx, r) =>
          recordAudit(trx, {
            staffId: staff.id,
            action: 'order.refund',
            target: `order:${id}`,
            after: {
              refundNo: r.outRefundNo,
              amount: toYuan(r.amount),
              reason: r.reason,
              payment: r.outTradeNo,
            },
          }),
      );
      return ok(refundView(refund), refund.state === 'success' ? '退款成功' : '退款已提交');
    },
  );
};
export default paymentsManageRoutes;
