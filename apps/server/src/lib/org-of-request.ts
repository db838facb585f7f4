import type { FastifyRequest } from 'fastify';

/*
 * The organization a storefront request names (docs/contract-prices-credit.md section 1): the
 * X-Org-Id header, else an `orgId` query parameter. Whether the caller belongs to it is the
 * caller's check; a value that is not a positive id names none.
 */

const ID = /^[1-9]\d{0,9}$/;

export function orgIdOf(request: FastifyRequest): number | null {
  const header = request.headers['x-org-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.['orgId'];
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : '';
  return ID.test(raw.trim()) ? Number(raw.trim()) : null;
}
