import {
  INVOICE_FORM_MISSING,
  invoiceProblem,
  isEmail,
  isPhone,
  isRegionPhone,
  MSG,
} from '@labshop/shared';
import type { RegionValue } from '@/components/region-picker';

/**
 * Client-side checks of the account pages (docs/product-rules.md section 5): each answers the first message to
 * show as an error toast, or null. Messages match the server's for the same fields.
 */

const required = (value: string, message: string) => (value.trim() ? null : message);
const phone = (value: string) =>
  required(value, MSG.phoneRequired) ?? (isPhone(value.trim()) ? null : MSG.phoneFormat);

export interface ProfileForm {
  company: string;
  name: string;
  phone: string;
  telephone: string;
  email: string;
}

export function checkProfile(f: ProfileForm): string | null {
  return (
    required(f.company, '请输入单位名称') ??
    required(f.name, '请输入姓名') ??
    phone(f.phone) ??
    required(f.telephone, '请输入固定电话') ??
    required(f.email, '请输入邮箱') ??
    (isEmail(f.email.trim()) ? null : MSG.emailFormat)
  );
}

export interface InvoiceForm {
  invoiceType: number;
  invoiceHeader: string;
  invoiceEmail: string;
  taxpayerNumber: string;
  registerAddress: string;
  registerTelephone: string;
  bankName: string;
  bankAccount: string;
}

/** The shared invoice rules the server applies too (unified social credit code, 专票 fields). */
export function checkInvoice(f: InvoiceForm): string | null {
  if (![1, 2, 3].includes(f.invoiceType)) return '请选择发票类型';
  return invoiceProblem(
    { ...f, header: f.invoiceHeader, email: f.invoiceEmail },
    INVOICE_FORM_MISSING,
  );
}

export interface AddressForm {
  name: string;
  phone: string;
  region: RegionValue;
  address: string;
}

export function checkAddress(f: AddressForm): string | null {
  return (
    required(f.name, '请输入收货人姓名') ??
    required(f.phone, MSG.phoneRequired) ??
    (isRegionPhone(f.phone.trim()) ? null : MSG.phoneFormat) ??
    (f.region.province && f.region.city && f.region.area ? null : '请选择所在地区') ??
    required(f.address, '请输入详细地址')
  );
}

export interface PasswordChangeForm {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

export function checkPasswordChange(f: PasswordChangeForm): string | null {
  if (!f.oldPassword) return '请输入原密码';
  if (!f.password) return '请输入新密码';
  if (!f.confirmPassword) return MSG.confirmRequired;
  return f.password === f.confirmPassword ? null : MSG.passwordMismatch;
}
