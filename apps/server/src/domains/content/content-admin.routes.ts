import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentInput,
  envelopeOf,
  idParam,
  licencesInput,
  linkInput,
  linkQuery,
  manageContentDetailSchema,
  manageContentQuery,
  manageContentSchema,
  manageLinkSchema,
  pagedOf,
  publishBody,
  searchKeysBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { UPLOAD_LIMITS, readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { saveImage } from '../../lib/uploads.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './content-admin.service.ts';

const idParams = z.object({ id: idParam });
const idAnswer = envelopeOf(z.object({ id: z.number().int() }));
const done = envelopeOf(z.null());

/**
 * /manage/v1 content: articles and literature (rich text), banners and links, hot search
 * keywords. Company details, bank account and seal are money routing (money-routing feature).
 */
const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.requireStaff('content');
  const files = app.files;

  app.get(
    '/contents',
    {
      preHandler: content,
      schema: {
        querystring: manageContentQuery,
        response: { 200: envelopeOf(pagedOf(manageContentSchema)) },
      },
    },
    async (request) => ok(await service.listContents(app.db, request.query)),
  );

  app.get(
    '/contents/:id',
    {
      preHandler: content,
      schema: { params: idParams, response: { 200: envelopeOf(manageContentDetailSchema) } },
    },
    async (request) => ok(await service.getContent(app.db, request.params.id)),
  );

  app.post(
    '/contents',
    {
      preHandler: content,
      config: { idempotent: true },
      schema: { body: contentInput, response: { 200: idAnswer } },
    },
    async (request) =>
      ok(await service.createContent(app.db, request.body, staffOf(request).id), '内容已创建'),
  );

  app.put(
    '/contents/:id',
    {
      preHandler: content,
      schema: { params: idParams, body: contentInput, response: { 200: done } },
    },
    async (request) => {
      await service.updateContent(app.db, request.params.id, request.body, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );

  app.put(
    '/contents/:id/published',
    {
      preHandler: content,
      schema: { params: idParams, body: publishBody, response: { 200: done } },
    },
    async (request) => {
      await service.publishContent(
        app.db,
        request.params.id,
        request.body.published,
        staffOf(request).id,
      );
      return ok(null, request.body.published ? '已发布' : '已取消发布');
    },
  );

  app.delete(
    '/contents/:id',
    { preHandler: content, schema: { params: idParams, response: { 200: done } } },
    async (request) => {
      await service.deleteContent(app.db, request.params.id, staffOf(request).id);
      return ok(null, '已删除');
    },
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/contents/images',
      {
        preHandler: content,
        schema: { response: { 200: envelopeOf(z.object({ url: z.string() })) } },
      },
      async (request) => {
        const { file } = await readMultipart(request, UPLOAD_LIMITS.image);
        if (!file) throw badRequest('请选择图片');
        return ok({ url: await saveImage(files, file.data) }, '上传成功');
      },
    );
  });

  // ---- banners and links ----

  app.get(
    '/links',
    {
      preHandler: content,
      schema: { querystring: linkQuery, response: { 200: envelopeOf(z.array(manageLinkSchema)) } },
    },
    async (request) => ok(await service.listLinks(app.db, request.query.cid)),
  );

  app.post(
    '/links',
    {
      preHandler: content,
      config: { idempotent: true },
      schema: { body: linkInput, response: { 200: idAnswer } },
    },
    async (request) =>
      ok(await service.createLink(app.db, request.body, staffOf(request).id), '链接已创建'),
  );

  app.put(
    '/links/:id',
    { preHandler: content, schema: { params: idParams, body: linkInput, response: { 200: done } } },
    async (request) => {
      await service.updateLink(app.db, request.params.id, request.body, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );

  app.put(
    '/links/:id/published',
    {
      preHandler: content,
      schema: { params: idParams, body: publishBody, response: { 200: done } },
    },
    async (request) => {
      await service.publishLink(
        app.db,
        request.params.id,
        request.body.published,
        staffOf(request).id,
      );
      return ok(null, request.body.published ? '已发布' : '已取消发布');
    },
  );

  app.delete(
    '/links/:id',
    { preHandler: content, schema: { params: idParams, response: { 200: done } } },
    async (request) => {
      await service.deleteLink(app.db, request.params.id, staffOf(request).id);
      return ok(null, '已删除');
    },
  );

  // ---- hot search keywords ----

  app.get(
    '/search-keys',
    { preHandler: content, schema: { response: { 200: envelopeOf(z.array(z.string())) } } },
    async () => ok(await service.searchKeys(app.db)),
  );

  app.put(
    '/search-keys',
    { preHandler: content, schema: { body: searchKeysBody, response: { 200: done } } },
    async (request) => {
      await service.saveSearchKeys(app.db, request.body.keywords, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );

  // ---- the footer's licence numbers ----

  app.get(
    '/settings/licences',
    { preHandler: content, schema: { response: { 200: envelopeOf(licencesInput) } } },
    async () => ok(await service.licences(app.db)),
  );

  app.put(
    '/settings/licences',
    { preHandler: content, schema: { body: licencesInput, response: { 200: done } } },
    async (request) => {
      await service.saveLicences(app.db, request.body, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );
};
export default contentAdminRoutes;
