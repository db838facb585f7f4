import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertBrand, insertProduct, insertStore } from '../../../test/fixtures/catalogue.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { moveStock } from '../stock/index.ts';
import { loadProductCards } from './product-cards.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('loadProductCards', () => {
  it('returns cards in the order of ids with brand, sorted materials and stocks', async () => {
    const brandId = await insertBrand(ctx.db, { name: '坛墨质检' });
    const beijing = await insertStore(ctx.db, { name: '北京仓' });
    const shanghai = await insertStore(ctx.db, { name: '上海仓' });
    const a = await insertProduct(ctx.db, {
      brandId,
      name: '苯',
      materials: [
        { pack: '5mL', price: 12050, userPrice: 9900, sort: 2, stocks: { [beijing]: 3 } },
        {
          pack: '1mL',
          price: 5000,
          userPrice: null,
          sort: 1,
          stocks: { [beijing]: 1, [shanghai]: 60 },
        },
      ],
    });
    const b = await insertProduct(ctx.db, { name: '甲苯' });

    const cards = await loadProductCards(ctx.db, [b.id, 999_999, a.id], true);
    expect(cards.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(cards[0]).toMatchObject({ name: '甲苯', brandName: '', materials: [] });
    const card = cards[1]!;
    expect(card.brandName).toBe('坛墨质检');
    expect(card.materials.map((m) => m.pack)).toEqual(['1mL', '5mL']);
    expect(card.materials[0]).toEqual({
      id: a.materialIds[1],
      pack: '1mL',
      price: 50,
      userPrice: null,
      stocks: [
        { storeId: beijing, storeName: '北京仓', materialCount: 1 },
        { storeId: shanghai, storeName: '上海仓', materialCount: 60 },
      ],
      expire: null,
      expectedShipDate: null,
      outOfStock: false,
    });
    expect(card.materials[1]).toMatchObject({ price: 120.5, userPrice: 99 });
  });

  it('hides member prices from visitors', async () => {
    const p = await insertProduct(ctx.db, { materials: [{ price: 100, userPrice: 80 }] });
    const [card] = await loadProductCards(ctx.db, [p.id], false);
    expect(card!.materials[0]).toMatchObject({ price: 1, userPrice: null });
    // A pack no warehouse holds comes once, with no stock.
    expect(card!.materials).toHaveLength(1);
    expect(card!.materials[0]!.stocks).toEqual([]);
  });

  it('keeps cards for one catalogue version, and each reader sees only its own prices', async () => {
    const store = await insertStore(ctx.db, { name: '广州仓' });
    const p = await insertProduct(ctx.db, {
      name: '乙腈',
      materials: [{ pack: '4L', price: 30000, userPrice: 25000, stocks: { [store]: 5 } }],
    });
    const [member] = await loadProductCards(ctx.db, [p.id], true);
    expect(member!.materials[0]).toMatchObject({ price: 300, userPrice: 250 });
    // The member's read is kept; a visitor served from it still gets no member price.
    const [visitor] = await loadProductCards(ctx.db, [p.id], false);
    expect(visitor!.materials[0]).toMatchObject({ price: 300, userPrice: null });

    // A write that does not move the catalogue version is not seen...
    const materialId = p.materialIds[0]!;
    await ctx.db
      .updateTable('materials')
      .set({ price: 32000 })
      .where('id', '=', materialId)
      .execute();
    await moveStock(ctx.db, {
      materialId,
      storeId: store,
      change: -3,
      reason: 'damaged',
      createdAt: 0,
    });
    const [kept] = await loadProductCards(ctx.db, [p.id], false);
    expect(kept!.materials[0]).toMatchObject({ price: 300 });
    // ...and every catalogue write moves it, so the next read has the new price and stock.
    await bumpCatalogueVersion(ctx.db);
    const [fresh] = await loadProductCards(ctx.db, [p.id], false);
    expect(fresh!.materials[0]).toMatchObject({
      price: 320,
      stocks: [{ storeId: store, storeName: '广州仓', materialCount: 2 }],
    });
  });

  it('answers an empty list for no ids', async () => {
    expect(await loadProductCards(ctx.db, [], true)).toEqual([]);
  });
});
