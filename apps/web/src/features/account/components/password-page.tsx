import { useState, type FormEvent } from 'react';
import { LIMITS } from '@labshop/shared';
import { Field, Input } from '@/components/ui/input';
import { PASSWORD_HINT } from '@/lib/password-hint';
import { toastError, toastSuccess } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { checkPasswordChange, type PasswordChangeForm } from '../validation';
import { SaveButton } from './account-form';
import { PageTitle } from './page-title';

const EMPTY: PasswordChangeForm = { oldPassword: '', password: '', confirmPassword: '' };

/** 1-4 账户安全: change the password (other sessions of the member end on the server). */
export function PasswordPage() {
  const [form, setForm] = useState(EMPTY);
  const change = useChangePassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = checkPasswordChange(form);
    if (error) return toastError(error);
    change.mutate(form, {
      onSuccess: () => {
        setForm(EMPTY);
        toastSuccess('密码设置成功');
      },
    });
  };

  const input = (key: keyof PasswordChangeForm, label: string, autoComplete: string) => (
    <Field label={label} required>
      <Input
        type="password"
        autoComplete={autoComplete}
        maxLength={LIMITS.passwordMax}
        placeholder={`请输入${label}`}
        value={form[key]}
        onChange={(e) => setForm((s) => ({ ...s, [key]: e.target.value }))}
      />
      {key === 'password' && (
        <span className="mt-1 block text-xs text-gray-400">{PASSWORD_HINT}</span>
      )}
    </Field>
  );

  return (
    <section>
      <PageTitle>账户安全</PageTitle>
      <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
        <p className="text-sm text-gray-500">修改登录密码后，其他设备上的登录将失效。</p>
        {input('oldPassword', '原密码', 'current-password')}
        {input('password', '新密码', 'new-password')}
        {input('confirmPassword', '确认密码', 'new-password')}
        <SaveButton loading={change.isPending} />
      </form>
    </section>
  );
}
