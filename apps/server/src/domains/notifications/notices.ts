import { CUSTOM_STATUS_LABEL, PAY_TYPE_LABEL, PayStatus, PayType, toYuan } from '@labshop/shared';
import { INBOX_KIND_LABEL, type NotifyEvent } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import * as repo from './notifications.repository.ts';
import { deliverySdsText } from '../safety/index.ts';

/*
 * The catalogue of notices: for each event, who is told and with which placeholders
 * (docs/notifications.md, "Events"). notify() renders the notices an entry returns with the
 * event's template and writes them in the event's transaction.
 */

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
  /** deliveryId: the package, whose hazardous products' safety data sheets the notice links. */
  'order-shipped': { orderId: number; deliveryId: number; carrier: string; trackingNumber: string };
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
  /** An organization's admin added the member (docs/organizations.md). */
  'org-member-added': { userId: number; orgName: string; role: string; link?: string };
  /** An organization's order waits for the member's decision. */
  'approval-requested': {
    userId: number;
    orgName: string;
    orderNumber: string;
    buyerName: string;
    amount: number | null;
    link?: string;
  };
  /** A step of the buyer's order was decided (or the whole approval finished). */
  'approval-decided': {
    userId: number;
    orderNumber: string;
    result: string;
    remark: string;
    link?: string;
  };
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

/** One notice of an event: who gets it and the placeholders its template is filled with. */
export interface Notice {
  event: NotifyEvent;
  /** A member (message centre, email, SMS), the staff list, or an address left on a form. */
  audience: 'member' | 'staff' | 'contact';
  userId: number | null;
  /** The contact's address (audience 'contact'). */
  email: string;
  params: Record<string, string>;
  link: string;
}

/** One entry per event: the notices it sends, read in the event's transaction if need be. */
type NoticeCatalogue = {
  [E in NotifyEvent]: (
    r: NoticeReads,
    p: NotifyParams[E],
    event: E,
  ) => Notice[] | Promise<Notice[]>;
};

type OrderParams = { order: Row<'orders'>; params: Record<string, string> };
type NoticeUser = Awaited<ReturnType<typeof repo.findUser>>;

/**
 * The reads of one notify call, each made once however many of its notices need it: an order
 * placed and paid at once tells of both with one read of the order, its buyer and its lines.
 * Only for the length of one call, which writes nothing before its reads are done.
 */
export class NoticeReads {
  private readonly users = new Map<number, Promise<NoticeUser>>();
  private readonly orders = new Map<number, Promise<OrderParams | undefined>>();
  private readonly optedOut = new Map<number, Promise<string[]>>();

  constructor(readonly db: Db) {}

  user(id: number): Promise<NoticeUser> {
    return remembered(this.users, id, () => repo.findUser(this.db, id));
  }

  /** The events the member turned emails off for. */
  optOuts(userId: number): Promise<string[]> {
    return remembered(this.optedOut, userId, () => repo.optOutsOf(this.db, userId));
  }

  orderParams(orderId: number): Promise<OrderParams | undefined> {
    return remembered(this.orders, orderId, () =>
      orderParams(this.db, orderId, (id) => this.user(id)),
    );
  }
}

function remembered<V>(
  reads: Map<number, Promise<V>>,
  id: number,
  read: () => Promise<V>,
): Promise<V> {
  let found = reads.get(id);
  if (!found) reads.set(id, (found = read()));
  return found;
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

const memberName = (u: { name: string; account: string } | undefined) =>
  u ? u.name || u.account : '';

/** The placeholders of an order event, read from the order as the transaction sees it. */
export async function orderParams(
  db: Db,
  orderId: number,
  findUser: (id: number) => Promise<NoticeUser> = (id) => repo.findUser(db, id),
): Promise<OrderParams | undefined> {
  const order = await repo.findOrder(db, orderId);
  if (!order) return undefined;
  const [user, goods] = await Promise.all([findUser(order.userId), repo.goodsOfOrder(db, orderId)]);
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

/** A priced bank-transfer order: staff wait for its money to arrive. */
const transferDue = (o: Row<'orders'>) => o.payType === PayType.BANK_TRANSFER && o.amount !== null;

type StaffOrderEvent = 'staff-new-order' | 'staff-transfer-to-confirm';

interface OrderNoticeOptions {
  /** Staff alerts are for the staff list; every other order event tells the buyer. */
  audience?: 'member' | 'staff';
  /** The event's own placeholders beside the order's. */
  extra?: (order: Row<'orders'>) => Record<string, string>;
  /** Staff alerts the event raises too, with the order's placeholders only. */
  alsoStaff?: (order: Row<'orders'>) => StaffOrderEvent[];
}

/** The notices of an order event; none when the order is not there. */
async function orderNotices(
  r: NoticeReads,
  event: NotifyEvent,
  orderId: number,
  { audience = 'member', extra, alsoStaff }: OrderNoticeOptions = {},
): Promise<Notice[]> {
  const found = await r.orderParams(orderId);
  if (!found) return [];
  const { order, params } = found;
  const link = `/order/${order.id}`;
  const told: Notice = {
    event,
    audience,
    userId: audience === 'member' ? order.userId : null,
    email: '',
    params: { ...params, ...extra?.(order) },
    link,
  };
  const staff = (alsoStaff?.(order) ?? []).map((e): Notice => ({
    event: e,
    audience: 'staff',
    userId: null,
    email: '',
    params,
    link,
  }));
  return [told, ...staff];
}

/** A member's notice outside an order: the quote or document the event is about. */
async function memberNotice(
  r: NoticeReads,
  event: NotifyEvent,
  userId: number,
  params: Record<string, string>,
  link = '',
): Promise<Notice[]> {
  const user = await r.user(userId);
  return [
    {
      event,
      audience: 'member',
      userId,
      email: '',
      params: { memberName: memberName(user), ...params },
      link,
    },
  ];
}

const staffNotice = (event: NotifyEvent, params: Record<string, string>): Notice[] => [
  { event, audience: 'staff', userId: null, email: '', params, link: '' },
];

export const NOTICES: NoticeCatalogue = {
  // A new order tells staff too, and asks them to watch for a priced bank transfer.
  'order-placed': (r, p, event) =>
    orderNotices(r, event, p.orderId, {
      alsoStaff: (o) =>
        transferDue(o) ? ['staff-new-order', 'staff-transfer-to-confirm'] : ['staff-new-order'],
    }),
  'order-priced': (r, p, event) =>
    orderNotices(r, event, p.orderId, {
      alsoStaff: (o) => (transferDue(o) ? ['staff-transfer-to-confirm'] : []),
    }),
  'order-changed': (r, p, event) => orderNotices(r, event, p.orderId),
  'payment-received': (r, p, event) => orderNotices(r, event, p.orderId),
  'invoice-issued': (r, p, event) => orderNotices(r, event, p.orderId),
  'order-shipped': async (r, p, event) => {
    const safetyDataSheets = await deliverySdsText(r.db, p.deliveryId);
    return orderNotices(r, event, p.orderId, {
      extra: () => ({ carrier: p.carrier, trackingNumber: p.trackingNumber, safetyDataSheets }),
    });
  },
  'order-cancelled': (r, p, event) =>
    orderNotices(r, event, p.orderId, {
      extra: (o) => ({ reason: p.reason || '无', refund: refundText(o, p.refundFen) }),
    }),
  'order-refunded': (r, p, event) =>
    orderNotices(r, event, p.orderId, {
      extra: (o) => ({
        reason: p.reason,
        refundAmount: yuan(p.refundFen),
        refund: REFUND_GOES[p.payType ?? o.payType] ?? '',
      }),
    }),
  'staff-new-order': (r, p, event) => orderNotices(r, event, p.orderId, { audience: 'staff' }),
  'staff-transfer-to-confirm': (r, p, event) =>
    orderNotices(r, event, p.orderId, { audience: 'staff' }),

  'quote-ready': (r, p, event) =>
    memberNotice(
      r,
      event,
      p.userId,
      { quoteNumber: p.quoteNumber, amount: yuan(p.amount), amountText: yuanText(p.amount) },
      p.link,
    ),
  'document-reviewed': (r, p, event) =>
    memberNotice(
      r,
      event,
      p.userId,
      { documentName: p.documentName, result: p.result, remark: p.remark ?? '' },
      p.link,
    ),
  'org-member-added': (r, p, event) =>
    memberNotice(r, event, p.userId, { orgName: p.orgName, role: p.role }, p.link),
  'approval-requested': (r, p, event) =>
    memberNotice(
      r,
      event,
      p.userId,
      {
        orgName: p.orgName,
        orderNumber: p.orderNumber,
        buyerName: p.buyerName,
        amountText: yuanText(p.amount),
      },
      p.link,
    ),
  'approval-decided': (r, p, event) =>
    memberNotice(
      r,
      event,
      p.userId,
      { orderNumber: p.orderNumber, result: p.result, remark: p.remark || '无' },
      p.link,
    ),
  'customized-answered': async (r, p, event) => {
    const c = await repo.findCustomized(r.db, p.customizedId);
    if (!c) return [];
    const user = c.userId ? await r.user(c.userId) : undefined;
    const params = {
      memberName: memberName(user) || c.contact,
      content: c.content.length > 60 ? `${c.content.slice(0, 60)}…` : c.content,
      status: CUSTOM_STATUS_LABEL[c.status] ?? '',
      reply: c.reply || '无',
    };
    if (user) {
      const link = `/customizing/${c.id}`;
      return [{ event, audience: 'member', userId: user.id, email: '', params, link }];
    }
    // Visitors left an email instead of an account.
    if (!c.email) return [];
    return [{ event, audience: 'contact', userId: null, email: c.email, params, link: '' }];
  },
  'inbox-reply': (_r, p, event) => [
    {
      event,
      audience: 'contact',
      userId: null,
      email: p.email,
      params: {
        kind: INBOX_KIND_LABEL[p.kind],
        contact: p.contact,
        content: p.content,
        reply: p.reply,
      },
      link: '',
    },
  ],

  'staff-inquiry': (_r, p, event) =>
    staffNotice(event, {
      kind: INBOX_KIND_LABEL[p.kind],
      contact: p.contact,
      phone: p.phone,
      email: p.email,
      company: p.company,
      content: p.content,
    }),
  'staff-document-to-review': async (r, p, event) => {
    const user = await r.user(p.userId);
    return staffNotice(event, {
      memberName: memberName(user),
      memberAccount: user?.account ?? '',
      documentName: p.documentName,
    });
  },
  'staff-setting-proposed': (_r, p, event) => staffNotice(event, { ...p }),
  'staff-setting-confirmed': (_r, p, event) => staffNotice(event, { ...p }),
};

/** The notices of one event, from its entry in the catalogue. */
export async function noticesOf<E extends NotifyEvent>(
  r: NoticeReads,
  event: E,
  params: NotifyParams[E],
): Promise<Notice[]> {
  const entry: NoticeCatalogue[E] = NOTICES[event];
  return entry(r, params, event);
}
