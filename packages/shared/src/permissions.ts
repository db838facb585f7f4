/**
 * Staff roles and what each may do (docs/console.md, "Staff, roles and sessions"). Every /manage/v1 route declares one
 * permission; the console shows only the screens the logged-in staff's roles allow.
 */
export const PERMISSIONS = [
  'orders',
  'orders.view',
  'deliveries',
  'payments',
  'refunds',
  'balance',
  /** Fapiao files and requests. */
  'finance',
  'members',
  'members.view',
  'inbox',
  'content',
  'catalogue',
  'stock',
  'staff',
  'audit',
  'compliance',
  /**
   * Money routing: the receiving bank account, and the company details and seal on payment,
   * quote and fapiao documents. Changed by proposal and a second person's confirmation.
   */
  'money-routing',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'operator', 'warehouse', 'finance', 'compliance'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  admin: '管理员',
  operator: '运营',
  warehouse: '仓库',
  finance: '财务',
  compliance: '合规',
};

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  operator: ['orders', 'orders.view', 'members', 'members.view', 'inbox', 'content', 'catalogue'],
  warehouse: ['deliveries', 'stock', 'orders.view'],
  finance: [
    'payments',
    'refunds',
    'balance',
    'finance',
    'money-routing',
    'orders.view',
    'members.view',
  ],
  // Reviews buyers' documents and keeps the sales ledger (docs/compliance.md).
  compliance: ['compliance', 'orders.view', 'members.view'],
};

export const isRole = (value: string): value is Role =>
  (ROLES as readonly string[]).includes(value);

/** Whether any of the roles grants the permission. */
export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  return roles.some((r) => isRole(r) && ROLE_PERMISSIONS[r].includes(permission));
}

/**
 * The console's actions that move money or stock, or change what an order owes, each owned by
 * exactly one permission (docs/console.md, "Who may press what"). The server checks an action
 * with this table and the console shows its button from the same table, so a role sees exactly
 * the buttons it may press. Where one route does two things (取消订单 of an unpaid order moves
 * no money; of a paid one it refunds), each is its own action.
 */
export const ACTION_PERMISSION = {
  /** 定价: prices (again) an unpaid order's lines and its freight. */
  'order.price': 'orders',
  /** 修改订单: lowers or removes an unpaid order's lines, changes its prices and freight. */
  'order.edit': 'orders',
  /** 完成订单. */
  'order.complete': 'orders',
  /** 取消订单 of an unpaid order: nothing was paid, nothing is refunded. */
  'order.cancelUnpaid': 'orders',
  /** 取消订单 of a paid order refunds what was paid: finance's call. */
  'order.cancelPaid': 'refunds',
  /** 部分退款 (and a gateway refund) of a paid order. */
  'order.refund': 'refunds',
  /** 确认收款 of a bank transfer, one order's or one transfer over several (合并确认收款). */
  'order.confirmPayment': 'payments',
  /** 登记开票. */
  'order.invoice': 'payments',
  /** 上传电子发票. */
  'order.fapiao': 'finance',
  /** 发货 and 批量发货: a package takes its units from a warehouse. */
  'order.ship': 'deliveries',
  /** 撤销发货: the package's units go back. */
  'order.cancelDelivery': 'deliveries',
  /** 添加物流记录. */
  'order.track': 'deliveries',
  /** Any stock count: adjustments, receipts, transfers, stocktakes. */
  'stock.adjust': 'stock',
  /** Stock figures in the product form and the catalogue import: the same counts, the same owner. */
  'product.stock': 'stock',
  /** 调整余额 of a member. */
  'member.balance': 'balance',
  /** 提交变更 of the bank account, company details or seal: a proposal buyers do not see yet. */
  'setting.propose': 'money-routing',
  /** 确认生效 (by someone other than the proposer) or 驳回 of a proposed money-routing change. */
  'setting.confirm': 'money-routing',
} as const satisfies Record<string, Permission>;
export type StaffAction = keyof typeof ACTION_PERMISSION;
export const STAFF_ACTIONS = Object.keys(ACTION_PERMISSION) as StaffAction[];

/** Whether any of the roles may take the action. */
export const mayTake = (roles: readonly string[], action: StaffAction): boolean =>
  hasPermission(roles, ACTION_PERMISSION[action]);

/** The action 取消订单 is for this order: refunding it when it was paid. */
export const cancelActionOf = (paid: boolean): StaffAction =>
  paid ? 'order.cancelPaid' : 'order.cancelUnpaid';
