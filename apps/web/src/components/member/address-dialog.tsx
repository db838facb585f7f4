import { useId, useState, type FormEvent } from 'react';
import type { Address } from '@labshop/shared/schemas';
import { parseRegion } from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSaveAddress } from '@/lib/member';
import { checkAddress } from '@/lib/member/checks';
import { toastError, toastSuccess } from '@/lib/toast';
import { addressBody, AddressFields, type AddressFieldValues } from './address-fields';

interface AddressFormState extends AddressFieldValues {
  isDefault: boolean;
}

const formOf = (a: Address | null): AddressFormState => ({
  name: a?.name ?? '',
  phone: a?.phone ?? '',
  region: parseRegion(a?.region) ?? {},
  address: a?.address ?? '',
  isDefault: false,
});

/**
 * 新增地址 / 编辑地址 of the address book and the confirm page: receiver, phone (mainland, Hong
 * Kong, Macau, Taiwan), region (province, city, area, optional town) and detail.
 */
export function AddressDialog({
  address,
  title,
  offerDefault = false,
  onClose,
  onSaved,
}: {
  /** The address to edit; null adds one. */
  address: Address | null;
  /** Overrides 新增地址 / 编辑地址. */
  title?: string;
  /** Shows 设为默认地址 (a new address is the default only when it is the first otherwise). */
  offerDefault?: boolean;
  onClose: () => void;
  onSaved?: (address: Address) => void;
}) {
  const [form, setForm] = useState(() => formOf(address));
  const save = useSaveAddress();
  const formId = useId();
  const editing = address !== null;
  const set = (patch: Partial<AddressFormState>) => setForm((s) => ({ ...s, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      ...addressBody(form),
      ...(offerDefault ? { isDefault: form.isDefault } : {}),
    };
    const problem = checkAddress(body);
    if (problem) return toastError(problem);
    save.mutate(
      { id: address?.id, body },
      {
        onSuccess: (saved) => {
          toastSuccess(editing ? '编辑地址成功' : '新增地址成功');
          onSaved?.(saved);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title ?? (editing ? '编辑地址' : '新增地址')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            保存
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <AddressFields hints value={form} onChange={set} />
        {offerDefault && (
          <label className="flex items-center gap-2 text-sm text-gray-600 sm:pl-31">
            <input
              type="checkbox"
              checked={form.isDefault}
              onChange={(e) => set({ isDefault: e.target.checked })}
              className="accent-primary"
            />
            设为默认地址
          </label>
        )}
      </form>
    </Dialog>
  );
}
