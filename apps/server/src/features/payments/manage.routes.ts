import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toFen, toYuan } from '@labshop/shared';
import {
  envelopeOf,
  gatewayRefundSchema,
  idParam,
  paymentHistorySchema,
  refundBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/staff-auth.plugin.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { paymentHistory } from './history.service.ts';
import { refundOrderPayment, refundView } from './refunds.service.ts';

const idParams = z.object({ id: idParam });

/** Staff: an order's gateway payments and records, and refunds through the gateway. */
const paymentsManageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manage/v1/orders/:id/payments',
    {
      preHandler: app.requireStaff('orders.view'),
      schema: { params: idParams, response: { 200: envelopeOf(paymentHistorySchema) } },
    },
    async (request) => ok(await paymentHistory(app.db, request.params.id)),
  );

  app.post(
    '/manage/v1/orders/:id/refunds',
    {
      preHandler: app.requireStaff('refunds'),
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: refundBody,
        response: { 200: envelopeOf(gatewayRefundSchema) },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const refund = await refundOrderPayment(
        app.db,
        app.config.payments,
        {
          orderId: request.params.id,
          amountFen: request.body.amount === undefined ? undefined : toFen(request.body.amount),
          reason: request.body.reason,
          staffId: staff.id,
        },
        (trx, r) =>
          recordAudit(trx, {
            staffId: staff.id,
            action: 'order.refund',
            target: `order:${r.orderId}`,
            before: null,
            after: { refundNo: r.outRefundNo, amount: toYuan(r.amount), reason: r.reason },
          }),
      );
      return ok(refundView(refund), '退款已提交');
    },
  );
};
export default paymentsManageRoutes;
