/**
 * Writing a planned import, in the caller's transaction: new products and packs in bulk, changed
 * ones one by one, stock through the stock ledger (movement rows, remark 批量导入), then related
 * products.
 */
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import type { NewRow } from '../../db/schema.ts';
import * as repo from './catalogue-admin.repository.ts';
import { moveStock, openStock } from '../stock/index.ts';
import type { ProductPlan } from './import.plan.ts';
import type { Progress } from './import.progress.ts';
import type { ProductState } from './import.rows.ts';

const productRow = (s: ProductState, brandId: number | null) => {
  const { brandName: _brand, ...rest } = s;
  return { ...rest, brandId };
};

/** Writes a plan without failures, in the caller's transaction; answers the touched products. */
export async function applyPlan(
  trx: Db,
  products: readonly ProductPlan[],
  staffId: number,
  at: number,
  progress: Progress,
): Promise<number[]> {
  const { touched, idOf } = await writeProducts(trx, products, at);
  await writePacks(trx, products, idOf, staffId, at, progress);
  await writeRelations(trx, products, idOf);
  return touched;
}

/** Inserts the new products in bulk and updates the changed ones; answers the touched ids. */
async function writeProducts(trx: Db, products: readonly ProductPlan[], at: number) {
  const brandIds = new Map<string, number>();
  const brandOf = async (name: string) => {
    if (name === '') return null;
    let id = brandIds.get(name);
    if (id === undefined) {
      id = await repo.brandIdFor(trx, name);
      brandIds.set(name, id);
    }
    return id;
  };

  const touched: number[] = [];
  const idOf = new Map<string, number>();
  const fresh = products.filter((p) => !p.existing);
  const newRows: Array<NewRow<'products'>> = [];
  for (const p of fresh) {
    newRows.push({
      ...productRow(p.state, await brandOf(p.state.brandName)),
      number: p.number,
      sort: 0,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (const [number, id] of await repo.insertProducts(trx, newRows)) idOf.set(number, id);

  for (const p of products) {
    if (!p.existing) continue;
    idOf.set(p.number, p.existing.id);
    const packsChanged = p.packs.some((k) => k.changed || k.stocks.length > 0);
    if (p.changed) {
      await repo.updateProduct(trx, p.existing.id, {
        ...productRow(p.state, await brandOf(p.state.brandName)),
        updatedAt: at,
      });
    } else if (packsChanged || p.relationsChanged) {
      await repo.updateProduct(trx, p.existing.id, { updatedAt: at });
    }
    if (p.changed || packsChanged || p.relationsChanged) touched.push(p.existing.id);
  }
  for (const p of fresh) touched.push(idOf.get(p.number) ?? 0);
  return { touched, idOf };
}

/** Writes packs and their stock: new packs in bulk, changed ones one by one. */
async function writePacks(
  trx: Db,
  products: readonly ProductPlan[],
  idOf: Map<string, number>,
  staffId: number,
  at: number,
  progress: Progress,
) {
  // New packs in bulk (most of a large first import), with their stock and its movement rows.
  const existingPacks = await repo.listMaterials(
    trx,
    products.filter((p) => p.existing).map((p) => p.existing?.id ?? 0),
  );
  const nextSort = new Map<number, number>();
  for (const m of existingPacks) {
    nextSort.set(m.productId, Math.max(nextSort.get(m.productId) ?? 0, m.sort + 1));
  }
  const newPacks: Array<NewRow<'materials'>> = [];
  for (const p of products) {
    const productId = idOf.get(p.number) ?? 0;
    for (const k of p.packs) {
      if (k.existingId !== undefined) continue;
      const sort = nextSort.get(productId) ?? 0;
      nextSort.set(productId, sort + 1);
      newPacks.push({ productId, pack: k.pack, ...k.state, sort });
    }
  }
  const newPackIds = await repo.insertMaterials(trx, newPacks);
  const firstStock: Array<{ materialId: number; storeId: number; count: number }> = [];
  let written = 0;
  for (const p of products) {
    const productId = idOf.get(p.number) ?? 0;
    for (const k of p.packs) {
      await progress.at('write', ++written);
      if (k.existingId === undefined) {
        const materialId = newPackIds.get(`${productId}:${k.pack}`) ?? 0;
        for (const s of k.stocks) firstStock.push({ materialId, storeId: s.storeId, count: s.to });
        continue;
      }
      if (k.changed) await repo.updateMaterial(trx, k.existingId, k.state);
      for (const s of k.stocks) {
        const after = await moveStock(trx, {
          materialId: k.existingId,
          storeId: s.storeId,
          change: s.to - s.from,
          reason: 'counted',
          remark: '批量导入',
          staffId,
          createdAt: at,
        });
        // The plan read the count earlier in this transaction; a movement committed since
        // (PostgreSQL runs them side by side) would leave another count than the sheet's.
        if (after !== s.to) {
          throw badRequest(`货号 ${p.number} 的 ${k.pack} 库存在导入期间已变化，请重新导入`);
        }
      }
    }
  }
  await openStock(trx, firstStock, {
    reason: 'counted',
    remark: '批量导入',
    staffId,
    createdAt: at,
  });
}

/** Replaces the related products of the products whose relations the file changed. */
async function writeRelations(
  trx: Db,
  products: readonly ProductPlan[],
  idOf: Map<string, number>,
) {
  const relatedNumbers = [
    ...new Set(products.flatMap((p) => (p.relationsChanged ? (p.relations ?? []) : []))),
  ];
  if (relatedNumbers.length > 0) {
    const ids = await repo.productIdsByNumbers(trx, relatedNumbers);
    for (const p of products) {
      if (!p.relationsChanged || !p.relations) continue;
      await repo.replaceRelations(
        trx,
        idOf.get(p.number) ?? 0,
        p.relations.map((n) => ids.get(n) ?? 0).filter((id) => id > 0),
      );
    }
  }
}
