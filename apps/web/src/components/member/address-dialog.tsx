import { useId, useState, type FormEvent } from 'react';
import type { Address } from '@labshop/shared/schemas';
import {
  parseRegion,
  RegionPicker,
  stringifyRegion,
  type RegionValue,
} from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { useSaveAddress } from '@/lib/member';
import { checkAddress } from '@/lib/member/checks';
import { toastError, toastSuccess } from '@/lib/toast';

interface AddressFormState {
  name: string;
  phone: string;
  region: RegionValue;
  address: string;
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
      name: form.name.trim(),
      phone: form.phone.trim(),
      region: stringifyRegion(form.region),
      address: form.address.trim(),
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
        <Field label="收货人" required>
          <Input
            maxLength={50}
            placeholder="请输入收货人姓名"
            value={form.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Field>
        <Field label="手机号" required>
          <Input
            type="tel"
            maxLength={20}
            placeholder="请输入手机号"
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
