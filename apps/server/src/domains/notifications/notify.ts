import { CUSTOM_STATUS_LABEL, PAY_TYPE_LABEL, PayStatus, PayType, toYuan } from '@labshop/shared';
import {
  INBOX_KIND_LABEL,
  MEMBER_EVENTS,
  type MemberEvent,
  type NotifyEvent,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { readSetting } from '../../lib/settings.repository.ts';
import { parseStringRecord } from '../../lib/json-text.ts';
import * as repo from './notifications.repository.ts';
import { SMS_EVENTS, TEMPLATES, render, type TemplateText } from './notifications.templates.ts';

/**
 * What each event's notify() call passes (docs/notifications.md). Order events name the order
 * and the rest is read in the caller's transaction, so the message says what was committed.
 */
export interface NotifyParams {
  'order-placed': { orderId: number };
  'order-priced': { orderId: number };
  'order-changed': { orderId: number };
  'payment-received': { orderId: number };
  /** Finance attached the issued e-fapiao file to the order (docs/procurement.md). */
  'invoice-issued': { orderId: number };
  'order-shipped': { orderId: number; carrier: string; trackingNumber: string };
  /** refundFen: what the cancel gave back (partial refunds may have given back the rest). */
  'order-cancelled': { orderId: number; reason: string; refundFen?: number };
  /** Staff gave back part of a paid order (docs/payments.md, "Refunds"). */
  'order-refunded': {
    orderId: number;
    refundFen: number;
    reason: string;
    /** The way the money went, when not the order's pay type (a payment that paid nothing). */
    payType?: number;
  };
  /** For the quotes feature: a quote the member asked for is priced. */
  'quote-ready': { userId: number; quoteNumber: string; amount: number | null; link?: string };
  /** For the documents feature: staff reviewed a document the member uploaded. */
  'document-reviewed': {
    userId: number;
    documentName: string;
    result: string;
    remark?: string;
    link?: string;
  };
  'customized-answered': { customizedId: number };
  'inbox-reply': {
    kind: 'messages' | 'inquiries';
    email: string;
    contact: string;
    content: string;
    reply: string;
  };
  'staff-new-order': { orderId: number };
  'staff-transfer-to-confirm': { orderId: number };
  'staff-inquiry': {
    kind: 'messages' | 'inquiries' | 'customized';
    contact: string;
    phone: string;
    email: string;
    company: string;
    content: string;
  };
  /** For the documents feature: a member uploaded a document staff must review. */
  'staff-document-to-review': { userId: number; documentName: string };
  /** A money-routing change was proposed or confirmed (docs/console.md, "Money routing"). */
  'staff-setting-proposed': { setting: string; proposer: string; time: string; changes: string };
  'staff-setting-confirmed': {
    setting: string;
    proposer: string;
    confirmer: string;
    time: string;
    changes: string;
  };
}

type Audience = 'member' | 'staff' | 'contact';

/** One rendered notice: who gets it and the placeholders its template is filled with. */
interface Notice {
  event: NotifyEvent;
  audience: Audience;
  userId: number | null;
  /** The contact's address (audience 'contact'). */
  email: string;
  params: Record<string, string>;
  link: string;
}

const yuan = (fen: number | null) => (fen === null ? '待确认' : toYuan(fen).toFixed(2));
/** An amount as a title shows it: ¥1000.00, or 待确认 before it is priced. */
const yuanText = (fen: number | null) => (fen === null ? '待确认' : `¥${yuan(fen)}`);

/** What paid, as in 已用余额支付: the pay type without its 支付 suffix. */
const PAY_METHOD: Record<number, string> = {
  [PayType.BALANCE]: '余额',
  [PayType.WECHAT]: '微信',
  [PayType.ALIPAY]: '支付宝',
  [PayType.BANK_TRANSFER]: '银行转账',
};

/** The first lines of an order, for a subject line or a staff alert. */
function goodsSummary(goods: { name: string; pack: string; quantityPurchase: number }[]): string {
  const shown = goods.slice(0, 3).map((g) => `${g.name} ${g.pack} × ${g.quantityPurchase}`);
  const more = goods.length > 3 ? ` 等 ${goods.length} 种商品` : '';
  return shown.join('；') + more;
}

function refundText(o: Row<'orders'>, refundFen: number | undefined): string {
  const fen = refundFen ?? o.amount;
  if (o.payStatus !== PayStatus.REFUNDED || fen === null || fen <= 0) return '';
  const amount = yuan(fen);
  if (o.payType === PayType.BALANCE) return `已付款项 ${amount} 元已退回您的账户余额。`;
  if (o.payType === PayType.BANK_TRANSFER) return `已付款项 ${amount} 元将通过银行转账退回。`;
  return `已付款项 ${amount} 元将原路退回您的支付账户。`;
}

/** Where a partial refund's money goes, by pay type. */
const REFUND_GOES: Record<number, string> = {
  [PayType.BALANCE]: '款项已退回您的账户余额。',
  [PayType.BANK_TRANSFER]: '款项将通过银行转账退回。',
  [PayType.WECHAT]: '款项将原路退回您的支付账户。',
  [PayType.ALIPAY]: '款项将原路退回您的支付账户。',
};

export async function shopName(db: Db): Promise<string> {
  const company = parseStringRecord((await readSetting(db, 'company')) ?? '{}');
  return company.name || '实验室试剂商城';
}

const memberName = (u: { name: string; account: string } | undefined) =>
  u ? u.name || u.account : '';

/** The placeholders of an order event, read from the order as the transaction sees it. */
export async function orderParams(
  db: Db,
  orderId: number,
): Promise<{ order: Row<'orders'>; params: Record<string, string> } | undefined> {
  const order = await repo.findOrder(db, orderId);
  if (!order) return undefined;
  const [user, goods] = await Promise.all([
    repo.findUser(db, order.userId),
    repo.goodsOfOrder(db, orderId),
  ]);
  return {
    order,
    params: {
      memberName: memberName(user),
      memberAccount: user?.account ?? '',
      orderNumber: order.number,
      amount: yuan(order.amount),
      amountText: yuanText(order.amount),
      goodsAmount: yuan(order.goodsAmount),
      freight: yuan(order.freight),
      goodsSummary: goodsSummary(goods),
      payType: PAY_TYPE_LABEL[order.payType] ?? '',
      payMethod: PAY_METHOD[order.payType] ?? '',
      invoiceNumber: order.invoiceNumber,
      transferReference: order.transferReference || order.number,
    },
  };
}

async function noticesOf<E extends NotifyEvent>(
  db: Db,
  event: E,
  p: NotifyParams[E],
): Promise<Notice[]> {
  const base = { email: '', link: '' };
  switch (event) {
    case 'order-placed':
    case 'order-priced':
    case 'order-changed':
    case 'payment-received':
    case 'invoice-issued':
    case 'order-shipped':
    case 'order-cancelled':
    case 'order-refunded':
    case 'staff-new-order':
    case 'staff-transfer-to-confirm': {
      const q = p as NotifyParams['order-shipped'] &
        NotifyParams['order-cancelled'] &
        Partial<NotifyParams['order-refunded']>;
      const found = await orderParams(db, q.orderId);
      if (!found) return [];
      const { order, params } = found;
      const link = `/order/${order.id}`;
      const extra: Record<string, string> =
        event === 'order-shipped'
          ? { carrier: q.carrier, trackingNumber: q.trackingNumber }
          : event === 'order-cancelled'
            ? { reason: q.reason || '无', refund: refundText(order, q.refundFen) }
            : event === 'order-refunded'
              ? {
                  reason: q.reason,
                  refundAmount: yuan(q.refundFen ?? 0),
                  refund: REFUND_GOES[q.payType ?? order.payType] ?? '',
                }
              : {};
      const staffOnly = event === 'staff-new-order' || event === 'staff-transfer-to-confirm';
      const notices: Notice[] = [
        {
          ...base,
          event,
          audience: staffOnly ? 'staff' : 'member',
          userId: staffOnly ? null : order.userId,
          params: { ...params, ...extra },
          link,
        },
      ];
      const bankTransferDue = order.payType === PayType.BANK_TRANSFER && order.amount !== null;
      if (event === 'order-placed') {
        notices.push({
          ...base,
          event: 'staff-new-order',
          audience: 'staff',
          userId: null,
          params,
          link,
        });
      }
      if ((event === 'order-placed' || event === 'order-priced') && bankTransferDue) {
        notices.push({
          ...base,
          event: 'staff-transfer-to-confirm',
          audience: 'staff',
          userId: null,
          params,
          link,
        });
      }
      return notices;
    }
    case 'quote-ready': {
      const q = p as NotifyParams['quote-ready'];
      const user = await repo.findUser(db, q.userId);
      return [
        {
          ...base,
          event,
          audience: 'member',
          userId: q.userId,
          params: {
            memberName: memberName(user),
            quoteNumber: q.quoteNumber,
            amount: yuan(q.amount),
            amountText: yuanText(q.amount),
          },
          link: q.link ?? '',
        },
      ];
    }
    case 'document-reviewed': {
      const q = p as NotifyParams['document-reviewed'];
      const user = await repo.findUser(db, q.userId);
      return [
        {
          ...base,
          event,
          audience: 'member',
          userId: q.userId,
          params: {
            memberName: memberName(user),
            documentName: q.documentName,
            result: q.result,
            remark: q.remark ?? '',
          },
          link: q.link ?? '',
        },
      ];
    }
    case 'staff-document-to-review': {
      const q = p as NotifyParams['staff-document-to-review'];
      const user = await repo.findUser(db, q.userId);
      return [
        {
          ...base,
          event,
          audience: 'staff',
          userId: null,
          params: {
            memberName: memberName(user),
            memberAccount: user?.account ?? '',
            documentName: q.documentName,
          },
        },
      ];
    }
    case 'customized-answered': {
      const q = p as NotifyParams['customized-answered'];
      const c = await repo.findCustomized(db, q.customizedId);
      if (!c) return [];
      const user = c.userId ? await repo.findUser(db, c.userId) : undefined;
      const params = {
        memberName: memberName(user) || c.contact,
        content: c.content.length > 60 ? `${c.content.slice(0, 60)}…` : c.content,
        status: CUSTOM_STATUS_LABEL[c.status] ?? '',
        reply: c.reply || '无',
      };
      // Visitors left an email instead of an account.
      return user
        ? [
            {
              ...base,
              event,
              audience: 'member',
              userId: user.id,
              params,
              link: `/customizing/${c.id}`,
            },
          ]
        : c.email
          ? [{ ...base, event, audience: 'contact', userId: null, email: c.email, params }]
          : [];
    }
    case 'inbox-reply': {
      const q = p as NotifyParams['inbox-reply'];
      return [
        {
          ...base,
          event,
          audience: 'contact',
          userId: null,
          email: q.email,
          params: {
            kind: INBOX_KIND_LABEL[q.kind],
            contact: q.contact,
            content: q.content,
            reply: q.reply,
          },
        },
      ];
    }
    case 'staff-setting-proposed':
    case 'staff-setting-confirmed':
      return [
        {
          ...base,
          event,
          audience: 'staff',
          userId: null,
          params: { ...(p as NotifyParams['staff-setting-confirmed']) },
        },
      ];
    case 'staff-inquiry': {
      const q = p as NotifyParams['staff-inquiry'];
      return [
        {
          ...base,
          event,
          audience: 'staff',
          userId: null,
          params: {
            kind: INBOX_KIND_LABEL[q.kind],
            contact: q.contact,
            phone: q.phone,
            email: q.email,
            company: q.company,
            content: q.content,
          },
        },
      ];
    }
  }
  return [];
}

/** The texts of an event: the staff's edited template, else the shop's default. */
export async function templateTexts(
  db: Db,
  events: NotifyEvent[],
): Promise<Map<string, TemplateText>> {
  const edited = new Map((await repo.allTemplates(db)).map((t) => [t.event, t]));
  return new Map(
    events.map((e) => {
      const t = edited.get(e) ?? TEMPLATES[e];
      return [e, { subject: t.subject, body: t.body, sms: SMS_EVENTS.includes(e) ? t.sms : '' }];
    }),
  );
}

const isMemberEvent = (e: NotifyEvent): e is MemberEvent =>
  (MEMBER_EVENTS as readonly string[]).includes(e);

/**
 * Tells everyone concerned of an event. Call it inside the transaction that makes the event
 * happen: the member's message, the outbox rows (email, SMS) and the staff alert are written
 * with it, or not at all when it rolls back. Sending happens later (notifications.sender.ts).
 */
export async function notify<E extends NotifyEvent>(
  trx: Db,
  event: E,
  params: NotifyParams[E],
): Promise<void> {
  const notices = await noticesOf(trx, event, params);
  if (notices.length === 0) return;
  const [name, texts] = await Promise.all([
    shopName(trx),
    templateTexts(
      trx,
      notices.map((n) => n.event),
    ),
  ]);
  const t = now();
  const rows: NewRow<'notificationOutbox'>[] = [];
  for (const n of notices) {
    const text = texts.get(n.event);
    if (!text) continue;
    const values = { shopName: name, ...n.params };
    const subject = render(text.subject, values);
    const body = render(text.body, values);
    const row = {
      event: n.event,
      audience: n.audience,
      userId: n.userId,
      subject,
      body,
      link: n.link,
      params: JSON.stringify(values),
      state: 'pending',
      attempts: 0,
      nextAttemptAt: t,
      claimedBy: '',
      lastError: '',
      createdAt: t,
      updatedAt: t,
    };
    if (n.audience === 'staff') {
      // Addressed when sent: STAFF_NOTIFY_EMAIL is the sending instance's setting.
      rows.push({ ...row, channel: 'email', recipient: '' });
      continue;
    }
    if (n.audience === 'contact') {
      if (n.email) rows.push({ ...row, channel: 'email', recipient: n.email });
      continue;
    }
    if (n.userId === null || !isMemberEvent(n.event)) continue;
    const [user, optOuts] = await Promise.all([
      repo.findUser(trx, n.userId),
      repo.optOutsOf(trx, n.userId),
    ]);
    if (!user) continue;
    await repo.insertMemberMessage(trx, {
      userId: user.id,
      event: n.event,
      title: subject,
      content: body,
      link: n.link,
      createdAt: t,
    });
    if (user.email && !optOuts.includes(n.event)) {
      rows.push({ ...row, channel: 'email', recipient: user.email });
    }
    if (user.phone && text.sms) {
      rows.push({ ...row, channel: 'sms', recipient: user.phone, body: render(text.sms, values) });
    }
  }
  await repo.insertOutbox(trx, rows);
}
