/** Order status (docs/product-rules.md section 4). */
export const OrderStatus = {
  PENDING: 1,
  AWAITING_SHIPMENT: 2,
  SHIPPING: 3,
  COMPLETED: 4,
  CANCELLED: 5,
} as const;
export const ORDER_STATUS_LABEL: Record<number, string> = {
  1: '待处理',
  2: '待发货',
  3: '运输中',
  4: '已完成',
  5: '已取消',
};

export const PayStatus = { UNPAID: 1, PAID: 2, REFUNDED: 3 } as const;
export const PAY_STATUS_LABEL: Record<number, string> = { 1: '未支付', 2: '已支付', 3: '已退款' };

/** 5, 月结: an organization's credit order, paid later by settlement (docs/contract-prices-credit.md). */
export const PayType = { BANK_TRANSFER: 1, WECHAT: 2, ALIPAY: 3, BALANCE: 4, CREDIT: 5 } as const;
export const PAY_TYPE_LABEL: Record<number, string> = {
  1: '银行转账',
  2: '微信支付',
  3: '支付宝',
  4: '余额支付',
  5: '月结',
};

/** The invoice a member or an order asks for; compare with these names, never with the numbers. */
export const InvoiceType = { ORDINARY_VAT: 1, SPECIAL_VAT: 2, NONE: 3 } as const;
export const INVOICE_TYPE_LABEL: Record<number, string> = {
  1: '增值税普通发票',
  2: '增值税专用发票',
  3: '不开发票',
};

export const CustomStatus = { PENDING: 1, PROCESSED: 2, CANCELLED: 3 } as const;
export const CUSTOM_STATUS_LABEL: Record<number, string> = {
  1: '待处理',
  2: '已处理',
  3: '已取消',
};

export const BalanceType = { INCOME: 1, EXPENSE: 2 } as const;
export const BALANCE_TYPE_LABEL: Record<number, string> = { 1: '收入', 2: '支出' };
export const BalanceBusiness = { ADJUSTMENT: 1, SHOPPING: 2, REFUND: 3 } as const;
export const BALANCE_BUSINESS_LABEL: Record<number, string> = {
  1: '余额调整',
  2: '购物扣款',
  3: '订单退款',
};

/**
 * Verification code scenes (docs/product-rules.md section 7). 4, a member's new login phone or
 * email, is sent only through the member route POST /client/v1/user/info/contact/code.
 */
export const CodeScene = { LOGIN: 1, REGISTER: 2, FORGOT_PASSWORD: 3, CHANGE_CONTACT: 4 } as const;

/** Cart update type: 1 adds to the line, 2 sets its quantity. */
export const CartUpdateType = { ADD: 1, SET: 2 } as const;

/** Literature `enable` attribute values and their names (answered as `extra.enable`). */
export const LITERATURE_ENABLE_LABEL: Record<string, string> = {
  '1': '现行有效',
  '0': '已废止',
  '2': '即将实施',
};
