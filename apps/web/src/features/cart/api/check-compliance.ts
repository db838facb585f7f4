import { useQuery } from '@tanstack/react-query';
import type { CartLine, ComplianceCheck } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';

/**
 * POST /client/v1/user/qualifications/check: which cart lines the member's documents (with
 * orgId, the organization's) do not allow, with the reason (docs/compliance.md); a read,
 * refreshed when the lines change.
 */
export function useComplianceCheck(lines: readonly CartLine[], orgId?: number) {
  const body = {
    lines: lines.map((l) => ({ materialId: l.materialId, quantity: l.quantity })),
    ...(orgId === undefined ? {} : { orgId }),
  };
  return useQuery({
    queryKey: ['cart', 'compliance', body],
    queryFn: () =>
      api.post<ComplianceCheck>('/client/v1/user/qualifications/check', body, { silent: true }),
    enabled: lines.length > 0,
  });
}
