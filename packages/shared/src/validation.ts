import { InvoiceType } from './enums.ts';

/** Mainland mobile: 11 digits, starting 1, second digit 3-9. */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** Letters, digits, dot, underscore, hyphen, @, domain, 2-4 letter suffix. */
export const EMAIL_RE = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** Exact Chinese messages of docs/product-rules.md section 5. */
export const MSG = {
  phoneFormat: '手机号格式有误',
  emailFormat: '邮箱格式有误',
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  phoneRequired: '请输入手机号',
  codeRequired: '请输入验证码',
  accountFormat: '手机号/邮箱格式有误',
  confirmRequired: '请确认密码',
  passwordMismatch: '两次输入的密码不一致',
  agreementRequired: '请勾选同意《用户注册协议》',
  searchRequired: '请输入搜索内容',
  quantityRequired: '请输入数量',
  customGoodsRequired: '请添加定制商品',
  customGoodsIncomplete: '请填写定制商品信息',
  contactPhoneFormat: '联系电话格式有误',
  productNumberRequired: '请输入商品货号',
  lotNumberRequired: '请输入商品批号',
  lotRequired: '请输入批号',
  coaEmpty: '未查询到相关分析证书。',
  invoiceEmailFormat: '收票邮箱有误',
  invoiceInfoRequired: '请填写发票信息。',
  payTypeRequired: '请选择支付方式',
  cartIdsRequired: '未选择购买商品',
  deleteSelectionRequired: '请选择要删除的商品',
  checkoutSelectionRequired: '您还没有选择商品',
  surveyInvalid: '请检查表单填写是否正确',
  tooFrequent: '操作过于频繁，请稍后再试',
  taxpayerNumberFormat: '纳税人识别号有误',
  specialInvoiceRequired: '增值税专用发票需填写注册地址、注册电话、开户银行和银行账号',
} as const;

/**
 * The 单位名称 an individual buyer saves (the profile's 个人 choice): an individual has no unit
 * and often no landline, so 固定电话 is optional for them and required of every unit
 * (docs/product-rules.md section 5).
 */
export const INDIVIDUAL_COMPANY = '个人';

export const isIndividualCompany = (company: string): boolean =>
  company.trim() === INDIVIDUAL_COMPANY;

export const isPhone = (v: string): boolean => PHONE_RE.test(v);
export const isEmail = (v: string): boolean => EMAIL_RE.test(v);

/** Hong Kong (8 digits from 4-9) and Macau (8 digits from 6), with or without the area code. */
const HK_PHONE_RE = /^(?:\+?852[ -]?)?[4-9]\d{7}$/;
const MO_PHONE_RE = /^(?:\+?853[ -]?)?6\d{7}$/;
/** Taiwan mobiles: 09 and 8 digits, or +886 9 and 8 digits. */
const TW_PHONE_RE = /^(?:09\d{8}|\+?886[ -]?9\d{8})$/;

/** A receiver's mobile: mainland, Hong Kong, Macau or Taiwan (docs/product-rules.md section 5). */
export const isRegionPhone = (v: string): boolean =>
  PHONE_RE.test(v) || HK_PHONE_RE.test(v) || MO_PHONE_RE.test(v) || TW_PHONE_RE.test(v);

/** Characters of a unified social credit code (GB 32100: no I, O, S, V, Z) and their weights. */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** An 18-character unified social credit code whose last character is its check character. */
export function isCreditCode(v: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(v)) return false;
  const sum = USCC_WEIGHTS.reduce((acc, w, i) => acc + USCC_CHARS.indexOf(v[i] ?? '') * w, 0);
  return USCC_CHARS[(31 - (sum % 31)) % 31] === v[17];
}

/**
 * A taxpayer number: a unified social credit code, or a number issued before it (15, 17 or 20
 * digits and capitals), which older businesses still invoice with.
 */
export const isTaxpayerNumber = (v: string): boolean =>
  isCreditCode(v) || /^(?:[0-9A-Z]{15}|[0-9A-Z]{17}|[0-9A-Z]{20})$/.test(v);

export interface InvoiceFields {
  invoiceType: number;
  header: string;
  email: string;
  taxpayerNumber: string;
  registerAddress: string;
  registerTelephone: string;
  bankName: string;
  bankAccount: string;
}

/**
 * The first problem of invoice details, or null; both the invoice form and the order use it.
 * 不开发票 (type 3) needs nothing; a VAT invoice needs header, email and a valid taxpayer number;
 * a special VAT invoice also the registered address and phone, bank and account.
 */
/** What the invoice form says for a missing field. */
export const INVOICE_FORM_MISSING = {
  header: '请输入发票抬头',
  email: '请输入收票邮箱',
  taxpayerNumber: '请输入纳税人识别号',
} as const;

export function invoiceProblem(
  f: InvoiceFields,
  missing: { header: string; email: string; taxpayerNumber: string },
): string | null {
  if (f.invoiceType === InvoiceType.NONE) return null;
  if (!f.header.trim()) return missing.header;
  if (!f.email.trim()) return missing.email;
  if (!isEmail(f.email.trim())) return MSG.invoiceEmailFormat;
  if (!f.taxpayerNumber.trim()) return missing.taxpayerNumber;
  if (!isTaxpayerNumber(f.taxpayerNumber.trim())) return MSG.taxpayerNumberFormat;
  const special = [f.registerAddress, f.registerTelephone, f.bankName, f.bankAccount];
  if (f.invoiceType === InvoiceType.SPECIAL_VAT && special.some((v) => !v.trim()))
    return MSG.specialInvoiceRequired;
  return null;
}
