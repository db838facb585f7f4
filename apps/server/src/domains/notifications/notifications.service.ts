import type { z } from 'zod';
import type { Paged } from '@labshop/shared';
import {
  MEMBER_EVENTS,
  NOTIFY_EVENTS,
  NOTIFY_EVENT_LABEL,
  type MemberMessage,
  type MessageTemplate,
  type NotificationSettings,
  type NotifyEvent,
  type OutboxRecord,
  type messageTemplateBody,
  type messageTemplatePreviewBody,
  type notificationSettingsBody,
  type outboxListQuery,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { lockMember } from '../account/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { orderParams } from './notices.ts';
import { shopName } from './notify.ts';
import * as repo from './notifications.repository.ts';
import { composeEmail } from './notifications.sender.ts';
import { SMS_EVENTS, TEMPLATES, render, unknownPlaceholders } from './notifications.templates.ts';

const MESSAGE_NOT_FOUND = '消息不存在';
const OUTBOX_NOT_FOUND = '消息不存在';
const NOT_RESENDABLE = '只有发送失败或未发送的消息可以重发';

// ---- member message centre -------------------------------------------------------------

const toMessage = (m: Row<'memberMessages'>): MemberMessage => ({
  id: m.id,
  event: m.event,
  title: m.title,
  content: m.content,
  link: m.link,
  read: m.readAt !== null,
  createTime: m.createdAt,
});

export async function listMessages(
  db: Db,
  userId: number,
  q: { page: number; size: number; unread?: '0' | '1' | undefined },
): Promise<Paged<MemberMessage>> {
  const { records, total } = await repo.pageMessages(db, userId, q.unread === '1', q);
  return { records: records.map(toMessage), current: q.page, size: q.size, total };
}

export const unreadCount = (db: Db, userId: number) => repo.countUnread(db, userId);

/** Marks a message read; another member's id answers 404 and changes nothing. */
export async function readMessage(db: Db, userId: number, id: number): Promise<void> {
  if (!(await repo.markRead(db, userId, id, now()))) throw notFound(MESSAGE_NOT_FOUND);
}

export const readAllMessages = (db: Db, userId: number) => repo.markAllRead(db, userId, now());

export async function emailSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const off = new Set(await repo.optOutsOf(db, userId));
  return {
    email: MEMBER_EVENTS.map((event) => ({
      event,
      label: NOTIFY_EVENT_LABEL[event],
      enabled: !off.has(event),
    })),
  };
}

/** Stores which emails the member gets; events left out keep their setting. */
export async function updateEmailSettings(
  db: Db,
  userId: number,
  input: z.output<typeof notificationSettingsBody>,
): Promise<NotificationSettings> {
  await db.transaction().execute(async (trx) => {
    await lockMember(trx, userId);
    const off = new Set(await repo.optOutsOf(trx, userId));
    for (const e of input.email) {
      if (e.enabled) off.delete(e.event);
      else off.add(e.event);
    }
    await repo.replaceOptOuts(trx, userId, [...off]);
  });
  return emailSettings(db, userId);
}

// ---- outbox for staff -----------------------------------------------------------------------

const eventLabel = (e: string) => NOTIFY_EVENT_LABEL[e as NotifyEvent] ?? e;

const toOutbox = (r: Row<'notificationOutbox'>): OutboxRecord => ({
  id: r.id,
  event: r.event,
  eventLabel: eventLabel(r.event),
  channel: r.channel,
  recipient: r.recipient || (r.audience === 'staff' ? '员工通知邮箱' : ''),
  subject: r.subject,
  body: r.body,
  state: r.state,
  attempts: r.attempts,
  lastError: r.lastError,
  nextAttemptTime: r.state === 'pending' ? r.nextAttemptAt : null,
  sentTime: r.sentAt,
  createTime: r.createdAt,
});

export async function listOutbox(
  db: Db,
  q: z.output<typeof outboxListQuery>,
): Promise<Paged<OutboxRecord>> {
  const { records, total } = await repo.pageOutbox(db, q, q);
  return { records: records.map(toOutbox), current: q.page, size: q.size, total };
}

/** Puts a failed (or unsent) message back in the outbox for the next run of the sender. */
export async function resend(db: Db, staff: StaffIdentity, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findOutbox(trx, id);
    if (!row) throw notFound(OUTBOX_NOT_FOUND);
    if (!(await repo.requeueOutbox(trx, id, now()))) throw badRequest(NOT_RESENDABLE);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'message.resend',
      target: `message:${id}`,
      before: { state: row.state, attempts: row.attempts, lastError: row.lastError },
      after: { state: 'pending' },
    });
  });
}

// ---- templates ------------------------------------------------------------------------------

export async function listTemplates(db: Db): Promise<MessageTemplate[]> {
  const edited = new Map((await repo.allTemplates(db)).map((t) => [t.event, t]));
  return NOTIFY_EVENTS.map((event) => {
    const def = TEMPLATES[event];
    const row = edited.get(event);
    return {
      event,
      label: NOTIFY_EVENT_LABEL[event],
      subject: row?.subject ?? def.subject,
      body: row?.body ?? def.body,
      sms: SMS_EVENTS.includes(event) ? (row?.sms ?? def.sms) : '',
      smsAllowed: SMS_EVENTS.includes(event),
      placeholders: Object.entries(def.placeholders).map(([name, label]) => ({ name, label })),
      edited: row !== undefined,
      updateTime: row?.updatedAt ?? null,
    };
  });
}

type TemplateInput = z.output<typeof messageTemplateBody>;

function checkTemplate(event: NotifyEvent, input: TemplateInput): void {
  if (input.sms && !SMS_EVENTS.includes(event))
    throw badRequest('该通知不发送短信，请清空短信内容');
  const unknown = [
    ...new Set(
      [input.subject, input.body, input.sms].flatMap((text) => unknownPlaceholders(event, text)),
    ),
  ];
  if (unknown.length > 0) {
    throw badRequest(`模板包含未知的占位符：${unknown.join('、')}`);
  }
}

export async function saveTemplate(
  db: Db,
  staff: StaffIdentity,
  event: NotifyEvent,
  input: TemplateInput,
): Promise<void> {
  checkTemplate(event, input);
  await db.transaction().execute(async (trx) => {
    const before = await repo.findTemplate(trx, event);
    await repo.upsertTemplate(trx, {
      event,
      subject: input.subject,
      body: input.body,
      sms: input.sms,
      staffId: staff.id,
      updatedAt: now(),
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'message-template.update',
      target: `message-template:${event}`,
      before: before
        ? { subject: before.subject, body: before.body, sms: before.sms }
        : { default: true },
      after: input,
    });
  });
}

/** Goes back to the shop's default text. */
export async function resetTemplate(
  db: Db,
  staff: StaffIdentity,
  event: NotifyEvent,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findTemplate(trx, event);
    if (!before) return;
    await repo.deleteTemplate(trx, event);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'message-template.reset',
      target: `message-template:${event}`,
      before: { subject: before.subject, body: before.body, sms: before.sms },
      after: { default: true },
    });
  });
}

const ORDER_EVENTS: readonly NotifyEvent[] = [
  'order-placed',
  'order-priced',
  'order-changed',
  'payment-received',
  'invoice-issued',
  'order-shipped',
  'order-cancelled',
  'order-refunded',
  'staff-new-order',
  'staff-transfer-to-confirm',
];

/** Example values for the placeholders no order carries. */
const SAMPLE: Record<string, string> = {
  memberName: '张三',
  memberAccount: '13800000000',
  carrier: '顺丰速运',
  trackingNumber: 'SF1234567890',
  reason: '客户要求取消',
  refund: '已付款项 100.00 元已退回您的账户余额。',
  refundAmount: '20.00',
  quoteNumber: 'BJ20240501001',
  amount: '100.00',
  amountText: '¥100.00',
  invoiceNumber: '24117000000012345678',
  documentName: '危险化学品购买许可证',
  result: '已通过审核',
  remark: '',
  content: '请问 50 mL 规格的交货期？',
  status: '已处理',
  reply: '您好，现货，下单后两个工作日内发出。',
  kind: '批量询价',
  contact: '李四',
  phone: '13912345678',
  email: 'buyer@example.com',
  company: '某某大学化学系',
};

/** The texts as they would be sent, filled from a real order (the one named, else the latest). */
export async function previewTemplate(
  db: Db,
  event: NotifyEvent,
  input: z.output<typeof messageTemplatePreviewBody>,
  siteUrl: string,
) {
  checkTemplate(event, input);
  let values: Record<string, string> = { ...SAMPLE, shopName: await shopName(db) };
  let orderNumber: string | null = null;
  let link = '';
  if (ORDER_EVENTS.includes(event)) {
    const orderId = input.orderId ?? (await repo.latestOrderId(db))?.id;
    const found = orderId === undefined ? undefined : await orderParams(db, orderId);
    if (input.orderId !== undefined && !found) throw notFound('订单不存在');
    if (found) {
      values = { ...values, ...found.params };
      orderNumber = found.order.number;
      link = `/order/${found.order.id}`;
    }
  }
  const subject = render(input.subject, values);
  const body = render(input.body, values);
  const { html } = composeEmail({ subject, body, link, params: JSON.stringify(values) }, siteUrl);
  return { subject, body, sms: render(input.sms, values), html, orderNumber };
}
