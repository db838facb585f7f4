import type { MemberMessage } from '@labshop/shared/schemas';
import { usePagedQuery } from '@/hooks/use-paged-query';

/** GET /client/v1/user/messages: the member's message centre, newest first. */
export function useMessages(page: number) {
  return usePagedQuery<MemberMessage>(['messages', 'list'], '/client/v1/user/messages', {}, page);
}
