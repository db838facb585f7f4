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
  finance: ['payments', 'refunds', 'balance', 'finance', 'orders.view', 'members.view'],
  // Reviews buyers' documents and keeps the sales ledger (docs/compliance.md).
  compliance: ['compliance', 'orders.view', 'members.view'],
};

export const isRole = (value: string): value is Role =>
  (ROLES as readonly string[]).includes(value);

/** Whether any of the roles grants the permission. */
export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  return roles.some((r) => isRole(r) && ROLE_PERMISSIONS[r].includes(permission));
}
