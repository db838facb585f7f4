import { BalanceType } from '@labshop/shared';
import type { Db } from '../../db/database.ts';

/**
 * The one writer of members' balances (docs/architecture.md, "Ledgers"): every change is one
 * conditional update of `users.balance` and its `balance_records` row, in the caller's
 * transaction, so a balance and its ledger never disagree. Nothing else writes either.
 */
export interface BalanceEntry {
  userId: number;
  /** Fen, positive: the direction is the call (credit or debit). */
  amountFen: number;
  /** BalanceBusiness: adjustment, shopping, refund ... */
  business: number;
  remark: string;
  orderId?: number | null;
  at: number;
}

/** Adds to a balance; answers the balance after. */
export async function creditBalance(trx: Db, e: BalanceEntry): Promise<number> {
  const after = await change(trx, e.userId, e.amountFen, e.at);
  if (after === undefined) throw new Error(`member ${e.userId} not found for a balance credit`);
  await record(trx, BalanceType.INCOME, e, after);
  return after;
}

/**
 * Takes from a balance only when it covers the amount; answers the balance after, or undefined
 * when it does not (nothing changed). The row lock makes concurrent debits wait and re-check, so
 * a balance never goes below zero.
 */
export async function debitBalance(trx: Db, e: BalanceEntry): Promise<number | undefined> {
  const after = await change(trx, e.userId, -e.amountFen, e.at);
  if (after !== undefined) await record(trx, BalanceType.EXPENSE, e, after);
  return after;
}

async function change(trx: Db, userId: number, deltaFen: number, at: number) {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', deltaFen), updatedAt: at }))
    .where('id', '=', userId)
    .where('balance', '>=', -deltaFen)
    .returning('balance')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.balance);
}

async function record(trx: Db, type: number, e: BalanceEntry, balanceAfter: number) {
  await trx
    .insertInto('balanceRecords')
    .values({
      userId: e.userId,
      type,
      business: e.business,
      amount: e.amountFen,
      balanceAfter,
      remark: e.remark,
      orderId: e.orderId ?? null,
      createdAt: e.at,
    })
    .execute();
}
