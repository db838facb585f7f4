import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartIdsBody,
  cartLineSchema,
  cartPartBody,
  cartUpdateBody,
  cartUpdatedSchema,
  envelopeOf,
} from '@labshop/shared/schemas';
import { CartUpdateType } from '@labshop/shared';
import { ok } from '../../lib/envelope.ts';
import { orgIdOf } from '../../lib/org-of-request.ts';
import { linesWithContractPrices } from '../../workflows/contract-prices.ts';
import { memberIdOf } from '../session/index.ts';
import * as cart from './cart.service.ts';

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };

  app.get(
    '/cart',
    { ...guard, schema: { response: { 200: envelopeOf(z.array(cartLineSchema)) } } },
    async (request) => {
      const userId = memberIdOf(request);
      const lines = await cart.listCart(app.db, userId);
      return ok(await linesWithContractPrices(app.db, userId, orgIdOf(request), lines));
    },
  );

  app.get(
    '/cart/count',
    { ...guard, schema: { response: { 200: envelopeOf(z.number().int()) } } },
    async (request) => ok(await cart.countCart(app.db, memberIdOf(request))),
  );

  app.put(
    '/cart',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: cartUpdateBody, response: { 200: envelopeOf(cartUpdatedSchema) } },
    },
    async (request) => {
      const line = await cart.updateCart(app.db, memberIdOf(request), request.body);
      return ok(line, request.body.type === CartUpdateType.ADD ? '加入购物车成功' : '修改成功');
    },
  );

  app.delete(
    '/cart',
    { ...guard, schema: { body: cartIdsBody, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await cart.deleteLines(app.db, memberIdOf(request), request.body.ids);
      return ok(null, '删除成功');
    },
  );

  app.delete(
    '/cart/all',
    { ...guard, schema: { response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await cart.clearCart(app.db, memberIdOf(request));
      return ok(null, '清空购物车成功');
    },
  );

  app.post(
    '/cart/part',
    {
      ...guard,
      schema: { body: cartPartBody, response: { 200: envelopeOf(z.array(cartLineSchema)) } },
    },
    async (request) => {
      const userId = memberIdOf(request);
      const lines = await cart.chosenLines(app.db, userId, request.body.ids);
      return ok(await linesWithContractPrices(app.db, userId, orgIdOf(request), lines));
    },
  );
};
export default cartRoutes;
