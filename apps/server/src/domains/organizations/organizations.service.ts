import { toFen, toYuan } from '@labshop/shared';
import { ORG_ROLE_LABEL } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uniquely } from '../../db/unique.ts';
import {
  budgetProblem,
  mayDecide,
  remainingOf,
  requiredSteps,
  type StepRole,
} from './approval-rules.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './organizations.repository.ts';
import type { OrgRole } from './organizations.repository.ts';

/*
 * Organizations (docs/organizations.md): members and roles, rules, budgets, shared addresses and
 * invoice title, and the organization's side of an order (its budget and approval steps). A
 * caller who is not a member is told the organization does not exist (404), never that it does.
 */

export const ORG_NOT_FOUND = '单位不存在';
const ADMIN_ONLY = '仅单位管理员可以操作';
const LAST_ADMIN = '单位至少需要一名管理员';
const NOT_REGISTERED = '该账号尚未注册';
const ALREADY_MEMBER = '该成员已在单位中';
const MEMBER_NOT_FOUND = '成员不存在';
const NOT_A_BUYER = '您不能为该单位下单';
const BUDGET_NOT_FOUND = (code: string) => `经费卡 ${code} 不存在`;
const APPROVAL_NOT_FOUND = '没有待您审批的该订单';

export interface NewOrg {
  name: string;
  uscc?: string;
}

/** The caller's role, or 404 for a non-member (and for an organization that does not exist). */
export async function roleOrNotFound(db: Db, orgId: number, userId: number): Promise<OrgRole> {
  const role = await repo.memberRole(db, orgId, userId);
  if (!role) throw notFound(ORG_NOT_FOUND);
  return role;
}

async function adminOnly(db: Db, orgId: number, userId: number): Promise<void> {
  if ((await roleOrNotFound(db, orgId, userId)) !== 'admin') throw badRequest(ADMIN_ONLY);
}

/** Creates an organization with the caller as its first admin, in one transaction. */
export async function createOrg(db: Db, userId: number, input: NewOrg): Promise<{ id: number }> {
  const at = now();
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertOrg(trx, {
      name: input.name,
      uscc: input.uscc ?? '',
      approvalOver: null,
      createdBy: userId,
      createdAt: at,
      updatedAt: at,
    });
    await repo.insertMember(trx, { orgId: id, userId, role: 'admin', createdAt: at });
    return { id };
  });
}

export async function listOrgs(db: Db, userId: number) {
  const rows = await repo.memberOrgs(db, userId);
  return rows.map((r) => ({ ...r, role: r.role as OrgRole, verified: r.verified === 1 }));
}

export async function orgDetail(db: Db, orgId: number, userId: number) {
  const role = await roleOrNotFound(db, orgId, userId);
  const org = await repo.findOrg(db, orgId);
  if (!org) throw notFound(ORG_NOT_FOUND);
  return {
    id: org.id,
    name: org.name,
    uscc: org.uscc,
    role,
    verified: org.verified === 1,
    verifyReason: org.verifyReason,
    approvalOver: org.approvalOver === null ? null : toYuan(Number(org.approvalOver)),
    regulatedNeedsSafety: org.regulatedNeedsSafety === 1,
    members: await membersOf(db, orgId),
  };
}

export async function membersOf(db: Db, orgId: number) {
  const rows = await repo.orgMembers(db, orgId);
  return rows.map((m) => ({ ...m, role: m.role as OrgRole }));
}

/**
 * Adds a registered member (by phone or email) with a role (org admin only); the member is told
 * in the same transaction (message centre, email, SMS).
 */
export async function addMember(
  db: Db,
  orgId: number,
  userId: number,
  input: { account: string; role: OrgRole },
): Promise<void> {
  await adminOnly(db, orgId, userId);
  const user = await repo.findUserByAccount(db, input.account);
  if (!user) throw badRequest(NOT_REGISTERED);
  await uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        await repo.insertMember(trx, {
          orgId,
          userId: user.id,
          role: input.role,
          createdAt: now(),
        });
        const org = await repo.findOrg(trx, orgId);
        await notify(trx, 'org-member-added', {
          userId: user.id,
          orgName: org?.name ?? '',
          role: ORG_ROLE_LABEL[input.role],
          link: `/user/orgs/${orgId}`,
        });
      }),
    [[{ table: 'org_members', columns: ['org_id', 'user_id'] }, ALREADY_MEMBER]],
  );
}

/**
 * Changes a member's role (admin) or removes a member (admin, or the member leaving). The
 * organization's row is locked first so two changes at once cannot both take away the last
 * admin.
 */
export async function changeMember(
  db: Db,
  orgId: number,
  userId: number,
  target: number,
  role: OrgRole | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const own = await roleOrNotFound(trx, orgId, userId);
    const leaving = role === null && target === userId;
    if (own !== 'admin' && !leaving) throw badRequest(ADMIN_ONLY);
    await repo.lockOrg(trx, orgId, now());
    const current = await repo.memberRole(trx, orgId, target);
    if (!current) throw notFound(MEMBER_NOT_FOUND);
    const losesAdmin = current === 'admin' && role !== 'admin';
    if (losesAdmin && (await repo.countAdmins(trx, orgId)) <= 1) throw badRequest(LAST_ADMIN);
    if (role === null) await repo.deleteMember(trx, orgId, target);
    else await repo.updateMemberRole(trx, orgId, target, role);
  });
}

export async function setRules(
  db: Db,
  orgId: number,
  userId: number,
  input: { approvalOver: number | null; regulatedNeedsSafety: boolean },
): Promise<void> {
  await adminOnly(db, orgId, userId);
  await repo.updateOrg(db, orgId, {
    approvalOver: input.approvalOver === null ? null : toFen(input.approvalOver),
    regulatedNeedsSafety: input.regulatedNeedsSafety ? 1 : 0,
    updatedAt: now(),
  });
}

const BUDGET_EXISTS = '经费卡号已存在';

export async function createBudget(
  db: Db,
  orgId: number,
  userId: number,
  input: { code: string; name: string; amount: number; validFrom: number; validUntil: number },
): Promise<{ id: number }> {
  await adminOnly(db, orgId, userId);
  const at = now();
  const id = await uniquely(
    () =>
      repo.insertBudget(db, {
        orgId,
        code: input.code,
        name: input.name,
        amount: toFen(input.amount),
        validFrom: input.validFrom,
        validUntil: input.validUntil,
        createdAt: at,
        updatedAt: at,
      }),
    [[{ table: 'org_budgets', columns: ['org_id', 'code'] }, BUDGET_EXISTS]],
  );
  return { id };
}

/** Budgets in yuan with used and remaining (members see them to choose one at checkout). */
export async function budgetsOf(db: Db, orgId: number) {
  const rows = await repo.orgBudgets(db, orgId);
  return rows.map((b) => ({
    id: b.id,
    code: b.code,
    name: b.name,
    amount: toYuan(b.amount),
    used: toYuan(b.used),
    remaining: toYuan(remainingOf(b)),
    validFrom: Number(b.validFrom),
    validUntil: Number(b.validUntil),
  }));
}

export async function listBudgets(db: Db, orgId: number, userId: number) {
  await roleOrNotFound(db, orgId, userId);
  return budgetsOf(db, orgId);
}

// The organization's side of an order

/**
 * The organization a member orders for: they must be its buyer, approver or admin (a safety
 * officer does not order; a non-member gets 404).
 */
export async function buyingOrg(
  db: Db,
  orgId: number,
  userId: number,
): Promise<Row<'organizations'>> {
  const role = await repo.memberRole(db, orgId, userId);
  if (!role) throw notFound(ORG_NOT_FOUND);
  if (role === 'safety') throw badRequest(NOT_A_BUYER);
  const org = await repo.findOrg(db, orgId);
  if (!org) throw notFound(ORG_NOT_FOUND);
  return org;
}

export interface OrgOrderPlan {
  orgId: number;
  budgetCode: string;
  steps: StepRole[];
}

/**
 * Checks an order for an organization inside the placing transaction, once buyingOrg has found
 * the buyer a buyer, approver or admin of it: the budget (locked, so orders at once take turns)
 * must be valid now and have the amount left. Answers the steps the order will wait for. Refusals throw
 * a Chinese message and the transaction makes nothing.
 */
export async function planOrgOrder(
  trx: Db,
  input: {
    /** The organization as buyingOrg answered it for the buyer, in this transaction. */
    org: Row<'organizations'>;
    budgetCode: string;
    amount: number | null;
    hasRegulatedLine: boolean;
    at: number;
  },
): Promise<OrgOrderPlan> {
  const { org } = input;
  if (input.budgetCode !== '') {
    const budget = await repo.lockBudget(trx, org.id, input.budgetCode, input.at);
    if (!budget) throw badRequest(BUDGET_NOT_FOUND(input.budgetCode));
    const problem = budgetProblem(budget, input.amount ?? 0, input.at);
    if (problem) throw badRequest(problem);
  }
  const steps = requiredSteps(
    {
      approvalOver: org.approvalOver === null ? null : Number(org.approvalOver),
      regulatedNeedsSafety: org.regulatedNeedsSafety === 1,
    },
    input.amount,
    input.hasRegulatedLine,
  );
  return { orgId: org.id, budgetCode: input.budgetCode, steps };
}

/** Writes the pending steps of an order just placed. */
export async function recordSteps(
  trx: Db,
  plan: OrgOrderPlan,
  orderId: number,
  at: number,
): Promise<void> {
  await repo.insertSteps(
    trx,
    plan.steps.map((role) => ({
      orderId,
      orgId: plan.orgId,
      role,
      decision: 'pending',
      userId: null,
      createdAt: at,
    })),
  );
}

/**
 * The members who may decide a step of the buyer's order (who is told it waits), with the
 * organization's and the buyer's names for the message.
 */
export async function decidersOf(db: Db, orgId: number, buyerId: number, steps: StepRole[]) {
  const members = await repo.orgMembers(db, orgId);
  const org = await repo.findOrg(db, orgId);
  return {
    orgName: org?.name ?? '',
    buyerName: members.find((m) => m.userId === buyerId)?.name ?? '',
    userIds: members
      .filter((m) => steps.some((s) => mayDecide(s, m.role as OrgRole, m.userId, buyerId)))
      .map((m) => m.userId),
  };
}

/** The approval of orders as the order pages show it: status and steps with who decided. */
export async function approvalsOf(db: Db, orderIds: readonly number[]) {
  const rows = await repo.stepsOf(db, orderIds);
  const byOrder = new Map<number, ApprovalStepView[]>();
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({
      role: r.role as StepRole,
      userId: r.userId,
      name: r.name ?? '',
      decision: r.decision as ApprovalStepView['decision'],
      remark: r.remark,
      time: r.decidedAt === null ? null : Number(r.decidedAt),
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

export interface ApprovalStepView {
  role: StepRole;
  userId: number | null;
  name: string;
  decision: 'pending' | 'approved' | 'rejected';
  remark: string;
  time: number | null;
}

/** The pending orders of the organization the caller may decide now, with their steps. */
export async function pendingFor(db: Db, orgId: number, userId: number) {
  const role = await roleOrNotFound(db, orgId, userId);
  const rows = await repo.pendingSteps(db, orgId);
  const mine = rows.filter((r) => mayDecide(r.role as StepRole, role, userId, r.buyerId));
  const orderIds = [...new Set(mine.map((r) => r.orderId))];
  const approvals = await approvalsOf(db, orderIds);
  return orderIds.map((orderId) => {
    const steps = mine.filter((r) => r.orderId === orderId);
    const first = steps[0]!;
    return {
      orderId,
      number: first.number,
      amount: first.amount === null ? null : toYuan(Number(first.amount)),
      buyerId: first.buyerId,
      buyerName: first.buyerName,
      budgetCode: first.budgetCode,
      createTime: Number(first.createdAt),
      roles: steps.map((s) => s.role as StepRole),
      approval: { status: 'pending' as const, steps: approvals.get(orderId) ?? [] },
    };
  });
}

/**
 * Decides one step of a pending order inside the caller's transaction: the first pending step
 * the caller may decide (never their own order), in one guarded statement so two deciders at
 * once cannot both decide it. Answers the order's outcome: rejected at once, approved when no
 * step is left pending, else still pending.
 */
export async function decideStep(
  trx: Db,
  input: {
    orgId: number;
    orderId: number;
    buyerId: number;
    userId: number;
    approve: boolean;
    remark: string;
    at: number;
  },
): Promise<'approved' | 'rejected' | 'pending'> {
  const role = await roleOrNotFound(trx, input.orgId, input.userId);
  const steps = (await repo.stepsOf(trx, [input.orderId])).filter((s) => s.decision === 'pending');
  const step = steps.find((s) => mayDecide(s.role as StepRole, role, input.userId, input.buyerId));
  if (!step) throw badRequest(APPROVAL_NOT_FOUND);
  const decided = await repo.decideStep(trx, input.orderId, step.role, {
    decision: input.approve ? 'approved' : 'rejected',
    userId: input.userId,
    remark: input.remark,
    decidedAt: input.at,
  });
  if (!decided) throw badRequest(APPROVAL_NOT_FOUND);
  if (!input.approve) {
    await repo.closePendingSteps(trx, input.orderId, input.at);
    return 'rejected';
  }
  return steps.length > 1 ? 'pending' : 'approved';
}

// Shared addresses and invoice title

export async function addressesOf(db: Db, orgId: number, userId: number) {
  await roleOrNotFound(db, orgId, userId);
  return repo.orgAddresses(db, orgId);
}

export async function addAddress(
  db: Db,
  orgId: number,
  userId: number,
  input: { name: string; phone: string; region: unknown; address: string },
): Promise<{ id: number }> {
  await roleOrNotFound(db, orgId, userId);
  const at = now();
  const id = await repo.insertAddress(db, {
    orgId,
    name: input.name,
    phone: input.phone,
    region: JSON.stringify(input.region),
    address: input.address,
    createdBy: userId,
    createdAt: at,
    updatedAt: at,
  });
  return { id };
}

const EMPTY_INVOICE = {
  invoiceType: 3,
  invoiceHeader: '',
  invoiceEmail: '',
  taxpayerNumber: '',
  registerAddress: '',
  registerTelephone: '',
  bankName: '',
  bankAccount: '',
};

export async function invoiceOf(db: Db, orgId: number, userId: number) {
  await roleOrNotFound(db, orgId, userId);
  const row = await repo.orgInvoice(db, orgId);
  if (!row) return EMPTY_INVOICE;
  const { orgId: _org, updatedAt: _at, ...invoice } = row;
  return invoice;
}

/** The shared invoice title (org admin). */
export async function saveInvoice(
  db: Db,
  orgId: number,
  userId: number,
  input: typeof EMPTY_INVOICE,
): Promise<void> {
  await adminOnly(db, orgId, userId);
  await repo.saveInvoice(db, { orgId, ...input, updatedAt: now() });
}

// Staff

export async function staffOrgPage(
  db: Db,
  query: { page: number; size: number; keyword: string; verified?: '0' | '1' },
) {
  const page = await repo.staffOrgPage(
    db,
    {
      keyword: query.keyword,
      verified: query.verified === undefined ? undefined : Number(query.verified),
    },
    query,
  );
  return { ...page, records: page.records.map(toStaffOrg) };
}

function toStaffOrg(org: Row<'organizations'> & { memberCount: number }) {
  return {
    id: org.id,
    name: org.name,
    uscc: org.uscc,
    verified: org.verified === 1,
    verifyReason: org.verifyReason,
    verifiedAt: org.verifiedAt === null ? null : Number(org.verifiedAt),
    memberCount: org.memberCount,
    createTime: Number(org.createdAt),
  };
}

export async function staffOrgDetail(db: Db, orgId: number) {
  const org = await repo.findOrg(db, orgId);
  if (!org) throw notFound(ORG_NOT_FOUND);
  const members = await membersOf(db, orgId);
  return {
    ...toStaffOrg({ ...org, memberCount: members.length }),
    approvalOver: org.approvalOver === null ? null : toYuan(Number(org.approvalOver)),
    regulatedNeedsSafety: org.regulatedNeedsSafety === 1,
    members,
    budgets: await budgetsOf(db, orgId),
  };
}

/** Staff record whether the organization's 营业执照 / USCC checked out, audited with it. */
export async function verifyOrg(
  db: Db,
  staff: StaffIdentity,
  orgId: number,
  input: { verified: boolean; reason: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const org = await repo.findOrg(trx, orgId);
    if (!org) throw notFound(ORG_NOT_FOUND);
    const at = now();
    await repo.updateOrg(trx, orgId, {
      verified: input.verified ? 1 : 0,
      verifyReason: input.reason,
      verifiedBy: staff.id,
      verifiedAt: at,
      updatedAt: at,
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'org.verify',
      target: `org:${orgId}`,
      before: { verified: org.verified === 1, reason: org.verifyReason },
      after: { verified: input.verified, reason: input.reason },
    });
  });
}
