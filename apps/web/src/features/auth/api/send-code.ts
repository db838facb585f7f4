import { useSubmitMutation } from '@labshop/api-client/react';
import type { CodeScene } from '@labshop/shared';
import { requestWithMessage } from '@/lib/api-client';

export type Scene = (typeof CodeScene)[keyof typeof CodeScene];

/** POST /client/v1/user/verification-code; answers the server's message (shown as the toast). */
export function useSendCode() {
  return useSubmitMutation({
    mutationFn: async (f: { id: string; scene: Scene }) =>
      (await requestWithMessage<null>('POST', '/client/v1/user/verification-code', { data: f }))
        .msg,
  });
}
