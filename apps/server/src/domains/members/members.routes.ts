import { ACTION_PERMISSION } from '@labshop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balanceAdjustBody,
  envelopeOf,
  idParam,
  memberDetailSchema,
  memberListQuery,
  memberRecordSchema,
  memberStatusBody,
  pagedOf,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './members.service.ts';

const idParams = z.object({ id: idParam });

/** Members for staff: search, detail, balance adjustment, disable / enable. */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/members',
    {
      preHandler: app.requireStaff('members.view'),
      schema: {
        querystring: memberListQuery,
        response: { 200: envelopeOf(pagedOf(memberRecordSchema)) },
      },
    },
    async (request) => ok(await service.listMembers(app.db, request.query)),
  );

  app.get(
    '/members/:id',
    {
      preHandler: app.requireStaff('members.view'),
      schema: { params: idParams, response: { 200: envelopeOf(memberDetailSchema) } },
    },
    async (request) => ok(await service.getMember(app.db, request.params.id)),
  );

  app.post(
    '/members/:id/balance',
    {
      preHandler: app.requireStaff(ACTION_PERMISSION['member.balance']),
      config: { idempotent: true },
      schema: {
        params: idParams,
        body: balanceAdjustBody,
        response: { 200: envelopeOf(z.object({ balance: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await service.adjustBalance(app.db, staffOf(request), request.params.id, request.body),
        '余额已调整',
      ),
  );

  app.put(
    '/members/:id/status',
    {
      preHandler: app.requireStaff('members'),
      schema: { params: idParams, body: memberStatusBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.setMemberDisabled(
        app.db,
        staffOf(request),
        request.params.id,
        request.body.disabled,
      );
      return ok(null, request.body.disabled ? '已停用' : '已启用');
    },
  );
};
export default memberRoutes;
