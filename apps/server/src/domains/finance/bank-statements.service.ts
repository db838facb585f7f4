import { toYuan } from '@labshop/shared';
import type { z } from 'zod';
import type {
  BankStatementDetail,
  bankColumnMap,
  bankStatementListItemSchema,
  bankStatementSchema,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique.ts';
import { matchStatement, type WaitingOrder } from '../../lib/bank-statements/match.ts';
import { readStatement } from '../../lib/bank-statements/read.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './bank-statements.repository.ts';

/*
 * Bank statement import (docs/contract-prices-credit.md section 5): finance uploads the bank's
 * export; every row is stored with the waiting order it matched or the reason it matched none.
 * Confirming a row pays its order; that step writes several domains and is a workflow
 * (workflows/confirm-statement-rows.ts), which claims the row here first.
 */

const STATEMENT_NOT_FOUND = '银行流水不存在';
export const MSG_ROW_NOT_FOUND = '该行不在此流水中';
export const MSG_ROW_UNMATCHED = '该行未匹配到订单，不能确认';
export const MSG_ROW_CONFIRMED = '该行已确认';
export const MSG_ORDER_CONFIRMED = '该订单已由其他流水行确认收款';

type StatementView = z.infer<typeof bankStatementSchema>;

/** The names an order's payer may write on the transfer: invoice title, organization, buyer. */
function waitingOrder(o: repo.WaitingOrderRow): WaitingOrder {
  const names = [o.invoiceCompanyName, o.orgName ?? '', o.buyerCompany, o.buyerName];
  return {
    orderId: o.id,
    reference: o.transferReference || o.number,
    amount: o.amount,
    payerNames: [...new Set(names.filter((n) => n.trim() !== ''))],
  };
}

/** Reads, matches and stores an uploaded statement; nothing is stored when the file is refused. */
export async function importStatement(
  db: Db,
  staff: StaffIdentity,
  file: { filename: string; data: Buffer },
  columns: z.output<typeof bankColumnMap>,
): Promise<StatementView> {
  const rows = await readStatement(file.data, file.filename, columns);
  return db.transaction().execute(async (trx) => {
    const waiting = await repo.waitingOrders(trx);
    const byId = new Map(waiting.map((o) => [o.id, o]));
    const { matched, unmatched } = matchStatement(rows, waiting.map(waitingOrder));
    const t = now();
    const id = await repo.insertStatement(trx, {
      fileName: file.filename.slice(0, 200),
      staffId: staff.id,
      createdAt: t,
      rowCount: rows.length,
      matchedCount: matched.length,
    });
    const matchOf = new Map(matched.map((m) => [m.row, m]));
    const reasonOf = new Map(unmatched.map((u) => [u.row, u.msg]));
    await repo.insertStatementRows(
      trx,
      rows.map((r) => ({
        statementId: id,
        rowNumber: r.row,
        date: r.date,
        amount: r.amount,
        payerName: r.payerName.slice(0, 200),
        payerAccount: r.payerAccount.slice(0, 100),
        memo: r.memo.slice(0, 500),
        matchedOrderId: matchOf.get(r.row)?.orderId ?? null,
        matchedBy: matchOf.get(r.row)?.by ?? '',
        reason: reasonOf.get(r.row) ?? '',
        confirmedOrderId: null,
        confirmedAt: null,
        confirmedBy: null,
      })),
    );
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'bank-statement.import',
      target: `bank-statement:${id}`,
      before: null,
      after: { fileName: file.filename, rows: rows.length, matched: matched.length },
    });
    const payerOf = new Map(rows.map((r) => [r.row, r.payerName]));
    return {
      id,
      rows: rows.length,
      matched: matched.map((m) => ({
        ...m,
        number: byId.get(m.orderId)?.number ?? '',
        amount: toYuan(byId.get(m.orderId)?.amount ?? 0),
        payerName: payerOf.get(m.row) ?? '',
        confirmed: false,
      })),
      unmatched,
    };
  });
}

export async function statementDetail(db: Db, id: number): Promise<BankStatementDetail> {
  const statement = await repo.findStatement(db, id);
  if (!statement) throw notFound(STATEMENT_NOT_FOUND);
  const rows = await repo.statementRows(db, id);
  const isMatched = (r: (typeof rows)[number]) =>
    r.matchedOrderId !== null && (r.matchedBy === 'reference' || r.matchedBy === 'amountAndName');
  return {
    id,
    rows: statement.rowCount,
    fileName: statement.fileName,
    createTime: statement.createdAt,
    staffName: statement.staffName ?? '',
    matched: rows.filter(isMatched).map((r) => ({
      row: r.rowNumber,
      orderId: r.matchedOrderId ?? 0,
      by: r.matchedBy as 'reference' | 'amountAndName',
      number: r.orderNumber ?? '',
      amount: toYuan(r.amount ?? 0),
      payerName: r.payerName,
      confirmed: r.confirmedAt !== null,
    })),
    unmatched: rows.filter((r) => !isMatched(r)).map((r) => ({ row: r.rowNumber, msg: r.reason })),
    lines: rows.map((r) => ({
      row: r.rowNumber,
      date: r.date,
      amount: r.amount === null ? null : toYuan(r.amount),
      payerName: r.payerName,
      payerAccount: r.payerAccount,
      memo: r.memo,
      orderId: r.matchedOrderId,
      orderNumber: r.orderNumber ?? '',
      by: r.matchedBy,
      msg: r.reason,
      confirmTime: r.confirmedAt,
    })),
  };
}

export async function statementList(
  db: Db,
  query: { page: number; size: number },
): Promise<{
  records: z.infer<typeof bankStatementListItemSchema>[];
  current: number;
  size: number;
  total: number;
}> {
  const { records, total } = await repo.statementPage(db, query.page, query.size);
  return {
    records: records.map((r) => ({
      id: r.id,
      fileName: r.fileName,
      createTime: r.createdAt,
      staffName: r.staffName ?? '',
      rows: r.rowCount,
      matched: r.matchedCount,
    })),
    current: query.page,
    size: query.size,
    total,
  };
}

/** A matched row about to be confirmed: the order it pays, its amount (fen), payer and memo. */
export interface ClaimedRow {
  row: number;
  orderId: number;
  by: string;
  amount: number;
  payerName: string;
  memo: string;
}

/**
 * Claims a statement row for its confirmation, inside the caller's transaction: refused when the
 * row is not in the statement, matched nothing, or is already confirmed (by a confirmation
 * running at the same time too), and when another row already confirmed its order.
 */
export async function claimStatementRow(
  trx: Db,
  staff: StaffIdentity,
  statementId: number,
  rowNumber: number,
): Promise<ClaimedRow> {
  const r = await repo.findStatementRow(trx, statementId, rowNumber);
  if (!r) throw badRequest(MSG_ROW_NOT_FOUND);
  if (r.matchedOrderId === null) throw badRequest(MSG_ROW_UNMATCHED);
  if (r.confirmedAt !== null) throw badRequest(MSG_ROW_CONFIRMED);
  let claimed: boolean;
  try {
    claimed = await repo.markRowConfirmed(trx, r.id, r.matchedOrderId, staff.id, now());
  } catch (err) {
    const key = { table: 'bank_statement_rows', columns: ['confirmed_order_id'] };
    if (isUniqueViolation(err, key)) throw badRequest(MSG_ORDER_CONFIRMED);
    throw err;
  }
  if (!claimed) throw badRequest(MSG_ROW_CONFIRMED);
  return {
    row: r.rowNumber,
    orderId: r.matchedOrderId,
    by: r.matchedBy,
    amount: r.amount ?? 0,
    payerName: r.payerName,
    memo: r.memo,
  };
}

/** The statement must exist before its rows are confirmed. */
export async function mustFindStatement(db: Db, id: number): Promise<void> {
  if (!(await repo.findStatement(db, id))) throw notFound(STATEMENT_NOT_FOUND);
}
