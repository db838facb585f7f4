import type { z } from 'zod';
import type { stockAdjustmentBody } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { chinaDate, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { expiredUnits, lotsOfPacks } from './lots.repository.ts';
import * as repo from './stock.repository.ts';
import * as levels from './stock-levels.repository.ts';
import * as stores from './warehouses.repository.ts';

type Adjustment = z.infer<typeof stockAdjustmentBody>;

/**
 * A staff adjustment of one pack in one warehouse: received adds the quantity, damaged takes it
 * away (never below zero), counted sets the count found, of the named lot or of the whole pack.
 * Each leaves movement rows with its reason and an audit row, in one transaction.
 */
export async function adjustStock(db: Db, input: Adjustment, staffId: number) {
  return db.transaction().execute(async (trx) => {
    const [material, store] = await Promise.all([
      levels.findMaterial(trx, input.materialId),
      stores.findStore(trx, input.storeId),
    ]);
    if (!material) throw notFound('包装规格不存在');
    if (!store) throw notFound('仓库不存在');
    const before = await repo.findCount(trx, input.materialId, input.storeId);
    let lot: { lotNumber: string; expire: string | null } | undefined;
    let lotBefore = before;
    if (input.lotNumber !== undefined) {
      const expire = await repo.knownLotExpire(trx, input.materialId, input.lotNumber);
      if (expire === undefined) throw badRequest('批次不存在，新批次请通过入库单入库');
      lot = { lotNumber: input.lotNumber, expire };
      lotBefore =
        (await repo.lotsIn(trx, input.materialId, input.storeId)).find(
          (l) => l.lotNumber === input.lotNumber,
        )?.quantity ?? 0;
    }
    const change =
      input.reason === 'received'
        ? input.quantity
        : input.reason === 'damaged'
          ? -input.quantity
          : input.quantity - lotBefore;
    if (change === 0) throw badRequest('库存数量没有变化');
    const after = await repo.moveStock(trx, {
      materialId: input.materialId,
      storeId: input.storeId,
      change,
      reason: input.reason,
      lot,
      remark: input.remark,
      staffId,
      createdAt: now(),
    });
    if (after === undefined) throw badRequest(`库存不足，当前库存 ${lotBefore}`);
    // Stock is not in the search index; visitors' cached answers show counts, so they must go.
    await bumpCatalogueVersion(trx);
    await recordAudit(trx, {
      staffId,
      action: `stock.${input.reason}`,
      target: `material:${input.materialId}@store:${input.storeId}`,
      before: { count: before },
      after: { count: after, remark: input.remark, lotNumber: lot?.lotNumber },
    });
    return { count: after };
  });
}

export async function stockPage(db: Db, q: levels.StockFilter & { page: number; size: number }) {
  if (!(await stores.findStore(db, q.storeId))) throw notFound('仓库不存在');
  const { records, total } = await levels.pageStock(db, q, q.page, q.size);
  const ids = records.map((r) => r.materialId);
  const [held, lotRows, expired] = await Promise.all([
    levels.heldByPaidOrders(db, { materialIds: ids }),
    lotsOfPacks(db, ids, q.storeId),
    expiredUnits(db, ids, chinaDate(now())),
  ]);
  return {
    records: records.map((r) => {
      const units = held.get(r.materialId) ?? 0;
      return {
        ...r,
        onSale: r.onSale === 1,
        held: units,
        available: Math.max(0, r.totalCount - units - (expired.get(r.materialId) ?? 0)),
        lots: lotRows
          .filter((l) => l.materialId === r.materialId)
          .map(({ lotNumber, expire, quantity }) => ({ lotNumber, expire, quantity })),
      };
    }),
    current: q.page,
    size: q.size,
    total,
  };
}

export async function movementPage(
  db: Db,
  q: levels.MovementFilter & { page: number; size: number },
) {
  const { records, total } = await levels.pageMovements(db, q, q.page, q.size);
  return {
    records: records.map(({ createdAt, ...r }) => ({ ...r, createTime: createdAt })),
    current: q.page,
    size: q.size,
    total,
  };
}
