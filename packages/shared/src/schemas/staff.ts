import { z } from 'zod';
import { MSG } from '../validation.ts';
import { ROLES } from '../permissions.ts';
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
});
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

/** GET /manage/v1/staff/me: who is logged in. */
export const staffMeSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffRecordSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  disabled: z.boolean(),
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
