import { useState } from 'react';
import { isRegionPhone, MSG } from '@labshop/shared';
import type { Address } from '@labshop/shared/schemas';
import { RegionPicker, stringifyRegion, type RegionValue } from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateAddress } from '../../api/create-address';

const EMPTY = { name: '', phone: '', address: '', isDefault: false };

/** Checks of the address form (docs/product-rules.md section 5); the first message or null. */
function checkAddress(f: typeof EMPTY, region: RegionValue): string | null {
  if (!f.name.trim()) return '请输入收货人姓名';
  if (!f.phone.trim()) return MSG.phoneRequired;
  if (!isRegionPhone(f.phone.trim())) return MSG.phoneFormat;
  if (!region.province || !region.city || !region.area) return '请选择所在地区';
  if (!f.address.trim()) return '请输入详细地址';
  return null;
}

/** Adds an address to the book from the confirm page, with the region picker. */
export function AddressDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (address: Address) => void;
}) {
  const [form, setForm] = useState(EMPTY);
  const [region, setRegion] = useState<RegionValue>({});
  const create = useCreateAddress();
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));

  const close = () => {
    setForm(EMPTY);
    setRegion({});
    onClose();
  };

  const save = () => {
    const problem = checkAddress(form, region);
    if (problem) {
      toastError(problem);
      return;
    }
    create.mutate(
      {
        name: form.name.trim(),
        phone: form.phone.trim(),
        region: stringifyRegion(region),
        address: form.address.trim(),
        isDefault: form.isDefault,
      },
      {
        onSuccess: (address) => {
          toastSuccess('新增地址成功');
          onCreated(address);
          close();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title="新增收货地址"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            取消
          </Button>
          <Button onClick={save} loading={create.isPending}>
            保存
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <Field label="收货人" required>
          <Input value={form.name} maxLength={50} onChange={(e) => set({ name: e.target.value })} />
        </Field>
        <Field label="手机号" required>
          <Input
            value={form.phone}
            inputMode="tel"
            maxLength={11}
            onChange={(e) => set({ phone: e.target.value })}
          />
        </Field>
        <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:gap-3">
          <span className="shrink-0 pt-2 text-sm text-gray-600 sm:w-28 sm:text-right">
            <span className="mr-0.5 text-red-500">*</span>所在地区
          </span>
          <div className="min-w-0 flex-1">
            <RegionPicker value={region} onChange={setRegion} id="confirm-address-region" />
          </div>
        </div>
        <Field label="详细地址" required>
          <Input
            value={form.address}
            maxLength={200}
            onChange={(e) => set({ address: e.target.value })}
          />
        </Field>
        <label className="flex items-center gap-2 text-sm text-gray-600 sm:pl-31">
          <input
            type="checkbox"
            checked={form.isDefault}
            onChange={(e) => set({ isDefault: e.target.checked })}
            className="accent-primary"
          />
          设为默认地址
        </label>
      </div>
    </Dialog>
  );
}
