import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approvalDecisionBody,
  envelopeOf,
  manageOrgDetailSchema,
  manageOrgListQuery,
  manageOrgSchema,
  orgAddressBody,
  orgAddressSchema,
  orgApprovalParams,
  orgBudgetBody,
  orgBudgetSchema,
  orgCreateBody,
  orgDetailSchema,
  orgIdParam,
  orgInvoiceBody,
  orgInvoiceSchema,
  orgMemberAddBody,
  orgMemberParams,
  orgMemberRoleBody,
  orgOrderSchema,
  orderListQuery,
  orgRulesBody,
  orgSummarySchema,
  orgVerifyBody,
  pagedOf,
  pendingApprovalSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import { staffOf } from '../staff/index.ts';
import { decideApproval } from '../../workflows/decide-approval.ts';
import { orgOrderPage } from '../../workflows/order-pages.ts';
import * as service from './organizations.service.ts';

const created = envelopeOf(z.object({ id: z.number().int() }));
const done = envelopeOf(z.null());

/** Organizations for their members (docs/organizations.md); a non-member gets 404 everywhere. */
export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: app.requireMember };

  app.post(
    '/orgs',
    {
      ...guard,
      config: { idempotent: true },
      schema: { body: orgCreateBody, response: { 200: created } },
    },
    async (request) =>
      ok(await service.createOrg(app.db, memberIdOf(request), request.body), '单位已创建'),
  );

  app.get(
    '/orgs',
    { ...guard, schema: { response: { 200: envelopeOf(z.array(orgSummarySchema)) } } },
    async (request) => ok(await service.listOrgs(app.db, memberIdOf(request))),
  );

  app.get(
    '/orgs/:id',
    { ...guard, schema: { params: orgIdParam, response: { 200: envelopeOf(orgDetailSchema) } } },
    async (request) => ok(await service.orgDetail(app.db, request.params.id, memberIdOf(request))),
  );

  app.post(
    '/orgs/:id/members',
    {
      ...guard,
      // A retried invitation answers as the first did, not 该成员已在单位中.
      config: { idempotent: true },
      schema: { params: orgIdParam, body: orgMemberAddBody, response: { 200: done } },
    },
    async (request) => {
      await service.addMember(app.db, request.params.id, memberIdOf(request), request.body);
      return ok(null, '成员已添加');
    },
  );

  app.put(
    '/orgs/:id/members/:userId',
    {
      ...guard,
      schema: { params: orgMemberParams, body: orgMemberRoleBody, response: { 200: done } },
    },
    async (request) => {
      const { id, userId } = request.params;
      await service.changeMember(app.db, id, memberIdOf(request), userId, request.body.role);
      return ok(null, '角色已修改');
    },
  );

  app.delete(
    '/orgs/:id/members/:userId',
    { ...guard, schema: { params: orgMemberParams, response: { 200: done } } },
    async (request) => {
      const { id, userId } = request.params;
      await service.changeMember(app.db, id, memberIdOf(request), userId, null);
      return ok(null, '成员已移除');
    },
  );

  app.put(
    '/orgs/:id/rules',
    { ...guard, schema: { params: orgIdParam, body: orgRulesBody, response: { 200: done } } },
    async (request) => {
      await service.setRules(app.db, request.params.id, memberIdOf(request), request.body);
      return ok(null, '审批规则已保存');
    },
  );

  app.post(
    '/orgs/:id/budgets',
    {
      ...guard,
      config: { idempotent: true },
      schema: { params: orgIdParam, body: orgBudgetBody, response: { 200: created } },
    },
    async (request) =>
      ok(
        await service.createBudget(app.db, request.params.id, memberIdOf(request), request.body),
        '经费卡已添加',
      ),
  );

  app.get(
    '/orgs/:id/budgets',
    {
      ...guard,
      schema: { params: orgIdParam, response: { 200: envelopeOf(z.array(orgBudgetSchema)) } },
    },
    async (request) =>
      ok(await service.listBudgets(app.db, request.params.id, memberIdOf(request))),
  );

  app.get(
    '/orgs/:id/approvals',
    {
      ...guard,
      schema: { params: orgIdParam, response: { 200: envelopeOf(z.array(pendingApprovalSchema)) } },
    },
    async (request) => ok(await service.pendingFor(app.db, request.params.id, memberIdOf(request))),
  );

  app.get(
    '/orgs/:id/orders',
    {
      ...guard,
      schema: {
        params: orgIdParam,
        querystring: orderListQuery,
        response: { 200: envelopeOf(pagedOf(orgOrderSchema)) },
      },
    },
    async (request) =>
      ok(await orgOrderPage(app.db, request.params.id, memberIdOf(request), request.query)),
  );

  app.post(
    '/orgs/:id/approvals/:orderId',
    {
      ...guard,
      schema: { params: orgApprovalParams, body: approvalDecisionBody, response: { 200: done } },
    },
    async (request) => {
      const { id, orderId } = request.params;
      await decideApproval(app.db, id, orderId, memberIdOf(request), request.body);
      return ok(null, request.body.approve ? '已同意' : '已驳回，订单已取消');
    },
  );

  app.get(
    '/orgs/:id/addresses',
    {
      ...guard,
      schema: { params: orgIdParam, response: { 200: envelopeOf(z.array(orgAddressSchema)) } },
    },
    async (request) =>
      ok(await service.addressesOf(app.db, request.params.id, memberIdOf(request))),
  );

  app.post(
    '/orgs/:id/addresses',
    {
      ...guard,
      config: { idempotent: true },
      schema: { params: orgIdParam, body: orgAddressBody, response: { 200: created } },
    },
    async (request) =>
      ok(
        await service.addAddress(app.db, request.params.id, memberIdOf(request), request.body),
        '地址已添加',
      ),
  );

  app.get(
    '/orgs/:id/invoice',
    { ...guard, schema: { params: orgIdParam, response: { 200: envelopeOf(orgInvoiceSchema) } } },
    async (request) => ok(await service.invoiceOf(app.db, request.params.id, memberIdOf(request))),
  );

  app.put(
    '/orgs/:id/invoice',
    { ...guard, schema: { params: orgIdParam, body: orgInvoiceBody, response: { 200: done } } },
    async (request) => {
      await service.saveInvoice(app.db, request.params.id, memberIdOf(request), request.body);
      return ok(null, '发票信息已保存');
    },
  );
};

/** Organizations for staff: list, detail (members.view) and verification (members, audited). */
export const staffOrgRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orgs',
    {
      preHandler: app.requireStaff('members.view'),
      schema: {
        querystring: manageOrgListQuery,
        response: { 200: envelopeOf(pagedOf(manageOrgSchema)) },
      },
    },
    async (request) => ok(await service.staffOrgPage(app.db, request.query)),
  );

  app.get(
    '/orgs/:id',
    {
      preHandler: app.requireStaff('members.view'),
      schema: { params: orgIdParam, response: { 200: envelopeOf(manageOrgDetailSchema) } },
    },
    async (request) => ok(await service.staffOrgDetail(app.db, request.params.id)),
  );

  app.post(
    '/orgs/:id/verify',
    {
      preHandler: app.requireStaff('members'),
      schema: { params: orgIdParam, body: orgVerifyBody, response: { 200: done } },
    },
    async (request) => {
      await service.verifyOrg(app.db, staffOf(request), request.params.id, request.body);
      return ok(null, request.body.verified ? '已认证' : '已标记为未通过');
    },
  );
};
