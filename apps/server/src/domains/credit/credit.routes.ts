import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  orgCreditBody,
  orgCreditSchema,
  orgIdParam,
  settlementBody,
  statementQuery,
  statementSchema,
} from '@labshop/shared/schemas';
import { chinaDate, now } from '../../lib/clock.ts';
import { sendFile } from '../../lib/downloads.ts';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import { staffOf } from '../staff/index.ts';
import { settleCredit } from '../../workflows/settle-credit.ts';
import * as service from './credit.service.ts';
import { statementPdf, statementXlsx } from './statement-files.ts';

/*
 * Credit (月结), statements and settlements (docs/contract-prices-credit.md): the statement for
 * the organization's admins and approvers (anyone else 404), and for finance, with the credit
 * terms and settlements (permission finance, audited).
 */

/** Whether the member may order on 月结 for the organization (the confirm page offers it). */
const memberCreditSchema = z.object({ enabled: z.boolean() });
/** ?month=YYYY-MM; left out, this month in China (so an unknown organization answers 404). */
const statement = {
  params: orgIdParam,
  querystring: z.object({ month: statementQuery.shape.month.optional() }),
};
const monthOf = (month: string | undefined) => month ?? chinaDate(now()).slice(0, 7);
const fileAnswer = { 200: z.any().describe('file') };

type Statement = Awaited<ReturnType<typeof service.statementOf>>;
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * `/orgs/{id}/statements` and its `/pdf` and `/xlsx`: one statement, read by `load` for the
 * caller the guard let in, answered as JSON or as either file.
 */
function statementRoutes(
  app: App,
  preHandler: RouteShorthandOptions['preHandler'],
  load: (request: FastifyRequest, orgId: number, month: string) => Promise<Statement>,
) {
  const read = (request: FastifyRequest & { params: { id: number }; query: { month?: string } }) =>
    load(request, request.params.id, monthOf(request.query.month));
  app.get(
    '/orgs/:id/statements',
    { preHandler, schema: { ...statement, response: { 200: envelopeOf(statementSchema) } } },
    async (request) => ok(await read(request)),
  );
  app.get(
    '/orgs/:id/statements/pdf',
    { preHandler, schema: { ...statement, response: fileAnswer } },
    async (request, reply) => {
      const { pdf, name } = await statementPdf(app.db, app.files, await read(request));
      return sendFile(reply, 'pdf', name, pdf);
    },
  );
  app.get(
    '/orgs/:id/statements/xlsx',
    { preHandler, schema: { ...statement, response: fileAnswer } },
    async (request, reply) => {
      const { xlsx, name } = await statementXlsx(await read(request));
      return sendFile(reply, 'xlsx', name, xlsx);
    },
  );
}

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };

  app.get(
    '/orgs/:id/credit',
    {
      ...guard,
      schema: { params: orgIdParam, response: { 200: envelopeOf(memberCreditSchema) } },
    },
    async (request) =>
      ok(await service.memberCredit(app.db, request.params.id, memberIdOf(request))),
  );

  statementRoutes(app, app.requireMember, (request, orgId, month) =>
    service.memberStatement(app.db, orgId, memberIdOf(request), month),
  );
};

export const staffCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const finance = { preHandler: app.requireStaff('finance') };

  app.get(
    '/orgs/:id/credit',
    {
      preHandler: app.requireStaff('members.view'),
      schema: { params: orgIdParam, response: { 200: envelopeOf(orgCreditSchema) } },
    },
    async (request) => ok(await service.staffCredit(app.db, request.params.id)),
  );

  app.put(
    '/orgs/:id/credit',
    {
      ...finance,
      schema: { params: orgIdParam, body: orgCreditBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await service.setCredit(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, '信用额度已保存');
    },
  );

  statementRoutes(app, finance.preHandler, (_request, orgId, month) =>
    service.statementOf(app.db, orgId, month),
  );

  app.post(
    '/orgs/:id/settlements',
    {
      ...finance,
      config: { idempotent: true },
      schema: {
        params: orgIdParam,
        body: settlementBody,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await settleCredit(app.db, staffOf(request), request.params.id, request.body),
        '回款已登记，订单已结清',
      ),
  );
};
