import { useState, type FormEvent } from 'react';
import type { UserInfo } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { useUpdateUserInfo, useUserInfo } from '@/lib/member';
import { checkProfile } from '@/lib/member/checks';
import { toastError, toastSuccess } from '@/lib/toast';
import { LoadedPage, SaveButton, TextFields, type TextField } from './account-form';
import { ContactDialog, type ContactKind } from './contact-dialog';

/** 1-1 个人信息: account and balance shown, login phone and email changed with a code, the rest edited. */
export function ProfilePage() {
  const query = useUserInfo();
  return (
    <LoadedPage title="个人信息" query={query}>
      {(info) => <ProfileEditor info={info} />}
    </LoadedPage>
  );
}

interface BasicForm {
  company: string;
  name: string;
  telephone: string;
}

const FIELDS: TextField<keyof BasicForm>[] = [
  { key: 'company', label: '单位名称', required: true, type: 'text', max: 100 },
  { key: 'name', label: '姓名', required: true, type: 'text', max: 50 },
  { key: 'telephone', label: '固定电话', required: true, type: 'tel', max: 30 },
];

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <dt className="text-gray-600 sm:w-28 sm:text-right">{label}</dt>
      <dd className="flex flex-wrap items-center gap-3 text-gray-900">{children}</dd>
    </div>
  );
}

function ProfileEditor({ info }: { info: UserInfo }) {
  const [form, setForm] = useState<BasicForm>({
    company: info.company,
    name: info.name,
    telephone: info.telephone,
  });
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const save = useUpdateUserInfo();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed: BasicForm = {
      company: form.company.trim(),
      name: form.name.trim(),
      telephone: form.telephone.trim(),
    };
    const error = checkProfile(trimmed);
    if (error) return toastError(error);
    save.mutate(trimmed, { onSuccess: () => toastSuccess('保存成功') });
  };

  const contact = (kind: ContactKind, label: string, value: string) => (
    <Row label={label}>
      {value ? <span>{value}</span> : <span className="text-gray-400">未绑定</span>}
      <Button size="sm" variant="outline" onClick={() => setChanging(kind)}>
        {value ? `修改${label}` : `绑定${label}`}
      </Button>
    </Row>
  );

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
      <dl className="flex flex-col gap-4 text-sm">
        <Row label="账号">{info.account}</Row>
        <Row label="账户余额">
          <Price value={info.balance} className="font-semibold text-primary" />
        </Row>
        {contact('phone', '手机号', info.phone)}
        {contact('email', '邮箱', info.email)}
      </dl>
      <TextFields fields={FIELDS} form={form} setForm={setForm} />
      <SaveButton loading={save.isPending} />
      {changing && (
        <ContactDialog
          kind={changing}
          current={changing === 'phone' ? info.phone : info.email}
          onClose={() => setChanging(null)}
        />
      )}
    </form>
  );
}
