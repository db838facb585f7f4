import { useState, type FormEvent } from 'react';
import { INVOICE_TYPE_LABEL, InvoiceType } from '@labshop/shared';
import type { Invoice, OrgDetail } from '@labshop/shared/schemas';
import {
  parseRegion,
  RegionPicker,
  regionText,
  stringifyRegion,
  type RegionValue,
} from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { checkAddress, checkInvoice } from '@/lib/member/checks';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  useAddOrgAddress,
  useOrgAddresses,
  useOrgInvoice,
  useSaveOrgInvoice,
} from '../api/shared-details';
import { mayManage } from '../lib/roles';

const EMPTY_ADDRESS = { name: '', phone: '', region: {} as RegionValue, address: '' };

function AddressForm({ orgId }: { orgId: number }) {
  const add = useAddOrgAddress(orgId);
  const [form, setForm] = useState(EMPTY_ADDRESS);
  const set = (patch: Partial<typeof EMPTY_ADDRESS>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      name: form.name.trim(),
      phone: form.phone.trim(),
      region: stringifyRegion(form.region),
      address: form.address.trim(),
    };
    const problem = checkAddress(body);
    if (problem) return toastError(problem);
    add.mutate(body, {
      onSuccess: () => {
        toastSuccess('新增地址成功');
        setForm(EMPTY_ADDRESS);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3">
      <Field label="收货人" required>
        <Input maxLength={50} value={form.name} onChange={(e) => set({ name: e.target.value })} />
      </Field>
      <Field label="手机号" required>
        <Input
          type="tel"
          maxLength={20}
          value={form.phone}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </Field>
      <Field label="所在地区" required>
        <RegionPicker town value={form.region} onChange={(region) => set({ region })} />
      </Field>
      <Field label="详细地址" required>
        <Input
          maxLength={200}
          placeholder="街道、楼栋、门牌号等"
          value={form.address}
          onChange={(e) => set({ address: e.target.value })}
        />
      </Field>
      <Button type="submit" loading={add.isPending} className="self-start sm:ml-31">
        新增单位地址
      </Button>
    </form>
  );
}

const INVOICE_FIELDS: {
  key: Exclude<keyof Invoice, 'invoiceType'>;
  label: string;
  required?: boolean;
  max: number;
}[] = [
  { key: 'invoiceHeader', label: '发票抬头', required: true, max: 100 },
  { key: 'taxpayerNumber', label: '纳税人识别号', required: true, max: 30 },
  { key: 'invoiceEmail', label: '收票邮箱', required: true, max: 100 },
  { key: 'registerAddress', label: '注册地址', max: 100 },
  { key: 'registerTelephone', label: '注册电话', max: 30 },
  { key: 'bankName', label: '开户银行', max: 100 },
  { key: 'bankAccount', label: '银行账号', max: 40 },
];
const TYPES = [InvoiceType.ORDINARY_VAT, InvoiceType.SPECIAL_VAT, InvoiceType.NONE];

function InvoiceForm({ orgId, invoice }: { orgId: number; invoice: Invoice }) {
  const save = useSaveOrgInvoice(orgId);
  const [form, setForm] = useState(invoice);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkInvoice(form);
    if (problem) return toastError(problem);
    save.mutate(form, { onSuccess: () => toastSuccess('保存成功') });
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3">
      <div className="flex flex-wrap gap-x-5 gap-y-2 sm:pl-31">
        {TYPES.map((t) => (
          <label key={t} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name="orgInvoiceType"
              className="h-4 w-4 accent-primary"
              checked={form.invoiceType === t}
              onChange={() => setForm((s) => ({ ...s, invoiceType: t }))}
            />
            {INVOICE_TYPE_LABEL[t]}
          </label>
        ))}
      </div>
      {INVOICE_FIELDS.map((f) => (
        <Field key={f.key} label={f.label} required={f.required}>
          <Input
            maxLength={f.max}
            value={form[f.key]}
            onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
          />
        </Field>
      ))}
      <Button type="submit" loading={save.isPending} className="self-start sm:ml-31">
        保存发票抬头
      </Button>
    </form>
  );
}

/** 地址与发票: the delivery addresses and the invoice title the organization's members share. */
export default function SharedTab({ org }: { org: OrgDetail }) {
  const addresses = useOrgAddresses(org.id);
  const invoice = useOrgInvoice(org.id);
  const manage = mayManage(org.role);
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3">
        <h3 className="font-semibold text-gray-900">单位收货地址</h3>
        {addresses.isPending ? (
          <Spinner />
        ) : (addresses.data ?? []).length === 0 ? (
          <p className="text-sm text-gray-400">暂无单位收货地址</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="org-addresses">
            {addresses.data?.map((a) => (
              <li key={a.id} className="rounded border border-gray-200 p-3 text-sm">
                <strong>{a.name}</strong> <span className="text-gray-600">{a.phone}</span>
                <p className="break-all text-gray-600">
                  {regionText(parseRegion(a.region))} {a.address}
                </p>
              </li>
            ))}
          </ul>
        )}
        {/* Any member may add one (docs/organizations.md); the title is the admins'. */}
        <AddressForm orgId={org.id} />
      </section>
      <section className="flex flex-col gap-3">
        <h3 className="font-semibold text-gray-900">单位发票抬头</h3>
        {invoice.isPending ? (
          <Spinner />
        ) : !invoice.data ? null : manage ? (
          <InvoiceForm orgId={org.id} invoice={invoice.data} />
        ) : invoice.data.invoiceType === InvoiceType.NONE ? (
          <p className="text-sm text-gray-500">未设置单位发票抬头</p>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-gray-500">发票类型</dt>
            <dd>{INVOICE_TYPE_LABEL[invoice.data.invoiceType]}</dd>
            <dt className="text-gray-500">发票抬头</dt>
            <dd className="break-all">{invoice.data.invoiceHeader}</dd>
            <dt className="text-gray-500">纳税人识别号</dt>
            <dd className="break-all">{invoice.data.taxpayerNumber}</dd>
          </dl>
        )}
      </section>
    </div>
  );
}
