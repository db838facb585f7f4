import path from 'node:path';
import { PayType } from '@labshop/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MemberMessage, MessageTemplate, OutboxRecord } from '@labshop/shared/schemas';
import { createDatabase, type Db } from '../../db/database.ts';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore, putSetting } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { startMailServer } from '../../../test/fixtures/mail.ts';
import { closeTimedOutOrders } from '../../workflows/cancel-order.ts';
import { notify } from './notify.ts';
import { createTransports, sendDueMessages, type Transports } from './notifications.sender.ts';

type MailServer = Awaited<ReturnType<typeof startMailServer>>;
let smtp: MailServer;
let ctx: TestContext;
let transports: Transports;
let admin: StaffMember;
let store: number;
let seq = 0;

beforeAll(async () => {
  smtp = await startMailServer();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    SMTP_FROM: 'shop@labshop.test',
    STAFF_NOTIFY_EMAIL: 'ops@labshop.test, boss@labshop.test',
    SITE_URL: 'https://shop.example.com',
  });
  transports = createTransports(ctx.config);
  admin = await createStaff(ctx.db, ['admin']);
  store = await insertStore(ctx.db, { name: '北京仓' });
  await putSetting(ctx.db, 'company', { name: '试剂商城', tel: '', email: '', address: '' });
});
afterAll(async () => {
  transports.close();
  await ctx.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  smtp.state.failNext = 0;
});

/** A member with both an email address and a phone. */
async function member(balanceFen = 1_000_000): Promise<Member & { email: string; phone: string }> {
  seq += 1;
  const m = await createMember(ctx, { balanceFen, name: '王五' });
  const email = `buyer${seq}-${m.userId}@example.com`;
  await ctx.db
    .updateTable('users')
    .set({ email, phone: m.account })
    .where('id', '=', m.userId)
    .execute();
  return { ...m, email, phone: m.account };
}

async function placeOrder(m: Member, opts: { priceFen?: number | null; payType?: number } = {}) {
  const materialId = await insertPack(ctx.db, opts.priceFen === undefined ? 50_000 : opts.priceFen);
  await insertStock(ctx.db, materialId, store, 10);
  const cartId = await insertCartLine(ctx.db, m.userId, materialId, 2);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(m),
    payload: orderBody([cartId], { payType: opts.payType ?? 4 }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: { id: number; number: string; goodsList: { id: number }[] } }>(res).data
    .order;
}

const asStaff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) });

const send = (opts: Parameters<typeof sendDueMessages>[2] = {}) =>
  sendDueMessages(ctx.db, transports, opts);

const outboxOf = (event: string) =>
  ctx.db.selectFrom('notificationOutbox').selectAll().where('event', '=', event).execute();

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

describe('events reach the buyer and the staff once', () => {
  it('order placed: the member is mailed with a link back, staff are told of the new order', async () => {
    const m = await member();
    const order = await placeOrder(m);
    // The member's two mails (placed; paid from the balance) and the staff alert.
    expect(await send()).toMatchObject({ sent: 3, retried: 0, failed: 0 });
    expect(await send()).toMatchObject({ sent: 0 });

    const [mail, paidMail, ...more] = mailsTo(m.email);
    expect(more).toHaveLength(0);
    expect(mail?.from).toBe('shop@labshop.test');
    expect(mail?.subject).toBe(`订单 ${order.number} 已提交`);
    expect(mail?.text).toContain(`订单 ${order.number} 已提交，金额 ¥1000.00（余额支付）`);
    expect(paidMail?.subject).toBe(`订单 ${order.number} 已用余额支付 ¥1000.00`);
    expect(mail?.text).toContain(`https://shop.example.com/order/${order.id}`);
    expect(mail?.html).toContain(`href="https://shop.example.com/order/${order.id}"`);
    expect(mail?.html).toContain('试剂商城');
    expect(mail?.html).toContain('https://shop.example.com/images/logo.svg');

    const staff = smtp.mails.filter((x) => x.subject.includes('新订单'));
    expect(staff).toHaveLength(1);
    expect(staff[0]?.to).toEqual(['ops@labshop.test', 'boss@labshop.test']);
    expect(staff[0]?.text).toContain(order.number);
    // A balance order is paid: no transfer to confirm.
    expect(smtp.mails.some((x) => x.subject.includes('待确认转账'))).toBe(false);

    const messages = await ctx.db
      .selectFrom('memberMessages')
      .selectAll()
      .where('userId', '=', m.userId)
      .execute();
    expect(messages.map((x) => [x.event, x.link])).toEqual([
      ['order-placed', `/order/${order.id}`],
      ['payment-received', `/order/${order.id}`],
    ]);
  });

  it('bank transfer: staff are told of the transfer to confirm; confirming it tells the buyer', async () => {
    const m = await member();
    const order = await placeOrder(m, { payType: 1 });
    await send();
    const alert = smtp.mails.find((x) => x.subject === `待确认转账：订单 ${order.number}`);
    expect(alert?.text).toContain(`转账参考号 ${order.number}`);
    smtp.mails.length = 0;

    const res = await asStaff('POST', `/manage/v1/orders/${order.id}/payment`, {
      amount: 1000,
      reference: order.number,
    });
    expect(res.statusCode, res.body).toBe(200);
    await send();
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`订单 ${order.number} 已用银行转账支付 ¥1000.00`);
    expect(mails[0]?.text).toContain(`订单 ${order.number} 已用银行转账支付 ¥1000.00，`);
  });

  it('a priced order switched to bank transfer tells the staff once', async () => {
    const m = await member();
    const order = await placeOrder(m, { payType: 1 });
    // As if placed for WeChat Pay (this file runs without a gateway): no transfer is owed yet.
    await ctx.db
      .updateTable('orders')
      .set({ payType: PayType.WECHAT })
      .where('id', '=', order.id)
      .execute();
    await ctx.db
      .deleteFrom('notificationOutbox')
      .where('link', '=', `/order/${order.id}`)
      .execute();
    const alerts = async () =>
      (await outboxOf('staff-transfer-to-confirm')).filter((r) => r.link === `/order/${order.id}`);
    expect(await alerts()).toHaveLength(0);
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/client/v1/user/orders/${order.id}/payment`,
        headers: auth(m),
        payload: { payType: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await alerts()).toHaveLength(1);
  });

  it('order priced: email and SMS (skipped without an SMS provider, with the reason)', async () => {
    const m = await member();
    const order = await placeOrder(m, { priceFen: null, payType: 1 });
    await send();
    smtp.mails.length = 0;
    const line = order.goodsList[0]?.id ?? 0;
    const res = await asStaff('PUT', `/manage/v1/orders/${order.id}/prices`, {
      goods: [{ orderGoodsId: line, price: 300 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const report = await send();
    expect(report).toMatchObject({ sent: 2, skipped: 1 });
    const mail = mailsTo(m.email)[0];
    expect(mail?.subject).toBe(`订单 ${order.number} 已确认价格，应付 ¥620.00`);
    expect(mail?.text).toContain('应付 ¥620.00（商品 ¥600.00，运费 ¥20.00）');
    // Priced bank-transfer order: now the staff wait for the transfer.
    expect(smtp.mails.some((x) => x.subject === `待确认转账：订单 ${order.number}`)).toBe(true);
    const sms = (await outboxOf('order-priced')).find(
      (r) => r.channel === 'sms' && r.userId === m.userId,
    );
    expect(sms).toMatchObject({ state: 'skipped', recipient: m.phone });
    // The SMS provider adds the shop's signature: the text carries none.
    expect(sms?.body).toBe(`订单${order.number}已确认价格，应付620.00元，请登录后付款。`);
    expect(sms?.lastError).toContain('SMS_PROVIDER');
  });

  it('package shipped: carrier and tracking number', async () => {
    const m = await member();
    const order = await placeOrder(m);
    await send();
    smtp.mails.length = 0;
    const res = await asStaff('POST', `/manage/v1/orders/${order.id}/deliveries`, {
      carrier: '顺丰速运',
      trackingNumber: 'SF9988776655',
      goods: [{ orderGoodsId: order.goodsList[0]?.id, quantity: 2, storeId: store }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await send();
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`订单 ${order.number} 已发货：顺丰速运 SF9988776655`);
    expect(mails[0]?.text).toContain('顺丰速运，运单号 SF9988776655');
    const sms = (await outboxOf('order-shipped')).filter(
      (r) => r.userId === m.userId && r.channel === 'sms',
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain('顺丰速运运单号SF9988776655');
  });

  it('cancelled and refunded to the balance', async () => {
    const m = await member();
    const order = await placeOrder(m);
    await send();
    smtp.mails.length = 0;
    const res = await asStaff('POST', `/manage/v1/orders/${order.id}/cancel`, { reason: '缺货' });
    expect(res.statusCode, res.body).toBe(200);
    await send();
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`订单 ${order.number} 已取消`);
    expect(mails[0]?.text).toContain('原因：缺货');
    expect(mails[0]?.text).toContain('已付款项 1000.00 元已退回您的账户余额');
  });

  it('an unpaid order closed by its payment deadline tells the buyer', async () => {
    const m = await member();
    const order = await placeOrder(m, { payType: 1 });
    await send();
    smtp.mails.length = 0;
    await ctx.db
      .updateTable('orders')
      .set({ createdAt: Date.now() - 60 * 86_400_000 })
      .where('id', '=', order.id)
      .execute();
    expect(await closeTimedOutOrders(ctx.db, ctx.config.payments)).toBeGreaterThanOrEqual(1);
    await send();
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`订单 ${order.number} 已取消`);
    expect(mails[0]?.text).toContain('原因：超过付款期限未支付，订单已自动关闭');
  });

  it('a custom request: staff are alerted, and the answer reaches the member', async () => {
    const m = await member();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/customized',
      headers: auth(m),
      payload: {
        company: '某大学',
        contact: '赵六',
        phone: '13912345678',
        content: '定制氘代试剂',
        remark: '',
        goodsList: [
          { name: '氘代氯仿', cas: '865-49-6', pack: '100g', expectDeliveryTime: 30, quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = body<{ id: number }>(res).data.id;
    await send();
    const alert = smtp.mails.find((x) => x.subject === '新定制需求：赵六');
    expect(alert?.to).toEqual(['ops@labshop.test', 'boss@labshop.test']);
    expect(alert?.text).toContain('定制氘代试剂');
    smtp.mails.length = 0;

    const answered = await asStaff('PUT', `/manage/v1/customized/${id}`, {
      status: 2,
      reply: '可以定制，报价已发邮件',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    await send();
    const mails = mailsTo(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('答复：可以定制，报价已发邮件');
    expect(mails[0]?.text).toContain(`https://shop.example.com/customizing/${id}`);
  });

  it('a bulk inquiry and an online message alert the staff', async () => {
    const inquiry = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/bulk-inquiry',
      payload: {
        contact: '钱七',
        phone: '13912345678',
        email: 'qian@example.com',
        company: '某研究所',
        content: '乙腈 20 瓶',
      },
    });
    expect(inquiry.statusCode, inquiry.body).toBe(200);
    const message = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/feedbacks',
      payload: {
        contact: '孙八',
        phone: '13912345678',
        email: 'sun@example.com',
        content: '发票问题',
      },
    });
    expect(message.statusCode, message.body).toBe(200);
    await send();
    expect(smtp.mails.map((x) => x.subject).sort()).toEqual([
      '新在线留言：孙八',
      '新批量询价：钱七',
    ]);
  });

  it('the inbox answers a bulk inquiry by email and keeps it in the thread', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/bulk-inquiry',
      payload: {
        contact: '周九',
        phone: '13912345678',
        email: 'zhou@example.com',
        company: '某药企',
        content: '甲醇 50 瓶报价',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { id } = await ctx.db
      .selectFrom('bulkInquiries')
      .select('id')
      .where('email', '=', 'zhou@example.com')
      .executeTakeFirstOrThrow();
    const url = `/manage/v1/inbox/inquiries/${id}/replies`;
    const reply = await asStaff('POST', url, { content: '您好，甲醇 50 瓶报价 1200 元。' });
    expect(reply.statusCode, reply.body).toBe(200);
    await asStaff('POST', url, { content: '补充：含运费。' });
    const thread = body<{ content: string; email: string; staff: string }[]>(
      await asStaff('GET', url),
    ).data;
    expect(thread.map((r) => r.content)).toEqual([
      '您好，甲醇 50 瓶报价 1200 元。',
      '补充：含运费。',
    ]);
    expect(thread[0]).toMatchObject({ email: 'zhou@example.com', staff: '测试员工' });
    await send();
    const mails = mailsTo('zhou@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('您的批量询价已有答复');
    expect(mails[0]?.text).toContain('您好，甲醇 50 瓶报价 1200 元。');
    expect(mails[0]?.text).toContain('甲醇 50 瓶报价');
    const missing = await asStaff('POST', '/manage/v1/inbox/inquiries/999999/replies', {
      content: '您好',
    });
    expect(missing.statusCode).toBe(404);
    const checkins = await asStaff('POST', '/manage/v1/inbox/checkins/1/replies', {
      content: '您好',
    });
    expect(checkins.statusCode).toBe(400);
  });

  it('quote ready and document reviewed are ready for their features', async () => {
    const m = await member();
    await ctx.db.transaction().execute(async (trx) => {
      await notify(trx, 'quote-ready', {
        userId: m.userId,
        quoteNumber: 'Q2024001',
        amount: 123_400,
      });
      await notify(trx, 'document-reviewed', {
        userId: m.userId,
        documentName: '危化品购买许可证',
        result: '已通过审核',
      });
    });
    await send();
    expect(
      mailsTo(m.email)
        .map((x) => x.subject)
        .sort(),
    ).toEqual(['报价单 Q2024001 已报价，金额 ¥1234.00', '资质文件已通过审核：危化品购买许可证']);
  });

  it('writes nothing when the event rolls back', async () => {
    const m = await member(0);
    const before = (await ctx.db.selectFrom('notificationOutbox').select('id').execute()).length;
    const materialId = await insertPack(ctx.db, 50_000);
    const cartId = await insertCartLine(ctx.db, m.userId, materialId, 1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody([cartId], { payType: 4 }),
    });
    expect(body(res).msg).toBe('余额不足');
    expect((await ctx.db.selectFrom('notificationOutbox').select('id').execute()).length).toBe(
      before,
    );
  });

  it('members choose which emails they get; the message centre still tells them', async () => {
    const m = await member();
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/user/notification-settings',
      headers: auth(m),
      payload: { email: [{ event: 'order-placed', enabled: false }] },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const current = body<{ email: { event: string; enabled: boolean }[] }>(settings).data.email;
    expect(current.find((e) => e.event === 'order-placed')?.enabled).toBe(false);
    expect(current.find((e) => e.event === 'order-shipped')?.enabled).toBe(true);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/user/notification-settings',
      headers: auth(m),
      payload: { email: [{ event: 'staff-new-order', enabled: false }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toBe('通知类型有误');

    await placeOrder(m, { payType: 1 });
    await send();
    expect(mailsTo(m.email)).toHaveLength(0);
    const unread = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/user/messages/unread-count',
      headers: auth(m),
    });
    expect(body<{ count: number }>(unread).data.count).toBe(1);
  });
});

describe('retries', () => {
  it('retries a refusing mail server with growing waits, then delivers once', async () => {
    const m = await member();
    // Unpriced, so unpaid and no transfer to confirm: one mail to the member, one staff alert.
    await placeOrder(m, { priceFen: null, payType: 1 });
    smtp.state.failNext = 4; // the member's mail and the staff alert, twice each
    const t0 = Date.now();
    expect(await send({ at: t0 })).toMatchObject({ sent: 0, retried: 2 });
    const [row] = (await outboxOf('order-placed')).filter((r) => r.userId === m.userId);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: t0 + 60_000 });
    expect(row?.lastError).toMatch(/451|busy/);
    // Not due yet: nothing is sent.
    expect(await send({ at: t0 + 30_000 })).toMatchObject({ sent: 0, retried: 0 });
    expect(await send({ at: t0 + 60_000 })).toMatchObject({ retried: 2 });
    const again = await ctx.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('id', '=', row?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(again.nextAttemptAt).toBe(t0 + 60_000 + 120_000);
    expect(await send({ at: t0 + 180_000 })).toMatchObject({ sent: 2 });
    expect(mailsTo(m.email)).toHaveLength(1);
    const done = await ctx.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('id', '=', row?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ state: 'sent', attempts: 3, lastError: '' });
  });

  it('gives up after the limit, shows the message as failed, and staff can resend it', async () => {
    const m = await member();
    await placeOrder(m, { priceFen: null, payType: 1 });
    smtp.state.failNext = 100;
    const t0 = Date.now();
    await send({ at: t0, maxAttempts: 2 });
    await send({ at: t0 + 60_000, maxAttempts: 2 });
    smtp.state.failNext = 0;
    const list = await asStaff('GET', '/manage/v1/messages?state=failed&size=100');
    expect(list.statusCode, list.body).toBe(200);
    const failed = body<{ records: OutboxRecord[] }>(list).data.records.find(
      (r) => r.recipient === m.email,
    );
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 2,
      event: 'order-placed',
      eventLabel: '订单已提交',
    });
    expect(failed?.lastError).toMatch(/451|busy/);

    const byRecipient = body<{ records: OutboxRecord[]; total: number }>(
      await asStaff('GET', `/manage/v1/messages?recipient=${encodeURIComponent(m.email)}`),
    ).data;
    expect(byRecipient.total).toBe(1);
    const wildcard = body<{ total: number }>(
      await asStaff('GET', '/manage/v1/messages?recipient=%25'),
    ).data;
    expect(wildcard.total).toBe(0);

    const operatorOnly = await createStaff(ctx.db, ['warehouse']);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/messages/${failed?.id}/resend`,
      headers: auth(operatorOnly),
    });
    expect(refused.statusCode).toBe(403);

    const resent = await asStaff('POST', `/manage/v1/messages/${failed?.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const twice = await asStaff('POST', `/manage/v1/messages/${failed?.id}/resend`);
    expect(twice.statusCode).toBe(400);
    expect(body(twice).msg).toBe('只有发送失败或未发送的消息可以重发');
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('target', '=', `message:${failed?.id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'message.resend', staffId: admin.id });

    await send();
    expect(mailsTo(m.email)).toHaveLength(1);
  });
});

describe('exactly once across instances', () => {
  it('two senders on one database deliver each message once', async () => {
    const second: Db = createDatabase({
      databaseUrl: ctx.config.databaseUrl,
      sqliteFile: path.join(ctx.config.dataDir, 'test.sqlite'),
    });
    const otherTransports = createTransports(ctx.config);
    try {
      // Anything still due from earlier tests goes first.
      await send();
      smtp.mails.length = 0;
      const count = 40;
      await ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < count; i++) {
          await notify(trx, 'inbox-reply', {
            kind: 'inquiries',
            email: `once${i}@example.com`,
            contact: '客户',
            content: '询价',
            reply: `答复 ${i}`,
          });
        }
      });
      const run = (db: Db, t: Transports, holder: string) =>
        Promise.all(
          [1, 2, 3].map((n) => sendDueMessages(db, t, { holder: `${holder}-${n}`, batch: 7 })),
        );
      for (let round = 0; round < 10; round++) {
        await Promise.all([run(ctx.db, transports, 'a'), run(second, otherTransports, 'b')]);
      }
      const received = smtp.mails.flatMap((x) => x.to).filter((a) => a.startsWith('once'));
      expect(received).toHaveLength(count);
      expect(new Set(received).size).toBe(count);
      const states = await ctx.db
        .selectFrom('notificationOutbox')
        .select('state')
        .where('event', '=', 'inbox-reply')
        .where('recipient', 'like', 'once%')
        .execute();
      expect(states.every((s) => s.state === 'sent')).toBe(true);
    } finally {
      otherTransports.close();
      await second.destroy();
    }
  });

  it('a sender that died holding a row leaves it to another once its lease is over', async () => {
    await ctx.db.transaction().execute(async (trx) => {
      await notify(trx, 'inbox-reply', {
        kind: 'messages',
        email: 'lease@example.com',
        contact: '客户',
        content: '留言',
        reply: '答复',
      });
    });
    const row = await ctx.db
      .selectFrom('notificationOutbox')
      .selectAll()
      .where('recipient', '=', 'lease@example.com')
      .executeTakeFirstOrThrow();
    const t0 = Date.now();
    await ctx.db
      .updateTable('notificationOutbox')
      .set({ state: 'sending', claimedBy: 'dead', leaseUntil: t0 + 1000, attempts: 1 })
      .where('id', '=', row.id)
      .execute();
    expect(await send({ at: t0 })).toMatchObject({ sent: 0 });
    expect(await send({ at: t0 + 2000 })).toMatchObject({ sent: 1 });
    expect(mailsTo('lease@example.com')).toHaveLength(1);
  });
});

describe('the message centre', () => {
  it("lists only the member's messages, counts the unread and marks read; another member's id is 404", async () => {
    const a = await member();
    const b = await member();
    // Unpaid orders: each tells its member once (placed).
    await placeOrder(a, { payType: 1 });
    await placeOrder(a, { payType: 1 });
    await placeOrder(b, { payType: 1 });
    const get = (m: Member, url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: auth(m) });
    const unread = async (m: Member) =>
      body<{ count: number }>(await get(m, '/client/v1/user/messages/unread-count')).data.count;

    const list = body<{ records: MemberMessage[]; total: number; current: number; size: number }>(
      await get(a, '/client/v1/user/messages?page=1&size=10'),
    ).data;
    expect(list).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(list.records.every((r) => r.event === 'order-placed' && !r.read)).toBe(true);
    expect(await unread(a)).toBe(2);
    const bMessage = body<{ records: MemberMessage[] }>(await get(b, '/client/v1/user/messages'))
      .data.records[0];

    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: `/client/v1/user/messages/${bMessage?.id}/read`,
      headers: auth(a),
    });
    expect(foreign.statusCode).toBe(404);
    expect(body(foreign).msg).toBe('消息不存在');
    expect(await unread(b)).toBe(1);

    const first = list.records[0]?.id;
    const read = await ctx.app.inject({
      method: 'PUT',
      url: `/client/v1/user/messages/${first}/read`,
      headers: auth(a),
    });
    expect(read.statusCode).toBe(200);
    expect(await unread(a)).toBe(1);
    const unreadOnly = body<{ records: MemberMessage[] }>(
      await get(a, '/client/v1/user/messages?unread=1'),
    ).data.records;
    expect(unreadOnly.map((r) => r.id)).not.toContain(first);

    await ctx.app.inject({
      method: 'PUT',
      url: '/client/v1/user/messages/read-all',
      headers: auth(a),
    });
    expect(await unread(a)).toBe(0);
    expect(await unread(b)).toBe(1);

    const anonymous = await ctx.app.inject({ method: 'GET', url: '/client/v1/user/messages' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('templates staff edit', () => {
  it('refuses unknown placeholders, uses the saved text, previews with a real order, resets', async () => {
    const list = body<MessageTemplate[]>(await asStaff('GET', '/manage/v1/message-templates')).data;
    const shipped = list.find((t) => t.event === 'order-shipped');
    expect(shipped).toMatchObject({ smsAllowed: true, edited: false });
    expect(shipped?.placeholders.map((p) => p.name)).toContain('trackingNumber');

    const bad = await asStaff('PUT', '/manage/v1/message-templates/order-placed', {
      subject: '订单 {orderNumber}',
      body: '您好 {customer}，{foo}',
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toBe('模板包含未知的占位符：{customer}、{foo}');
    const smsNotAllowed = await asStaff('PUT', '/manage/v1/message-templates/order-placed', {
      subject: '订单 {orderNumber}',
      body: '正文',
      sms: '短信',
    });
    expect(body(smsNotAllowed).msg).toBe('该通知不发送短信，请清空短信内容');

    const m = await member();
    const order = await placeOrder(m);
    const preview = await asStaff('POST', '/manage/v1/message-templates/order-placed/preview', {
      subject: '{shopName}：订单 {orderNumber} 收到了',
      body: '金额 {amount} 元',
      orderId: order.id,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(body(preview).data).toMatchObject({
      subject: `试剂商城：订单 ${order.number} 收到了`,
      body: '金额 1000.00 元',
      orderNumber: order.number,
    });
    expect(body<{ html: string }>(preview).data.html).toContain(`/order/${order.id}`);

    const saved = await asStaff('PUT', '/manage/v1/message-templates/order-placed', {
      subject: '{shopName}：订单 {orderNumber} 收到了',
      body: '金额 {amount} 元',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('action', '=', 'message-template.update')
      .execute();
    expect(audit).toHaveLength(1);

    await send();
    smtp.mails.length = 0;
    const next = await placeOrder(m);
    await send();
    expect(mailsTo(m.email)[0]?.subject).toBe(`试剂商城：订单 ${next.number} 收到了`);

    const reset = await asStaff('DELETE', '/manage/v1/message-templates/order-placed');
    expect(reset.statusCode).toBe(200);
    const after = body<MessageTemplate[]>(
      await asStaff('GET', '/manage/v1/message-templates'),
    ).data;
    expect(after.find((t) => t.event === 'order-placed')?.edited).toBe(false);
  });
});
