import { ACTION_PERMISSION } from '@labshop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bankTransferBody, bankTransferViewSchema, envelopeOf } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import { recordBankTransfer } from '../../workflows/confirm-transfer.ts';

/** One received bank transfer that pays several orders (docs/payments.md, "Bank transfers"). */
const bankTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/bank-transfers',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['order.confirmPayment']),
      config: { idempotent: true },
      schema: { body: bankTransferBody, response: { 200: envelopeOf(bankTransferViewSchema) } },
    },
    async (request) =>
      ok(await recordBankTransfer(app.db, staffOf(request), request.body), '已确认收款'),
  );
};
export default bankTransferRoutes;
