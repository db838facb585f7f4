import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct, insertStore } from '../../../test/fixtures/catalogue.ts';
import {
  findCount,
  forgetEmptyStore,
  moveStock,
  openStock,
  stockLedgerMismatches,
} from './stock.repository.ts';

describe('the stock ledger', () => {
  let ctx: TestContext;
  let store: number;
  let pack: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    store = await insertStore(ctx.db, { name: '台账仓' });
    pack = (await insertProduct(ctx.db, { materials: [{ price: 100 }] })).materialIds[0]!;
  });
  afterAll(() => ctx.close());

  const movementsOf = (materialId: number) =>
    ctx.db
      .selectFrom('stockMovements')
      .select(['change', 'countAfter', 'reason'])
      .where('materialId', '=', materialId)
      .orderBy('id')
      .execute();

  it('writes a movement with every change and never goes below zero', async () => {
    expect(
      await moveStock(ctx.db, {
        materialId: pack,
        storeId: store,
        change: 5,
        reason: 'received',
        createdAt: 1,
      }),
    ).toBe(5);
    expect(
      await moveStock(ctx.db, {
        materialId: pack,
        storeId: store,
        change: -2,
        reason: 'damaged',
        createdAt: 2,
      }),
    ).toBe(3);
    expect(
      await moveStock(ctx.db, {
        materialId: pack,
        storeId: store,
        change: -4,
        reason: 'shipment',
        createdAt: 3,
      }),
    ).toBeUndefined();
    expect(await findCount(ctx.db, pack, store)).toBe(3);
    expect(await movementsOf(pack)).toEqual([
      { change: 5, countAfter: 5, reason: 'received' },
      { change: -2, countAfter: 3, reason: 'damaged' },
    ]);
    expect(await stockLedgerMismatches(ctx.db)).toEqual([]);
  });

  it('opens first stock in bulk with its movements', async () => {
    const other = await insertStore(ctx.db, { name: '台账二仓' });
    const fresh = (await insertProduct(ctx.db, { materials: [{ price: 100 }, { price: 200 }] }))
      .materialIds;
    await openStock(
      ctx.db,
      [
        { materialId: fresh[0]!, storeId: other, count: 7 },
        { materialId: fresh[1]!, storeId: other, count: 0 },
      ],
      { reason: 'counted', remark: '批量导入', staffId: null, createdAt: 4 },
    );
    expect(await movementsOf(fresh[0]!)).toEqual([{ change: 7, countAfter: 7, reason: 'counted' }]);
    expect(await movementsOf(fresh[1]!)).toEqual([]);
    expect(await stockLedgerMismatches(ctx.db)).toEqual([]);
    await forgetEmptyStore(ctx.db, other);
    // Only the empty row goes; a count is never forgotten.
    expect(await findCount(ctx.db, fresh[0]!, other)).toBe(7);
  });

  it('finds a count changed without its movement, and a movement without its count', async () => {
    await ctx.db
      .updateTable('materialStocks')
      .set({ count: 9 })
      .where('materialId', '=', pack)
      .where('storeId', '=', store)
      .execute();
    expect(await stockLedgerMismatches(ctx.db)).toEqual([
      { materialId: pack, storeId: store, count: 9, moved: 3 },
    ]);
    await ctx.db
      .updateTable('materialStocks')
      .set({ count: 3 })
      .where('materialId', '=', pack)
      .execute();
    await ctx.db.deleteFrom('materialStocks').where('materialId', '=', pack).execute();
    expect(await stockLedgerMismatches(ctx.db)).toEqual([
      { materialId: pack, storeId: store, count: 0, moved: 3 },
    ]);
    // Put the row back so this file ends with a ledger that holds.
    await ctx.db
      .insertInto('materialStocks')
      .values({ materialId: pack, storeId: store, count: 3 })
      .execute();
    expect(await stockLedgerMismatches(ctx.db)).toEqual([]);
  });
});
