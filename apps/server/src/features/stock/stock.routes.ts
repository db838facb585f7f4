import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  idParam,
  manageStoreSchema,
  movementQuery,
  movementSchema,
  pagedOf,
  stockAdjustmentBody,
  stockQuery,
  stockRowSchema,
  storeInput,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/staff-auth.plugin.ts';
import * as service from './stock.service.ts';
import * as warehouses from './warehouses.service.ts';

const idParams = z.object({ id: idParam });
const done = envelopeOf(z.null());

/** /manage/v1 warehouses and stock: the stock page, adjustments and the movement history. */
const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const stock = app.requireStaff('stock');

  // Warehouse names are read by the product form (catalogue) and the stock page (stock) alike.
  app.get(
    '/manage/v1/stores',
    {
      preHandler: app.requireStaff(),
      schema: { response: { 200: envelopeOf(z.array(manageStoreSchema)) } },
    },
    async () => ok(await warehouses.listStores(app.db)),
  );

  app.post(
    '/manage/v1/stores',
    {
      preHandler: stock,
      config: { idempotent: true },
      schema: {
        body: storeInput,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await warehouses.createStore(app.db, request.body.name, staffOf(request).id),
        '仓库已创建',
      ),
  );

  app.put(
    '/manage/v1/stores/:id',
    { preHandler: stock, schema: { params: idParams, body: storeInput, response: { 200: done } } },
    async (request) => {
      await warehouses.updateStore(
        app.db,
        request.params.id,
        request.body.name,
        staffOf(request).id,
      );
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/manage/v1/stores/:id',
    { preHandler: stock, schema: { params: idParams, response: { 200: done } } },
    async (request) => {
      await warehouses.deleteStore(app.db, request.params.id, staffOf(request).id);
      return ok(null, '已删除');
    },
  );

  app.get(
    '/manage/v1/stock',
    {
      preHandler: stock,
      schema: { querystring: stockQuery, response: { 200: envelopeOf(pagedOf(stockRowSchema)) } },
    },
    async (request) => ok(await service.stockPage(app.db, request.query)),
  );

  app.post(
    '/manage/v1/stock/adjustments',
    {
      preHandler: stock,
      config: { idempotent: true },
      schema: {
        body: stockAdjustmentBody,
        response: { 200: envelopeOf(z.object({ count: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await service.adjustStock(app.db, request.body, staffOf(request).id), '库存已调整'),
  );

  app.get(
    '/manage/v1/stock/movements',
    {
      preHandler: stock,
      schema: {
        querystring: movementQuery,
        response: { 200: envelopeOf(pagedOf(movementSchema)) },
      },
    },
    async (request) => ok(await service.movementPage(app.db, request.query)),
  );
};
export default stockRoutes;
