import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import type { MoneyRoutingSetting, SettingChange } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { can, useSession } from '@/lib/session';

/** GET /manage/v1/settings/changes?key=: the latest changes of one setting, newest first. */
export function useSettingChanges(key: MoneyRoutingSetting) {
  return useQuery({
    queryKey: queryKeys.settingChangesOf(key),
    queryFn: () => api.get<SettingChange[]>('/manage/v1/settings/changes', { key }),
  });
}

/**
 * The money-routing changes waiting for the logged-in staff member's confirmation (pending and
 * proposed by someone else), for the menu: asked only by staff who may confirm them.
 */
export function useChangesToConfirm() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.settingChanges,
    queryFn: () =>
      api.get<SettingChange[]>('/manage/v1/settings/changes', undefined, { silent: true }),
    enabled: can(session, 'money-routing'),
    refetchInterval: 60_000,
    select: (changes) => changes.filter((c) => c.status === 'pending' && !c.mine),
  });
}

/** POST /manage/v1/settings/changes/{id}/confirm: 确认生效 of another staff member's change. */
export function useConfirmSettingChange() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: number) => api.post<null>(`/manage/v1/settings/changes/${id}/confirm`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.moneyRouting }),
  });
}

/** POST /manage/v1/settings/changes/{id}/reject: 驳回 (撤回 by the proposer). */
export function useRejectSettingChange() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<null>(`/manage/v1/settings/changes/${id}/reject`, { reason }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.moneyRouting }),
  });
}
