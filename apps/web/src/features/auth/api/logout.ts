import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearSession, getToken, markLoggedOut } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';

/**
 * DELETE /client/v1/user/access. The stored session is cleared only when the server answers
 * without an error code, and the shop goes to the home page (docs/product-rules.md section 4).
 *
 * The session is cleared once the home page has replaced the current one: a member page still on
 * screen would otherwise see the visitor and send them to /login instead. Used by the header
 * menu, which stays mounted across pages.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const leftFrom = useRef<string | null>(null);

  useEffect(() => {
    if (leftFrom.current === null || leftFrom.current === location.key) return;
    leftFrom.current = null;
    clearSession({ toLogin: false });
    queryClient.removeQueries();
    toastSuccess('退出成功');
  }, [location.key, queryClient]);

  return useSubmitMutation({
    mutationFn: async () => {
      // Marked before the call: the server revokes the token before it answers.
      markLoggedOut(getToken());
      try {
        return await api.delete<null>('/client/v1/user/access');
      } catch (err) {
        markLoggedOut(null);
        throw err;
      }
    },
    onSuccess: () => {
      leftFrom.current = location.key;
      void navigate('/');
    },
  });
}
