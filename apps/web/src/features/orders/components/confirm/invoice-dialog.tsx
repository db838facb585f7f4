import { useState } from 'react';
import { INVOICE_TYPE_LABEL, InvoiceType } from '@labshop/shared';
import type { Invoice } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toastError, toastSuccess } from '@/lib/toast';
import { useUpdateInvoice } from '@/lib/member';
import { checkInvoice } from '@/lib/member/checks';

const trimmed = (f: Invoice): Invoice => ({
  invoiceType: f.invoiceType,
  invoiceHeader: f.invoiceHeader.trim(),
  invoiceEmail: f.invoiceEmail.trim(),
  taxpayerNumber: f.taxpayerNumber.trim(),
  registerAddress: f.registerAddress.trim(),
  registerTelephone: f.registerTelephone.trim(),
  bankName: f.bankName.trim(),
  bankAccount: f.bankAccount.trim(),
});

/** Edits the member's invoice details (PUT /client/v1/user/invoice). */
export function InvoiceDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  // New members have "no invoice" saved; offering the ordinary VAT invoice first saves a step.
  const [form, setForm] = useState<Invoice>(
    invoice.invoiceHeader ? invoice : { ...invoice, invoiceType: InvoiceType.ORDINARY_VAT },
  );
  const update = useUpdateInvoice();
  const set = (patch: Partial<Invoice>) => setForm((f) => ({ ...f, ...patch }));

  const save = () => {
    const problem = checkInvoice(form);
    if (problem) {
      toastError(problem);
      return;
    }
    update.mutate(trimmed(form), {
      onSuccess: () => {
        toastSuccess('编辑成功');
        onClose();
      },
    });
  };

  const text = (
    key: keyof Omit<Invoice, 'invoiceType'>,
    label: string,
    required = false,
    max = 100,
  ) => (
    <Field label={label} required={required}>
      <Input value={form[key]} maxLength={max} onChange={(e) => set({ [key]: e.target.value })} />
    </Field>
  );

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="编辑发票信息"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            取消
          </Button>
          <Button onClick={save} loading={update.isPending}>
            保存
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Field label="发票类型" required>
          <Select
            value={form.invoiceType}
            onChange={(e) => set({ invoiceType: Number(e.target.value) })}
            className="w-full"
          >
            {[1, 2, 3].map((t) => (
              <option key={t} value={t}>
                {INVOICE_TYPE_LABEL[t]}
              </option>
            ))}
          </Select>
        </Field>
        {text('invoiceHeader', '发票抬头', true)}
        {text('taxpayerNumber', '纳税人识别号', true, 30)}
        {text('invoiceEmail', '收票邮箱', true)}
        {text('registerAddress', '注册地址')}
        {text('registerTelephone', '注册电话', false, 30)}
        {text('bankName', '开户银行')}
        {text('bankAccount', '银行账号', false, 40)}
      </div>
    </Dialog>
  );
}
