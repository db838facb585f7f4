import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceBusiness, BalanceType, PayType, type Paged } from '@labshop/shared';
import type { BalanceRecord } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';

describe('balance records', () => {
  let ctx: TestContext;
  let m: Member;
  let other: Member;
  const DAY = 86_400_000;
  const t0 = Date.UTC(2024, 2, 1);

  beforeAll(async () => {
    ctx = await createTestContext();
    [m, other] = await Promise.all([createMember(ctx, { balanceFen: 51_050 }), createMember(ctx)]);
    const rows = [
      {
        type: BalanceType.INCOME,
        business: BalanceBusiness.ADJUSTMENT,
        amount: 50_000,
        balanceAfter: 50_000,
        createdAt: t0,
      },
      {
        type: BalanceType.INCOME,
        business: BalanceBusiness.REFUND,
        amount: 1_050,
        balanceAfter: 51_050,
        createdAt: t0 + 2 * DAY,
      },
    ];
    await ctx.db
      .insertInto('balanceRecords')
      .values(rows.map((r) => ({ ...r, userId: m.userId, remark: '', orderId: null })))
      .execute();
    await ctx.db
      .insertInto('balanceRecords')
      .values({
        userId: other.userId,
        type: 1,
        business: 1,
        amount: 9_900,
        balanceAfter: 9_900,
        remark: '',
        orderId: null,
        createdAt: t0,
      })
      .execute();
    const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_234), 1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody([line], { payType: PayType.BALANCE }),
    });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const records = async (query = '') => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/finance?${query}`,
      headers: auth(m),
    });
    expect(res.statusCode).toBe(200);
    return body<Paged<BalanceRecord>>(res).data;
  };

  it('lists the member’s own records newest first, in yuan', async () => {
    const page = await records();
    expect(page.total).toBe(3);
    expect(page.records.map((r) => [r.type, r.business, r.amount, r.balanceAfter])).toEqual([
      [BalanceType.EXPENSE, BalanceBusiness.SHOPPING, 32.34, 478.16],
      [BalanceType.INCOME, BalanceBusiness.REFUND, 10.5, 510.5],
      [BalanceType.INCOME, BalanceBusiness.ADJUSTMENT, 500, 500],
    ]);
    expect(page.records[0]?.remark).toContain('余额支付');
  });

  it('filters by type, business and whole-day dates, and pages', async () => {
    expect((await records(`type=${BalanceType.EXPENSE}`)).records.map((r) => r.business)).toEqual([
      BalanceBusiness.SHOPPING,
    ]);
    expect(
      (await records(`business=${BalanceBusiness.REFUND}`)).records.map((r) => r.amount),
    ).toEqual([10.5]);
    const inRange = await records(`startTime=${t0}&endTime=${t0 + 3 * DAY - 1}`);
    expect(inRange.records.map((r) => r.amount)).toEqual([10.5, 500]);
    expect((await records(`startTime=${t0 + DAY}&endTime=${t0 + 2 * DAY - 1}`)).records).toEqual(
      [],
    );
    const paged = await records('page=2&size=2');
    expect(paged).toMatchObject({ current: 2, size: 2, total: 3 });
    expect(paged.records.map((r) => r.amount)).toEqual([500]);
  });

  it('refuses bad filters and visitors', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/user/finance?type=3',
      headers: auth(m),
    });
    expect(bad.statusCode).toBe(400);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/client/v1/user/finance' });
    expect(visitor.statusCode).toBe(401);
  });
});
