import { ORDER_STATUS_LABEL, PAY_STATUS_LABEL, PAY_TYPE_LABEL } from '@labshop/shared';

export const statusOptions = Object.entries(ORDER_STATUS_LABEL).map(([v, label]) => ({
  value: Number(v),
  label,
}));
export const payStatusOptions = Object.entries(PAY_STATUS_LABEL).map(([v, label]) => ({
  value: Number(v),
  label,
}));
export const payTypeOptions = Object.entries(PAY_TYPE_LABEL).map(([v, label]) => ({
  value: Number(v),
  label,
}));

export const STATUS_COLOR: Record<number, string> = {
  1: 'orange',
  2: 'blue',
  3: 'cyan',
  4: 'green',
  5: 'default',
};

/** Money in yuan with ￥ and two decimals; 待确认 while an order has no price yet. */
export const money = (yuan: number | null | undefined) =>
  yuan === null || yuan === undefined ? '待确认' : `￥${yuan.toFixed(2)}`;

/** Who ordered, as a list names them: the person (or account) and their unit when there is one. */
export function memberLabel(m: { account: string; name: string; company: string }): string {
  const who = m.name || m.account;
  return m.company ? `${who}（${m.company}）` : who;
}
