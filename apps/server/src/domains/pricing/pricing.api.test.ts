import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceListView } from '@labshop/shared/schemas';
import { body, callerOf, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { insertPack } from '../../../test/fixtures/orders.ts';

/*
 * Contract price lists (docs/contract-prices-credit.md section 1): the staff routes on SQLite,
 * and on PostgreSQL with TEST_DATABASE_URL.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('price lists (staff)', () => {
  let ctx: TestContext;
  let operator: StaffMember;
  let warehouse: StaffMember;
  let piAdmin: Member;
  let orgId: number;
  let pack: number;

  const call = callerOf(() => ctx);

  const listBody = (overrides: Record<string, unknown> = {}) => ({
    name: '王课题组 2026 合同价',
    orgIds: [orgId],
    validFrom: Date.now() - DAY,
    validUntil: Date.now() + 30 * DAY,
    lines: [
      { materialId: pack, price: 90, minQuantity: 1 },
      { materialId: pack, price: 80, minQuantity: 10 },
    ],
    ...overrides,
  });

  beforeAll(async () => {
    ctx = await createTestContext();
    operator = await createStaff(ctx.db, ['operator']);
    warehouse = await createStaff(ctx.db, ['warehouse']);
    piAdmin = await createMember(ctx);
    pack = await insertPack(ctx.db, 10_000);
    const res = await call(piAdmin, 'POST', '/client/v1/orgs', { name: '某大学化学系王课题组' });
    orgId = body<{ id: number }>(res).data.id;
  });
  afterAll(() => ctx.close());

  it('creates, reads, lists, edits and expires a list, each write audited', async () => {
    const created = await call(operator, 'POST', '/manage/v1/price-lists', listBody());
    expect(body(created)).toMatchObject({ code: 0, msg: '价目表已创建' });
    const id = body<{ id: number }>(created).data.id;

    const detail = body<PriceListView>(await call(operator, 'GET', `/manage/v1/price-lists/${id}`));
    expect(detail.data).toMatchObject({
      id,
      name: '王课题组 2026 合同价',
      orgIds: [orgId],
      orgs: [{ id: orgId, name: '某大学化学系王课题组' }],
      lines: [
        { materialId: pack, price: 90, minQuantity: 1, pack: '1mL' },
        { materialId: pack, price: 80, minQuantity: 10 },
      ],
    });

    const page = body<{ records: { id: number; lineCount: number }[]; total: number }>(
      await call(operator, 'GET', `/manage/v1/price-lists?orgId=${orgId}`),
    ).data;
    expect(page.records).toContainEqual(expect.objectContaining({ id, lineCount: 2 }));
    const other = body<{ total: number }>(
      await call(operator, 'GET', `/manage/v1/price-lists?orgId=${orgId + 1000}`),
    ).data;
    expect(other.total).toBe(0);

    const expiredAt = Date.now();
    const put = await call(
      operator,
      'PUT',
      `/manage/v1/price-lists/${id}`,
      listBody({ validUntil: expiredAt, lines: [{ materialId: pack, price: 70 }] }),
    );
    expect(body(put)).toMatchObject({ code: 0, msg: '价目表已保存' });
    const after = body<PriceListView>(await call(operator, 'GET', `/manage/v1/price-lists/${id}`));
    expect(after.data.validUntil).toBe(expiredAt);
    expect(after.data.lines).toEqual([expect.objectContaining({ price: 70, minQuantity: 1 })]);

    const audits = await ctx.db
      .selectFrom('auditLogs')
      .select(['action', 'staffId'])
      .where('target', '=', `price-list:${id}`)
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'price-list.create', staffId: operator.id },
      { action: 'price-list.update', staffId: operator.id },
    ]);
  });

  it('refuses staff without permission catalogue, changing nothing', async () => {
    const before = await ctx.db.selectFrom('priceLists').select('id').execute();
    const res = await call(warehouse, 'POST', '/manage/v1/price-lists', listBody());
    expect(res.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('priceLists').select('id').execute()).toEqual(before);
    expect((await call(warehouse, 'GET', '/manage/v1/price-lists')).statusCode).toBe(403);
  });

  it('refuses a duplicate tier, a bad period, an unknown pack or organization', async () => {
    const before = await ctx.db.selectFrom('priceListLines').select('id').execute();
    const refused = async (payload: object, msg: string) => {
      const res = await call(operator, 'POST', '/manage/v1/price-lists', payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(msg);
    };
    await refused(
      listBody({
        lines: [
          { materialId: pack, price: 90, minQuantity: 5 },
          { materialId: pack, price: 80, minQuantity: 5 },
        ],
      }),
      '同一规格的起订数量不能重复',
    );
    await refused(listBody({ validUntil: Date.now() - 2 * DAY }), '失效时间须晚于生效时间');
    await refused(
      listBody({ lines: [{ materialId: 99_999_999, price: 1 }] }),
      '价格行中有不存在的规格，请刷新后重试',
    );
    await refused(listBody({ orgIds: [99_999_999] }), '适用单位不存在，请刷新后重试');
    await refused(listBody({ orgIds: [] }), '请选择适用单位');
    expect(await ctx.db.selectFrom('priceListLines').select('id').execute()).toEqual(before);
    const missing = await call(operator, 'PUT', '/manage/v1/price-lists/99999999', listBody());
    expect(missing.statusCode).toBe(404);
    expect(body(missing).msg).toBe('价目表不存在');
  });
});
