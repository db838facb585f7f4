import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartLine, Order, ProductDetail, Quote } from '@labshop/shared/schemas';
import { body, callerOf, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';

/*
 * Contract prices applied wherever the server prices a line (docs/contract-prices-credit.md
 * section 1): cart, product detail, confirm page, placing an order and the quote path, on SQLite
 * and, with TEST_DATABASE_URL, PostgreSQL.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('contract prices', () => {
  let ctx: TestContext;
  let operator: StaffMember;
  let piAdmin: Member;
  let buyer: Member;
  let outsider: Member;
  let orgId: number;
  let otherOrgId: number;
  /** Member price ¥100.00: tiers ¥90 from 1 and ¥80 from 10 on one list, ¥85 on another. */
  let pack: number;
  /** Member price ¥50.00: a list offers ¥60, which it never pays. */
  let cheap: number;

  const call = callerOf(() => ctx);

  async function priceList(orgIds: number[], lines: object[], validity = {}) {
    const res = await call(operator, 'POST', '/manage/v1/price-lists', {
      name: '合同价',
      orgIds,
      validFrom: Date.now() - DAY,
      validUntil: Date.now() + 30 * DAY,
      lines,
      ...validity,
    });
    expect(body(res).code).toBe(0);
    return body<{ id: number }>(res).data.id;
  }

  /** The member's cart as GET /cart answers it for the organization named. */
  async function cartFor(who: Member, org: number | null) {
    const res = await call(
      who,
      'GET',
      '/client/v1/cart',
      undefined,
      org ? { 'x-org-id': String(org) } : {},
    );
    return body<CartLine[]>(res).data;
  }
  const onlyLine = async (who: Member, materialId: number, quantity: number) => {
    await ctx.db.deleteFrom('cartItems').where('userId', '=', who.userId).execute();
    return insertCartLine(ctx.db, who.userId, materialId, quantity);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    operator = await createStaff(ctx.db, ['operator']);
    piAdmin = await createMember(ctx, { name: '王教授' });
    buyer = await createMember(ctx, { name: '李同学', balanceFen: 10_000_000 });
    outsider = await createMember(ctx, { name: '外单位' });
    pack = await insertPack(ctx.db, 10_000);
    cheap = await insertPack(ctx.db, 5_000, { pack: '5g' });
    orgId = body<{ id: number }>(
      await call(piAdmin, 'POST', '/client/v1/orgs', { name: '某大学化学系王课题组' }),
    ).data.id;
    const added = await call(piAdmin, 'POST', `/client/v1/orgs/${orgId}/members`, {
      account: buyer.account,
      role: 'buyer',
    });
    expect(body(added).code).toBe(0);
    otherOrgId = body<{ id: number }>(
      await call(outsider, 'POST', '/client/v1/orgs', { name: '某研究所' }),
    ).data.id;

    await priceList(
      [orgId],
      [
        { materialId: pack, price: 90, minQuantity: 1 },
        { materialId: pack, price: 80, minQuantity: 10 },
        { materialId: cheap, price: 60 },
      ],
    );
    await priceList([orgId], [{ materialId: pack, price: 85 }]);
    // Ended yesterday: never counts.
    await priceList([orgId], [{ materialId: pack, price: 10 }], {
      validFrom: Date.now() - 10 * DAY,
      validUntil: Date.now() - DAY,
    });
    await priceList([otherOrgId], [{ materialId: pack, price: 50 }]);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => ctx.close());

  it('takes the tier the quantity reaches, the lowest of several lists, never above the member price', async () => {
    await onlyLine(buyer, pack, 1);
    expect((await cartFor(buyer, orgId))[0]).toMatchObject({ userPrice: 100, contractPrice: 85 });
    await onlyLine(buyer, pack, 10);
    expect((await cartFor(buyer, orgId))[0]).toMatchObject({ userPrice: 100, contractPrice: 80 });
    await onlyLine(buyer, cheap, 3);
    expect((await cartFor(buyer, orgId))[0]).not.toHaveProperty('contractPrice');
  });

  it('answers contractPrice only to members naming their organization', async () => {
    await onlyLine(buyer, pack, 1);
    expect((await cartFor(buyer, null))[0]).not.toHaveProperty('contractPrice');
    await onlyLine(outsider, pack, 1);
    expect((await cartFor(outsider, orgId))[0]).not.toHaveProperty('contractPrice');
    expect((await cartFor(outsider, otherOrgId))[0]).toMatchObject({ contractPrice: 50 });

    const { productId } = await ctx.db
      .selectFrom('materials')
      .select('productId')
      .where('id', '=', pack)
      .executeTakeFirstOrThrow();
    const detail = async (who: Member | null, query: string, headers = {}) =>
      body<ProductDetail>(
        await call(who, 'GET', `/client/v1/products/${productId}${query}`, undefined, headers),
      ).data.materials[0];
    expect(await detail(buyer, `?orgId=${orgId}`)).toMatchObject({
      userPrice: 100,
      contractPrice: 85,
    });
    expect(await detail(buyer, '', { 'x-org-id': String(orgId) })).toMatchObject({
      contractPrice: 85,
    });
    // Asked again: never a kept answer for someone else.
    expect(await detail(outsider, `?orgId=${orgId}`)).not.toHaveProperty('contractPrice');
    expect(await detail(null, `?orgId=${orgId}`)).toMatchObject({ userPrice: null });
    expect(await detail(null, `?orgId=${orgId}`)).not.toHaveProperty('contractPrice');
    expect(await detail(buyer, '')).not.toHaveProperty('contractPrice');
  });

  it('answers the quick order preview’s lines with their contract price', async () => {
    const { number } = await ctx.db
      .selectFrom('materials as m')
      .innerJoin('products as p', 'p.id', 'm.productId')
      .select('p.number')
      .where('m.id', '=', pack)
      .executeTakeFirstOrThrow();
    const preview = (org: Record<string, string>) =>
      call(buyer, 'POST', '/client/v1/cart/quick/preview', { text: `${number},1mL,12` }, org);
    const [line] = body<{ userPrice: number; contractPrice?: number }[]>(
      await preview({ 'x-org-id': String(orgId) }),
    ).data;
    expect(line).toMatchObject({ userPrice: 100, contractPrice: 80 });
    const [own] = body<{ contractPrice?: number }[]>(await preview({})).data;
    expect(own).not.toHaveProperty('contractPrice');
  });

  it('counts a list from its first to its last millisecond', async () => {
    // Minutes ahead, inside the member's session.
    const from = Date.now() + 60_000;
    const until = from + 60_000;
    await priceList([orgId], [{ materialId: cheap, price: 40 }], {
      validFrom: from,
      validUntil: until,
    });
    await onlyLine(buyer, cheap, 1);
    const at = async (t: number) => {
      vi.spyOn(Date, 'now').mockReturnValue(t);
      const [line] = await cartFor(buyer, orgId);
      vi.restoreAllMocks();
      return line?.contractPrice;
    };
    expect(await at(from - 1)).toBeUndefined();
    expect(await at(from)).toBe(40);
    expect(await at(until)).toBe(40);
    expect(await at(until + 1)).toBeUndefined();
  });

  it('prices the confirm page and the order for the organization, each line recording its source', async () => {
    await ctx.db.deleteFrom('cartItems').where('userId', '=', buyer.userId).execute();
    const lines = [
      await insertCartLine(ctx.db, buyer.userId, pack, 10),
      await insertCartLine(ctx.db, buyer.userId, cheap, 1),
    ];
    const preview = await call(
      buyer,
      'POST',
      '/client/v1/orders/preview',
      orderBody(lines, { orgId }),
    );
    expect(body(preview).data).toMatchObject({ goodsAmount: 850 });

    const placed = await call(buyer, 'POST', '/client/v1/orders', orderBody(lines, { orgId }));
    const order = body<{ order: Order }>(placed).data.order;
    expect(order.goodsAmount).toBe(850);
    expect(order.goodsList.map((g) => [g.pack, g.price, g.priceSource])).toEqual(
      expect.arrayContaining([
        ['1mL', 80, 'contract'],
        ['5g', 50, 'member'],
      ]),
    );

    // The buyer's own order (no organization named) pays member prices.
    const own = await call(
      buyer,
      'POST',
      '/client/v1/orders',
      orderBody([await onlyLine(buyer, pack, 10)]),
    );
    const ownOrder = body<{ order: Order }>(own).data.order;
    expect(ownOrder.goodsAmount).toBe(1000);
    expect(ownOrder.goodsList[0]?.priceSource).toBe('member');

    // An outsider naming the organization is refused, not priced by its lists.
    const refused = await call(
      outsider,
      'POST',
      '/client/v1/orders',
      orderBody([await onlyLine(outsider, pack, 10)], { orgId }),
    );
    expect(body(refused).code).not.toBe(0);
  });

  it('lets an accepted quote’s price win over the contract price', async () => {
    const line = await onlyLine(buyer, pack, 10);
    const asked = await call(buyer, 'POST', '/client/v1/quotes', { cartIds: [line] });
    const id = body<{ id: number }>(asked).data.id;
    const quote = body<Quote>(await call(buyer, 'GET', `/client/v1/quotes/${id}`)).data;
    const priced = await call(operator, 'PUT', `/manage/v1/quotes/${id}`, {
      lines: [{ id: quote.lines[0]?.id ?? 0, unitPrice: 95 }],
      validUntil: Date.now() + 30 * DAY,
      remark: '',
    });
    expect(body(priced).code).toBe(0);
    const placed = await call(buyer, 'POST', `/client/v1/quotes/${id}/order`, {
      ...orderBody([]),
      cartIds: undefined,
      orgId,
    });
    const order = body<{ order: Order }>(placed).data.order;
    expect(order.goodsList.map((g) => [g.price, g.priceSource])).toEqual([[95, 'quote']]);
  });

  it('makes one list of a creation sent twice at once with one Idempotency-Key', async () => {
    const payload = {
      name: '重复提交',
      orgIds: [orgId],
      validFrom: Date.now(),
      validUntil: Date.now() + DAY,
      lines: [{ materialId: pack, price: 99 }],
    };
    const send = () =>
      call(operator, 'POST', '/manage/v1/price-lists', payload, {
        'idempotency-key': 'price-list-once',
      });
    const answers = await Promise.all([send(), send()]);
    const ids = answers.map((r) => body<{ id: number }>(r).data?.id);
    expect(new Set(ids).size).toBe(1);
    const rows = await ctx.db
      .selectFrom('priceLists')
      .select('id')
      .where('name', '=', '重复提交')
      .execute();
    expect(rows).toHaveLength(1);
  });
});
