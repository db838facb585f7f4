import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@labshop/shared';
import {
  envelopeOf,
  idParam,
  pagedOf,
  staffCreateBody,
  staffListQuery,
  staffLoginAnswerSchema,
  staffLoginBody,
  staffLoginCodeBody,
  staffLoginResultSchema,
  staffMeSchema,
  staffOwnPasswordBody,
  staffPasswordBody,
  staffRecordSchema,
  staffRecoveryCodesSchema,
  staffSecuritySchema,
  staffTwoFactorCodeBody,
  staffTwoFactorSetupSchema,
  staffUpdateBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf, staffSessionOf } from './staff-auth.plugin.ts';
import { decryptPassword, rsaKeyFor } from '../account/index.ts';
import * as accounts from './staff-accounts.service.ts';
import * as passwords from './staff-passwords.service.ts';
import * as twoFactor from './staff-two-factor.service.ts';
import * as sessions from './staff.service.ts';

const idParams = z.object({ id: idParam });

/**
 * Staff login (with its two-factor second step) and logout, who am I, the staff member's own
 * password and two-factor login, and staff account management for admins.
 */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const rsaKey = () => rsaKeyFor(app.config);
  const policy = app.config.staffTwoFactor;
  /** Any logged-in staff, also one STAFF_2FA=required still holds at enrolment. */
  const self = () => app.requireStaff(undefined, { beforeTwoFactor: true });

  app.post(
    '/staff/access',
    { schema: { body: staffLoginBody, response: { 200: envelopeOf(staffLoginAnswerSchema) } } },
    async (request) => {
      const password = decryptPassword(await rsaKey(), request.body.password, MSG.passwordRequired);
      const answer = await sessions.login(
        app.db,
        { account: request.body.account, password, ip: request.ip },
        policy,
      );
      return ok(answer, 'token' in answer ? '登录成功' : '请输入两步验证码');
    },
  );

  app.post(
    '/staff/access/code',
    {
      schema: { body: staffLoginCodeBody, response: { 200: envelopeOf(staffLoginResultSchema) } },
    },
    async (request) => ok(await sessions.loginWithCode(app.db, request.body, policy), '登录成功'),
  );

  app.delete(
    '/staff/access',
    { preHandler: self(), schema: { response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await sessions.logout(app.db, staffSessionOf(request));
      return ok(null, '退出成功');
    },
  );

  app.get(
    '/staff/me',
    { preHandler: self(), schema: { response: { 200: envelopeOf(staffMeSchema) } } },
    async (request) => ok(staffOf(request)),
  );

  app.put(
    '/staff/me/password',
    {
      preHandler: self(),
      schema: { body: staffOwnPasswordBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      const key = await rsaKey();
      const oldPassword = decryptPassword(key, request.body.oldPassword, '请输入当前密码');
      const password = decryptPassword(key, request.body.password, '请输入新密码');
      await passwords.changeOwnPassword(app.db, staffSessionOf(request), { oldPassword, password });
      return ok(null, '密码已修改');
    },
  );

  app.get(
    '/staff/me/two-factor',
    { preHandler: self(), schema: { response: { 200: envelopeOf(staffSecuritySchema) } } },
    async (request) => ok(await twoFactor.twoFactorState(app.db, staffSessionOf(request), policy)),
  );

  app.post(
    '/staff/me/two-factor/setup',
    { preHandler: self(), schema: { response: { 200: envelopeOf(staffTwoFactorSetupSchema) } } },
    async (request) => ok(await twoFactor.setupTwoFactor(app.db, staffSessionOf(request))),
  );

  app.post(
    '/staff/me/two-factor',
    {
      preHandler: self(),
      schema: {
        body: staffTwoFactorCodeBody,
        response: { 200: envelopeOf(staffRecoveryCodesSchema) },
      },
    },
    async (request) =>
      ok(
        await twoFactor.enableTwoFactor(app.db, staffSessionOf(request), request.body.code),
        '两步验证已启用',
      ),
  );

  app.post(
    '/staff/me/two-factor/disable',
    {
      preHandler: self(),
      schema: { body: staffTwoFactorCodeBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await twoFactor.disableTwoFactor(app.db, staffSessionOf(request), request.body.code, policy);
      return ok(null, '两步验证已停用');
    },
  );

  app.get(
    '/staff/options',
    {
      preHandler: app.requireStaff(),
      schema: {
        response: {
          200: envelopeOf(z.array(z.object({ id: z.number().int(), name: z.string() }))),
        },
      },
    },
    async () => ok(await accounts.staffOptions(app.db)),
  );

  app.get(
    '/staff',
    {
      preHandler: app.requireStaff('staff'),
      schema: {
        querystring: staffListQuery,
        response: { 200: envelopeOf(pagedOf(staffRecordSchema)) },
      },
    },
    async (request) => ok(await accounts.listStaff(app.db, request.query)),
  );

  app.post(
    '/staff',
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
        await accounts.createStaff(app.db, staffOf(request), { ...rest, password: plain }),
        '新增成功',
      );
    },
  );

  app.put(
    '/staff/:id',
    {
      preHandler: app.requireStaff('staff'),
      schema: { params: idParams, body: staffUpdateBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await accounts.updateStaff(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '保存成功');
    },
  );

  app.put(
    '/staff/:id/password',
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
      await passwords.resetStaffPassword(app.db, staffOf(request), request.params.id, plain);
      return ok(null, '密码已重置');
    },
  );

  app.post(
    '/staff/:id/two-factor/reset',
    {
      preHandler: app.requireStaff('staff'),
      config: { idempotent: true },
      schema: { params: idParams, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await twoFactor.resetTwoFactor(app.db, staffOf(request), request.params.id);
      return ok(null, '已重置两步验证，该员工下次登录后须重新绑定');
    },
  );
};
export default staffRoutes;
