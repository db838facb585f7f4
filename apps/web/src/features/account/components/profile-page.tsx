import { useState, type ChangeEvent, type FormEvent } from 'react';
import { INDIVIDUAL_COMPANY, isIndividualCompany } from '@labshop/shared';
import type { UserInfo } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { Price } from '@/components/ui/price';
import { useUpdateUserInfo, useUserInfo } from '@/lib/member';
import { checkProfile } from '@/lib/member/checks';
import { toastError, toastSuccess } from '@/lib/toast';
import { LoadedPage, SaveButton } from './account-form';
import { ContactDialog, type ContactKind } from './contact-dialog';
import { ReturnNote, useReturnTo } from './return-to';

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

type Buyer = 'unit' | 'individual';
const BUYERS: [Buyer, string][] = [
  ['unit', '单位'],
  ['individual', '个人'],
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
  const [buyer, setBuyer] = useState<Buyer>(
    isIndividualCompany(info.company) ? 'individual' : 'unit',
  );
  const [form, setForm] = useState<BasicForm>({
    company: isIndividualCompany(info.company) ? '' : info.company,
    name: info.name,
    telephone: info.telephone,
  });
  const [changing, setChanging] = useState<ContactKind | null>(null);
  const save = useUpdateUserInfo();
  const back = useReturnTo();
  const individual = buyer === 'individual';
  const set = (key: keyof BasicForm) => (e: ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An individual saves 单位名称 个人 and may leave the landline empty (docs/product-rules.md
    // section 5); the unit name typed before stays in the form should they switch back.
    const trimmed: BasicForm = {
      company: individual ? INDIVIDUAL_COMPANY : form.company.trim(),
      name: form.name.trim(),
      telephone: form.telephone.trim(),
    };
    const error = checkProfile(trimmed);
    if (error) return toastError(error);
    save.mutate(trimmed, {
      onSuccess: () => {
        toastSuccess('保存成功');
        back.goBack();
      },
    });
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
      <ReturnNote name={back.name} />
      <dl className="flex flex-col gap-4 text-sm">
        <Row label="账号">{info.account}</Row>
        <Row label="账户余额">
          <Price value={info.balance} className="font-semibold text-primary" />
        </Row>
        {contact('phone', '手机号', info.phone)}
        {contact('email', '邮箱', info.email)}
      </dl>
      <fieldset className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <legend className="contents">
          <span className="shrink-0 text-sm text-gray-600 sm:w-28 sm:text-right">
            <span className="mr-0.5 text-red-500">*</span>购买身份
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2 py-2">
          {BUYERS.map(([value, label]) => (
            <label key={value} className="flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name="buyer"
                className="h-4 w-4 accent-primary"
                checked={buyer === value}
                onChange={() => setBuyer(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="单位名称" required>
        <Input
          maxLength={100}
          placeholder="请输入单位名称"
          value={individual ? INDIVIDUAL_COMPANY : form.company}
          disabled={individual}
          onChange={set('company')}
        />
      </Field>
      <Field label="姓名" required>
        <Input maxLength={50} placeholder="请输入姓名" value={form.name} onChange={set('name')} />
      </Field>
      <Field label="固定电话" required={!individual}>
        <Input
          type="tel"
          maxLength={30}
          placeholder={individual ? '选填，个人可不填' : '请输入固定电话'}
          value={form.telephone}
          onChange={set('telephone')}
        />
      </Field>
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
