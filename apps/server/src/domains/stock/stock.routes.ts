import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  expiringLotsSchema,
  idParam,
  lotDetailSchema,
  lotParams,
  lotQuery,
  lotRowSchema,
  receiptBody,
  shelfLifeAnswer,
  shelfLifeSchema,
  stockDocumentQuery,
  stockDocumentRowSchema,
  stockDocumentSchema,
  stockTransferBody,
  stocktakeBody,
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
import { sendFile } from '../../lib/downloads.ts';
import { staffOf } from '../staff/index.ts';
import * as lots from './lots.service.ts';
import * as views from './lot-views.service.ts';
import * as service from './stock.service.ts';
import * as warehouses from './warehouses.service.ts';

const idParams = z.object({ id: idParam });
const done = envelopeOf(z.null());

/** /manage/v1 warehouses and stock: the stock page, adjustments and the movement history. */
const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const stock = app.requireStaff('stock');

  // Warehouse names are read by the product form (catalogue) and the stock page (stock) alike.
  app.get(
    '/stores',
    {
      preHandler: app.requireStaff(),
      schema: { response: { 200: envelopeOf(z.array(manageStoreSchema)) } },
    },
    async () => ok(await warehouses.listStores(app.db)),
  );

  app.post(
    '/stores',
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
    '/stores/:id',
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
    '/stores/:id',
    { preHandler: stock, schema: { params: idParams, response: { 200: done } } },
    async (request) => {
      await warehouses.deleteStore(app.db, request.params.id, staffOf(request).id);
      return ok(null, '已删除');
    },
  );

  app.get(
    '/stock',
    {
      preHandler: stock,
      schema: { querystring: stockQuery, response: { 200: envelopeOf(pagedOf(stockRowSchema)) } },
    },
    async (request) => ok(await service.stockPage(app.db, request.query)),
  );

  app.post(
    '/stock/adjustments',
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
    '/stock/movements',
    {
      preHandler: stock,
      schema: {
        querystring: movementQuery,
        response: { 200: envelopeOf(pagedOf(movementSchema)) },
      },
    },
    async (request) => ok(await service.movementPage(app.db, request.query)),
  );

  // Lots and expiry (docs/lots.md).
  const created = envelopeOf(z.object({ id: z.number().int() }));
  app.post(
    '/stock/receipts',
    {
      preHandler: stock,
      config: { idempotent: true },
      schema: { body: receiptBody, response: { 200: created } },
    },
    async (request) => ok(await lots.receive(app.db, request.body, staffOf(request).id), '已入库'),
  );

  app.post(
    '/stock/transfers',
    {
      preHandler: stock,
      config: { idempotent: true },
      schema: { body: stockTransferBody, response: { 200: created } },
    },
    async (request) => ok(await lots.transfer(app.db, request.body, staffOf(request).id), '已调拨'),
  );

  app.post(
    '/stock/stocktakes',
    {
      preHandler: stock,
      config: { idempotent: true },
      schema: {
        body: stocktakeBody,
        response: {
          200: envelopeOf(z.object({ id: z.number().int(), differences: z.number().int() })),
        },
      },
    },
    async (request) =>
      ok(await lots.stocktake(app.db, request.body, staffOf(request).id), '盘点已过账'),
  );

  app.get(
    '/stock/stocktake-sheet',
    {
      preHandler: stock,
      schema: {
        querystring: z.object({ storeId: idParam, format: z.enum(['xlsx']).optional() }),
        response: { 200: z.any().describe('XLSX workbook') },
      },
    },
    async (request, reply) => {
      const { file, name } = await views.stocktakeSheet(app.db, request.query.storeId);
      return sendFile(reply, 'xlsx', name, file);
    },
  );

  app.get(
    '/stock/documents',
    {
      preHandler: stock,
      schema: {
        querystring: stockDocumentQuery,
        response: { 200: envelopeOf(pagedOf(stockDocumentRowSchema)) },
      },
    },
    async (request) => ok(await views.documentPage(app.db, request.query)),
  );

  app.get(
    '/stock/documents/:id',
    {
      preHandler: stock,
      schema: { params: idParams, response: { 200: envelopeOf(stockDocumentSchema) } },
    },
    async (request) => ok(await views.documentDetail(app.db, request.params.id)),
  );

  app.get(
    '/stock/lots',
    {
      preHandler: stock,
      schema: { querystring: lotQuery, response: { 200: envelopeOf(pagedOf(lotRowSchema)) } },
    },
    async (request) => ok(await views.lotPage(app.db, request.query)),
  );

  app.get(
    '/stock/lots/expiring',
    { preHandler: stock, schema: { response: { 200: envelopeOf(expiringLotsSchema) } } },
    async () => ok(await views.expiringLots(app.db)),
  );

  app.get(
    '/stock/lots/:materialId/:lotNumber',
    {
      preHandler: stock,
      schema: { params: lotParams, response: { 200: envelopeOf(lotDetailSchema) } },
    },
    async (request) =>
      ok(await views.lotDetail(app.db, request.params.materialId, request.params.lotNumber)),
  );

  app.get(
    '/stock/lots/:materialId/:lotNumber/recall.xlsx',
    {
      preHandler: stock,
      schema: { params: lotParams, response: { 200: z.any().describe('XLSX workbook') } },
    },
    async (request, reply) => {
      const { file, name } = await views.recallXlsx(
        app.db,
        request.params.materialId,
        request.params.lotNumber,
      );
      return sendFile(reply, 'xlsx', name, file);
    },
  );

  app.get(
    '/settings/shelf-life',
    { preHandler: stock, schema: { response: { 200: envelopeOf(shelfLifeAnswer) } } },
    async () => ok({ minMonths: await lots.minShelfLifeMonths(app.db) }),
  );

  app.put(
    '/settings/shelf-life',
    { preHandler: stock, schema: { body: shelfLifeSchema, response: { 200: done } } },
    async (request) => {
      await lots.saveMinShelfLife(app.db, request.body.minMonths, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );
};
export default stockRoutes;
