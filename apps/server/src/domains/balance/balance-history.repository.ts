import type { Paged } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { createdWithin, selectPage, type PageRequest, type TimeRange } from '../../db/paging.ts';
import type { Row } from '../../db/schema.ts';

/*
 * Reads of the balance ledger: a member's history and the console's view of it. The ledger is
 * written only by balance.repository.ts (docs/architecture.md, "Ledgers").
 */

export interface RecordFilter extends TimeRange {
  type?: number;
  business?: number;
}

export async function pageRecords(
  db: Db,
  userId: number,
  f: RecordFilter,
  page: PageRequest,
): Promise<Paged<Row<'balanceRecords'>>> {
  return selectPage(
    db
      .selectFrom('balanceRecords')
      .selectAll()
      .where((eb) => {
        const conds = [eb('userId', '=', userId)];
        if (f.type !== undefined) conds.push(eb('type', '=', f.type));
        if (f.business !== undefined) conds.push(eb('business', '=', f.business));
        return eb.and([...conds, ...createdWithin(eb, f)]);
      }),
    page,
  );
}

/** A member's newest balance records (the console's member page). */
export async function latestRecords(
  db: Db,
  userId: number,
  limit: number,
): Promise<Row<'balanceRecords'>[]> {
  return db
    .selectFrom('balanceRecords')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Every balance record written within the period (both ends inclusive), oldest first, at most
 * `limit`: the balance's part of the payments export (docs/console.md, "Lists").
 */
export async function recordsWithin(
  db: Db,
  period: { from: number; to: number },
  limit: number,
): Promise<Row<'balanceRecords'>[]> {
  return db
    .selectFrom('balanceRecords')
    .selectAll()
    .where('createdAt', '>=', period.from)
    .where('createdAt', '<=', period.to)
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit)
    .execute();
}
