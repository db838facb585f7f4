import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  manageSynonymSchema,
  synonymInput,
  synonymParams,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './search-synonyms.service.ts';

const done = envelopeOf(z.null());

/**
 * /manage/v1/search-synonyms: the abbreviations and everyday words the search reads as catalogue
 * names (ACN -> 乙腈). A catalogue concern: the words point buyers at products.
 */
const searchSynonymRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.requireStaff('catalogue');

  app.get(
    '/search-synonyms',
    {
      preHandler: catalogue,
      schema: { response: { 200: envelopeOf(z.array(manageSynonymSchema)) } },
    },
    async () => ok(await service.listSynonyms(app.db)),
  );

  app.post(
    '/search-synonyms',
    {
      preHandler: catalogue,
      config: { idempotent: true },
      schema: { body: synonymInput, response: { 200: envelopeOf(manageSynonymSchema) } },
    },
    async (request) =>
      ok(await service.createSynonym(app.db, request.body, staffOf(request).id), '已添加'),
  );

  app.put(
    '/search-synonyms/:term',
    {
      preHandler: catalogue,
      schema: { params: synonymParams, body: synonymInput, response: { 200: done } },
    },
    async (request) => {
      await service.updateSynonym(app.db, request.params.term, request.body, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/search-synonyms/:term',
    { preHandler: catalogue, schema: { params: synonymParams, response: { 200: done } } },
    async (request) => {
      await service.deleteSynonym(app.db, request.params.term, staffOf(request).id);
      return ok(null, '已删除');
    },
  );
};
export default searchSynonymRoutes;
