import { useState, type FormEvent } from 'react';
import { INVOICE_TYPE_LABEL, InvoiceType } from '@labshop/shared';
import type { Invoice, OrgDetail } from '@labshop/shared/schemas';
import {
  addressBody,
  AddressFields,
  EMPTY_ADDRESS_FIELDS,
  type AddressFieldValues,
} from '@/components/member/address-fields';
import { parseRegion, regionText } from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { InvoiceFields } from '@/components/member/invoice-fields';
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

function AddressForm({ orgId }: { orgId: number }) {
  const add = useAddOrgAddress(orgId);
  const [form, setForm] = useState(EMPTY_ADDRESS_FIELDS);
  const set = (patch: Partial<AddressFieldValues>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = addressBody(form);
    const problem = checkAddress(body);
    if (problem) return toastError(problem);
    add.mutate(body, {
      onSuccess: () => {
        toastSuccess('新增地址成功');
        setForm(EMPTY_ADDRESS_FIELDS);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3">
      <AddressFields value={form} onChange={set} />
      <Button type="submit" loading={add.isPending} className="self-start sm:ml-31">
        新增单位地址
      </Button>
    </form>
  );
}

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
      <InvoiceFields name="orgInvoiceType" form={form} setForm={setForm} />
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
