import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { OrgDetail, OrgSummary, orgCreateBody } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { useIsLoggedIn } from '@/lib/session';
import { orgKeys } from './keys';

/** GET /client/v1/orgs: the member's organizations with their role in each. */
export function useOrgs() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: orgKeys.list(),
    queryFn: () => api.get<OrgSummary[]>('/client/v1/orgs'),
    enabled: loggedIn,
  });
}

/** GET /client/v1/orgs/{id}: the organization, its rules and members (its members only). */
export function useOrg(id: number) {
  return useQuery({
    queryKey: orgKeys.detail(id),
    queryFn: () => api.get<OrgDetail>(`/client/v1/orgs/${id}`),
  });
}

/** POST /client/v1/orgs: the caller becomes the new organization's admin. */
export function useCreateOrg() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: z.input<typeof orgCreateBody>) =>
      api.post<{ id: number }>('/client/v1/orgs', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: orgKeys.list() }),
  });
}

/** A write to one organization: its own keys and the member's list are read again after it. */
export function useOrgWrite<V, T = unknown>(orgId: number, send: (vars: V) => Promise<T>) {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: orgKeys.org(orgId) }),
        qc.invalidateQueries({ queryKey: orgKeys.list() }),
      ]),
  });
}
