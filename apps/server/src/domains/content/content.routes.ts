import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS, UI } from '@labshop/shared';
import {
  companySchema,
  contentDetailSchema,
  contentListBody,
  contentListSchema,
  envelopeOf,
  linkSchema,
  numeric,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import * as service from './content.service.ts';

const linksQuery = z.object({
  cid: z
    .string({ error: '请指定链接分组' })
    .trim()
    .min(1, { error: '请指定链接分组' })
    .max(50, { error: '链接分组有误' }),
  size: numeric(
    z
      .number({ error: '条数有误' })
      .int({ error: '条数有误' })
      .min(1, { error: '条数有误' })
      .max(UI.bannerLinkSize, { error: '条数有误' }),
  ).default(UI.bannerLinkSize),
});

/** A numeric id (within the id column's range) or a slug. */
const contentParams = z.object({
  id: z
    .string()
    .regex(/^(?:\d{1,10}|[A-Za-z][A-Za-z0-9_-]{0,63})$/, { error: 'ID 有误' })
    .refine((v) => !/^\d+$/.test(v) || Number(v) <= LIMITS.idMax, { error: 'ID 有误' }),
});

const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/company',
    {
      // Every page and every storefront view asks for it; staff's changes bump the catalogue
      // version (the company details, the licence numbers).
      config: { catalogueCache: true },
      schema: { response: { 200: envelopeOf(companySchema) } },
    },
    async () => ok(await service.company(app.db)),
  );

  app.get(
    '/links',
    {
      config: { catalogueCache: true },
      schema: { querystring: linksQuery, response: { 200: envelopeOf(z.array(linkSchema)) } },
    },
    async (request) => ok(await service.links(app.db, request.query.cid, request.query.size)),
  );

  app.post(
    '/contents',
    {
      config: { catalogueCache: true },
      schema: { body: contentListBody, response: { 200: envelopeOf(contentListSchema) } },
    },
    async (request) => ok(await service.listContents(app.db, request.body)),
  );

  app.get(
    '/contents/:id',
    {
      config: { catalogueCache: true },
      schema: { params: contentParams, response: { 200: envelopeOf(contentDetailSchema) } },
    },
    async (request) => ok(await service.contentDetail(app.db, request.params.id)),
  );
};
export default contentRoutes;
