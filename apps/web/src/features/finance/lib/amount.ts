import { BalanceType } from '@labshop/shared';

/** '+￥12.00' for income, '-￥12.00' for expense, whatever sign the stored amount has. */
export function signedAmount(r: { type: number; amount: number }): string {
  const sign = r.type === BalanceType.INCOME ? '+' : '-';
  return `${sign}￥${Math.abs(r.amount).toFixed(2)}`;
}
