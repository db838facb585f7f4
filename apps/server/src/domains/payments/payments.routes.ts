import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeOf,
  idParam,
  payBody,
  payMethodsSchema,
  paymentInfoSchema,
  paymentStartSchema,
  paymentSyncSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import { offeredPayTypes } from '../../payments-config.ts';
import { syncOrderPayment } from './open-payments.service.ts';
import * as payments from './pay.service.ts';
import { payOrder } from '../../workflows/pay.ts';

const idParams = z.object({ id: idParam });
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i;

/** Member routes: pay an order, see how it can be paid, ask the gateway after returning. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };
  const cfg = app.config.payments;

  app.get(
    '/payments/methods',
    { schema: { response: { 200: envelopeOf(payMethodsSchema) } } },
    async () => ok({ payTypes: offeredPayTypes(cfg) }),
  );

  app.post(
    '/user/orders/:id/payment',
    {
      ...guard,
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: payBody,
        response: { 200: envelopeOf(paymentStartSchema) },
      },
    },
    async (request) => {
      const device =
        request.body.device ??
        (MOBILE_UA.test(request.headers['user-agent'] ?? '') ? 'mobile' : 'pc');
      const start = await payOrder(app.db, cfg, {
        userId: memberIdOf(request),
        orderId: request.params.id,
        payType: request.body.payType,
        device,
        clientIp: request.ip,
      });
      return ok(start, start.paid ? '支付成功' : '操作成功');
    },
  );

  app.get(
    '/user/orders/:id/payment',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(paymentInfoSchema) } } },
    async (request) =>
      ok(await payments.paymentInfo(app.db, cfg, memberIdOf(request), request.params.id)),
  );

  app.post(
    '/user/orders/:id/payment/query',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(paymentSyncSchema) } } },
    async (request) =>
      ok(await syncOrderPayment(app.db, cfg, memberIdOf(request), request.params.id)),
  );
};
export default paymentsRoutes;
