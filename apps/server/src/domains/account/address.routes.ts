import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressBody, addressSchema, envelopeOf, idParam } from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import * as service from './address.service.ts';

const idParams = z.object({ id: idParam });

/** The member's delivery addresses; another member's address id answers 404 for every verb. */
const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };

  app.get(
    '/user/address',
    { ...guard, schema: { response: { 200: envelopeOf(z.array(addressSchema)) } } },
    async (request) => ok(await service.listAddresses(app.db, memberIdOf(request))),
  );

  app.post(
    '/user/address',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: addressBody, response: { 200: envelopeOf(addressSchema) } },
    },
    async (request) =>
      ok(await service.createAddress(app.db, memberIdOf(request), request.body), '新增地址成功'),
  );

  app.put(
    '/user/address/:id',
    {
      ...guard,
      schema: { params: idParams, body: addressBody, response: { 200: envelopeOf(addressSchema) } },
    },
    async (request) => {
      const address = await service.updateAddress(
        app.db,
        memberIdOf(request),
        request.params.id,
        request.body,
      );
      return ok(address, '编辑地址成功');
    },
  );

  app.delete(
    '/user/address/:id',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await service.deleteAddress(app.db, memberIdOf(request), request.params.id);
      return ok(null, '删除地址成功');
    },
  );

  app.patch(
    '/user/address/:id/default',
    { ...guard, schema: { params: idParams, response: { 200: envelopeOf(addressSchema) } } },
    async (request) =>
      ok(
        await service.setDefaultAddress(app.db, memberIdOf(request), request.params.id),
        '设置默认地址成功',
      ),
  );
};
export default addressRoutes;
