import type { z } from 'zod';
import { toYuan, type Paged } from '@labshop/shared';
import type { BalanceRecord, financeQuery } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import * as repo from '../balance/index.ts';

export type FinanceListInput = z.output<typeof financeQuery>;

/** The member's balance ledger, amounts and balances in yuan, newest first. */
export async function listRecords(
  db: Db,
  userId: number,
  q: FinanceListInput,
): Promise<Paged<BalanceRecord>> {
  const filter: repo.RecordFilter = {
    type: q.type,
    business: q.business,
    startTime: q.startTime,
    endTime: q.endTime,
  };
  const page = await repo.pageRecords(db, userId, filter, q);
  return {
    ...page,
    records: page.records.map((r) => ({
      id: r.id,
      type: r.type,
      business: r.business,
      amount: toYuan(r.amount),
      balanceAfter: toYuan(r.balanceAfter),
      remark: r.remark,
      createTime: r.createdAt,
    })),
  };
}
