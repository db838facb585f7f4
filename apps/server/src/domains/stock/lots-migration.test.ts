import { afterAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import { migrations } from '../../db/migrations/index.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createFreshDatabase } from '../../../test/helpers.ts';
import { lotLedgerMismatches, stockLedgerMismatches } from './stock.repository.ts';

// Migrating a shop that kept one count per pack and warehouse (docs/lots.md): each count becomes
// the lot 未分批 without expiry, and every earlier movement belongs to it.

const fresh = await createFreshDatabase();
afterAll(async () => {
  await fresh.db.destroy();
  await fresh.drop();
});

describe('migration 0016-lots', () => {
  it('turns the counts of an existing shop into 未分批 lots that agree with the ledger', async () => {
    const { db } = fresh;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0015-held-stock');
    expect(before.error).toBeUndefined();
    await sql`insert into stores (name) values ('老仓库')`.execute(db);
    await sql`insert into products (name, number, created_at, updated_at)
      values ('老产品', 'OLD-1', 0, 0)`.execute(db);
    const product = await db.selectFrom('products').select('id').executeTakeFirstOrThrow();
    await sql`insert into materials (product_id, pack, sort) values (${product.id}, '1g', 0)`.execute(
      db,
    );
    const material = await db.selectFrom('materials').select('id').executeTakeFirstOrThrow();
    const store = await db.selectFrom('stores').select('id').executeTakeFirstOrThrow();
    await sql`insert into material_stocks (material_id, store_id, count)
      values (${material.id}, ${store.id}, 7)`.execute(db);
    for (const change of [10, -3]) {
      await sql`insert into stock_movements
        (material_id, store_id, change, count_after, reason, remark, created_at)
        values (${material.id}, ${store.id}, ${change}, 0, 'received', '', 0)`.execute(db);
    }

    await migrateToLatest(db);

    const lots = await db.selectFrom('stockLots').selectAll().execute();
    expect(lots).toMatchObject([
      {
        materialId: material.id,
        storeId: store.id,
        lotNumber: '未分批',
        expire: null,
        quantity: 7,
      },
    ]);
    const moved = await db.selectFrom('stockMovements').select('lotNumber').distinct().execute();
    expect(moved).toEqual([{ lotNumber: '未分批' }]);
    expect(await stockLedgerMismatches(db)).toEqual([]);
    expect(await lotLedgerMismatches(db)).toEqual([]);
  });
});
