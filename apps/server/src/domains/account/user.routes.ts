import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  invoiceBody,
  invoiceSchema,
  passwordChangeBody,
  userBasicBody,
  userInfoSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf, memberSessionOf } from '../session/index.ts';
import { changePassword } from './account.service.ts';
import { getInvoice, saveInvoice } from './invoice.service.ts';
import { newPassword, type RsaKeyLoader } from './passwords.ts';
import { decryptPassword } from './rsa.ts';
import { getUserInfo, updateBasicInfo } from './user.service.ts';

export interface UserRoutesOptions {
  rsaKey: RsaKeyLoader;
}

/** The member's own profile, invoice details and password. */
const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { rsaKey }) => {
  const guard = { preHandler: app.requireMember };

  app.get(
    '/user/info',
    { ...guard, schema: { response: { 200: envelopeOf(userInfoSchema) } } },
    async (request) => ok(await getUserInfo(app.db, memberIdOf(request))),
  );

  app.put(
    '/user/info/basic',
    { ...guard, schema: { body: userBasicBody, response: { 200: envelopeOf(userInfoSchema) } } },
    async (request) =>
      ok(await updateBasicInfo(app.db, memberIdOf(request), request.body), '保存成功'),
  );

  app.get(
    '/user/invoice',
    { ...guard, schema: { response: { 200: envelopeOf(invoiceSchema) } } },
    async (request) => ok(await getInvoice(app.db, memberIdOf(request))),
  );

  app.put(
    '/user/invoice',
    { ...guard, schema: { body: invoiceBody, response: { 200: envelopeOf(invoiceSchema) } } },
    async (request) => ok(await saveInvoice(app.db, memberIdOf(request), request.body), '保存成功'),
  );

  app.put(
    '/user/info/password',
    { ...guard, schema: { body: passwordChangeBody, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const oldPassword = decryptPassword(await rsaKey(), request.body.oldPassword, '请输入原密码');
      const password = await newPassword(rsaKey, request.body);
      const session = memberSessionOf(request);
      await changePassword(app.db, {
        userId: session.userId,
        sessionId: session.sessionId,
        oldPassword,
        password,
      });
      return ok(null, '密码设置成功');
    },
  );
};
export default userRoutes;
