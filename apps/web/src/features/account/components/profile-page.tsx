import { useState, type FormEvent } from 'react';
import type { UserInfo } from '@labshop/shared/schemas';
import { Price } from '@/components/ui/price';
import { saveSessionName } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUserInfo } from '../api/get-user-info';
import { useUpdateUserInfo } from '../api/update-user-info';
import { checkProfile, type ProfileForm } from '../validation';
import { LoadedPage, SaveButton, TextFields, type TextField } from './account-form';

/** 1-1 个人信息: account and balance shown, contact details edited. */
export function ProfilePage() {
  const query = useUserInfo();
  return (
    <LoadedPage title="个人信息" query={query}>
      {(info) => <ProfileEditor info={info} />}
    </LoadedPage>
  );
}

const FIELDS: TextField<keyof ProfileForm>[] = [
  { key: 'company', label: '单位名称', required: true, type: 'text', max: 100 },
  { key: 'name', label: '姓名', required: true, type: 'text', max: 50 },
  { key: 'phone', label: '手机号', required: true, type: 'tel', max: 11 },
  { key: 'telephone', label: '固定电话', required: true, type: 'tel', max: 30 },
  { key: 'email', label: '邮箱', required: true, type: 'email', max: 100 },
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
      <TextFields fields={FIELDS} form={form} setForm={setForm} />
      <SaveButton loading={save.isPending} />
    </form>
  );
}
