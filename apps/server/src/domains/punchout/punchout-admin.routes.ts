import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  idParam,
  punchoutConnectionBody,
  punchoutConnectionSchema,
  punchoutMessageSchema,
  punchoutMessagesQuery,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './punchout.service.ts';

const params = z.object({ id: idParam });
const done = envelopeOf(z.null());

/**
 * /manage/v1/punchout (docs/punchout.md, "Connections"): staff with `members` register buyers'
 * procurement systems (the shared secret is kept hashed and never answered), disable and enable
 * them (audited) and read every message in and out.
 */
const punchoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = app.requireStaff('members');

  app.post(
    '/punchout/connections',
    {
      preHandler: members,
      config: { idempotent: true },
      schema: {
        body: punchoutConnectionBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await service.createConnection(app.db, request.body, staffOf(request).id), '对接已创建'),
  );

  app.get(
    '/punchout/connections',
    {
      preHandler: members,
      schema: { response: { 200: envelopeOf(z.array(punchoutConnectionSchema)) } },
    },
    async () => ok(await service.listConnections(app.db)),
  );

  for (const [path, enabled, msg] of [
    ['disable', false, '对接已停用'],
    ['enable', true, '对接已启用'],
  ] as const) {
    app.post(
      `/punchout/connections/:id/${path}`,
      { preHandler: members, schema: { params, response: { 200: done } } },
      async (request) => {
        await service.setConnectionEnabled(app.db, request.params.id, enabled, staffOf(request).id);
        return ok(null, msg);
      },
    );
  }

  app.get(
    '/punchout/messages',
    {
      preHandler: members,
      schema: {
        querystring: punchoutMessagesQuery,
        response: { 200: envelopeOf(z.array(punchoutMessageSchema)) },
      },
    },
    async (request) => ok(await service.listMessages(app.db, request.query.connectionId)),
  );
};
export default punchoutAdminRoutes;
