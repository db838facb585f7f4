import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankTransferView, ManageOrderDetail } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { catalogueVersion } from '../../lib/catalogue-version.ts';

// Bank transfers as they really arrive (docs/payments.md, "Bank transfers"): a note that does not
// match, recorded with a reason, and one transfer paying several orders.

let ctx: TestContext;
let admin: StaffMember;
let finance: StaffMember;
let operator: StaffMember;
let member: Member;
let store: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin']);
  finance = await createStaff(ctx.db, ['finance'], '财务乙');
  operator = await createStaff(ctx.db, ['operator']);
  member = await createMember(ctx, { balanceFen: 10_000_000 });
  store = await insertStore(ctx.db, { name: '北京仓' });
});
afterAll(async () => ctx.close());

const post = (staff: StaffMember, url: string, payload: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...auth(staff), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const pay = (staff: StaffMember, payload: object, key?: string) =>
  post(staff, '/manage/v1/payments/bank-transfers', payload, key);
const confirm = (id: number, payload: object) =>
  post(finance, `/manage/v1/orders/${id}/payment`, payload);

/**
 * The member's order of one pack at `priceFen` (null: 询价), paid by `payType`; from 1,000 yuan
 * the freight is free, so the order's amount is the price.
 */
async function placeOrder(priceFen: number | null = 100_000, payType = 1) {
  const materialId = await insertPack(ctx.db, priceFen);
  await insertStock(ctx.db, materialId, store, 10);
  const cartId = await insertCartLine(ctx.db, member.userId, materialId, 1);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([cartId], { payType }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: { id: number; number: string; amount: number | null } }>(res).data.order;
}

const detail = async (id: number) =>
  body<ManageOrderDetail>(
    await ctx.app.inject({ method: 'GET', url: `/manage/v1/orders/${id}`, headers: auth(admin) }),
  ).data;
const states = async (ids: number[]) =>
  Promise.all(ids.map(async (id) => detail(id))).then((ds) =>
    ds.map((d) => [d.status, d.payStatus, d.payments.length]),
  );
const transferCount = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('bankTransfers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = (id: number) =>
  ctx.db
    .selectFrom('auditLogs')
    .select(['action', 'staffId', 'after'])
    .where('target', '=', `order:${id}`)
    .where('action', 'like', 'order.payment%')
    .execute();
const messagesOf = async (event: string) =>
  (
    await ctx.db
      .selectFrom('memberMessages')
      .select('link')
      .where('userId', '=', member.userId)
      .where('event', '=', event)
      .execute()
  ).length;

describe('one order, the note does not match', () => {
  it('keeps the old contract: exact amount and reference, a mismatch refused', async () => {
    const o = await placeOrder();
    const wrongRef = await confirm(o.id, { amount: 1000, reference: 'X1' });
    expect(wrongRef.statusCode).toBe(400);
    expect(body(wrongRef).msg).toBe('转账参考号与订单不一致');
    const noRef = await confirm(o.id, { amount: 1000 });
    expect(body(noRef).msg).toBe('请输入转账附言/参考号');
    expect(await states([o.id])).toEqual([[1, 1, 0]]);

    const paid = await confirm(o.id, { amount: 1000, reference: ` ${o.number.toLowerCase()} ` });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await detail(o.id)).payments).toMatchObject([
      { amount: 1000, override: false, overrideReason: '', transfer: null },
    ]);
    expect((await auditOf(o.id)).map((a) => a.action)).toEqual(['order.payment']);
  });

  it('records the payment anyway with a required reason, stored, shown and audited', async () => {
    const o = await placeOrder();
    const noReason = await confirm(o.id, { amount: 1000, reference: '货款', override: true });
    expect(noReason.statusCode).toBe(400);
    expect(body(noReason).msg).toBe('请填写备注不符仍确认收款的原因');
    const long = await confirm(o.id, {
      amount: 1000,
      reference: '货款',
      override: true,
      overrideReason: '长'.repeat(201),
    });
    expect(body(long).msg).toBe('内容过长，最多 200 个字符');
    // The amount must still be the order's.
    const wrongAmount = await confirm(o.id, {
      amount: 1000.01,
      reference: '货款',
      override: true,
      overrideReason: '客户附言写成货款，已电话核实',
    });
    expect(body(wrongAmount).msg).toBe('到账金额与订单应付金额不一致');
    const cents = await confirm(o.id, {
      amount: 999.999,
      reference: '货款',
      override: true,
      overrideReason: '客户附言写成货款，已电话核实',
    });
    expect(body(cents).msg).toBe('金额最多两位小数');
    expect(await states([o.id])).toEqual([[1, 1, 0]]);
    expect(await auditOf(o.id)).toEqual([]);

    const before = await catalogueVersion(ctx.db);
    const paid = await confirm(o.id, {
      amount: 1000,
      reference: '货款',
      override: true,
      overrideReason: '客户附言写成货款，已电话核实',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const d = await detail(o.id);
    expect(d).toMatchObject({ status: 2, payStatus: 2 });
    expect(d.payments).toMatchObject([
      {
        kind: 1,
        amount: 1000,
        reference: '货款',
        staff: '财务乙',
        override: true,
        overrideReason: '客户附言写成货款，已电话核实',
        transfer: null,
      },
    ]);
    const audit = await auditOf(o.id);
    expect(audit).toMatchObject([{ action: 'order.payment.override', staffId: finance.id }]);
    expect(JSON.parse(audit[0]!.after)).toMatchObject({
      status: 2,
      reference: '货款',
      overrideReason: '客户附言写成货款，已电话核实',
    });
    expect(await catalogueVersion(ctx.db)).toBeGreaterThan(before);
  });

  it('records a transfer without any note when overridden', async () => {
    const o = await placeOrder();
    const paid = await confirm(o.id, {
      amount: 1000,
      reference: '',
      override: true,
      overrideReason: '银行回单无附言',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await detail(o.id)).payments[0]).toMatchObject({ reference: '', override: true });
  });
});

describe('one transfer over several orders', () => {
  it('pays every order in one go, each naming the shared transfer', async () => {
    const a = await placeOrder(120_000);
    const b = await placeOrder(130_050);
    const messages = await messagesOf('payment-received');
    const before = await catalogueVersion(ctx.db);
    const res = await pay(
      finance,
      {
        amount: 2500.5,
        reference: `${a.number}, ${b.number}`,
        payer: '某某检测有限公司',
        orderIds: [b.id, a.id],
      },
      'transfer-happy-1',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).msg).toBe('已确认收款');
    const view = body<BankTransferView>(res).data;
    expect(view).toMatchObject({
      amount: 2500.5,
      payer: '某某检测有限公司',
      orders: [
        { id: a.id, number: a.number, amount: 1200 },
        { id: b.id, number: b.number, amount: 1300.5 },
      ],
    });
    for (const o of [a, b]) {
      const d = await detail(o.id);
      expect(d).toMatchObject({ status: 2, payStatus: 2 });
      expect(d.payments).toEqual([expect.objectContaining({ override: false, transfer: view })]);
      const audit = await auditOf(o.id);
      expect(audit).toMatchObject([{ action: 'order.payment.transfer', staffId: finance.id }]);
      expect(JSON.parse(audit[0]!.after)).toMatchObject({
        status: 2,
        transferId: view.id,
        orders: [a.number, b.number],
        payer: '某某检测有限公司',
      });
    }
    // Everything the single confirm does: the buyer is told, the catalogue's held stock moves.
    expect(await messagesOf('payment-received')).toBe(messages + 2);
    expect(await catalogueVersion(ctx.db)).toBeGreaterThan(before);

    // The same request retried with its key answers the same, and pays nothing again.
    const retry = await pay(
      finance,
      {
        amount: 2500.5,
        reference: `${a.number}, ${b.number}`,
        payer: '某某检测有限公司',
        orderIds: [b.id, a.id],
      },
      'transfer-happy-1',
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(body<BankTransferView>(retry).data.id).toBe(view.id);
    expect(await states([a.id, b.id])).toEqual([
      [2, 2, 1],
      [2, 2, 1],
    ]);
  });

  it('says the difference when the amount is not the sum, and changes nothing', async () => {
    const a = await placeOrder(100_000);
    const b = await placeOrder(150_000);
    const transfers = await transferCount();
    const more = await pay(finance, {
      amount: 2500.01,
      reference: `${a.number} ${b.number}`,
      orderIds: [a.id, b.id],
    });
    expect(more.statusCode).toBe(400);
    expect(body(more).msg).toBe(
      '到账金额 2500.01 元与所选 2 个订单的应付合计 2500.00 元不一致，多 0.01 元',
    );
    const less = await pay(finance, {
      amount: 2000,
      reference: `${a.number} ${b.number}`,
      orderIds: [a.id, b.id],
    });
    expect(body(less).msg).toContain('少 500.00 元');
    expect(await states([a.id, b.id])).toEqual([
      [1, 1, 0],
      [1, 1, 0],
    ]);
    expect(await transferCount()).toBe(transfers);
  });

  it('asks for a reason when the note does not name every order, and records it', async () => {
    const a = await placeOrder(100_000);
    const b = await placeOrder(150_000);
    const refused = await pay(finance, {
      amount: 2500,
      reference: `${a.number} 货款`,
      orderIds: [a.id, b.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe(
      `转账附言未包含订单 ${b.number} 的参考号，请核对，或填写备注不符的原因后仍确认收款`,
    );
    expect(await states([a.id, b.id])).toEqual([
      [1, 1, 0],
      [1, 1, 0],
    ]);
    const paid = await pay(finance, {
      amount: 2500,
      reference: `${a.number} 货款`,
      orderIds: [a.id, b.id],
      overrideReason: '客户来电确认两单合并支付',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const d = await detail(b.id);
    expect(d.payments[0]).toMatchObject({
      override: true,
      overrideReason: '客户来电确认两单合并支付',
      transfer: { orders: [{ id: a.id }, { id: b.id }] },
    });
  });

  it('refuses a paid, cancelled, online or unpriced order in the list, changing nothing', async () => {
    const open = await placeOrder(100_000);
    const paidOrder = await placeOrder(150_000);
    expect(
      (await confirm(paidOrder.id, { amount: 1500, reference: paidOrder.number })).statusCode,
    ).toBe(200);
    const cancelled = await placeOrder(150_000);
    const cancel = await post(admin, `/manage/v1/orders/${cancelled.id}/cancel`, {
      reason: '客户不要了',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const balanceOrder = await placeOrder(50_000, 4);
    const unpriced = await placeOrder(null);
    const transfers = await transferCount();
    const cases: [typeof open, string][] = [
      [paidOrder, '订单当前状态不能确认收款'],
      [cancelled, '订单当前状态不能确认收款'],
      [balanceOrder, '该订单不是银行转账订单'],
      [unpriced, '订单尚未定价，请先定价'],
    ];
    for (const [other, why] of cases) {
      const res = await pay(finance, {
        amount: 2500,
        reference: `${open.number} ${other.number}`,
        orderIds: [open.id, other.id],
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(`订单 ${other.number}：${why}`);
    }
    const missing = await pay(finance, {
      amount: 1000,
      reference: open.number,
      orderIds: [open.id, 999_999],
    });
    expect(body(missing).msg).toBe('订单不存在（ID 999999）');
    expect(await states([open.id])).toEqual([[1, 1, 0]]);
    expect(await transferCount()).toBe(transfers);
  });

  it('refuses bad lists and needs the payments permission', async () => {
    const a = await placeOrder(100_000);
    const msg = async (payload: object) => body(await pay(finance, payload)).msg;
    const base = { amount: 1000, reference: a.number };
    expect(await msg({ ...base, orderIds: [] })).toBe('请选择要确认收款的订单');
    expect(await msg({ ...base, orderIds: [a.id, a.id] })).toBe('订单不能重复');
    expect(await msg({ ...base, orderIds: Array.from({ length: 51 }, (_, i) => i + 1) })).toBe(
      '一笔转账最多确认 50 个订单',
    );
    expect(await msg({ ...base, reference: ' ', orderIds: [a.id] })).toBe('请输入转账附言/流水号');
    expect(await msg({ ...base, overrideReason: '长'.repeat(201), orderIds: [a.id] })).toBe(
      '内容过长，最多 200 个字符',
    );
    const denied = await pay(operator, { ...base, orderIds: [a.id] });
    expect(denied.statusCode).toBe(403);
    expect(await states([a.id])).toEqual([[1, 1, 0]]);
  });

  it('pays the same orders once when two finance staff record them at once', async () => {
    const a = await placeOrder(100_000);
    const b = await placeOrder(150_000);
    const c = await placeOrder(200_000);
    const transfers = await transferCount();
    // Overlapping lists in opposite orders, each with its own key, and the single confirm of
    // the order they share: exactly one wins.
    const answers = await Promise.all([
      confirm(b.id, { amount: 1500, reference: b.number }),
      pay(finance, { amount: 2500, reference: `${a.number}${b.number}`, orderIds: [a.id, b.id] }),
      pay(admin, { amount: 3500, reference: `${c.number}${b.number}`, orderIds: [c.id, b.id] }),
      pay(finance, { amount: 2500, reference: `${b.number}${a.number}`, orderIds: [b.id, a.id] }),
      pay(admin, {
        amount: 4500,
        reference: `${a.number}${b.number}${c.number}`,
        orderIds: [c.id, b.id, a.id],
      }),
    ]);
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(body(r).msg).toMatch(/订单状态已变化|订单当前状态不能确认收款/);
    }
    const paidIds =
      answers[0].statusCode === 200
        ? [b.id]
        : body<BankTransferView>(won[0]!).data.orders.map((o) => o.id);
    expect(await transferCount()).toBe(transfers + (answers[0].statusCode === 200 ? 0 : 1));
    for (const id of [a.id, b.id, c.id]) {
      const d = await detail(id);
      expect(d.payments).toHaveLength(paidIds.includes(id) ? 1 : 0);
      expect(d.status).toBe(paidIds.includes(id) ? 2 : 1);
    }
  });

  it('runs concurrent duplicates of one request once', async () => {
    const a = await placeOrder(100_000);
    const b = await placeOrder(150_000);
    const payload = { amount: 2500, reference: `${a.number} ${b.number}`, orderIds: [a.id, b.id] };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => pay(finance, payload, 'transfer-dup-1')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => body<BankTransferView>(r).data.id)).size).toBe(1);
    expect(await states([a.id, b.id])).toEqual([
      [2, 2, 1],
      [2, 2, 1],
    ]);
  });
});
