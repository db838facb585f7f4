import { useSubmitMutation } from '@labshop/api-client/react';
import { api } from '@/lib/api-client';

/** POST /manage/v1/orgs/{id}/verify (members; audited), after checking the 营业执照 / USCC. */
export function useVerifyOrg(id: number, onDone: () => unknown) {
  return useSubmitMutation({
    mutationFn: (body: { verified: boolean; reason: string }) =>
      api.post<null>(`/manage/v1/orgs/${id}/verify`, body),
    onSuccess: onDone,
  });
}
