import { useState, type FormEvent } from 'react';
import { INVOICE_TYPE_LABEL, InvoiceType } from '@labshop/shared';
import type { Invoice } from '@labshop/shared/schemas';
import { toastError, toastSuccess } from '@/lib/toast';
import { useInvoice, useUpdateInvoice } from '@/lib/member';
import { checkInvoice } from '@/lib/member/checks';
import { LoadedPage, SaveButton, TextFields, type TextField } from './account-form';
import { ReturnNote, useReturnTo } from './return-to';

/** 1-2 发票信息: the invoice details the confirm-order page starts from. */
export function InvoicePage() {
  const query = useInvoice();
  return (
    <LoadedPage title="发票信息" query={query}>
      {(invoice) => <InvoiceEditor invoice={invoice} />}
    </LoadedPage>
  );
}

const TYPES = [InvoiceType.ORDINARY_VAT, InvoiceType.SPECIAL_VAT, InvoiceType.NONE];

type TextKey = Exclude<keyof Invoice, 'invoiceType'>;
const FIELDS: TextField<TextKey>[] = [
  { key: 'invoiceHeader', label: '发票抬头', required: true, max: 100 },
  { key: 'taxpayerNumber', label: '纳税人识别号', required: true, max: 30 },
  { key: 'invoiceEmail', label: '收票邮箱', required: true, max: 100 },
  { key: 'registerAddress', label: '注册地址', max: 100 },
  { key: 'registerTelephone', label: '注册电话', max: 30 },
  { key: 'bankName', label: '开户银行', max: 100 },
  { key: 'bankAccount', label: '银行账号', max: 40 },
];

function InvoiceEditor({ invoice }: { invoice: Invoice }) {
  const [form, setForm] = useState<Invoice>(invoice);
  const save = useUpdateInvoice();
  const back = useReturnTo();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = checkInvoice(form);
    if (error) return toastError(error);
    save.mutate(form, {
      onSuccess: () => {
        toastSuccess('保存成功');
        back.goBack();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
      <ReturnNote name={back.name} />
      <fieldset className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <legend className="contents">
          <span className="shrink-0 text-sm text-gray-600 sm:w-28 sm:text-right">
            <span className="mr-0.5 text-red-500">*</span>发票类型
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2 py-2">
          {TYPES.map((t) => (
            <label key={t} className="flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name="invoiceType"
                className="h-4 w-4 accent-primary"
                checked={form.invoiceType === t}
                onChange={() => setForm((s) => ({ ...s, invoiceType: t }))}
              />
              {INVOICE_TYPE_LABEL[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextFields fields={FIELDS} form={form} setForm={setForm} />
      <SaveButton loading={save.isPending} />
    </form>
  );
}
