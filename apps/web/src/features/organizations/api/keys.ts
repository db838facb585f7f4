/** Query keys of the organization screens; a write invalidates the organization's keys. */
export const orgKeys = {
  all: ['orgs'] as const,
  list: () => [...orgKeys.all, 'list'] as const,
  detail: (id: number) => [...orgKeys.all, id, 'detail'] as const,
  org: (id: number) => [...orgKeys.all, id] as const,
  budgets: (id: number) => [...orgKeys.all, id, 'budgets'] as const,
  approvals: (id: number) => [...orgKeys.all, id, 'approvals'] as const,
  orders: (id: number) => [...orgKeys.all, id, 'orders'] as const,
  addresses: (id: number) => [...orgKeys.all, id, 'addresses'] as const,
  invoice: (id: number) => [...orgKeys.all, id, 'invoice'] as const,
};
