import { z } from 'zod';
import { MSG } from '../validation.ts';
import { ROLES } from '../permissions.ts';
import { STAFF_SECURITY_MSG } from '../staff-security.ts';
import { numeric, optionalText, pageQuery, requiredText } from './fields.ts';

/** Base64 of RSA-OAEP-SHA256 ciphertext of the UTF-8 password (docs/api.md, "Security rules"). */
const encrypted = (missing: string) => requiredText(missing, 1024);

/** POST /manage/v1/staff/access. */
export const staffLoginBody = z.object({
  account: requiredText(MSG.accountRequired, 50),
  password: encrypted(MSG.passwordRequired),
});

export const roleField = z.enum(ROLES, { error: '角色有误' });
export const rolesField = z
  .array(roleField, { error: '请选择角色' })
  .min(1, { error: '请选择角色' })
  .max(ROLES.length, { error: '角色有误' });

export const staffLoginResultSchema = z.object({
  token: z.string(),
  exp: z.number(),
  name: z.string(),
  account: z.string(),
  roles: z.array(z.string()),
  /** STAFF_2FA=required and this account has no two-factor login yet: only enrolment answers. */
  twoFactorSetupRequired: z.boolean(),
});
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

/** The password was right and the account logs in with two-factor codes: the second step. */
export const staffLoginChallengeSchema = z.object({
  twoFactor: z.literal(true),
  /** Good for one POST /manage/v1/staff/access/code within five minutes. */
  ticket: z.string(),
  account: z.string(),
});
export type StaffLoginChallenge = z.infer<typeof staffLoginChallengeSchema>;

/** POST /manage/v1/staff/access: a session, or the second step for two-factor accounts. */
export const staffLoginAnswerSchema = z.union([staffLoginResultSchema, staffLoginChallengeSchema]);
export type StaffLoginAnswer = z.infer<typeof staffLoginAnswerSchema>;

/** A six-digit authenticator code or a recovery code (xxxxx-xxxxx). */
const oneTimeCode = requiredText(STAFF_SECURITY_MSG.codeRequired, 20);

/** POST /manage/v1/staff/access/code: the second step of a two-factor login. */
export const staffLoginCodeBody = z.object({
  ticket: requiredText(STAFF_SECURITY_MSG.ticketExpired, 100),
  code: oneTimeCode,
});

/** GET /manage/v1/staff/me: who is logged in. */
export const staffMeSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** GET /manage/v1/staff/me/security: the logged-in staff member's own two-factor state. */
export const staffSecuritySchema = z.object({
  twoFactorEnabled: z.boolean(),
  /** STAFF_2FA=required applies to this account's roles. */
  twoFactorRequired: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
});
export type StaffSecurity = z.infer<typeof staffSecuritySchema>;

/** PUT /manage/v1/staff/me/password: the current password and the new one, both encrypted. */
export const staffOwnPasswordBody = z.object({
  oldPassword: encrypted('请输入当前密码'),
  password: encrypted('请输入新密码'),
});

/** POST /manage/v1/staff/me/two-factor/setup: a new secret to scan, not in use until confirmed. */
export const staffTwoFactorSetupSchema = z.object({
  secret: z.string(),
  /** otpauth:// URI the authenticator app reads. */
  uri: z.string(),
  /** The URI as a QR code, a PNG data URL. */
  qr: z.string(),
});
export type StaffTwoFactorSetup = z.infer<typeof staffTwoFactorSetupSchema>;

/** POST /manage/v1/staff/me/two-factor (confirm) and DELETE ... (turn off): a code. */
export const staffTwoFactorCodeBody = z.object({ code: oneTimeCode });

/** The recovery codes, shown once when two-factor login is turned on. */
export const staffRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const staffRecordSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
  /** Logs in with an authenticator code (两步验证); an admin may reset it for a lost phone. */
  twoFactorEnabled: z.boolean(),
  createTime: z.number(),
});
export type StaffRecord = z.infer<typeof staffRecordSchema>;

/** Staff account names: letters, digits, dot, underscore, hyphen. */
const staffAccount = requiredText('请输入账号', 50).regex(/^[A-Za-z0-9._-]+$/, {
  error: '账号只能包含字母、数字、点、下划线和连字符',
});

/** POST /manage/v1/staff (admin). */
export const staffCreateBody = z.object({
  account: staffAccount,
  name: requiredText('请输入姓名', 50),
  roles: rolesField,
  password: encrypted(MSG.passwordRequired),
});

/** PUT /manage/v1/staff/{id} (admin): name, roles, enabled or not. */
export const staffUpdateBody = z.object({
  name: requiredText('请输入姓名', 50),
  roles: rolesField,
  disabled: z.boolean({ error: '状态有误' }),
});

/** PUT /manage/v1/staff/{id}/password (admin). */
export const staffPasswordBody = z.object({ password: encrypted(MSG.passwordRequired) });

export const staffListQuery = pageQuery(20).extend({ key: optionalText(50) });

/** GET /manage/v1/audit (admin). */
export const auditListQuery = pageQuery(20).extend({
  target: optionalText(100),
  staffId: numeric(
    z.number({ error: 'ID 有误' }).int({ error: 'ID 有误' }).positive({ error: 'ID 有误' }),
  ).optional(),
});

export const auditRecordSchema = z.object({
  id: z.number().int(),
  staff: z.string(),
  staffId: z.number().int(),
  action: z.string(),
  target: z.string(),
  before: z.string(),
  after: z.string(),
  createTime: z.number(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
