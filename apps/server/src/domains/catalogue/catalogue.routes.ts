import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, UI } from '@labshop/shared';
import {
  categoryDetailSchema,
  categorySchema,
  envelopeOf,
  historyItemSchema,
  idParam,
  numeric,
  pagedOf,
  productCardSchema,
  productDetailSchema,
  productPartBody,
  searchKeySchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { orgIdOf } from '../../lib/org-of-request.ts';
import { productsWithContractPrices } from '../../workflows/contract-prices.ts';
import { memberIdOf } from '../session/index.ts';
import * as service from './catalogue.service.ts';

/** Most history items one call answers; the product page shows UI.historySize. */
const HISTORY_MAX = 20;

const pidQuery = z.object({
  pid: numeric(
    z
      .number({ error: '上级分类有误' })
      .int({ error: '上级分类有误' })
      .min(0, { error: '上级分类有误' })
      .max(LIMITS.idMax, { error: '上级分类有误' }),
  ).default(0),
});
const idParams = z.object({ id: idParam });
const historyQuery = z.object({
  size: numeric(
    z
      .number({ error: '条数有误' })
      .int({ error: '条数有误' })
      .min(1, { error: '条数有误' })
      .max(HISTORY_MAX, { error: '条数有误' }),
  ).default(UI.historySize),
});

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories/children',
    {
      config: { catalogueCache: true },
      schema: { querystring: pidQuery, response: { 200: envelopeOf(z.array(categorySchema)) } },
    },
    async (request) => ok(await service.categoryChildren(app.db, request.query.pid)),
  );

  app.get(
    '/categories/:id',
    {
      config: { catalogueCache: true },
      schema: { params: idParams, response: { 200: envelopeOf(categoryDetailSchema) } },
    },
    async (request) => ok(await service.categoryDetail(app.db, request.params.id)),
  );

  app.get(
    '/categories/:id/basic',
    {
      config: { catalogueCache: true },
      schema: { params: idParams, response: { 200: envelopeOf(categorySchema) } },
    },
    async (request) => ok(await service.categoryBasic(app.db, request.params.id)),
  );

  app.post(
    '/products/part',
    {
      // Members' answers differ from visitors' only by the member prices.
      config: { catalogueCache: true, catalogueCacheForMembers: true },
      preHandler: app.optionalMember,
      schema: { body: productPartBody, response: { 200: envelopeOf(pagedOf(productCardSchema)) } },
    },
    async (request) =>
      ok(await service.taggedProducts(app.db, request.body, request.memberId !== null)),
  );

  app.get(
    '/products/search-keys',
    {
      config: { catalogueCache: true },
      schema: { response: { 200: envelopeOf(z.array(searchKeySchema)) } },
    },
    async () => ok(await service.searchKeys(app.db)),
  );

  app.get(
    '/products/history',
    {
      preHandler: app.requireMember,
      schema: {
        querystring: historyQuery,
        response: { 200: envelopeOf(z.array(historyItemSchema)) },
      },
    },
    async (request) =>
      ok(await service.browseHistory(app.db, memberIdOf(request), request.query.size)),
  );

  app.get(
    '/products/:id',
    {
      config: { catalogueCache: true },
      preHandler: app.optionalMember,
      schema: { params: idParams, response: { 200: envelopeOf(productDetailSchema) } },
    },
    async (request) => {
      const detail = await service.productDetail(app.db, request.params.id, request.memberId);
      const [priced] = await productsWithContractPrices(
        app.db,
        request.memberId,
        orgIdOf(request),
        [detail],
      );
      return ok(priced ?? detail);
    },
  );
};
export default catalogueRoutes;
