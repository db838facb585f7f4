import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emergencyPhoneInput,
  envelopeOf,
  idParam,
  labelQuery,
  manageSdsSchema,
  sdsEntrySchema,
  sdsImportResultSchema,
  sdsLanguageField,
  sdsUploadFields,
  sdsVersionField,
} from '@labshop/shared/schemas';
import { sendFile } from '../../lib/downloads.ts';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseFields, readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { staffOf } from '../staff/index.ts';
import * as labels from './label.service.ts';
import { importSdsZip } from './sds-import.ts';
import { SDS_MAX_BYTES } from './sds-files.ts';
import * as sds from './sds.service.ts';

const idParams = z.object({ id: idParam });
const versionParams = z.object({
  id: idParam,
  language: sdsLanguageField,
  version: sdsVersionField,
});

/**
 * The storefront's safety data sheets (docs/safety.md): the current sheet per language of a
 * product it shows, and any version of it by its number, for visitors and members alike.
 */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id/sds',
    {
      config: { catalogueCache: true },
      schema: { params: idParams, response: { 200: envelopeOf(z.array(sdsEntrySchema)) } },
    },
    async (request) => ok(await sds.publicSds(app.db, request.params.id)),
  );

  app.get(
    '/products/:id/sds/:language/:version',
    { schema: { params: versionParams } },
    async (request, reply) => {
      const { id, language, version } = request.params;
      const file = await sds.openPublicSds(app.db, app.files, id, language, version);
      return sendFile(reply, 'pdf', file.name, file.stream, file.size);
    },
  );
};

/**
 * The staff side: uploading a product's sheets one at a time or by item number in a zip
 * (permission catalogue), every stored version, the GB 15258 label of a pack and lot for the
 * warehouse (permission deliveries) and the label's 24-hour emergency phone (站点设置).
 */
export const staffSafetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.requireStaff('catalogue');

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/products/:id/sds',
      {
        preHandler: catalogue,
        config: { idempotent: true },
        schema: {
          params: idParams,
          response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
        },
      },
      async (request) => {
        const { fields, file } = await readMultipart(request, SDS_MAX_BYTES);
        if (!file) throw badRequest('请选择安全技术说明书文件（PDF）');
        const input = parseFields(sdsUploadFields, fields);
        const saved = await sds.uploadSds(
          app.db,
          app.files,
          request.params.id,
          { ...input, data: file.data },
          staffOf(request).id,
        );
        return ok(saved, '安全技术说明书已上传');
      },
    );

    // The zip is streamed to a temporary file and read entry by entry (docs/safety.md).
    uploads.post(
      '/products/sds/import',
      {
        preHandler: catalogue,
        config: { idempotent: true },
        schema: { response: { 200: envelopeOf(sdsImportResultSchema) } },
      },
      async (request) => {
        const result = await importSdsZip(app.db, app.files, request, staffOf(request).id);
        const msg =
          result.failed.length > 0
            ? `已上传 ${result.imported.length} 份，${result.failed.length} 个文件未上传`
            : `已上传 ${result.imported.length} 份安全技术说明书`;
        return ok(result, msg);
      },
    );
  });

  app.get(
    '/products/:id/sds',
    {
      preHandler: catalogue,
      schema: { params: idParams, response: { 200: envelopeOf(z.array(manageSdsSchema)) } },
    },
    async (request) => ok(await sds.staffSds(app.db, request.params.id)),
  );

  app.get(
    '/products/:id/sds/:language/:version',
    { preHandler: catalogue, schema: { params: versionParams } },
    async (request, reply) => {
      const { id, language, version } = request.params;
      const file = await sds.openStaffSds(app.db, app.files, id, language, version);
      return sendFile(reply, 'pdf', file.name, file.stream, file.size);
    },
  );

  app.get(
    '/products/:id/label',
    {
      preHandler: app.requireStaff('deliveries'),
      schema: { params: idParams, querystring: labelQuery },
    },
    async (request, reply) => {
      const { materialId, lotNumber } = request.query;
      const label = await labels.labelPdf(app.db, request.params.id, materialId, lotNumber);
      return sendFile(reply, 'pdf', label.name, label.pdf);
    },
  );

  // Which lines of an order the ship dialog offers a label for.
  app.get(
    '/orders/:id/labels',
    {
      preHandler: app.requireStaff('deliveries'),
      schema: {
        params: idParams,
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                orderGoodsId: z.number().int(),
                productId: z.number().int(),
                materialId: z.number().int(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => ok(await labels.labelledLines(app.db, request.params.id)),
  );

  app.get(
    '/settings/emergency-phone',
    {
      preHandler: catalogue,
      // Empty until staff set it.
      schema: { response: { 200: envelopeOf(z.object({ phone: z.string() })) } },
    },
    async () => ok({ phone: await labels.emergencyPhone(app.db) }),
  );

  app.put(
    '/settings/emergency-phone',
    {
      preHandler: catalogue,
      schema: { body: emergencyPhoneInput, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await labels.saveEmergencyPhone(app.db, request.body.phone, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );
};
