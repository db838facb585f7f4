import { PayType } from '@labshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberMessage } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore, putSetting } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';

/*
 * A balance payment and an attached fapiao each tell the buyer once, in words that read on a
 * phone's lock screen (docs/notifications.md): the event first, the order number, the amount.
 */
let ctx: TestContext;
let finance: StaffMember;
let store: number;
const fakePdf = Buffer.from('%PDF-1.4\n% e-fapiao\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  finance = await createStaff(ctx.db, ['finance']);
  store = await insertStore(ctx.db, { name: '北京仓' });
  await putSetting(ctx.db, 'company', { name: '北京某某化学试剂有限公司', tel: '', email: '' });
});
afterAll(async () => {
  await ctx.close();
});

async function member(): Promise<Member> {
  const m = await createMember(ctx, { balanceFen: 1_000_000, name: '王五' });
  await ctx.db
    .updateTable('users')
    .set({ email: `buyer-${m.userId}@example.com` })
    .where('id', '=', m.userId)
    .execute();
  return m;
}

/** POST /client/v1/orders for one line of two packs at ¥500.00 (¥1000.00, free freight). */
async function orderLine(m: Member) {
  const materialId = await insertPack(ctx.db, 50_000);
  await insertStock(ctx.db, materialId, store, 10);
  return insertCartLine(ctx.db, m.userId, materialId, 2);
}
const submit = (m: Member, cartId: number, overrides: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(m),
    payload: orderBody([cartId], overrides),
  });
const orderOf = (res: { body: string }) =>
  body<{ order: { id: number; number: string; amount: number } }>(res).data.order;

/** The member's message centre as the storefront reads it. */
async function messages(m: Member): Promise<MemberMessage[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/client/v1/user/messages?size=50',
    headers: auth(m),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ records: MemberMessage[] }>(res).data.records;
}
const titled = async (m: Member, event: string) =>
  (await messages(m)).filter((x) => x.event === event);
const mails = (m: Member, event: string) =>
  ctx.db
    .selectFrom('notificationOutbox')
    .select(['subject', 'recipient'])
    .where('userId', '=', m.userId)
    .where('event', '=', event)
    .where('channel', '=', 'email')
    .execute();

describe('a balance payment tells the buyer once', () => {
  it('an order paid from the balance at checkout: 订单 X 已用余额支付 ¥Y, once under a retry', async () => {
    const m = await member();
    const cartId = await orderLine(m);
    const first = await submit(m, cartId, { payType: PayType.BALANCE });
    expect(first.statusCode, first.body).toBe(200);
    // The same submission again (a double click, a retry after a lost answer).
    const again = await submit(m, cartId, { payType: PayType.BALANCE });
    expect(again.statusCode, again.body).toBe(200);
    const order = orderOf(first);
    expect(orderOf(again).id).toBe(order.id);

    const paid = await titled(m, 'payment-received');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      title: `订单 ${order.number} 已用余额支付 ¥1000.00`,
      link: `/order/${order.id}`,
      read: false,
    });
    expect(paid[0]?.content.startsWith(`订单 ${order.number} 已用余额支付 ¥1000.00`)).toBe(true);
    expect(await mails(m, 'payment-received')).toEqual([
      {
        subject: `订单 ${order.number} 已用余额支付 ¥1000.00`,
        recipient: `buyer-${m.userId}@example.com`,
      },
    ]);
    // The placement is told as well, and no title carries the company's name.
    const placed = await titled(m, 'order-placed');
    expect(placed.map((x) => x.title)).toEqual([`订单 ${order.number} 已提交`]);
    expect((await messages(m)).some((x) => x.title.includes('【'))).toBe(false);
  });

  it('a priced order paid later from the balance: one message, a second request refused', async () => {
    const m = await member();
    const placed = await submit(m, await orderLine(m), { payType: PayType.BANK_TRANSFER });
    const order = orderOf(placed);
    const pay = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/client/v1/user/orders/${order.id}/payment`,
        headers: auth(m),
        payload: { payType: PayType.BALANCE },
      });
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    const second = await pay();
    expect(second.statusCode).toBe(400);
    expect(body(second).msg).toBe('订单已支付');

    const paid = await titled(m, 'payment-received');
    expect(paid.map((x) => x.title)).toEqual([`订单 ${order.number} 已用余额支付 ¥1000.00`]);
    expect(await mails(m, 'payment-received')).toHaveLength(1);
  });

  it('respects the member turning the payment email off: the message centre still has it', async () => {
    const m = await member();
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/user/notification-settings',
      headers: auth(m),
      payload: { email: [{ event: 'payment-received', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const order = orderOf(await submit(m, await orderLine(m), { payType: PayType.BALANCE }));
    expect((await titled(m, 'payment-received')).map((x) => x.title)).toEqual([
      `订单 ${order.number} 已用余额支付 ¥1000.00`,
    ]);
    expect(await mails(m, 'payment-received')).toHaveLength(0);
    expect(await mails(m, 'order-placed')).toHaveLength(1);
  });
});

describe('an attached fapiao tells the buyer once', () => {
  const attach = (orderId: number, number: string) => {
    const form = multipart(
      { number },
      { filename: 'fp.pdf', data: fakePdf, contentType: 'application/pdf' },
    );
    return ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/orders/${orderId}/fapiao`,
      headers: { ...auth(finance), ...form.headers },
      payload: form.payload,
    });
  };

  it('订单 X 的发票已开具，可在订单详情下载; the same upload again tells nobody, a new number does', async () => {
    const m = await member();
    const order = orderOf(
      await submit(m, await orderLine(m), {
        payType: PayType.BALANCE,
        invoiceType: 1,
        invoiceCompanyName: '某大学',
        invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
        invoiceEmail: 'fp@example.cn',
      }),
    );
    expect(await titled(m, 'invoice-issued')).toHaveLength(0);

    const first = await attach(order.id, '24110000000012345678');
    expect(first.statusCode, first.body).toBe(200);
    const repeated = await attach(order.id, '24110000000012345678');
    expect(repeated.statusCode, repeated.body).toBe(200);

    const told = await titled(m, 'invoice-issued');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `订单 ${order.number} 的发票已开具`,
      link: `/order/${order.id}`,
    });
    expect(told[0]?.content).toBe(
      `订单 ${order.number} 的发票已开具（发票号码 24110000000012345678），可在订单详情下载。`,
    );
    expect(await mails(m, 'invoice-issued')).toHaveLength(1);
    // Both uploads were finance's actions: each is audited.
    const audits = await ctx.db
      .selectFrom('auditLogs')
      .select('action')
      .where('target', '=', `order:${order.id}`)
      .where('action', '=', 'order.fapiao')
      .execute();
    expect(audits).toHaveLength(2);

    // A fapiao issued anew (another number) is news to the buyer.
    expect((await attach(order.id, '24110000000087654321')).statusCode).toBe(200);
    expect((await titled(m, 'invoice-issued')).map((x) => x.content)).toEqual([
      `订单 ${order.number} 的发票已开具（发票号码 24110000000087654321），可在订单详情下载。`,
      `订单 ${order.number} 的发票已开具（发票号码 24110000000012345678），可在订单详情下载。`,
    ]);
  });

  it('two identical uploads at once tell the buyer once', async () => {
    const m = await member();
    const order = orderOf(
      await submit(m, await orderLine(m), {
        payType: PayType.BALANCE,
        invoiceType: 1,
        invoiceCompanyName: '某大学',
        invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
        invoiceEmail: 'fp@example.cn',
      }),
    );
    const answers = await Promise.all([
      attach(order.id, '24110000000011112222'),
      attach(order.id, '24110000000011112222'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await titled(m, 'invoice-issued')).toHaveLength(1);
    expect(await mails(m, 'invoice-issued')).toHaveLength(1);
  });
});
