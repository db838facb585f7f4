import { useState, type FormEvent } from 'react';
import type { Invoice } from '@labshop/shared/schemas';
import { InvoiceFields } from '@/components/member/invoice-fields';
import { toastError, toastSuccess } from '@/lib/toast';
import { useInvoice, useUpdateInvoice } from '@/lib/member';
import { checkInvoice } from '@/lib/member/checks';
import { LoadedPage, SaveButton } from './account-form';
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
      <InvoiceFields name="invoiceType" form={form} setForm={setForm} />
      <SaveButton loading={save.isPending} />
    </form>
  );
}
