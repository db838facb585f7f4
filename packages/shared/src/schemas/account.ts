import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import {
  EMAIL_RE,
  INVOICE_FORM_MISSING,
  invoiceProblem,
  isIndividualCompany,
  MSG,
  PHONE_RE,
} from '../validation.ts';
import { numeric, optionalText, phoneField, regionPhoneField, requiredText } from './fields.ts';

/** Base64 of RSA-OAEP-SHA256 ciphertext of the UTF-8 password (docs/api.md). */
const encrypted = (missing: string) => requiredText(missing, 1024);

/** Phone or email, the account a member registers with. */
export const accountField = requiredText(MSG.accountRequired, LIMITS.shortMax).refine(
  (v) => PHONE_RE.test(v) || EMAIL_RE.test(v),
  { error: MSG.accountFormat },
);

export const publicKeySchema = z.object({
  publicKey: z.string(),
  algorithm: z.literal('RSA-OAEP-256'),
});

/** POST /client/v1/user/account-access. */
export const accountLoginBody = z.object({
  account: requiredText(MSG.accountRequired),
  password: encrypted(MSG.passwordRequired),
});

/** POST /client/v1/user/verification-access. */
export const codeLoginBody = z.object({
  phone: phoneField(MSG.phoneRequired),
  code: requiredText(MSG.codeRequired, 6),
});

/** POST /client/v1/user/verification-code: id is a phone or email; scene 1 login, 2 register, 3 forgot. */
export const sendCodeBody = z.object({
  id: accountField,
  scene: numeric(
    z
      .number({ error: '场景有误' })
      .int({ error: '场景有误' })
      .min(1, { error: '场景有误' })
      .max(3, { error: '场景有误' }),
  ),
});

/** POST /client/v1/user/register and POST /client/v1/user/password (forgot password). */
export const registerBody = z.object({
  account: accountField,
  code: requiredText(MSG.codeRequired, 6),
  password: encrypted(MSG.passwordRequired),
  confirmPassword: encrypted(MSG.confirmRequired),
});

/** Login result (docs/product-rules.md section 3). */
export const loginResultSchema = z.object({
  token: z.string(),
  exp: z.number(),
  name: z.string(),
  account: z.string(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
export const renewResultSchema = z.object({ token: z.string(), exp: z.number() });

/** GET /client/v1/user/info. Balance in yuan. */
export const userInfoSchema = z.object({
  company: z.string(),
  name: z.string(),
  phone: z.string(),
  telephone: z.string(),
  email: z.string(),
  avatar: z.string(),
  account: z.string(),
  balance: z.number(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * A login contact echoed back by the profile form: left out, empty (the member has none, as the
 * form sends it for such a member) or well formed.
 */
const echoedContact = (re: RegExp, format: string) =>
  z
    .string({ error: '参数格式有误' })
    .trim()
    .max(LIMITS.shortMax, { error: format })
    .refine((v) => v === '' || re.test(v), { error: format })
    .optional();

/**
 * PUT /client/v1/user/info/basic: account and balance are never client-set; phone and email log
 * in, so they change only through the contact calls below (when sent, they must be the stored
 * ones; empty means none).
 */
export const userBasicBody = z
  .object({
    company: requiredText('请输入单位名称'),
    name: requiredText('请输入姓名', 50),
    phone: echoedContact(PHONE_RE, MSG.phoneFormat),
    telephone: optionalText(30),
    email: echoedContact(EMAIL_RE, MSG.emailFormat),
  })
  // A unit's landline is required; an individual (单位名称 个人) may have none.
  .refine((b) => b.telephone !== '' || isIndividualCompany(b.company), {
    error: '请输入固定电话',
    path: ['telephone'],
  });
export type UserBasic = z.infer<typeof userBasicBody>;

/** A new login phone or email (the contact change form). */
export const contactField = requiredText('请输入新的手机号或邮箱', LIMITS.shortMax).refine(
  (v) => PHONE_RE.test(v) || EMAIL_RE.test(v),
  { error: MSG.accountFormat },
);

/** POST /client/v1/user/info/contact/code: sends a scene-4 code to the new phone or email. */
export const contactCodeBody = z.object({ contact: contactField });

/** PUT /client/v1/user/info/contact: the new phone or email with the code it received. */
export const contactChangeBody = z.object({
  contact: contactField,
  code: requiredText(MSG.codeRequired, 6),
});
export type ContactChange = z.infer<typeof contactChangeBody>;

export const invoiceSchema = z.object({
  invoiceType: z.number().int(),
  invoiceHeader: z.string(),
  invoiceEmail: z.string(),
  taxpayerNumber: z.string(),
  registerAddress: z.string(),
  registerTelephone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** PUT /client/v1/user/invoice. */
export const invoiceBody = z
  .object({
    invoiceType: numeric(
      z
        .number({ error: '请选择发票类型' })
        .int({ error: '请选择发票类型' })
        .min(1, { error: '请选择发票类型' })
        .max(3, { error: '请选择发票类型' }),
    ),
    invoiceHeader: optionalText(),
    invoiceEmail: optionalText(),
    taxpayerNumber: optionalText(30),
    registerAddress: optionalText(),
    registerTelephone: optionalText(30),
    bankName: optionalText(),
    bankAccount: optionalText(40),
  })
  .superRefine((b, ctx) => {
    const problem = invoiceProblem(
      { ...b, header: b.invoiceHeader, email: b.invoiceEmail },
      INVOICE_FORM_MISSING,
    );
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['invoiceType'] });
  });

const regionLevel = z.object({
  key: z
    .string()
    .trim()
    .regex(/^\d{6,12}$/, { error: '请选择所在地区' }),
  value: z.string().trim().min(1, { error: '请选择所在地区' }).max(50),
});
/** Region value: province, city, area required; town optional. */
export const regionSchema = z.object({
  province: regionLevel,
  city: regionLevel,
  area: regionLevel,
  town: regionLevel.optional(),
});
export type Region = z.infer<typeof regionSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** JSON text of the region value (docs/product-rules.md section 3). */
  region: z.string(),
  address: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** POST /client/v1/user/address and PUT /client/v1/user/address/{id}. region is JSON text. */
export const addressBody = z.object({
  name: requiredText('请输入收货人姓名', 50),
  phone: regionPhoneField(),
  region: z
    .string({ error: '请选择所在地区' })
    .max(1000, { error: '请选择所在地区' })
    .transform((text, ctx) => {
      try {
        return regionSchema.parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: '请选择所在地区' });
        return z.NEVER;
      }
    }),
  address: requiredText('请输入详细地址', 200),
  /** Omitted: a new address is default only when it is the first; an edit keeps the flag. */
  isDefault: z.boolean({ error: '参数 isDefault 有误' }).optional(),
});

/** PUT /client/v1/user/info/password. */
export const passwordChangeBody = z.object({
  oldPassword: encrypted('请输入原密码'),
  password: encrypted(MSG.passwordRequired),
  confirmPassword: encrypted(MSG.confirmRequired),
});
