import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginResult } from '@labshop/shared/schemas';
import { Logo, SHOP_NAME } from '@/components/layout/brand';
import { LoginForm } from '@/features/auth/components/login-form';
import { PasswordSetFormView } from '@/features/auth/components/password-set-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { safeRedirect, saveSession } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';

type View = 'login' | 'register' | 'forgetPwd';
const TITLES: Record<View, string> = { login: '登录', register: '注册', forgetPwd: '忘记密码' };

/**
 * /login: login, register and forgot password as views of one page, outside the main layout.
 * Switching views remounts the form, which resets its fields and the code countdown.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const [view, setView] = useState<View>(params.get('isRegister') === '1' ? 'register' : 'login');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentMeta(TITLES[view]);

  const enter = (result: LoginResult) => {
    saveSession(result);
    // Nothing cached for a visitor or a previous member may show on the member's pages.
    queryClient.removeQueries();
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-gray-100">
        <div className="mx-auto flex h-20 max-w-[1266px] items-center justify-between gap-4 px-4">
          <div className="flex items-center gap-4">
            <Logo />
            <span className="hidden h-8 w-px bg-gray-200 sm:block" aria-hidden />
            <span className="hidden text-lg text-gray-600 sm:block">欢迎{TITLES[view]}</span>
          </div>
          <Link to="/" className="text-sm text-gray-500 hover:text-primary">
            返回首页
          </Link>
        </div>
      </header>
      <main className="flex flex-1 items-center bg-gradient-to-br from-primary-50 via-white to-primary-50 py-8 sm:py-14">
        <div className="mx-auto flex w-full max-w-[1266px] items-center justify-center gap-16 px-4 lg:justify-between">
          <section className="hidden max-w-md lg:block">
            <p className="text-3xl font-semibold leading-snug text-gray-900">
              标准物质 · 试剂 · 耗材
              <br />
              <span className="text-primary">一站式</span>实验室采购
            </p>
            <ul className="mt-6 space-y-2 text-gray-600">
              <li>品类齐全，正品保证，证书可查</li>
              <li>多仓发货，快速送达</li>
              <li>会员专享价格，订单全程可追踪</li>
            </ul>
          </section>
          <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-lg ring-1 ring-gray-100 sm:p-8">
            {view === 'login' ? (
              <LoginForm
                key="login"
                onLoggedIn={enter}
                onForgot={() => setView('forgetPwd')}
                onRegister={() => setView('register')}
              />
            ) : (
              <PasswordSetFormView
                key={view}
                kind={view}
                onRegistered={(result) => {
                  toastSuccess('注册成功');
                  enter(result);
                }}
                onReset={() => {
                  toastSuccess('密码设置成功');
                  setView('login');
                }}
                onBack={() => setView('login')}
              />
            )}
          </div>
        </div>
      </main>
      <footer className="py-4 text-center text-xs text-gray-400">
        Copyright © {new Date().getFullYear()} {SHOP_NAME} 版权所有
      </footer>
    </div>
  );
}
