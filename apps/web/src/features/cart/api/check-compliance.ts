import { useQuery } from '@tanstack/react-query';
import type { CartLine, ComplianceCheck } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/**
 * Whose documents a check is against: `orgId`, an organization the buyer chose for this order
 * (its member only, else 404) or null for the member's own; `buyingFor`, the storefront's
 * 采购身份 (lib/buying-for.ts), the organization's when the member belongs to it, else their own.
 */
export type CheckFor = { orgId: number | null } | { buyingFor: number | null };

/**
 * POST /client/v1/user/qualifications/check: which cart lines the documents do not allow, with
 * the reason and whose documents were checked (`org`; docs/compliance.md); a read, refreshed
 * when the lines or the buyer change.
 */
export function useComplianceCheck(lines: readonly CartLine[], checkFor?: CheckFor) {
  const body = {
    lines: lines.map((l) => ({ materialId: l.materialId, quantity: l.quantity })),
    ...(checkFor && 'orgId' in checkFor ? { orgId: checkFor.orgId } : {}),
  };
  // The organization the request names (the orgId parameter), which the server honours for
  // its members only.
  const named = checkFor && 'buyingFor' in checkFor ? checkFor.buyingFor : null;
  return useQuery({
    queryKey: ['cart', 'compliance', body, named],
    queryFn: () =>
      api.post<ComplianceCheck>('/client/v1/user/qualifications/check', body, {
        silent: true,
        params: { orgId: named },
      }),
    enabled: lines.length > 0,
  });
}
