import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayType } from '@labshop/shared';
import type { OrderDetail, PaymentStart } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { startGatewayImitation, type GatewayImitation } from '../../../test/gateways/imitation.ts';
import { readSheet } from '../../lib/sheets.ts';
import { refundOrderPayment } from '../../workflows/refund.ts';
import { exportPayments } from './payments-export.ts';

let gw: GatewayImitation;
let ctx: TestContext;
let admin: StaffMember;
let finance: StaffMember;
let operator: StaffMember;
let member: Member;
let started: number;
const numbers: Record<string, string> = {};
/** What each order cost, freight included, in yuan with two decimals. */
const amounts: Record<string, string> = {};

/** An unpaid order of the member: one pack at `priceFen`, no freight. */
async function placeOrder(payType: number, priceFen: number) {
  const line = await insertCartLine(ctx.db, member.userId, await insertPack(ctx.db, priceFen));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([line], { payType }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: OrderDetail }>(res).data.order;
}

const pay = (id: number, payType: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/client/v1/user/orders/${id}/payment`,
    headers: auth(member),
    payload: { payType, device: 'pc' },
  });

const download = (staff: StaffMember, query: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/manage/v1/payments/export?${query}`,
    headers: auth(staff),
  });

async function sheetOf(staff: StaffMember, query: string) {
  const res = await download(staff, query);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  return readSheet(res.rawPayload, 'xlsx');
}

/**
 * Rows as [order number, kind, amount, operator, pay type], in a fixed order: movements of the
 * same millisecond may come either way.
 */
const brief = (cells: string[][]) =>
  cells.map((c) => [c[1], c[5], c[7], c[8], c[4]]).sort((a, b) => a.join().localeCompare(b.join()));

/**
 * The money the test moves, each the way the shop moves it: a balance payment and its refund by
 * a cancel, a bank transfer finance confirms and refunds in part, an Alipay payment refunded in
 * part by finance, a WeChat Pay payment, and a balance adjustment.
 */
beforeAll(async () => {
  gw = await startGatewayImitation({ notifyBaseUrl: 'https://shop.example.com' });
  ctx = await createTestContext(gw.env);
  admin = await createStaff(ctx.db, ['admin'], '管理员甲');
  finance = await createStaff(ctx.db, ['finance'], '财务乙');
  operator = await createStaff(ctx.db, ['operator']);
  member = await createMember(ctx, { balanceFen: 1_000_000, name: '王五' });
  started = Date.now();

  const balance = await placeOrder(PayType.BALANCE, 12_300);
  numbers.balance = balance.number;
  amounts.balance = (balance.amount ?? 0).toFixed(2);
  // An order placed to be paid from the balance is paid as it is placed.
  expect(balance.payStatus).toBe(2);
  const cancel = await ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/orders/${balance.id}/cancel`,
    headers: auth(admin),
    payload: { reason: '客户要求取消' },
  });
  expect(cancel.statusCode, cancel.body).toBe(200);

  const bank = await placeOrder(PayType.BANK_TRANSFER, 50_000);
  numbers.bank = bank.number;
  amounts.bank = (bank.amount ?? 0).toFixed(2);
  const confirm = await ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/orders/${bank.id}/payment`,
    headers: auth(finance),
    payload: { amount: bank.amount, reference: bank.number },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // Finance refunds part of it: a bank refund to pay out (docs/payments.md, "Refunds").
  const partial = await ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/orders/${bank.id}/refunds`,
    headers: auth(finance),
    payload: { amount: 100, reason: '少发一支' },
  });
  expect(partial.statusCode, partial.body).toBe(200);

  const alipay = await placeOrder(PayType.ALIPAY, 20_000);
  numbers.alipay = alipay.number;
  amounts.alipay = (alipay.amount ?? 0).toFixed(2);
  const start = body<PaymentStart>(await pay(alipay.id, PayType.ALIPAY)).data;
  expect((await fetch(start.redirectUrl ?? '')).status).toBe(200);
  gw.alipay.pay(alipay.number);
  await ctx.app.inject({
    method: 'POST',
    url: `/client/v1/user/orders/${alipay.id}/payment/query`,
    headers: auth(member),
  });
  const refund = await refundOrderPayment(ctx.db, ctx.config.payments, {
    orderId: alipay.id,
    amountFen: 5_000,
    reason: '缺一支',
    staffId: finance.id,
  });
  expect(refund.state).toBe('success');

  const wechat = await placeOrder(PayType.WECHAT, 8_800);
  numbers.wechat = wechat.number;
  amounts.wechat = (wechat.amount ?? 0).toFixed(2);
  expect((await pay(wechat.id, PayType.WECHAT)).statusCode).toBe(200);
  gw.wechat.pay(wechat.number);
  const notified = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/payments/wechat/notify',
    ...(({ headers, body: payload }) => ({ headers, payload }))(
      gw.wechat.paymentNotification(wechat.number),
    ),
  });
  expect(notified.statusCode).toBe(204);

  const adjust = await ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/members/${member.userId}/balance`,
    headers: auth(finance),
    payload: { amount: -0.5, remark: '=HYPERLINK("x")' },
  });
  expect(adjust.statusCode, adjust.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  await gw.close();
});

const period = () => `from=${started}&to=${Date.now()}`;

describe('payments export', () => {
  it('writes one row per money movement of the period, refunds negative', async () => {
    const sheet = await sheetOf(finance, period());
    expect(sheet.headers).toEqual([
      '时间',
      '订单号',
      '会员账号',
      '会员名称',
      '支付方式',
      '类型',
      '渠道流水号',
      '金额（元）',
      '操作人',
      '备注',
    ]);
    const cells = sheet.rows.map((r) => r.cells);
    expect(brief(cells)).toEqual(
      brief([
        ['', numbers.balance, '', '', '余额支付', '余额支付', '', amounts.balance, ''],
        ['', numbers.balance, '', '', '余额支付', '余额退款', '', `-${amounts.balance}`, ''],
        ['', numbers.bank, '', '', '银行转账', '银行转账', '', amounts.bank, '财务乙'],
        ['', numbers.bank, '', '', '银行转账', '银行转账退款', '', '-100.00', '财务乙'],
        ['', numbers.alipay, '', '', '支付宝', '支付宝', '', amounts.alipay, ''],
        ['', numbers.alipay, '', '', '支付宝', '支付宝退款', '', '-50.00', '财务乙'],
        ['', numbers.wechat, '', '', '微信支付', '微信支付', '', amounts.wechat, ''],
        ['', '', '', '', '余额支付', '余额调整', '', '-0.50', ''],
      ] as string[][]),
    );
    // Every row names the member; the channel references are the bank's and the gateways'.
    expect(new Set(cells.map((c) => `${c[2]} ${c[3]}`))).toEqual(
      new Set([`${member.account} 王五`]),
    );
    const referenceOf = (kind: string) => cells.find((c) => c[5] === kind)?.[6];
    expect(referenceOf('银行转账')).toBe(numbers.bank);
    expect(referenceOf('支付宝')).toBe(gw.alipay.trades.get(numbers.alipay!)?.tradeNo);
    expect(referenceOf('微信支付')).toBe(gw.wechat.trades.get(numbers.wechat!)?.transactionId);
    expect(referenceOf('支付宝退款')).not.toBe('');
    // A remark that looks like a formula comes back as the text it is.
    expect(cells.find((c) => c[5] === '余额调整')?.[9]).toBe('=HYPERLINK("x")');
    // Oldest first, in China time.
    const times = cells.map((c) => c[0]);
    expect([...times].sort()).toEqual(times);
    expect(times[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps to the period, in China time, and to the pay type asked for', async () => {
    // The bank transfer was recorded at 00:30 on 1 July 2025, China time.
    const at = Date.UTC(2025, 5, 30, 16, 30);
    await ctx.db
      .updateTable('orderPayments')
      .set({ createdAt: at })
      .where('reference', '=', numbers.bank!)
      .execute();
    const dayStart = Date.UTC(2025, 5, 30, 16);
    const july1 = await sheetOf(finance, `from=${dayStart}&to=${dayStart + 86_399_999}`);
    expect(july1.rows.map((r) => [r.cells[0], r.cells[1], r.cells[5]])).toEqual([
      ['2025-07-01 00:30:00', numbers.bank, '银行转账'],
    ]);
    const june30 = await sheetOf(finance, `from=${dayStart - 86_400_000}&to=${dayStart - 1}`);
    expect(june30.rows).toEqual([]);
    const recent = await sheetOf(finance, period());
    expect(recent.rows.map((r) => r.cells[5])).not.toContain('银行转账');

    const kinds = async (payType: number) =>
      (await sheetOf(admin, `${period()}&payType=${payType}`)).rows.map((r) => r.cells[5]).sort();
    expect(await kinds(PayType.ALIPAY)).toEqual(['支付宝', '支付宝退款']);
    expect(await kinds(PayType.WECHAT)).toEqual(['微信支付']);
    expect(await kinds(PayType.BALANCE)).toEqual(['余额支付', '余额调整', '余额退款']);
  });

  it('is for staff with the payments permission only', async () => {
    const res = await download(operator, period());
    expect(res.statusCode).toBe(403);
  });

  it('refuses a period it cannot read, with a Chinese message', async () => {
    const cases: [string, string][] = [
      [`to=${Date.now()}`, '请选择导出的时间范围'],
      [`from=${Date.now()}&to=${started - 1}`, '开始时间不能晚于结束时间'],
      [`${period()}&payType=9`, '支付方式有误'],
      [`from=yesterday&to=${Date.now()}`, '时间格式有误'],
    ];
    for (const [query, msg] of cases) {
      const res = await download(finance, query);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).msg, query).toBe(msg);
    }
  });

  it('refuses more movements than it may write instead of leaving some out', async () => {
    const q = { from: started, to: Date.now(), payType: undefined };
    await expect(exportPayments(ctx.db, q, 2)).rejects.toThrow('请缩短时间范围');
    const all = await readSheet(await exportPayments(ctx.db, q, 7), 'xlsx');
    expect(all.rows).toHaveLength(7);
  });
});
