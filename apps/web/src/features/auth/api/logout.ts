import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/**
 * DELETE /client/v1/user/access. The stored session is cleared only when the server answers
 * without an error code (SPEC.md section 4); member data cached for the page goes with it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/client/v1/user/access'),
    onSuccess: () => {
      clearSession({ toLogin: false });
      queryClient.removeQueries();
    },
  });
}
