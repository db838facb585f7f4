import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactChangeBody,
  contactCodeBody,
  envelopeOf,
  userInfoSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import type { CodeDelivery } from './code-delivery/index.ts';
import { changeContact, sendContactCode } from './contact.service.ts';
import { normalizeIdentifier } from './identifier.ts';
import { CODE_SENT } from './verification.service.ts';

export interface ContactRoutesOptions {
  delivery: CodeDelivery;
}

/** Changing the phone or email a member logs in with: a code to the new one, then the change. */
const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, { delivery }) => {
  app.post(
    '/user/info/contact/code',
    {
      preHandler: app.requireMember,
      schema: { body: contactCodeBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await sendContactCode(app.db, delivery, request.log, {
        userId: memberIdOf(request),
        contact: normalizeIdentifier(request.body.contact),
        ip: request.ip,
        ipSendsPerHour: app.config.codeSendsPerIpHour,
      });
      return ok(null, CODE_SENT);
    },
  );

  app.put(
    '/user/info/contact',
    {
      preHandler: app.requireMember,
      config: { idempotent: true },
      schema: { body: contactChangeBody, response: { 200: envelopeOf(userInfoSchema) } },
    },
    async (request) => {
      const info = await changeContact(app.db, {
        userId: memberIdOf(request),
        contact: normalizeIdentifier(request.body.contact),
        code: request.body.code,
        ip: request.ip,
      });
      return ok(info, '修改成功');
    },
  );
};
export default contactRoutes;
