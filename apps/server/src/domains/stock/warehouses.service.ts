import type { Db } from '../../db/database.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './stock.repository.ts';
import * as stores from './warehouses.repository.ts';

/** Warehouses: stock is kept per warehouse, so they belong to the stock feature. */

export const listStores = (db: Db) => stores.listStores(db);
/** The named warehouses that exist (a package names the one it ships from). */
export const storesByIds = (db: Db, ids: readonly number[]) => stores.storesByIds(db, ids);

export async function createStore(db: Db, name: string, staffId: number) {
  return db.transaction().execute(async (trx) => {
    const id = await stores.insertStore(trx, name);
    await recordAudit(trx, {
      staffId,
      action: 'store.create',
      target: `store:${id}`,
      after: { name },
    });
    await bumpCatalogueVersion(trx);
    return { id };
  });
}

export async function updateStore(db: Db, id: number, name: string, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await stores.findStore(trx, id);
    if (!before) throw notFound('仓库不存在');
    await stores.updateStore(trx, id, name);
    await recordAudit(trx, {
      staffId,
      action: 'store.update',
      target: `store:${id}`,
      before,
      after: { name },
    });
    await bumpCatalogueVersion(trx);
  });
}

export async function deleteStore(db: Db, id: number, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await stores.findStore(trx, id);
    if (!before) throw notFound('仓库不存在');
    if (await repo.storeHasStock(trx, id)) throw badRequest('该仓库还有库存，不能删除');
    await repo.forgetEmptyStore(trx, id);
    await stores.deleteStore(trx, id);
    await recordAudit(trx, { staffId, action: 'store.delete', target: `store:${id}`, before });
    await bumpCatalogueVersion(trx);
  });
}
