import { useState, type FormEvent } from 'react';
import { CodeScene } from '@labshop/shared';
import type { LoginResult } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PASSWORD_HINT } from '@/lib/password-hint';
import { toastError } from '@/lib/toast';
import { useRegister } from '../api/register';
import { useResetPassword } from '../api/reset-password';
import { checkAccountId, checkPasswordSet, type PasswordSetForm } from '../validation';
import { AgreementDialog } from './agreement-dialog';
import { SceneCodeButton } from './code-button';
import { PasswordInput } from './password-input';

const EMPTY: PasswordSetForm = { account: '', code: '', password: '', confirmPassword: '' };

/**
 * The register and forgot-password views: account (mobile or email), code, new password twice;
 * register also asks for the agreement.
 */
export function PasswordSetFormView({
  kind,
  onRegistered,
  onReset,
  onBack,
}: {
  kind: 'register' | 'forgetPwd';
  onRegistered: (result: LoginResult) => void;
  onReset: () => void;
  onBack: () => void;
}) {
  const register = kind === 'register';
  const [form, setForm] = useState(EMPTY);
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const registerCall = useRegister();
  const resetCall = useResetPassword();
  const set = (key: keyof PasswordSetForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = checkPasswordSet(form, register ? agreed : undefined);
    if (error) return toastError(error);
    if (register) registerCall.mutate(form, { onSuccess: onRegistered });
    else resetCall.mutate(form, { onSuccess: onReset });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between">
        <h1 className="text-xl font-semibold text-gray-900">{register ? '注册' : '忘记密码'}</h1>
        <button
          type="button"
          onClick={onBack}
          className="text-sm text-primary hover:text-primary-dark"
        >
          {register ? '已有账号？去登录' : '返回登录'}
        </button>
      </div>
      <Input
        aria-label="账号"
        placeholder="请输入手机号/邮箱"
        autoComplete="username"
        value={form.account}
        onChange={set('account')}
      />
      <div className="flex items-center gap-2 rounded border border-gray-300 bg-white pr-1 focus-within:border-primary">
        <Input
          aria-label="验证码"
          placeholder="请输入验证码"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={form.code}
          onChange={set('code')}
          className="border-0"
        />
        <SceneCodeButton
          target={form.account}
          check={checkAccountId}
          scene={register ? CodeScene.REGISTER : CodeScene.FORGOT_PASSWORD}
        />
      </div>
      <div>
        <PasswordInput
          aria-label={register ? '密码' : '新密码'}
          placeholder={register ? '请输入密码' : '请输入新密码'}
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
        />
        <p className="mt-1 text-xs text-gray-400">{PASSWORD_HINT}</p>
      </div>
      <PasswordInput
        aria-label="确认密码"
        placeholder="请再次输入密码"
        autoComplete="new-password"
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
      />
      {register && (
        <div className="flex items-center gap-1.5 text-sm text-gray-600">
          <input
            id="agreement"
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            className="h-4 w-4 accent-primary"
          />
          <label htmlFor="agreement">我已阅读并同意</label>
          <button
            type="button"
            onClick={() => setAgreementOpen(true)}
            className="text-primary hover:text-primary-dark"
          >
            《用户注册协议》
          </button>
        </div>
      )}
      <Button type="submit" size="lg" loading={registerCall.isPending || resetCall.isPending}>
        {register ? '注册' : '确定'}
      </Button>
      {register && (
        <AgreementDialog
          open={agreementOpen}
          onOpenChange={setAgreementOpen}
          onAgree={() => {
            setAgreed(true);
            setAgreementOpen(false);
          }}
        />
      )}
    </form>
  );
}
