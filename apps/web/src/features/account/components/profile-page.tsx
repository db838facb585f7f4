import { useState, type FormEvent } from 'react';
import type { UserInfo } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Field, Input } from '@/components/ui/input';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { saveSessionName } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUserInfo } from '../api/get-user-info';
import { useUpdateUserInfo } from '../api/update-user-info';
import { checkProfile, type ProfileForm } from '../validation';
import { PageTitle } from './page-title';

/** 1-1 个人信息: account and balance shown, contact details edited. */
export function ProfilePage() {
  const { data, isPending } = useUserInfo();
  return (
    <section>
      <PageTitle>个人信息</PageTitle>
      {isPending ? <Spinner /> : data ? <ProfileEditor info={data} /> : <Empty text="加载失败" />}
    </section>
  );
}

const FIELDS: { key: keyof ProfileForm; label: string; type?: string; max: number }[] = [
  { key: 'company', label: '单位名称', max: 100 },
  { key: 'name', label: '姓名', max: 50 },
  { key: 'phone', label: '手机号', type: 'tel', max: 11 },
  { key: 'telephone', label: '固定电话', type: 'tel', max: 30 },
  { key: 'email', label: '邮箱', type: 'email', max: 100 },
];

function ProfileEditor({ info }: { info: UserInfo }) {
  const [form, setForm] = useState<ProfileForm>({
    company: info.company,
    name: info.name,
    phone: info.phone,
    telephone: info.telephone,
    email: info.email,
  });
  const save = useUpdateUserInfo();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = checkProfile(form);
    if (error) return toastError(error);
    const trimmed: ProfileForm = {
      company: form.company.trim(),
      name: form.name.trim(),
      phone: form.phone.trim(),
      telephone: form.telephone.trim(),
      email: form.email.trim(),
    };
    save.mutate(trimmed, {
      onSuccess: (saved) => {
        saveSessionName(saved.name);
        toastSuccess('保存成功');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
      <dl className="flex flex-col gap-4 text-sm">
        <div className="flex flex-col gap-1 sm:flex-row sm:gap-3">
          <dt className="text-gray-600 sm:w-28 sm:text-right">账号</dt>
          <dd className="text-gray-900">{info.account}</dd>
        </div>
        <div className="flex flex-col gap-1 sm:flex-row sm:gap-3">
          <dt className="text-gray-600 sm:w-28 sm:text-right">账户余额</dt>
          <dd>
            <Price value={info.balance} className="font-semibold text-primary" />
          </dd>
        </div>
      </dl>
      {FIELDS.map((f) => (
        <Field key={f.key} label={f.label} required>
          <Input
            type={f.type ?? 'text'}
            maxLength={f.max}
            placeholder={`请输入${f.label}`}
            value={form[f.key]}
            onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
          />
        </Field>
      ))}
      <div className="sm:pl-[7.75rem]">
        <Button type="submit" loading={save.isPending} className="w-full sm:w-32">
          保存
        </Button>
      </div>
    </form>
  );
}
