import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { expectedOrder, pagedIds } from '../../../test/fixtures/sorting.ts';

let ctx: TestContext;
let operator: StaffMember;
let member: Member;
const orders: { id: number; createdAt: number; amount: number | null }[] = [];

/** Orders of one member with ties on both sortable columns and one 待确认 (no amount). */
beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
  member = await createMember(ctx);
  const t = Date.UTC(2026, 0, 10);
  const rows: [number, number | null][] = [
    [t, 10_000],
    [t, null],
    [t + 1000, 10_000],
    [t + 2000, 5_000],
    [t - 5000, 30_000],
    [t + 1000, null],
  ];
  for (const [i, [createdAt, amount]] of rows.entries()) {
    const row = await ctx.db
      .insertInto('orders')
      .values({
        number: `SORT${member.userId}N${i}`,
        userId: member.userId,
        deliveryUsername: '收货人',
        deliveryPhone: '13800000000',
        deliveryRegionCode: '110000,110100,110101',
        deliveryAddress: '地址',
        goodsAmount: amount,
        freight: amount === null ? null : 0,
        amount,
        count: 1,
        status: 1,
        payType: 1,
        payStatus: 1,
        userRemark: '',
        invoiceType: 3,
        invoiceCompanyName: '',
        invoiceTaxpayerIdentificationNumber: '',
        invoiceEmail: '',
        invoiceRegisteredAddress: '',
        invoiceRegistrationTelephone: '',
        invoiceDepositBank: '',
        invoiceBankAccountNumber: '',
        transferReference: '',
        paidAt: null,
        cancelledAt: null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    orders.push({ id: row.id, createdAt, amount });
  }
});
afterAll(async () => ctx.close());

const list = (sort?: string) =>
  pagedIds(
    ctx,
    auth(operator),
    `/manage/v1/orders?phone=${member.account}${sort ? `&sort=${sort}` : ''}`,
  );

describe('sorting the order list', () => {
  it('orders by 下单时间 either way, newest first by default, ties by id', async () => {
    const byTime = orders.map((o) => ({ id: o.id, value: o.createdAt }));
    expect(await list()).toEqual(expectedOrder(byTime, true));
    expect(await list('-createTime')).toEqual(expectedOrder(byTime, true));
    expect(await list('createTime')).toEqual(expectedOrder(byTime, false));
  });

  it('orders by 订单金额 either way, unpriced orders last, ties by id', async () => {
    const byAmount = orders.map((o) => ({ id: o.id, value: o.amount }));
    const up = await list('amount');
    expect(up).toEqual(expectedOrder(byAmount, false));
    expect(await list('-amount')).toEqual(expectedOrder(byAmount, true));
    // The two unpriced orders close the list both ways.
    expect(up.slice(-2).every((id) => orders.find((o) => o.id === id)?.amount === null)).toBe(true);
  });

  it('refuses a sort it does not offer, with a Chinese message', async () => {
    for (const sort of ['status', 'amount;drop table orders', '--amount', 'AMOUNT']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/orders?sort=${encodeURIComponent(sort)}`,
        headers: auth(operator),
      });
      expect(res.statusCode, sort).toBe(400);
      expect(body(res).msg).toBe('排序方式有误');
    }
  });
});
