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

export const ACTION_LABEL: Record<string, string> = {
  'order.payment': '确认收款',
  'order.prices': '订单定价',
  'order.delivery': '发货',
  'order.track': '添加物流记录',
  'order.complete': '完成订单',
  'order.cancel': '取消订单',
  'order.invoice': '登记开票',
  'order.fapiao': '上传电子发票',
};
