import { statementTotals, monthRange, toFen, toYuan } from '@labshop/shared';
import {
  MSG_CREDIT_EXCEEDED,
  MSG_CREDIT_OVERDUE,
  MSG_NO_CREDIT,
  type StatementView,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { ORG_NOT_FOUND, findOrg, roleOrNotFound } from '../organizations/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './credit.repository.ts';

/*
 * Credit (月结) of an organization and its monthly statement (docs/contract-prices-credit.md
 * sections 2 and 3): finance sets the limit and term; a credit order is checked against them in
 * its placing transaction, after the organization's credit row is locked.
 */

const DAY = 86_400_000;

export interface CreditView {
  /** Yuan. */
  limit: number;
  termDays: number;
  /** Yuan of the open credit orders (not settled, not cancelled). */
  used: number;
  /** Yuan of the open credit orders past their term. */
  overdue: number;
}

/** Finance sets the organization's credit (limit 0 ends it), audited with what it was. */
export async function setCredit(
  db: Db,
  staff: StaffIdentity,
  orgId: number,
  input: { limit: number; termDays: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await findOrg(trx, orgId))) throw notFound(ORG_NOT_FOUND);
    const before = await repo.findCredit(trx, orgId);
    const limit = toFen(input.limit);
    await repo.saveCredit(trx, {
      orgId,
      creditLimit: limit,
      termDays: input.termDays,
      updatedBy: staff.id,
      updatedAt: now(),
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'org.credit',
      target: `org:${orgId}`,
      before: before ? { limit: toYuan(before.creditLimit), termDays: before.termDays } : null,
      after: { limit: toYuan(limit), termDays: input.termDays },
    });
  });
}

/** The organization's credit as staff and its members see it, or null without credit. */
export async function creditOf(db: Db, orgId: number, at = now()): Promise<CreditView | null> {
  const credit = await repo.findCredit(db, orgId);
  if (!credit || credit.creditLimit === 0) return null;
  const [used, overdue] = await Promise.all([
    repo.openCredit(db, orgId),
    repo.overdueCredit(db, orgId, at - credit.termDays * DAY),
  ]);
  return {
    limit: toYuan(credit.creditLimit),
    termDays: credit.termDays,
    used: toYuan(used),
    overdue: toYuan(overdue),
  };
}

/** The credit staff see on the organization's page; 404 for no organization. */
export async function staffCredit(db: Db, orgId: number): Promise<CreditView | null> {
  if (!(await findOrg(db, orgId))) throw notFound(ORG_NOT_FOUND);
  return creditOf(db, orgId);
}

/** Whether a member may order on credit for the organization; a non-member 404. */
export async function memberCredit(
  db: Db,
  orgId: number,
  userId: number,
): Promise<{ enabled: boolean }> {
  await roleOrNotFound(db, orgId, userId);
  const credit = await repo.findCredit(db, orgId);
  return { enabled: credit !== undefined && credit.creditLimit > 0 };
}

/**
 * A credit order of `amount` fen for the organization, checked inside the placing transaction:
 * the credit row is locked first, so orders at once take turns and each sees the ones before
 * it; refused without credit, with an overdue credit order, or beyond the limit.
 */
export async function reserveCredit(trx: Db, orgId: number, amount: number, at: number) {
  const credit = await repo.lockCredit(trx, orgId);
  if (!credit || credit.creditLimit === 0) throw badRequest(MSG_NO_CREDIT);
  if ((await repo.overdueCredit(trx, orgId, at - credit.termDays * DAY)) > 0) {
    throw badRequest(MSG_CREDIT_OVERDUE);
  }
  if ((await repo.openCredit(trx, orgId)) + amount > credit.creditLimit) {
    throw badRequest(MSG_CREDIT_EXCEEDED);
  }
}

/** Organizations with a credit order past its term (the console dashboard). */
export const overdueOrgCount = (db: Db, at = now()): Promise<number> =>
  repo.overdueOrgCount(db, at);

/** The organization's statement of the month (YYYY-MM, China time); amounts in yuan. */
export async function statementOf(db: Db, orgId: number, month: string): Promise<StatementView> {
  const org = await findOrg(db, orgId);
  if (!org) throw notFound(ORG_NOT_FOUND);
  const [start, end] = monthRange(month);
  const [credit, orders, payments] = await Promise.all([
    repo.findCredit(db, orgId),
    repo.statementOrders(db, orgId, start, end),
    repo.settlementsBetween(db, orgId, start, end),
  ]);
  const termDays = credit?.termDays ?? 0;
  const totals = statementTotals(
    month,
    orders.map((o) => ({
      orderId: o.id,
      amount: o.amount ?? 0,
      createTime: o.createdAt,
      settledTime: o.settledAt,
      cancelled: false,
    })),
    payments.map((p) => ({ amount: p.amount, time: p.createdAt })),
  );
  return {
    orgId,
    orgName: org.name,
    month,
    openingDue: toYuan(totals.openingDue),
    orders: orders
      .filter((o) => o.createdAt >= start)
      .map((o) => ({
        orderId: o.id,
        number: o.number,
        createTime: o.createdAt,
        buyer: o.buyerName || o.buyerAccount,
        budgetCode: o.budgetCode,
        amount: toYuan(o.amount ?? 0),
        settled: o.settledAt !== null,
        dueTime: o.createdAt + termDays * DAY,
      })),
    payments: payments.map((p) => ({
      id: p.id,
      time: p.createdAt,
      amount: toYuan(p.amount),
      reference: p.reference,
      orderIds: p.orderIds,
    })),
    ordersTotal: toYuan(totals.ordersTotal),
    paymentsTotal: toYuan(totals.paymentsTotal),
    balanceDue: toYuan(totals.balanceDue),
    limit: toYuan(credit?.creditLimit ?? 0),
    termDays,
  };
}

/** The statement for a member: only the organization's admins and approvers; anyone else 404. */
export async function memberStatement(
  db: Db,
  orgId: number,
  userId: number,
  month: string,
): Promise<StatementView> {
  const role = await roleOrNotFound(db, orgId, userId);
  if (role !== 'admin' && role !== 'approver') throw notFound(ORG_NOT_FOUND);
  return statementOf(db, orgId, month);
}

/** The named credit orders of the organization, in ascending id (the order they lock in). */
export const creditOrdersByIds = repo.creditOrdersByIds;

/** Stores a settlement (the payment finance recorded); answers its id. */
export async function recordSettlement(
  trx: Db,
  p: { orgId: number; amount: number; reference: string; staffId: number; at: number },
): Promise<number> {
  return repo.insertSettlement(trx, {
    orgId: p.orgId,
    amount: p.amount,
    reference: p.reference,
    staffId: p.staffId,
    createdAt: p.at,
  });
}

/**
 * The orders a settlement settled; called after each order's settle-credit move took its row,
 * so an order already in another settlement never reaches the unique key.
 */
export async function recordSettledOrders(
  trx: Db,
  settlementId: number,
  orders: readonly { id: number; amount: number }[],
): Promise<void> {
  await repo.insertSettlementOrders(
    trx,
    orders.map((o) => ({ settlementId, orderId: o.id, amount: o.amount })),
  );
}
