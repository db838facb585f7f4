import type { Dispatch, SetStateAction } from 'react';
import { INVOICE_TYPE_LABEL, InvoiceType } from '@labshop/shared';
import type { Invoice } from '@labshop/shared/schemas';
import { Field, Input } from '@/components/ui/input';

const TYPES = [InvoiceType.ORDINARY_VAT, InvoiceType.SPECIAL_VAT, InvoiceType.NONE];

const FIELDS: {
  key: Exclude<keyof Invoice, 'invoiceType'>;
  label: string;
  required?: true;
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

/**
 * 发票类型 and the title's details: a member's own invoice information and an organization's
 * shared invoice title, checked by `checkInvoice` in both.
 */
export function InvoiceFields({
  name,
  form,
  setForm,
}: {
  /** The radio group's name, distinct per form on a page. */
  name: string;
  form: Invoice;
  setForm: Dispatch<SetStateAction<Invoice>>;
}) {
  return (
    <>
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
                name={name}
                className="h-4 w-4 accent-primary"
                checked={form.invoiceType === t}
                onChange={() => setForm((s) => ({ ...s, invoiceType: t }))}
              />
              {INVOICE_TYPE_LABEL[t]}
            </label>
          ))}
        </div>
      </fieldset>
      {FIELDS.map((f) => (
        <Field key={f.key} label={f.label} required={f.required}>
          <Input
            maxLength={f.max}
            placeholder={`请输入${f.label}`}
            value={form[f.key]}
            onChange={(e) => setForm((s) => ({ ...s, [f.key]: e.target.value }))}
          />
        </Field>
      ))}
    </>
  );
}
