import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@labshop/shared';
import {
  envelopeOf,
  idParam,
  pagedOf,
  staffCreateBody,
  staffListQuery,
  staffLoginBody,
  staffLoginResultSchema,
  staffMeSchema,
  staffPasswordBody,
  staffRecordSchema,
  staffUpdateBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf, staffSessionOf } from './staff-auth.plugin.ts';
import { decryptPassword, rsaKeyFor } from '../account/rsa.ts';
import * as service from './staff.service.ts';

const idParams = z.object({ id: idParam });

/** Staff login and logout, who am I, and staff account management for admins. */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const rsaKey = () => rsaKeyFor(app.config);

  app.post(
    '/manage/v1/staff/access',
    { schema: { body: staffLoginBody, response: { 200: envelopeOf(staffLoginResultSchema) } } },
    async (request) => {
      const password = decryptPassword(await rsaKey(), request.body.password, MSG.passwordRequired);
      return ok(
        await service.login(app.db, { account: request.body.account, password, ip: request.ip }),
        '登录成功',
      );
    },
  );

  app.delete(
    '/manage/v1/staff/access',
    { preHandler: app.requireStaff(), schema: { response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await service.logout(app.db, staffSessionOf(request));
      return ok(null, '退出成功');
    },
  );

  app.get(
    '/manage/v1/staff/me',
    { preHandler: app.requireStaff(), schema: { response: { 200: envelopeOf(staffMeSchema) } } },
    async (request) => ok(staffOf(request)),
  );

  app.get(
    '/manage/v1/staff/options',
    {
      preHandler: app.requireStaff(),
      schema: {
        response: {
          200: envelopeOf(z.array(z.object({ id: z.number().int(), name: z.string() }))),
        },
      },
    },
    async () => ok(await service.staffOptions(app.db)),
  );

  app.get(
    '/manage/v1/staff',
    {
      preHandler: app.requireStaff('staff'),
      schema: {
        querystring: staffListQuery,
        response: { 200: envelopeOf(pagedOf(staffRecordSchema)) },
      },
    },
    async (request) => ok(await service.listStaff(app.db, request.query)),
  );

  app.post(
    '/manage/v1/staff',
    {
      preHandler: app.requireStaff('staff'),
      config: { idempotent: true },
      schema: {
        body: staffCreateBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const { password, ...rest } = request.body;
      const plain = decryptPassword(await rsaKey(), password, MSG.passwordRequired);
      return ok(
        await service.createStaff(app.db, staffOf(request), { ...rest, password: plain }),
        '新增成功',
      );
    },
  );

  app.put(
    '/manage/v1/staff/:id',
    {
      preHandler: app.requireStaff('staff'),
      schema: { params: idParams, body: staffUpdateBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.updateStaff(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '保存成功');
    },
  );

  app.put(
    '/manage/v1/staff/:id/password',
    {
      preHandler: app.requireStaff('staff'),
      schema: {
        params: idParams,
        body: staffPasswordBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      const plain = decryptPassword(await rsaKey(), request.body.password, MSG.passwordRequired);
      await service.resetStaffPassword(app.db, staffOf(request), request.params.id, plain);
      return ok(null, '密码已重置');
    },
  );
};
export default staffRoutes;
