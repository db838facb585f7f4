/**
 * Query keys of the member's own resources (the query-key factory of docs/product-rules.md
 * section 6). Everything under `memberKeys.all` belongs to the logged-in member; logging out
 * removes every query anyway.
 */
export const memberKeys = {
  all: ['member'] as const,
  info: () => [...memberKeys.all, 'info'] as const,
  addresses: () => [...memberKeys.all, 'addresses'] as const,
  invoice: () => [...memberKeys.all, 'invoice'] as const,
};
