import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@labshop/shared';
import {
  accountLoginBody,
  codeLoginBody,
  envelopeOf,
  loginResultSchema,
  publicKeySchema,
  registerBody,
  renewResultSchema,
  sendCodeBody,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { endSession, memberSessionOf, renewSession } from '../session/index.ts';
import * as service from './account.service.ts';
import type { CodeDelivery } from './code-delivery/index.ts';
import { normalizeIdentifier } from './identifier.ts';
import { newPassword, type RsaKeyLoader } from './passwords.ts';
import { decryptPassword } from './rsa.ts';
import { CODE_SENT, sendCode } from './verification.service.ts';

export interface AccessRoutesOptions {
  rsaKey: RsaKeyLoader;
  delivery: CodeDelivery;
}

/** Public key, verification codes, login, register, forgot password, logout. */
const accessRoutes: FastifyPluginAsyncZod<AccessRoutesOptions> = async (
  app,
  { rsaKey, delivery },
) => {
  app.get(
    '/system/public-key',
    { schema: { response: { 200: envelopeOf(publicKeySchema) } } },
    async () =>
      ok({ publicKey: (await rsaKey()).publicKeyPem, algorithm: 'RSA-OAEP-256' as const }),
  );

  app.post(
    '/user/verification-code',
    { schema: { body: sendCodeBody, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const target = normalizeIdentifier(request.body.id);
      await sendCode(app.db, delivery, request.log, {
        target,
        scene: request.body.scene,
        ip: request.ip,
        ipSendsPerHour: app.config.codeSendsPerIpHour,
      });
      return ok(null, CODE_SENT);
    },
  );

  app.post(
    '/user/account-access',
    { schema: { body: accountLoginBody, response: { 200: envelopeOf(loginResultSchema) } } },
    async (request) => {
      const password = decryptPassword(await rsaKey(), request.body.password, MSG.passwordRequired);
      const account = normalizeIdentifier(request.body.account);
      return ok(
        await service.loginWithPassword(app.db, { account, password, ip: request.ip }),
        '登录成功',
      );
    },
  );

  app.post(
    '/user/verification-access',
    { schema: { body: codeLoginBody, response: { 200: envelopeOf(loginResultSchema) } } },
    async (request) => {
      const { phone, code } = request.body;
      return ok(await service.loginWithCode(app.db, { phone, code, ip: request.ip }), '登录成功');
    },
  );

  app.post(
    '/user/register',
    {
      config: { idempotent: true },
      schema: { body: registerBody, response: { 200: envelopeOf(loginResultSchema) } },
    },
    async (request) => {
      const password = await newPassword(rsaKey, request.body);
      const target = normalizeIdentifier(request.body.account);
      const result = await service.register(app.db, {
        account: target,
        code: request.body.code,
        password,
        ip: request.ip,
      });
      return ok(result, '注册成功');
    },
  );

  app.post(
    '/user/password',
    { schema: { body: registerBody, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const password = await newPassword(rsaKey, request.body);
      const target = normalizeIdentifier(request.body.account);
      await service.resetPassword(app.db, {
        account: target,
        code: request.body.code,
        password,
        ip: request.ip,
      });
      return ok(null, '密码设置成功');
    },
  );

  app.delete(
    '/user/access',
    { preHandler: app.requireMember, schema: { response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await endSession(app.db, memberSessionOf(request));
      return ok(null, '退出成功');
    },
  );
};

/**
 * Token renewal. Storefront clients renew a member's token at PUT /manage/v1/access, so this
 * member route is registered with the staff routes (docs/api.md, "Two doors").
 */
export const memberRenewalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/access',
    {
      preHandler: app.renewableMember,
      schema: { response: { 200: envelopeOf(renewResultSchema) } },
    },
    async (request) => ok(await renewSession(app.db, memberSessionOf(request))),
  );
};

export default accessRoutes;
