import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomStatus, PayStatus, PayType } from '@labshop/shared';
import type { NotifyEvent } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore, putSetting } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import type { NotifyParams } from './notices.ts';
import { notify } from './notify.ts';

/*
 * What every event writes, word for word: the member's message, each outbox row (channel,
 * audience, recipient, subject, body, link) and the placeholders kept with it. One call of
 * notify() per case on a fixed shop, so a change to the catalogue of notices that changes a
 * message, a recipient or an extra alert fails here.
 */

let ctx: TestContext;
let buyer: Member & { email: string; phone: string };
let store: number;

beforeAll(async () => {
  ctx = await createTestContext();
  store = await insertStore(ctx.db, { name: '北京仓' });
  await putSetting(ctx.db, 'company', { name: '试剂商城', tel: '', email: '', address: '' });
  const m = await createMember(ctx, { balanceFen: 1_000_000, name: '王五' });
  buyer = { ...m, email: 'wangwu@example.com', phone: '13800138000' };
  await ctx.db
    .updateTable('users')
    .set({ email: buyer.email, phone: buyer.phone })
    .where('id', '=', m.userId)
    .execute();
});
afterAll(() => ctx.close());

/** An order of two packs at ¥500.00, placed through the API, then set as the case needs. */
async function order(set: { payType?: number; payStatus?: number; invoiceNumber?: string } = {}) {
  const materialId = await insertPack(ctx.db, 50_000);
  await insertStock(ctx.db, materialId, store, 10);
  const cartId = await insertCartLine(ctx.db, buyer.userId, materialId, 2);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(buyer),
    payload: orderBody([cartId], { payType: PayType.BANK_TRANSFER }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const placed = body<{ order: { id: number; number: string } }>(res).data.order;
  await ctx.db
    .updateTable('orders')
    .set({ transferReference: 'TR-0001', ...set })
    .where('id', '=', placed.id)
    .execute();
  return placed;
}

/** The rows one notify() call writes, with the run's own ids and numbers named. */
async function told<E extends NotifyEvent>(
  event: E,
  params: NotifyParams[E],
  names: Record<string, string | number> = {},
) {
  const lastOutbox = await lastId('notificationOutbox');
  const lastMessage = await lastId('memberMessages');
  await ctx.db.transaction().execute((trx) => notify(trx, event, params));
  const outbox = await ctx.db
    .selectFrom('notificationOutbox')
    .select(['event', 'channel', 'audience', 'recipient', 'subject', 'body', 'link', 'params'])
    .where('id', '>', lastOutbox)
    .orderBy('id')
    .execute();
  const messages = await ctx.db
    .selectFrom('memberMessages')
    .select(['event', 'title', 'content', 'link'])
    .where('id', '>', lastMessage)
    .orderBy('id')
    .execute();
  const text = JSON.stringify({
    messages,
    outbox: outbox.map((r) => ({ ...r, params: JSON.parse(r.params) as unknown })),
  });
  // Numbers and accounts are whole values; ids are named only inside the links they make. The
  // fixtures number their products across the files a worker runs, so a product's name is named
  // too.
  const known: Record<string, string | number> = { memberAccount: buyer.account, ...names };
  const named = Object.entries(known).reduce(
    (t, [name, value]) =>
      typeof value === 'string'
        ? t.replaceAll(value, `<${name}>`)
        : t.replace(new RegExp(`(/(?:order|customizing)/)${value}\\b`, 'g'), `$1<${name}>`),
    text.replace(/产品\d+/g, '<product>'),
  );
  return JSON.parse(named) as unknown;
}

async function lastId(table: 'notificationOutbox' | 'memberMessages'): Promise<number> {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

describe('the notices of each event', () => {
  it('order events: the member, and staff for a new order and a transfer to confirm', async () => {
    const o = await order();
    const names = { orderNumber: o.number, orderId: o.id };
    expect({
      placed: await told('order-placed', { orderId: o.id }, names),
      priced: await told('order-priced', { orderId: o.id }, names),
      changed: await told('order-changed', { orderId: o.id }, names),
      paid: await told('payment-received', { orderId: o.id }, names),
      staffNewOrder: await told('staff-new-order', { orderId: o.id }, names),
      staffTransfer: await told('staff-transfer-to-confirm', { orderId: o.id }, names),
      unknownOrder: await told('order-placed', { orderId: 999_999 }),
    }).toMatchSnapshot();
  });

  it('shipped, fapiao, cancelled and refunded orders', async () => {
    const paid = await order({ payType: PayType.BALANCE, payStatus: PayStatus.PAID });
    const refunded = await order({ payType: PayType.BALANCE, payStatus: PayStatus.REFUNDED });
    const invoiced = await order({ invoiceNumber: '24110000000012345678' });
    const names = {
      paidNumber: paid.number,
      paidId: paid.id,
      refundedNumber: refunded.number,
      refundedId: refunded.id,
      invoicedNumber: invoiced.number,
      invoicedId: invoiced.id,
    };
    // A package of no hazardous product: no safety data sheets to link.
    const shipped = {
      orderId: paid.id,
      deliveryId: 0,
      carrier: '顺丰速运',
      trackingNumber: 'SF1234567890',
    };
    expect({
      shipped: await told('order-shipped', shipped, names),
      invoiced: await told('invoice-issued', { orderId: invoiced.id }, names),
      cancelledUnpaid: await told('order-cancelled', { orderId: paid.id, reason: '' }, names),
      cancelledRefunded: await told(
        'order-cancelled',
        { orderId: refunded.id, reason: '买家要求取消', refundFen: 60_000 },
        names,
      ),
      cancelledRefundedWhole: await told(
        'order-cancelled',
        { orderId: refunded.id, reason: '缺货' },
        names,
      ),
      refunded: await told(
        'order-refunded',
        { orderId: paid.id, refundFen: 12_345, reason: '少发一件' },
        names,
      ),
      refundedElsewhere: await told(
        'order-refunded',
        { orderId: paid.id, refundFen: 5_000, reason: '重复付款', payType: PayType.WECHAT },
        names,
      ),
    }).toMatchSnapshot();
  });

  it('quotes, documents and custom requests', async () => {
    const custom = (userId: number, email: string) =>
      ctx.db
        .insertInto('customized')
        .values({
          userId,
          company: '测试单位',
          contact: '李四',
          phone: '13900139000',
          email,
          content: '需要定制 1 mg/mL 甲醇中苯并芘标准溶液，'.repeat(3),
          remark: '',
          status: CustomStatus.PROCESSED,
          reply: '可以定制，报价已发邮箱',
          assigneeId: null,
          createdAt: 1,
          updatedAt: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const ofMember = await custom(buyer.userId, '');
    const ofVisitor = await custom(0, 'visitor@example.com');
    const unreachable = await custom(0, '');
    const names = { memberRequest: ofMember.id, visitorRequest: ofVisitor.id };
    expect({
      quote: await told('quote-ready', {
        userId: buyer.userId,
        quoteNumber: 'BJ202601020030051234',
        amount: 123_456,
        link: '/quote/7',
      }),
      quoteUnpriced: await told('quote-ready', {
        userId: buyer.userId,
        quoteNumber: 'BJ202601020030055678',
        amount: null,
      }),
      reviewed: await told('document-reviewed', {
        userId: buyer.userId,
        documentName: '营业执照',
        result: '未通过审核',
        remark: '照片不清晰',
        link: '/user/qualifications',
      }),
      customizedOfMember: await told('customized-answered', { customizedId: ofMember.id }, names),
      customizedOfVisitor: await told('customized-answered', { customizedId: ofVisitor.id }, names),
      customizedUnreachable: await told('customized-answered', { customizedId: unreachable.id }),
      customizedUnknown: await told('customized-answered', { customizedId: 999_999 }),
    }).toMatchSnapshot();
  });

  it('inbox replies and the staff alerts', async () => {
    expect({
      inboxReply: await told('inbox-reply', {
        kind: 'inquiries',
        email: 'writer@example.com',
        contact: '赵六',
        content: '请问甲醇标准品有货吗',
        reply: '有货，今天可发',
      }),
      inquiry: await told('staff-inquiry', {
        kind: 'customized',
        contact: '赵六',
        phone: '13700137000',
        email: 'writer@example.com',
        company: '某检测中心',
        content: '定制农残混标',
      }),
      documentToReview: await told('staff-document-to-review', {
        userId: buyer.userId,
        documentName: '易制爆化学品购买备案证明',
      }),
      settingProposed: await told('staff-setting-proposed', {
        setting: '收款银行账户',
        proposer: '财务甲',
        time: '2026-01-02 00:30:05',
        changes: '账号：6222 0000 → 6222 1111',
      }),
      settingConfirmed: await told('staff-setting-confirmed', {
        setting: '收款银行账户',
        proposer: '财务甲',
        confirmer: '管理员乙',
        time: '2026-01-02 09:00:00',
        changes: '账号：6222 0000 → 6222 1111',
      }),
    }).toMatchSnapshot();
  });
});
