import { isEmail, isPhone, MSG } from '@labshop/shared';

export interface GoodsDraft {
  name: string;
  cas: string;
  pack: string;
  /** Whole days, as typed. */
  expectDeliveryTime: string;
  quantity: string;
}

export interface RequestDraft {
  goodsList: GoodsDraft[];
  company: string;
  contact: string;
  phone: string;
  /** Offered to visitors only (optional): members are answered through their account. */
  email: string;
  content: string;
  remark: string;
}

export const emptyGoods = (): GoodsDraft => ({
  name: '',
  cas: '',
  pack: '',
  expectDeliveryTime: '',
  quantity: '1',
});

const positiveInt = (v: string) => /^\d+$/.test(v.trim()) && Number(v) >= 1;

/** The custom request form's checks of docs/product-rules.md section 5; the first message or null. */
export function checkRequest(d: RequestDraft, visitor = false): string | null {
  if (d.goodsList.length === 0) return MSG.customGoodsRequired;
  const incomplete = d.goodsList.some(
    (g) =>
      !g.name.trim() ||
      !g.cas.trim() ||
      !g.pack.trim() ||
      !positiveInt(g.expectDeliveryTime) ||
      !positiveInt(g.quantity),
  );
  if (incomplete) return MSG.customGoodsIncomplete;
  if (!d.company.trim()) return '请输入单位名称';
  if (!d.contact.trim()) return '请输入联系人';
  if (!d.phone.trim()) return '请输入联系电话';
  if (!isPhone(d.phone.trim())) return MSG.contactPhoneFormat;
  if (visitor && d.email.trim() && !isEmail(d.email.trim())) return MSG.emailFormat;
  return null;
}

/** The POST body: trimmed text, numbers for days and quantity. */
export function requestBody(d: RequestDraft) {
  return {
    goodsList: d.goodsList.map((g) => ({
      name: g.name.trim(),
      cas: g.cas.trim(),
      pack: g.pack.trim(),
      expectDeliveryTime: Number(g.expectDeliveryTime),
      quantity: Number(g.quantity),
    })),
    company: d.company.trim(),
    contact: d.contact.trim(),
    phone: d.phone.trim(),
    email: d.email.trim(),
    content: d.content.trim(),
    remark: d.remark.trim(),
  };
}
