import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { insertCategory, insertStore } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { whileHolding } from '../../../test/fixtures/concurrency.ts';
import { moveStock } from '../stock/index.ts';

let ctx: TestContext;
let admin: StaffMember;
let operator: StaffMember;
/** Keeps the catalogue and its stock (a new product's first counts are stock counts). */
let merchandiser: StaffMember;
let warehouse: StaffMember;
let finance: StaffMember;
let storeA: number;
let storeB: number;
let categoryId: number;

const as = (s: StaffMember) => ({ authorization: s.token });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin']);
  operator = await createStaff(ctx.db, ['operator']);
  merchandiser = await createStaff(ctx.db, ['operator', 'warehouse']);
  warehouse = await createStaff(ctx.db, ['warehouse']);
  finance = await createStaff(ctx.db, ['finance']);
  storeA = await insertStore(ctx.db, { name: '北京仓' });
  storeB = await insertStore(ctx.db, { name: '上海仓' });
  categoryId = await insertCategory(ctx.db, { title: '农药残留标准品' });
});
afterAll(() => ctx.close());

const productBody = (over: Record<string, unknown> = {}) => ({
  name: '苯甲酸标准品',
  nameEn: 'Benzoic acid',
  cas: '65-85-0',
  number: 'CT10001',
  brandName: '新品牌甲',
  categoryId,
  purity: '≥99.5%',
  attributes: [
    { key: '溶剂', value: '甲醇' },
    { key: '浓度', value: '1000μg/mL' },
  ],
  materials: [
    {
      pack: '100mg',
      price: '128.50',
      userPrice: 98,
      stocks: [
        { storeId: storeA, materialCount: 5 },
        { storeId: storeB, materialCount: 2 },
      ],
    },
    { pack: '1g', price: 600, userPrice: null, stocks: [{ storeId: storeA, materialCount: 1 }] },
  ],
  ...over,
});

async function search(key: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products',
    payload: { key, page: 1, size: 20 },
  });
  return body<{ total: number; records: Array<{ id: number; name: string }> }>(res).data;
}

async function create(over: Record<string, unknown> = {}, staff = merchandiser) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/products',
    headers: as(staff),
    payload: productBody(over),
  });
  return { res, id: body<{ id: number }>(res).data?.id ?? 0 };
}

describe('product writes reach the storefront at once', () => {
  let id: number;

  it('creates a product with packs in yuan, stock per warehouse and a new brand', async () => {
    const created = await create();
    expect(created.res.statusCode).toBe(200);
    id = created.id;
    const found = await search('苯甲酸标准品');
    expect(found.records.map((r) => r.id)).toContain(id);
    expect((await search('65-85-0')).records.map((r) => r.id)).toContain(id);
    expect((await search('ct10001')).records[0]?.id).toBe(id);

    const detail = body<{
      brandName: string;
      attributes: string;
      materials: Array<{
        pack: string;
        price: number | null;
        stocks: Array<{ materialCount: number }>;
      }>;
    }>(await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}` })).data;
    expect(detail.brandName).toBe('新品牌甲');
    expect(JSON.parse(detail.attributes)).toEqual({ 溶剂: '甲醇', 浓度: '1000μg/mL' });
    expect(detail.materials.map((m) => [m.pack, m.price])).toEqual([
      ['100mg', 128.5],
      ['1g', 600],
    ]);
    expect(detail.materials[0]?.stocks.map((s) => s.materialCount)).toEqual([5, 2]);

    const packs = await ctx.db
      .selectFrom('materials')
      .select(['pack', 'price', 'userPrice'])
      .where('productId', '=', id)
      .orderBy('sort')
      .execute();
    expect(packs).toEqual([
      { pack: '100mg', price: 12850, userPrice: 9800 },
      { pack: '1g', price: 60000, userPrice: null },
    ]);
    const brands = body<Array<{ name: string; count: number }>>(
      await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/products/brands',
        payload: { key: '苯甲酸' },
      }),
    ).data;
    expect(brands).toContainEqual(expect.objectContaining({ name: '新品牌甲', count: 1 }));
    const movements = await ctx.db
      .selectFrom('stockMovements')
      .select(['change', 'reason'])
      .where('staffId', '=', merchandiser.id)
      .execute();
    expect(movements).toHaveLength(3);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select(['action', 'target'])
      .where('target', '=', `product:${id}`)
      .execute();
    expect(audit).toEqual([{ action: 'product.create', target: `product:${id}` }]);
  });

  it('refuses a bad CAS check digit, a taken item number and a bad price, changing nothing', async () => {
    const before = await ctx.db.selectFrom('products').select('id').execute();
    const badCas = await create({ number: 'CT10002', cas: '65-85-1' });
    expect(badCas.res.statusCode).toBe(400);
    expect(body(badCas.res).msg).toContain('CAS');
    const taken = await create();
    expect(taken.res.statusCode).toBe(400);
    expect(body(taken.res).msg).toContain('货号已存在');
    const badPrice = await create({
      number: 'CT10003',
      materials: [{ pack: '1g', price: '12.345', stocks: [] }],
    });
    expect(badPrice.res.statusCode).toBe(400);
    expect(body(badPrice.res).msg).toContain('价格');
    expect(await ctx.db.selectFrom('products').select('id').execute()).toHaveLength(before.length);
  });

  it('edits: the new name is found and the old one is not', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/products/${id}`,
      headers: as(operator),
      payload: productBody({ name: '对羟基苯甲酸乙酯', cas: '120-47-8' }),
    });
    expect(res.statusCode).toBe(200);
    expect((await search('对羟基苯甲酸乙酯')).records.map((r) => r.id)).toContain(id);
    expect((await search('苯甲酸标准品')).records.map((r) => r.id)).not.toContain(id);
    expect((await search('120-47-8')).records[0]?.id).toBe(id);
  });

  it('takes the attributes back as the storefront sends them: JSON text, empty text, or refused', async () => {
    const read = async () =>
      body<{ attributes: string }>(
        await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}` }),
      ).data.attributes;
    const put = (attributes: unknown) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/manage/v1/products/${id}`,
        headers: as(operator),
        payload: productBody({ name: '对羟基苯甲酸乙酯', cas: '120-47-8', attributes }),
      });
    const text = await read();
    expect(JSON.parse(text)).toEqual({ 溶剂: '甲醇', 浓度: '1000μg/mL' });
    const writtenBack = await put(text);
    expect(writtenBack.statusCode).toBe(200);
    expect(JSON.parse(await read())).toEqual({ 溶剂: '甲醇', 浓度: '1000μg/mL' });

    expect((await put('{"外观":"白色结晶"}')).statusCode).toBe(200);
    expect(JSON.parse(await read())).toEqual({ 外观: '白色结晶' });
    expect((await put('[{"key":"熔点","value":"213 ℃"}]')).statusCode).toBe(200);
    expect(JSON.parse(await read())).toEqual({ 熔点: '213 ℃' });

    for (const bad of ['not json', '"text"', '[1,2]', 42]) {
      const refused = await put(bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(body(refused).msg).toBe('扩展属性格式有误');
    }
    expect(JSON.parse(await read())).toEqual({ 熔点: '213 ℃' });
    expect((await put('')).statusCode).toBe(200);
    expect(JSON.parse(await read())).toEqual({});
    expect((await put(text)).statusCode).toBe(200);
  });

  it('off sale: gone from search and detail, the cart refuses its packs; back on sale returns', async () => {
    const member = await createMember(ctx);
    const [pack] = await ctx.db
      .selectFrom('materials')
      .select('id')
      .where('productId', '=', id)
      .orderBy('sort')
      .execute();
    const addToCart = () =>
      ctx.app.inject({
        method: 'PUT',
        url: '/client/v1/cart',
        headers: { authorization: member.token },
        payload: { materialId: pack?.id, quantity: 1, type: 1 },
      });
    expect((await addToCart()).statusCode).toBe(200);

    const off = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/products/${id}/on-sale`,
      headers: as(operator),
      payload: { onSale: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await search('ct10001')).total).toBe(0);
    expect((await search('对羟基苯甲酸乙酯')).records.map((r) => r.id)).not.toContain(id);
    const detail = await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}` });
    expect(detail.statusCode).toBe(404);
    const refused = await addToCart();
    expect(refused.statusCode).toBe(404);

    // The console still finds it (off-sale products are listed there).
    const listed = body<{ records: Array<{ id: number; onSale: boolean }> }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/manage/v1/products?key=CT10001',
        headers: as(operator),
      }),
    ).data;
    expect(listed.records).toEqual([expect.objectContaining({ id, onSale: false })]);

    await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/products/${id}/on-sale`,
      headers: as(operator),
      payload: { onSale: true },
    });
    expect((await search('ct10001')).records[0]?.id).toBe(id);
    const packOff = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/materials/${pack?.id}/on-sale`,
      headers: as(operator),
      payload: { onSale: false },
    });
    expect(packOff.statusCode).toBe(200);
    expect((await addToCart()).statusCode).toBe(404);
    const shown = body<{ materials: Array<{ id: number }> }>(
      await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}` }),
    ).data;
    expect(shown.materials.map((m) => m.id)).not.toContain(pack?.id);
  });

  it('copies a product off sale, without stock, under a new item number', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/products/${id}/copy`,
      headers: as(operator),
      payload: { number: 'CT10001-B' },
    });
    expect(res.statusCode).toBe(200);
    const copy = body<{
      number: string;
      onSale: boolean;
      materials: Array<{ pack: string; stocks: unknown[] }>;
    }>(
      await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/products/${body<{ id: number }>(res).data.id}`,
        headers: as(operator),
      }),
    ).data;
    expect(copy.number).toBe('CT10001-B');
    expect(copy.onSale).toBe(false);
    expect(copy.materials.map((m) => [m.pack, m.stocks.length])).toEqual([
      ['100mg', 0],
      ['1g', 0],
    ]);
  });
});

describe('stock adjustments', () => {
  it('received, damaged and counted each leave a movement with the reason', async () => {
    const { id } = await create({ number: 'CT20001', name: '山梨酸标准品', cas: '110-44-1' });
    const [pack] = await ctx.db
      .selectFrom('materials')
      .select('id')
      .where('productId', '=', id)
      .execute();
    const adjust = (reason: string, quantity: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/stock/adjustments',
        headers: as(warehouse),
        payload: { materialId: pack?.id, storeId: storeA, reason, quantity, remark: '测试' },
      });
    expect(body<{ count: number }>(await adjust('received', 10)).data.count).toBe(15);
    expect(body<{ count: number }>(await adjust('damaged', 3)).data.count).toBe(12);
    expect(body<{ count: number }>(await adjust('counted', 7)).data.count).toBe(7);
    const tooMany = await adjust('damaged', 8);
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).msg).toContain('库存不足');
    const history = body<{
      records: Array<{ reason: string; change: number; countAfter: number }>;
    }>(
      await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/stock/movements?materialId=${pack?.id}&storeId=${storeA}`,
        headers: as(warehouse),
      }),
    ).data.records;
    expect(history.map((h) => [h.reason, h.change, h.countAfter])).toEqual([
      ['counted', -5, 7],
      ['damaged', -3, 12],
      ['received', 10, 15],
      ['counted', 5, 5],
    ]);
  });

  it('a product form filled before the stock moved never undoes the movement', async () => {
    const { id } = await create({ number: 'CT20005', name: '水杨酸标准品', cas: '69-72-7' });
    const detail = async () =>
      body<{
        name: string;
        materials: Array<{
          id: number;
          pack: string;
          stocks: Array<{ storeId: number; materialCount: number }>;
        }>;
      }>(
        await ctx.app.inject({
          method: 'GET',
          url: `/manage/v1/products/${id}`,
          headers: as(merchandiser),
        }),
      ).data;
    const countAt = async (storeId: number) =>
      (await detail()).materials
        .find((m) => m.pack === '100mg')
        ?.stocks.find((s) => s.storeId === storeId)?.materialCount;
    const packId = (await detail()).materials.find((m) => m.pack === '100mg')?.id;
    // The form shows 5 in 北京仓 and 2 in 上海仓; meanwhile the warehouse receives 3 in 北京仓.
    const received = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/stock/adjustments',
      headers: as(warehouse),
      payload: {
        materialId: packId,
        storeId: storeA,
        reason: 'received',
        quantity: 3,
        remark: '到货',
      },
    });
    expect(received.statusCode, received.body).toBe(200);
    const save = (name: string, countA: number, seenA: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/manage/v1/products/${id}`,
        headers: as(merchandiser),
        payload: productBody({
          number: 'CT20005',
          name,
          cas: '69-72-7',
          materials: [
            {
              pack: '100mg',
              price: 128.5,
              userPrice: 98,
              stocks: [
                { storeId: storeA, materialCount: countA, seenCount: seenA },
                { storeId: storeB, materialCount: 2, seenCount: 2 },
              ],
            },
            {
              pack: '1g',
              price: 600,
              userPrice: null,
              stocks: [{ storeId: storeA, materialCount: 1, seenCount: 1 }],
            },
          ],
        }),
      });

    // The stale form saves its other fields; the count it did not touch stays as received.
    const untouched = await save('水杨酸标准品（新）', 5, 5);
    expect(untouched.statusCode, untouched.body).toBe(200);
    expect(await countAt(storeA)).toBe(8);
    // A count changed in the stale form is refused, and nothing of that save is kept.
    const changed = await save('水杨酸标准品（再改）', 6, 5);
    expect(changed.statusCode).toBe(400);
    expect(body(changed).msg).toBe('100mg（北京仓）的库存已变化（现为 8），请刷新后重新填写');
    expect(await countAt(storeA)).toBe(8);
    expect((await detail()).name).toBe('水杨酸标准品（新）');
    // A stale form asking for the count the stock already has (saved twice) is no conflict.
    const same = await save('水杨酸标准品（又改）', 8, 5);
    expect(same.statusCode, same.body).toBe(200);
    expect(await countAt(storeA)).toBe(8);
    // Filled again from the stock as it now is, the count is set.
    expect((await save('水杨酸标准品（新）', 9, 8)).statusCode).toBe(200);
    expect(await countAt(storeA)).toBe(9);
    const history = body<{ records: Array<{ reason: string; change: number }> }>(
      await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/stock/movements?materialId=${packId}&storeId=${storeA}`,
        headers: as(warehouse),
      }),
    ).data.records;
    expect(history.map((h) => [h.reason, h.change])).toEqual([
      ['counted', 1],
      ['received', 3],
      ['counted', 5],
    ]);
  });

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'refuses a count that a movement committed during the save would change (PostgreSQL)',
    async () => {
      const { id } = await create({ number: 'CT20010', name: '肉桂酸标准品', cas: '140-10-3' });
      const [pack] = await ctx.db
        .selectFrom('materials')
        .select('id')
        .where('productId', '=', id)
        .where('pack', '=', '100mg')
        .execute();
      const countAt = async () =>
        (
          await ctx.db
            .selectFrom('materialStocks')
            .select('count')
            .where('materialId', '=', pack?.id ?? 0)
            .where('storeId', '=', storeA)
            .executeTakeFirstOrThrow()
        ).count;
      /**
       * Saves the form (北京仓 seen at `seen`, set to `count`) while another transaction holds
       * a movement of `change` in 北京仓: the save reads the stock before that movement commits.
       */
      const saveWhileMoving = (count: number, seen: number, change: number) =>
        whileHolding(
          ctx.db,
          async (trx) => {
            await moveStock(trx, {
              materialId: pack?.id ?? 0,
              storeId: storeA,
              change,
              reason: change > 0 ? 'received' : 'damaged',
              createdAt: Date.now(),
            });
          },
          () =>
            ctx.app.inject({
              method: 'PUT',
              url: `/manage/v1/products/${id}`,
              headers: as(merchandiser),
              payload: productBody({
                number: 'CT20010',
                name: '肉桂酸标准品',
                cas: '140-10-3',
                materials: [
                  {
                    pack: '100mg',
                    price: 128.5,
                    userPrice: 98,
                    stocks: [{ storeId: storeA, materialCount: count, seenCount: seen }],
                  },
                ],
              }),
            }),
        );

      // 5 in stock; the save sets 2 while 4 are written off: 2 can no longer be reached.
      const lower = await saveWhileMoving(2, 5, -4);
      expect(lower.statusCode).toBe(400);
      expect(body(lower).msg).toBe('100mg（北京仓）的库存已变化，请刷新后重新填写');
      expect(await countAt()).toBe(1);
      // 1 in stock; the save sets 9 while 3 arrive: it would leave 12, not the 9 asked for.
      const higher = await saveWhileMoving(9, 1, 3);
      expect(higher.statusCode).toBe(400);
      expect(body(higher).msg).toBe('100mg（北京仓）的库存已变化，请刷新后重新填写');
      expect(await countAt()).toBe(4);
      // Neither save left a movement: the ledger holds the two movements alone.
      const history = await ctx.db
        .selectFrom('stockMovements')
        .select(['reason', 'change'])
        .where('materialId', '=', pack?.id ?? 0)
        .where('storeId', '=', storeA)
        .orderBy('id')
        .execute();
      expect(history.map((h) => [h.reason, h.change])).toEqual([
        ['counted', 5],
        ['damaged', -4],
        ['received', 3],
      ]);
    },
  );

  it('takes a double click or a retried receipt with one Idempotency-Key once', async () => {
    const { id } = await create({ number: 'CT20009', name: '苯甲酸钠标准品', cas: '532-32-1' });
    const [pack] = await ctx.db
      .selectFrom('materials')
      .select('id')
      .where('productId', '=', id)
      .execute();
    const receive = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/stock/adjustments',
        headers: { ...as(warehouse), 'idempotency-key': key },
        payload: {
          materialId: pack?.id,
          storeId: storeA,
          reason: 'received',
          quantity: 10,
          remark: '到货',
        },
      });
    const counts = (await Promise.all([receive('receipt-1'), receive('receipt-1')])).map(
      (r) => body<{ count: number }>(r).data.count,
    );
    const retry = await receive('receipt-1');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect([...counts, body<{ count: number }>(retry).data.count]).toEqual([15, 15, 15]);
    // A new attempt (a fresh key) is a new receipt.
    expect(body<{ count: number }>(await receive('receipt-2')).data.count).toBe(25);
  });
  it("the dashboard's low-stock packs are the stock page's 低库存 filter, open to the warehouse role", async () => {
    const { id } = await create({
      number: 'CT20002',
      name: '低库存苯甲酸',
      materials: [
        // 7 units over two warehouses: low; 12 in one: not low.
        {
          pack: '10mg',
          price: 10,
          stocks: [
            { storeId: storeA, materialCount: 4 },
            { storeId: storeB, materialCount: 3 },
          ],
        },
        { pack: '50mg', price: 20, stocks: [{ storeId: storeA, materialCount: 12 }] },
        // Made to order: no stock kept anywhere, so never "low".
        { pack: '1g', price: 90, stocks: [] },
      ],
    });
    const packs = await ctx.db
      .selectFrom('materials')
      .select(['id', 'pack'])
      .where('productId', '=', id)
      .orderBy('id')
      .execute();
    const low = packs[0]?.id ?? 0;
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/dashboard',
      headers: as(warehouse),
    });
    expect(dashboard.statusCode).toBe(200);
    const figures = body<{
      lowStockCount: number;
      lowStockBelow: number;
      lowStock: Array<{ materialId: number; stock: number }>;
    }>(dashboard).data;
    expect(figures.lowStockBelow).toBe(10);
    expect(figures.lowStock.find((r) => r.materialId === low)?.stock).toBe(7);
    expect(figures.lowStock.some((r) => r.materialId === packs[1]?.id)).toBe(false);
    expect(figures.lowStock.some((r) => r.materialId === packs[2]?.id)).toBe(false);

    const page = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/stock?storeId=${storeB}&${query}`,
        headers: as(warehouse),
      });
      expect(res.statusCode).toBe(200);
      return body<{
        total: number;
        records: Array<{ materialId: number; count: number; totalCount: number }>;
      }>(res).data;
    };
    // The low-stock link of the whole list: the same packs and count as the dashboard's figure.
    const all = await page('state=low&size=100');
    expect(all.total).toBe(figures.lowStockCount);
    expect(all.records.map((r) => r.materialId)).toContain(low);
    expect(all.records.map((r) => r.materialId)).not.toContain(packs[1]?.id);
    expect(all.records.map((r) => r.materialId)).not.toContain(packs[2]?.id);
    // The link of one pack: only that pack, its count here and over all warehouses.
    const one = await page(`state=low&materialId=${low}`);
    expect(one.records).toEqual([
      expect.objectContaining({ materialId: low, count: 3, totalCount: 7 }),
    ]);
    // The product form the old link led to stays closed to the warehouse role.
    const form = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/products/${id}`,
      headers: as(warehouse),
    });
    expect(form.statusCode).toBe(403);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/stock?storeId=${storeB}&state=few`,
      headers: as(warehouse),
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toBe('库存状态有误');
  });
});

describe('brands by name', () => {
  it('a brand typed in another case is the same brand, not a second one', async () => {
    const first = await create({ number: 'CT30001', brandName: 'CaseLab' });
    const second = await create({ number: 'CT30002', brandName: 'caselab' });
    expect(first.res.statusCode, first.res.body).toBe(200);
    expect(second.res.statusCode, second.res.body).toBe(200);
    const rows = await ctx.db
      .selectFrom('brands')
      .select('name')
      .where(sql`lower(name)`, '=', 'caselab')
      .execute();
    expect(rows).toEqual([{ name: 'CaseLab' }]);
    const brandOf = (id: number) =>
      ctx.db
        .selectFrom('products')
        .select('brandId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect((await brandOf(second.id)).brandId).toBe((await brandOf(first.id)).brandId);
    // Creating it again on the brands screen is refused as a duplicate.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/brands',
      headers: as(admin),
      payload: { name: 'CASELAB' },
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('catalogue, stock and content routes need their permission', async () => {
    const cases: Array<[string, string, StaffMember, number]> = [
      ['GET', '/manage/v1/products', operator, 200],
      ['GET', '/manage/v1/products', admin, 200],
      ['GET', '/manage/v1/products', warehouse, 403],
      ['GET', '/manage/v1/products', finance, 403],
      ['GET', '/manage/v1/categories', finance, 403],
      ['GET', '/manage/v1/brands', warehouse, 403],
      ['GET', '/manage/v1/coa', warehouse, 403],
      ['GET', '/manage/v1/products/export?format=csv', finance, 403],
      ['GET', `/manage/v1/stock?storeId=${storeA}`, warehouse, 200],
      ['GET', `/manage/v1/stock?storeId=${storeA}`, operator, 403],
      ['GET', '/manage/v1/stock/movements', finance, 403],
      ['GET', '/manage/v1/stores', finance, 200],
      ['GET', '/manage/v1/contents', operator, 200],
      ['GET', '/manage/v1/contents', warehouse, 403],
      ['GET', '/manage/v1/links', finance, 403],
      ['GET', '/manage/v1/search-keys', warehouse, 403],
      ['GET', '/manage/v1/settings/company', operator, 403],
      ['GET', '/manage/v1/settings/company', finance, 200],
    ];
    for (const [method, url, staff, status] of cases) {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers: as(staff) });
      expect(res.statusCode, `${method} ${url} as ${staff.account}`).toBe(status);
      if (status === 403) expect(body(res).code).toBe(603);
    }
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/manage/v1/products', productBody({ number: 'CT99999' })],
      ['POST', '/manage/v1/categories', { title: '新分类' }],
      ['POST', '/manage/v1/brands', { name: '新品牌乙' }],
      ['PUT', '/manage/v1/search-keys', { keywords: ['甲醇'] }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: as(finance),
        payload: payload as object,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const member = await createMember(ctx);
    const asMember = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/products',
      headers: { authorization: member.token },
    });
    expect(asMember.statusCode).toBe(401);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/manage/v1/products' });
    expect(visitor.statusCode).toBe(401);
  });
});
