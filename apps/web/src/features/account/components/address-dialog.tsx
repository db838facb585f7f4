import { useState, type FormEvent } from 'react';
import type { Address } from '@labshop/shared/schemas';
import { parseRegion, RegionPicker } from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveAddress } from '../api/save-address';
import { checkAddress, type AddressForm } from '../validation';

const formOf = (a: Address | null): AddressForm => ({
  name: a?.name ?? '',
  phone: a?.phone ?? '',
  region: parseRegion(a?.region) ?? {},
  address: a?.address ?? '',
});

/** 新增地址 / 编辑地址: receiver, phone, region (province, city, area, optional town), detail. */
export function AddressDialog({
  address,
  onClose,
}: {
  /** The address to edit; null adds one. */
  address: Address | null;
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => formOf(address));
  const save = useSaveAddress();
  const editing = address !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = checkAddress(form);
    if (error) return toastError(error);
    save.mutate(
      { id: address?.id, form },
      {
        onSuccess: () => {
          toastSuccess(editing ? '编辑地址成功' : '新增地址成功');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={editing ? '编辑地址' : '新增地址'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" form="address-form" loading={save.isPending}>
            保存
          </Button>
        </>
      }
    >
      <form id="address-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="收货人" required>
          <Input
            maxLength={50}
            placeholder="请输入收货人姓名"
            value={form.name}
            onChange={(e) => setForm((s) => ({ ...s, name: e.target.value }))}
          />
        </Field>
        <Field label="手机号" required>
          <Input
            type="tel"
            maxLength={11}
            placeholder="请输入手机号"
            value={form.phone}
            onChange={(e) => setForm((s) => ({ ...s, phone: e.target.value }))}
          />
        </Field>
        <Field label="所在地区" required>
          <RegionPicker
            town
            value={form.region}
            onChange={(region) => setForm((s) => ({ ...s, region }))}
          />
        </Field>
        <Field label="详细地址" required>
          <Input
            maxLength={200}
            placeholder="街道、楼栋、门牌号等"
            value={form.address}
            onChange={(e) => setForm((s) => ({ ...s, address: e.target.value }))}
          />
        </Field>
      </form>
    </Dialog>
  );
}
