import { useState, type FormEvent } from 'react';
import { CodeScene, ResultCode } from '@labshop/shared';
import type { LoginResult } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { toastError } from '@/lib/toast';
import { useAccountLogin } from '../api/account-login';
import { useCodeLogin } from '../api/code-login';
import { checkAccountLogin, checkCodeLogin, checkPhone } from '../validation';
import { SceneCodeButton } from './code-button';
import { PasswordInput } from './password-input';

type Mode = 'account' | 'code';
const TITLE: Record<Mode, string> = { account: '会员登录', code: '验证码登录' };

/** Login by account + password ('会员登录') or by phone + SMS code ('验证码登录'). */
export function LoginForm({
  onLoggedIn,
  onForgot,
  onRegister,
}: {
  onLoggedIn: (result: LoginResult) => void;
  onForgot: () => void;
  onRegister: () => void;
}) {
  const [mode, setMode] = useState<Mode>('account');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const accountLogin = useAccountLogin();
  const codeLogin = useCodeLogin();

  const onError = (err: Error) => {
    // The request client has shown the message; an expired password is reset here.
    if (err instanceof ApiError && err.code === ResultCode.PASSWORD_EXPIRED) onForgot();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'account') {
      const error = checkAccountLogin({ account, password });
      if (error) return toastError(error);
      accountLogin.mutate({ account, password }, { onSuccess: onLoggedIn, onError });
    } else {
      const error = checkCodeLogin({ phone, code });
      if (error) return toastError(error);
      codeLogin.mutate({ phone, code }, { onSuccess: onLoggedIn, onError });
    }
  };

  const other: Mode = mode === 'account' ? 'code' : 'account';
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between">
        <h1 className="text-xl font-semibold text-gray-900">{TITLE[mode]}</h1>
        <button
          type="button"
          onClick={() => setMode(other)}
          className="text-sm text-primary hover:text-primary-dark"
        >
          {TITLE[other]}
        </button>
      </div>
      {mode === 'account' ? (
        <>
          <Input
            aria-label="账号"
            placeholder="请输入手机号/邮箱"
            autoComplete="username"
            value={account}
            onChange={(e) => setAccount(e.target.value)}
          />
          <PasswordInput
            aria-label="密码"
            placeholder="请输入密码"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </>
      ) : (
        <>
          <Input
            aria-label="手机号"
            placeholder="请输入手机号"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <div className="flex items-center gap-2 rounded border border-gray-300 bg-white pr-1 focus-within:border-primary">
            <Input
              aria-label="验证码"
              placeholder="请输入验证码"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className="border-0"
            />
            <SceneCodeButton target={phone} check={checkPhone} scene={CodeScene.LOGIN} />
          </div>
        </>
      )}
      <div className="flex items-center justify-between text-sm">
        <button type="button" onClick={onForgot} className="text-gray-500 hover:text-primary">
          忘记密码
        </button>
        <span className="text-gray-500">
          还没有账号？
          <button
            type="button"
            onClick={onRegister}
            className="text-primary hover:text-primary-dark"
          >
            注册
          </button>
        </span>
      </div>
      <Button type="submit" size="lg" loading={accountLogin.isPending || codeLogin.isPending}>
        登录
      </Button>
    </form>
  );
}
