import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  idParam,
  orderPackagesSchema,
  shippingRulesInput,
  shippingRulesSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import * as rules from './shipping-rules.service.ts';
import { orderPackages } from './shipping.service.ts';

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
  // The ship dialog's packages: which lines may share one and the carriers each may go with.
  app.get(
    '/orders/:id/packages',
    {
      preHandler: deliveries,
      schema: {
        params: z.object({ id: idParam }),
        response: { 200: envelopeOf(orderPackagesSchema) },
      },
    },
    async (request) => ok(await orderPackages(app.db, request.params.id)),
  );
};
