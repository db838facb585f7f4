import { z } from 'zod';
import { idParam, optionalText, pageQuery, requiredText } from './fields.ts';

/**
 * What the shop tells people (docs/notifications.md). Member events reach the member's message
 * centre, email and, for the urgent ones, SMS; staff events go to STAFF_NOTIFY_EMAIL;
 * inbox-reply goes to whoever wrote to the shop.
 */
export const MEMBER_EVENTS = [
  'order-placed',
  'order-priced',
  'order-changed',
  'payment-received',
  'order-shipped',
  'order-cancelled',
  'order-refunded',
  'invoice-issued',
  'quote-ready',
  'document-reviewed',
  'customized-answered',
  'org-member-added',
  'approval-requested',
  'approval-decided',
] as const;
export const STAFF_EVENTS = [
  'staff-new-order',
  'staff-transfer-to-confirm',
  'staff-inquiry',
  'staff-document-to-review',
  'staff-setting-proposed',
  'staff-setting-confirmed',
] as const;
export const NOTIFY_EVENTS = [...MEMBER_EVENTS, ...STAFF_EVENTS, 'inbox-reply'] as const;
export type MemberEvent = (typeof MEMBER_EVENTS)[number];
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

export const NOTIFY_EVENT_LABEL: Record<NotifyEvent, string> = {
  'order-placed': '订单已提交',
  'order-priced': '订单已定价',
  'order-changed': '订单已修改',
  'payment-received': '已收到付款',
  'order-shipped': '包裹已发货',
  'order-cancelled': '订单已取消',
  'order-refunded': '订单退款',
  'invoice-issued': '发票已开具',
  'quote-ready': '报价已就绪',
  'document-reviewed': '资质文件审核结果',
  'customized-answered': '定制需求已答复',
  'org-member-added': '已加入单位',
  'approval-requested': '订单待审批',
  'approval-decided': '订单审批结果',
  'staff-new-order': '新订单（员工）',
  'staff-transfer-to-confirm': '待确认转账（员工）',
  'staff-inquiry': '新咨询（员工）',
  'staff-document-to-review': '待审核文件（员工）',
  'staff-setting-proposed': '收款设置待确认（员工）',
  'staff-setting-confirmed': '收款设置已生效（员工）',
  'inbox-reply': '留言/询价答复',
};

export const OUTBOX_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const OUTBOX_STATE_LABEL: Record<OutboxState, string> = {
  pending: '待发送',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  skipped: '未发送',
};

/** GET /client/v1/user/messages */
export const memberMessageListQuery = pageQuery(10).extend({
  unread: z.enum(['0', '1'], { error: '参数格式有误' }).optional(),
});

export const memberMessageSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  title: z.string(),
  content: z.string(),
  /** Storefront path the message is about ('' for none). */
  link: z.string(),
  read: z.boolean(),
  createTime: z.number(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

/** GET/PUT /client/v1/user/notification-settings: which emails the member gets. */
export const notificationSettingsSchema = z.object({
  email: z.array(z.object({ event: z.string(), label: z.string(), enabled: z.boolean() })),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsBody = z.object({
  email: z
    .array(
      z.object({
        event: z.enum(MEMBER_EVENTS, { error: '通知类型有误' }),
        enabled: z.boolean({ error: '参数格式有误' }),
      }),
      { error: '参数格式有误' },
    )
    .max(MEMBER_EVENTS.length, { error: '参数格式有误' }),
});

/** GET /manage/v1/messages */
export const outboxListQuery = pageQuery(20).extend({
  state: z.enum(OUTBOX_STATES, { error: '发送状态有误' }).optional(),
  event: z.enum(NOTIFY_EVENTS, { error: '通知类型有误' }).optional(),
  recipient: optionalText(100),
});

export const outboxRecordSchema = z.object({
  id: z.number().int(),
  event: z.string(),
  eventLabel: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  nextAttemptTime: z.number().nullable(),
  sentTime: z.number().nullable(),
  createTime: z.number(),
});
export type OutboxRecord = z.infer<typeof outboxRecordSchema>;

export const messageTemplateSchema = z.object({
  event: z.string(),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  /** Text of the SMS ('' for events without one). */
  sms: z.string(),
  smsAllowed: z.boolean(),
  placeholders: z.array(z.object({ name: z.string(), label: z.string() })),
  /** Whether staff changed it from the shop's default. */
  edited: z.boolean(),
  updateTime: z.number().nullable(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateParams = z.object({
  event: z.enum(NOTIFY_EVENTS, { error: '通知类型有误' }),
});

/** PUT /manage/v1/message-templates/{event} */
export const messageTemplateBody = z.object({
  subject: requiredText('请输入标题', 200),
  body: requiredText('请输入正文', 5000),
  sms: optionalText(500),
});

/** POST /manage/v1/message-templates/{event}/preview: the text as sent, with a real order. */
export const messageTemplatePreviewBody = messageTemplateBody.extend({
  orderId: idParam.optional(),
});
export const messageTemplatePreviewSchema = z.object({
  subject: z.string(),
  body: z.string(),
  sms: z.string(),
  html: z.string(),
  /** The order the preview used; null when the event is not about an order or there is none. */
  orderNumber: z.string().nullable(),
});

export const outboxIdParams = z.object({ id: idParam });
export const memberMessageIdParams = z.object({ id: idParam });

/** POST /manage/v1/inbox/{kind}/{id}/replies: an answer mailed to whoever wrote. */
export const inboxReplyParams = z.object({
  kind: z.enum(['messages', 'inquiries'], { error: '只有在线留言和批量询价可以邮件答复' }),
  id: idParam,
});
export const inboxReplyBody = z.object({ content: requiredText('请输入答复内容', 5000) });
export const inboxReplySchema = z.object({
  id: z.number().int(),
  staff: z.string(),
  email: z.string(),
  content: z.string(),
  createTime: z.number(),
});
export type InboxReply = z.infer<typeof inboxReplySchema>;
