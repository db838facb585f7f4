import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, shippingRulesInput, shippingRulesSchema } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import * as rules from './shipping-rules.service.ts';

/** /manage/v1 freight rules per shipping class (docs/shipping.md), kept with the warehouse's work. */
export const shippingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deliveries = app.requireStaff('deliveries');

  app.get(
    '/settings/shipping-classes',
    { preHandler: deliveries, schema: { response: { 200: envelopeOf(shippingRulesSchema) } } },
    async () => ok(rules.rulesAnswer(await rules.shippingRules(app.db))),
  );

  app.put(
    '/settings/shipping-classes',
    {
      preHandler: deliveries,
      schema: { body: shippingRulesInput, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await rules.saveShippingRules(app.db, request.body, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );
};
