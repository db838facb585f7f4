import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandInput,
  categoryInput,
  envelopeOf,
  idParam,
  manageBrandSchema,
  manageCategorySchema,
  manageProductQuery,
  manageProductRowSchema,
  manageProductSchema,
  onSaleBody,
  pagedOf,
  productCopyBody,
  productInput,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { UPLOAD_LIMITS, readMultipart, uploadRoutes } from '../../lib/multipart.ts';
import { saveImage } from '../../lib/uploads.ts';
import { badRequest } from '../../lib/errors.ts';
import { staffOf } from '../staff/index.ts';
import * as products from './products.service.ts';
import * as taxonomy from './taxonomy.service.ts';

const idParams = z.object({ id: idParam });
const idAnswer = envelopeOf(z.object({ id: z.number().int() }));
const done = envelopeOf(z.null());

/** /manage/v1 catalogue: products and packs, categories, brands, product pictures. */
const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = app.requireStaff('catalogue');
  const files = app.files;

  app.get(
    '/products',
    {
      preHandler: catalogue,
      schema: {
        querystring: manageProductQuery,
        response: { 200: envelopeOf(pagedOf(manageProductRowSchema)) },
      },
    },
    async (request) => ok(await products.listProducts(app.db, request.query)),
  );

  app.post(
    '/products',
    {
      preHandler: catalogue,
      config: { idempotent: true },
      schema: { body: productInput, response: { 200: idAnswer } },
    },
    async (request) =>
      ok(await products.createProduct(app.db, request.body, staffOf(request)), '商品已创建'),
  );

  app.get(
    '/products/:id',
    {
      preHandler: catalogue,
      schema: { params: idParams, response: { 200: envelopeOf(manageProductSchema) } },
    },
    async (request) => ok(await products.getProduct(app.db, request.params.id)),
  );

  app.put(
    '/products/:id',
    {
      preHandler: catalogue,
      schema: {
        params: idParams,
        body: productInput,
        response: { 200: envelopeOf(manageProductSchema) },
      },
    },
    async (request) =>
      ok(
        await products.updateProduct(app.db, request.params.id, request.body, staffOf(request)),
        '保存成功',
      ),
  );

  app.post(
    '/products/:id/copy',
    {
      preHandler: catalogue,
      config: { idempotent: true },
      schema: { params: idParams, body: productCopyBody, response: { 200: idAnswer } },
    },
    async (request) =>
      ok(
        await products.copyProduct(
          app.db,
          request.params.id,
          request.body.number,
          staffOf(request),
        ),
        '商品已复制',
      ),
  );

  app.put(
    '/products/:id/on-sale',
    {
      preHandler: catalogue,
      schema: { params: idParams, body: onSaleBody, response: { 200: done } },
    },
    async (request) => {
      await products.setProductOnSale(
        app.db,
        request.params.id,
        request.body.onSale,
        staffOf(request).id,
      );
      return ok(null, request.body.onSale ? '已上架' : '已下架');
    },
  );

  app.put(
    '/materials/:id/on-sale',
    {
      preHandler: catalogue,
      schema: { params: idParams, body: onSaleBody, response: { 200: done } },
    },
    async (request) => {
      await products.setMaterialOnSale(
        app.db,
        request.params.id,
        request.body.onSale,
        staffOf(request).id,
      );
      return ok(null, request.body.onSale ? '已上架' : '已下架');
    },
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/products/images',
      {
        preHandler: catalogue,
        schema: { response: { 200: envelopeOf(z.object({ url: z.string() })) } },
      },
      async (request) => {
        const { file } = await readMultipart(request, UPLOAD_LIMITS.image);
        if (!file) throw badRequest('请选择图片');
        return ok({ url: await saveImage(files, file.data) }, '上传成功');
      },
    );
  });

  // ---- categories ----

  app.get(
    '/categories',
    {
      preHandler: catalogue,
      schema: { response: { 200: envelopeOf(z.array(manageCategorySchema)) } },
    },
    async () => ok(await taxonomy.listCategories(app.db)),
  );

  app.post(
    '/categories',
    {
      preHandler: catalogue,
      config: { idempotent: true },
      schema: { body: categoryInput, response: { 200: idAnswer } },
    },
    async (request) =>
      ok(await taxonomy.createCategory(app.db, request.body, staffOf(request).id), '分类已创建'),
  );

  app.put(
    '/categories/:id',
    {
      preHandler: catalogue,
      schema: { params: idParams, body: categoryInput, response: { 200: done } },
    },
    async (request) => {
      await taxonomy.updateCategory(app.db, request.params.id, request.body, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/categories/:id',
    { preHandler: catalogue, schema: { params: idParams, response: { 200: done } } },
    async (request) => {
      await taxonomy.deleteCategory(app.db, request.params.id, staffOf(request).id);
      return ok(null, '已删除');
    },
  );

  // ---- brands ----

  app.get(
    '/brands',
    {
      preHandler: catalogue,
      schema: { response: { 200: envelopeOf(z.array(manageBrandSchema)) } },
    },
    async () => ok(await taxonomy.listBrands(app.db)),
  );

  app.post(
    '/brands',
    {
      preHandler: catalogue,
      config: { idempotent: true },
      schema: { body: brandInput, response: { 200: idAnswer } },
    },
    async (request) =>
      ok(await taxonomy.createBrand(app.db, request.body, staffOf(request).id), '品牌已创建'),
  );

  app.put(
    '/brands/:id',
    {
      preHandler: catalogue,
      schema: { params: idParams, body: brandInput, response: { 200: done } },
    },
    async (request) => {
      await taxonomy.updateBrand(app.db, request.params.id, request.body, staffOf(request).id);
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/brands/:id',
    { preHandler: catalogue, schema: { params: idParams, response: { 200: done } } },
    async (request) => {
      await taxonomy.deleteBrand(app.db, request.params.id, staffOf(request).id);
      return ok(null, '已删除');
    },
  );
};
export default catalogueAdminRoutes;
