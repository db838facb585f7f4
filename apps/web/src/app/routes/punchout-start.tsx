import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@labshop/shared/schemas';
import { Logo } from '@/components/layout/brand';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { api, ApiError } from '@/lib/api-client';
import { setBuyingFor } from '@/lib/buying-for';
import { markPunchout, saveSession, saveSessionAccount, saveSessionName } from '@/lib/session';

interface Started {
  token: string;
  exp: number;
  orgId: number;
}

const LINK_INVALID = '登录链接无效或已使用，请从采购系统重新进入';

/**
 * /punchout/start?token=: the one-time start link a buyer's procurement system opens
 * (docs/punchout.md). The token is exchanged once for a member session as the connection's
 * account; the storefront then shows the PunchOut banner and 返回采购系统 instead of checkout.
 */
export default function PunchoutStartPage() {
  useDocumentMeta('进入采购系统选购');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const [error, setError] = useState(token ? '' : LINK_INVALID);
  // The token works once: a second exchange (React's development remount) would be refused.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    void (async () => {
      try {
        const started = await api.post<Started>(
          '/client/v1/punchout/start',
          { token },
          { silent: true },
        );
        saveSession({ token: started.token, exp: started.exp, name: '', account: '' });
        markPunchout();
        queryClient.removeQueries();
        // The header names the connection's account, as after a login.
        const info = await api.get<UserInfo>('/client/v1/user/info', { silent: true });
        saveSessionName(info.name);
        saveSessionAccount(info.account);
        // The session buys for the connection's organization: its contract prices show as the
        // returned cart will carry them (docs/punchout.md).
        setBuyingFor(started.orgId);
        void navigate('/', { replace: true });
      } catch (e) {
        setError(e instanceof ApiError && e.message ? e.message : LINK_INVALID);
      }
    })();
  }, [token, navigate, queryClient]);

  return (
    <div className="flex min-h-screen flex-col items-center gap-6 bg-white px-4 pt-24 text-center">
      <Logo />
      {error ? (
        <div className="flex flex-col gap-3" role="alert">
          <p className="text-base text-red-600">{error}</p>
          <Link to="/" className="text-sm text-primary hover:underline">
            浏览网站首页
          </Link>
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 text-gray-600">
          <Spinner />
          <p>正在进入采购系统选购…</p>
        </div>
      )}
    </div>
  );
}
