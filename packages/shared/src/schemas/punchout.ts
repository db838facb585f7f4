import { z } from 'zod';
import { idParam, requiredText } from './fields.ts';

/*
 * PunchOut (docs/punchout.md): the connections of buyers' procurement systems (staff), the
 * punchout session the storefront shows and the form it posts back to the buyer's system.
 */

export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;
export type PunchoutProtocol = (typeof PUNCHOUT_PROTOCOLS)[number];

/** A host name with an optional port, as a return URL's host must equal. */
const HOST_RE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/** POST /manage/v1/punchout/connections */
export const punchoutConnectionBody = z.object({
  orgId: idParam,
  protocol: z.enum(PUNCHOUT_PROTOCOLS, { error: '协议只能是 cxml 或 oci' }),
  // OCI has no domain: its USERNAME is the identity (docs/punchout.md).
  fromDomain: z.string({ error: '参数格式有误' }).trim().max(100).optional().default(''),
  fromIdentity: requiredText('请填写采购系统身份（Identity / USERNAME）', 100),
  sharedSecret: z
    .string({ error: '请填写共享密钥' })
    .min(12, { error: '共享密钥至少 12 个字符' })
    .max(200, { error: '共享密钥最多 200 个字符' }),
  allowedReturnHosts: z
    .array(
      z
        .string({ error: '返回地址主机格式有误' })
        .trim()
        .toLowerCase()
        .regex(HOST_RE, { error: '返回地址主机格式有误' }),
      { error: '请填写允许的返回地址主机' },
    )
    .min(1, { error: '请填写允许的返回地址主机' })
    .max(20, { error: '返回地址主机最多 20 个' }),
});

export const punchoutConnectionSchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  fromDomain: z.string(),
  fromIdentity: z.string(),
  allowedReturnHosts: z.array(z.string()),
  memberId: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.number(),
});
export type PunchoutConnection = z.infer<typeof punchoutConnectionSchema>;

export const punchoutMessagesQuery = z.object({ connectionId: idParam });

export const punchoutMessageSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int().nullable(),
  direction: z.enum(['in', 'out']),
  kind: z.string(),
  status: z.number().int(),
  body: z.string(),
  createdAt: z.number(),
});
export type PunchoutMessage = z.infer<typeof punchoutMessageSchema>;

/** POST /client/v1/punchout/start: the one-time token of the start link. */
export const punchoutStartBody = z.object({
  token: requiredText('登录链接无效或已使用，请从采购系统重新进入', 100),
});

export const punchoutStartSchema = z.object({
  token: z.string(),
  exp: z.number(),
  operation: z.enum(['create', 'edit']),
  /** The organization the session buys for: the storefront names it (X-Org-Id) for its prices. */
  orgId: z.number().int(),
});

/** GET /client/v1/punchout/session: null outside a punchout session. */
export const punchoutSessionSchema = z
  .object({
    protocol: z.enum(PUNCHOUT_PROTOCOLS),
    /** The buyer system's identity, as the banner names it. */
    buyerSystem: z.string(),
    /** The organization the session buys for (the connection's), named beside it. */
    orgName: z.string(),
    operation: z.enum(['create', 'edit']),
    returnUrl: z.string(),
    enabled: z.boolean(),
  })
  .nullable();
export type PunchoutSession = z.infer<typeof punchoutSessionSchema>;

/** POST /client/v1/punchout/return: the form the browser auto-submits to the buyer's system. */
export const punchoutReturnSchema = z.object({
  action: z.string(),
  method: z.literal('POST'),
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type PunchoutReturnForm = z.infer<typeof punchoutReturnSchema>;
