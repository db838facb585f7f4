import { RegionPicker, stringifyRegion, type RegionValue } from '@/components/region-picker';
import { Field, Input } from '@/components/ui/input';

/** What an address form holds while it is being filled in. */
export interface AddressFieldValues {
  name: string;
  phone: string;
  region: RegionValue;
  address: string;
}

export const EMPTY_ADDRESS_FIELDS: AddressFieldValues = {
  name: '',
  phone: '',
  region: {},
  address: '',
};

/** The request body of what was typed: trimmed, the region as the server stores it. */
export function addressBody(form: AddressFieldValues) {
  return {
    name: form.name.trim(),
    phone: form.phone.trim(),
    region: stringifyRegion(form.region),
    address: form.address.trim(),
  };
}

/**
 * 收货人, 手机号 (mainland, Hong Kong, Macau, Taiwan), 所在地区 (province, city, area, optional
 * town) and 详细地址: the fields of a member's address book and of an organization's shared
 * addresses, checked by `checkAddress` in both.
 */
export function AddressFields({
  value,
  onChange,
  hints = false,
}: {
  value: AddressFieldValues;
  onChange: (patch: Partial<AddressFieldValues>) => void;
  /** Placeholders on the receiver and phone boxes, where the form has room for them. */
  hints?: boolean;
}) {
  return (
    <>
      <Field label="收货人" required>
        <Input
          maxLength={50}
          placeholder={hints ? '请输入收货人姓名' : undefined}
          value={value.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </Field>
      <Field label="手机号" required>
        <Input
          type="tel"
          maxLength={20}
          placeholder={hints ? '请输入手机号' : undefined}
          value={value.phone}
          onChange={(e) => onChange({ phone: e.target.value })}
        />
      </Field>
      <Field label="所在地区" required>
        <RegionPicker town value={value.region} onChange={(region) => onChange({ region })} />
      </Field>
      <Field label="详细地址" required>
        <Input
          maxLength={200}
          placeholder="街道、楼栋、门牌号等"
          value={value.address}
          onChange={(e) => onChange({ address: e.target.value })}
        />
      </Field>
    </>
  );
}
