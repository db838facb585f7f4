import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coaNamesFromFile } from '@labshop/shared';
import {
  coaFields,
  coaQuery,
  envelopeOf,
  expireField,
  idParam,
  lotParams,
  manageCoaSchema,
  pagedOf,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { badRequest } from '../../lib/errors.ts';
import { UPLOAD_LIMITS, parseFields, readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './coa-admin.service.ts';

const idParams = z.object({ id: idParam });

/** /manage/v1/coa: certificates of analysis (PDF) by item and lot number. */
const coaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.requireStaff('catalogue');
  const files = app.files;

  app.get(
    '/coa',
    {
      preHandler: catalogue,
      schema: { querystring: coaQuery, response: { 200: envelopeOf(pagedOf(manageCoaSchema)) } },
    },
    async (request) => ok(await service.listCoa(app.db, request.query)),
  );

  await uploadRoutes(app, (uploads) => {
    // One certificate per request; the console sends many files as many requests. Without a lot
    // number the lot (and, when missing, the item number) is read from the file name.
    uploads.post(
      '/coa',
      {
        preHandler: catalogue,
        config: { idempotent: true },
        schema: { response: { 200: envelopeOf(z.object({ id: z.number().int() })) } },
      },
      async (request) => {
        const { fields, file } = await readMultipart(request, UPLOAD_LIMITS.certificate);
        if (!file) throw badRequest('请选择证书文件（PDF）');
        const fromName = coaNamesFromFile(file.filename);
        const input = parseFields(coaFields, {
          ...fields,
          productNumber: fields.productNumber || fromName.productNumber,
        });
        const lotNumber = input.lotNumber || fromName.lotNumber;
        if (!lotNumber) throw badRequest('请输入商品批号');
        return ok(
          await service.uploadCoa(
            app.db,
            files,
            { ...input, lotNumber, file: { data: file.data, filename: file.filename } },
            staffOf(request).id,
          ),
          '证书已上传',
        );
      },
    );

    // The certificate of a received lot (docs/lots.md): the warehouse attaches it from the lot
    // itself, so the item number, lot number and expiry are the lot's, never typed again.
    uploads.post(
      '/stock/lots/:materialId/:lotNumber/coa',
      {
        preHandler: app.requireStaff('stock'),
        config: { idempotent: true },
        schema: {
          params: lotParams,
          response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
        },
      },
      async (request) => {
        const { file } = await readMultipart(request, UPLOAD_LIMITS.certificate);
        if (!file) throw badRequest('请选择证书文件（PDF）');
        const lot = await service.certifiableLot(
          app.db,
          request.params.materialId,
          request.params.lotNumber,
        );
        return ok(
          await service.uploadCoa(
            app.db,
            files,
            { ...lot, file: { data: file.data, filename: file.filename } },
            staffOf(request).id,
          ),
          '证书已上传',
        );
      },
    );

    uploads.put(
      '/coa/:id',
      {
        preHandler: catalogue,
        schema: { params: idParams, response: { 200: envelopeOf(z.null()) } },
      },
      async (request) => {
        const { fields, file } = await readMultipart(request, UPLOAD_LIMITS.certificate);
        const { expire } = parseFields(z.object({ expire: expireField.optional() }), fields);
        if (!file && expire === undefined) throw badRequest('请选择新的证书文件或填写有效期');
        await service.replaceCoa(
          app.db,
          files,
          request.params.id,
          { expire, file: file && { data: file.data, filename: file.filename } },
          staffOf(request).id,
        );
        return ok(null, '证书已更新');
      },
    );
  });

  app.delete(
    '/coa/:id',
    {
      preHandler: catalogue,
      schema: { params: idParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.deleteCoa(app.db, files, request.params.id, staffOf(request).id);
      return ok(null, '已删除');
    },
  );
};
export default coaAdminRoutes;
