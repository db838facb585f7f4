import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactChange, UserBasic, UserInfo } from '@labshop/shared/schemas';
import { api, requestWithMessage } from '@/lib/api-client';
import { useSubmitMutation } from '@labshop/api-client/react';
import { saveSessionAccount, saveSessionName } from '@/lib/session';
import { memberKeys } from './keys';

/**
 * GET /client/v1/user/info. Balance and name change behind the page's back (orders, staff), so
 * every screen that mounts reads it fresh.
 */
export const userInfoQuery = () =>
  queryOptions({
    queryKey: memberKeys.info(),
    queryFn: () => api.get<UserInfo>('/client/v1/user/info'),
    staleTime: 0,
  });

export function useUserInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userInfoQuery(), enabled });
}

/** Reads the profile fresh at a decision (checkout): a name completed in another tab counts. */
export function useFetchUserInfo() {
  const qc = useQueryClient();
  return () => qc.fetchQuery(userInfoQuery());
}

/** PUT /client/v1/user/info/basic: company, name and landline; the header shows the new name. */
export function useUpdateUserInfo() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (basic: Pick<UserBasic, 'company' | 'name' | 'telephone'>) =>
      api.put<UserInfo>('/client/v1/user/info/basic', basic),
    onSuccess: (info) => {
      qc.setQueryData(memberKeys.info(), info);
      saveSessionName(info.name);
    },
  });
}

/** POST /client/v1/user/info/contact/code: a code to the new login phone or email; answers the message. */
export function useSendContactCode() {
  return useSubmitMutation({
    mutationFn: async (contact: string) =>
      (
        await requestWithMessage<null>('POST', '/client/v1/user/info/contact/code', {
          data: { contact },
        })
      ).msg,
  });
}

/** PUT /client/v1/user/info/contact: the new phone or email with its code. */
export function useChangeContact() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: ContactChange) => api.put<UserInfo>('/client/v1/user/info/contact', body),
    onSuccess: (info) => {
      qc.setQueryData(memberKeys.info(), info);
      saveSessionAccount(info.account);
    },
  });
}
