import { EXPLOSIVE_REPORT_DAYS, type ExplosiveReportRow } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { chinaDateOfDay, chinaDayNumber, now } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import type { OutCell } from '../../lib/sheets.ts';
import { recordAudit } from '../audit/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './compliance.repository.ts';
import { LEDGER_HEADERS, ledgerCells, ledgerRow } from './sales-ledger.service.ts';

/*
 * The five-day report of 易制爆 sales to the public security bureau (docs/compliance.md
 * section 5): the shipped lines not yet reported, with the day each is due, and marking them
 * reported once.
 */

export async function pending(db: Db, at = now()): Promise<ExplosiveReportRow[]> {
  const today = chinaDayNumber(at);
  return (await repo.explosiveLines(db)).map((r) => {
    const due = chinaDayNumber(r.shippedAt) + EXPLOSIVE_REPORT_DAYS;
    return { ...ledgerRow(r), dueDate: chinaDateOfDay(due), daysLeft: due - today };
  });
}

/** How many lines wait for the report, and how many of them are past their fifth day. */
export async function counts(db: Db, at = now()): Promise<{ due: number; overdue: number }> {
  const rows = await pending(db, at);
  return { due: rows.length, overdue: rows.filter((r) => r.daysLeft < 0).length };
}

export const REPORT_HEADERS = [...LEDGER_HEADERS, '报告期限', '剩余天数'] as const;

export function reportCells(rows: readonly ExplosiveReportRow[]): OutCell[][] {
  const cells = ledgerCells(rows);
  return rows.map((r, i) => [...(cells[i] ?? []), r.dueDate, r.daysLeft]);
}

/**
 * Marks the lines reported, all or none: an id that is no shipped 易制爆 line, or one already
 * reported (also by a concurrent request: the report's key on the ledger row decides), is
 * refused and nothing is marked.
 */
export async function markReported(
  db: Db,
  staff: StaffIdentity,
  lineIds: readonly number[],
): Promise<{ reported: number }> {
  const ids = [...new Set(lineIds)];
  return db.transaction().execute(async (trx) => {
    const found = new Map((await repo.explosiveLines(trx, { ids })).map((r) => [r.id, r]));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0) {
      throw badRequest(`台账记录 ${unknown.join('、')} 不是待报告的易制爆发货记录`);
    }
    const done = ids.filter((id) => found.get(id)?.reportedAt != null);
    if (done.length > 0) throw badRequest(`台账记录 ${done.join('、')} 已报告，请刷新后重试`);
    const at = now();
    const inserted = await repo.insertExplosiveReports(trx, ids, at, staff.id);
    if (inserted !== ids.length) throw badRequest('部分记录已由他人标记为已报告，请刷新后重试');
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'compliance.explosive-report',
      target: `explosive-report:${ids.join(',')}`,
      after: {
        lineIds: ids,
        orderNumbers: [...new Set(ids.map((id) => found.get(id)?.orderNumber ?? ''))],
      },
    });
    return { reported: ids.length };
  });
}
