import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { PunchoutConnection, PunchoutProtocol } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ConnectionInput {
  orgId: number;
  protocol: PunchoutProtocol;
  fromDomain: string;
  fromIdentity: string;
  sharedSecret: string;
  allowedReturnHosts: string[];
}

/** GET /manage/v1/punchout/connections */
export function useConnections() {
  return useQuery({
    queryKey: queryKeys.punchoutConnections,
    queryFn: () => api.get<PunchoutConnection[]>('/manage/v1/punchout/connections'),
  });
}

/** POST /manage/v1/punchout/connections: the secret is kept hashed and never answered again. */
export function useCreateConnection() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ConnectionInput) =>
      api.post<{ id: number }>('/manage/v1/punchout/connections', body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.punchoutConnections }),
  });
}

/** POST /manage/v1/punchout/connections/{id}/enable or /disable */
export function useSetConnectionEnabled() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      api.post<null>(`/manage/v1/punchout/connections/${id}/${enabled ? 'enable' : 'disable'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.punchoutConnections }),
  });
}
