/**
 * Staff roles and what each may do (DESIGN.md section 7). Every /manage/v1 route declares one
 * permission; the console shows only the screens the logged-in staff's roles allow.
 */
export const PERMISSIONS = [
  'orders',
  'orders.view',
  'deliveries',
  'payments',
  'refunds',
  'balance',
  'members',
  'members.view',
  'inbox',
  'content',
  'catalogue',
  'stock',
  'staff',
  'audit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'operator', 'warehouse', 'finance'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  admin: '管理员',
  operator: '运营',
  warehouse: '仓库',
  finance: '财务',
};

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  operator: ['orders', 'orders.view', 'members', 'members.view', 'inbox', 'content', 'catalogue'],
  warehouse: ['deliveries', 'stock', 'orders.view'],
  finance: ['payments', 'refunds', 'balance', 'orders.view', 'members.view'],
};

export const isRole = (value: string): value is Role =>
  (ROLES as readonly string[]).includes(value);

/** Whether any of the roles grants the permission. */
export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  return roles.some((r) => isRole(r) && ROLE_PERMISSIONS[r].includes(permission));
}
