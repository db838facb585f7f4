import type { z } from 'zod';
import { isExpired } from '@labshop/shared';
import {
  DEFAULT_MIN_SHELF_LIFE_MONTHS,
  UNBATCHED_LOT,
  type receiptBody,
  type stockTransferBody,
  type stocktakeBody,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { chinaDate, now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { readSetting, writeSetting } from '../../lib/settings.repository.ts';
import { recordAudit } from '../audit/index.ts';
import { lotsOfPacks } from './lots.repository.ts';
import * as repo from './stock.repository.ts';
import * as levels from './stock-levels.repository.ts';
import * as stores from './warehouses.repository.ts';

/*
 * Receiving, moving and counting lots (docs/lots.md): each a stock document whose lines are the
 * movements it wrote through the one stock writer, audited, in one transaction.
 */

const SHELF_LIFE_KEY = 'minShelfLifeMonths';

/** Today's date in China: lots expire by China's calendar. */
export const today = (at = now()) => chinaDate(at);

/** The shop's minimum remaining shelf life at shipping, in months. */
export async function minShelfLifeMonths(db: Db): Promise<number> {
  const stored = Number(await readSetting(db, SHELF_LIFE_KEY));
  return Number.isInteger(stored) && stored >= 0 ? stored : DEFAULT_MIN_SHELF_LIFE_MONTHS;
}

export async function saveMinShelfLife(db: Db, minMonths: number, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await minShelfLifeMonths(trx);
    await writeSetting(trx, SHELF_LIFE_KEY, String(minMonths));
    await recordAudit(trx, {
      staffId,
      action: 'setting.shelf-life',
      target: 'settings:shelf-life',
      before: { minMonths: before },
      after: { minMonths },
    });
  });
}

async function mustFindStore(db: Db, id: number) {
  const store = await stores.findStore(db, id);
  if (!store) throw notFound('仓库不存在');
  return store;
}

async function mustFindPack(db: Db, id: number) {
  const pack = await levels.findMaterial(db, id);
  if (!pack) throw notFound('包装规格不存在');
  return pack;
}

/**
 * A lot number names one lot of a pack wherever it lies: a second receipt of it must bring the
 * same expiry. 未分批 is the book's own lot and is never received by name.
 */
async function checkLot(db: Db, materialId: number, lotNumber: string, expire: string) {
  if (lotNumber === UNBATCHED_LOT) throw badRequest(`批号不能为“${UNBATCHED_LOT}”`);
  const known = await repo.knownLotExpire(db, materialId, lotNumber);
  if (known !== undefined && known !== expire) {
    throw badRequest(`批号 ${lotNumber} 已存在，有效期为 ${known ?? '未知'}，与填写的不一致`);
  }
}

type Receipt = z.output<typeof receiptBody>;

/** Receives lots into one warehouse as one receipt (入库单); answers its number. */
export async function receive(db: Db, input: Receipt, staffId: number): Promise<{ id: number }> {
  const lines = 'lines' in input ? input.lines : [input];
  const day = today();
  for (const l of lines) {
    if (isExpired(l.expire, day)) throw badRequest(`批次 ${l.lotNumber} 已过期，不能入库`);
  }
  const seen = new Set<string>();
  for (const l of lines) {
    const key = `${l.materialId}\u0000${l.lotNumber}`;
    if (seen.has(key)) throw badRequest(`批号 ${l.lotNumber} 重复，请合并为一行`);
    seen.add(key);
  }
  return db.transaction().execute(async (trx) => {
    await mustFindStore(trx, input.storeId);
    for (const l of lines) {
      await mustFindPack(trx, l.materialId);
      await checkLot(trx, l.materialId, l.lotNumber, l.expire);
    }
    const t = now();
    const id = await repo.insertStockDocument(trx, {
      kind: 'receipt',
      storeId: input.storeId,
      toStoreId: null,
      supplier: input.supplier,
      remark: input.remark,
      staffId,
      createdAt: t,
    });
    for (const l of lines) {
      await repo.moveStock(trx, {
        materialId: l.materialId,
        storeId: input.storeId,
        change: l.quantity,
        reason: 'received',
        lot: { lotNumber: l.lotNumber, expire: l.expire },
        remark: `入库单 ${id}${input.supplier ? `（${input.supplier}）` : ''}`,
        staffId,
        documentId: id,
        createdAt: t,
      });
    }
    await bumpCatalogueVersion(trx);
    await recordAudit(trx, {
      staffId,
      action: 'stock.receipt',
      target: `stock-document:${id}`,
      after: { storeId: input.storeId, supplier: input.supplier, lines },
    });
    return { id };
  });
}

type Transfer = z.output<typeof stockTransferBody>;

/** Moves units of one lot between warehouses: out of one, into the other, one 调拨单. */
export async function transfer(db: Db, input: Transfer, staffId: number): Promise<{ id: number }> {
  if (input.fromStoreId === input.toStoreId) throw badRequest('调出与调入仓库不能相同');
  return db.transaction().execute(async (trx) => {
    const [from, to] = [
      await mustFindStore(trx, input.fromStoreId),
      await mustFindStore(trx, input.toStoreId),
    ];
    const pack = await mustFindPack(trx, input.materialId);
    const lot = (await repo.lotsIn(trx, input.materialId, input.fromStoreId)).find(
      (l) => l.lotNumber === input.lotNumber,
    );
    if (!lot)
      throw badRequest(`${from.name}没有批次 ${input.lotNumber}：${pack.name} ${pack.pack}`);
    const t = now();
    const id = await repo.insertStockDocument(trx, {
      kind: 'transfer',
      storeId: from.id,
      toStoreId: to.id,
      supplier: '',
      remark: input.remark,
      staffId,
      createdAt: t,
    });
    const common = {
      materialId: input.materialId,
      lot: { lotNumber: lot.lotNumber, expire: lot.expire },
      remark: `调拨单 ${id}：${from.name} → ${to.name}`,
      staffId,
      documentId: id,
      createdAt: t,
    };
    const out = await repo.moveStock(trx, {
      ...common,
      storeId: from.id,
      change: -input.quantity,
      reason: 'transfer-out',
    });
    if (out === undefined) {
      throw badRequest(`批次 ${lot.lotNumber} 在${from.name}只有 ${lot.quantity} 件`);
    }
    await repo.moveStock(trx, {
      ...common,
      storeId: to.id,
      change: input.quantity,
      reason: 'transfer-in',
    });
    await bumpCatalogueVersion(trx);
    await recordAudit(trx, {
      staffId,
      action: 'stock.transfer',
      target: `stock-document:${id}`,
      after: input,
    });
    return { id };
  });
}

type Stocktake = z.output<typeof stocktakeBody>;

/**
 * Posts a counted sheet of one warehouse (盘点单): each line whose count differs from the book
 * becomes a `counted` movement of that lot; lines that agree are recorded by the document only.
 */
export async function stocktake(
  db: Db,
  input: Stocktake,
  staffId: number,
): Promise<{ id: number; differences: number }> {
  const seen = new Set<string>();
  for (const l of input.lines) {
    const key = `${l.materialId}\u0000${l.lotNumber}`;
    if (seen.has(key)) throw badRequest(`批号 ${l.lotNumber} 在盘点表中重复`);
    seen.add(key);
  }
  return db.transaction().execute(async (trx) => {
    await mustFindStore(trx, input.storeId);
    const t = now();
    const id = await repo.insertStockDocument(trx, {
      kind: 'stocktake',
      storeId: input.storeId,
      toStoreId: null,
      supplier: '',
      remark: input.remark,
      staffId,
      createdAt: t,
    });
    // The warehouse's book of the counted packs, read once (a sheet may have thousands of lines).
    const books = new Map(
      (
        await lotsOfPacks(
          trx,
          input.lines.map((l) => l.materialId),
          input.storeId,
        )
      ).map((b) => [`${b.materialId}\u0000${b.lotNumber}`, b]),
    );
    let differences = 0;
    for (const l of input.lines) {
      const pack = await mustFindPack(trx, l.materialId);
      const book = books.get(`${l.materialId}\u0000${l.lotNumber}`);
      let expire = book?.expire ?? null;
      if (!book && l.counted > 0 && l.lotNumber !== UNBATCHED_LOT) {
        // Found stock of a lot the book does not hold here: it needs its expiry.
        const known = await repo.knownLotExpire(trx, l.materialId, l.lotNumber);
        if (known === undefined && !l.expire) {
          throw badRequest(`批次 ${l.lotNumber} 不在账上，请填写有效期：${pack.name} ${pack.pack}`);
        }
        if (known !== undefined && l.expire && known !== l.expire) {
          await checkLot(trx, l.materialId, l.lotNumber, l.expire);
        }
        expire = known !== undefined ? known : (l.expire ?? null);
      }
      const change = l.counted - (book?.quantity ?? 0);
      if (change === 0) continue;
      differences++;
      const after = await repo.moveStock(trx, {
        materialId: l.materialId,
        storeId: input.storeId,
        change,
        reason: 'counted',
        lot: { lotNumber: l.lotNumber, expire },
        remark: `盘点单 ${id}：${input.remark}`,
        staffId,
        documentId: id,
        createdAt: t,
      });
      // Not enough left to take, or a movement of the lot committed since the book was read
      // (PostgreSQL runs them side by side) left another quantity than the one counted.
      const lotAfter = (await repo.lotsIn(trx, l.materialId, input.storeId)).find(
        (x) => x.lotNumber === l.lotNumber,
      );
      if (after === undefined || (lotAfter?.quantity ?? 0) !== l.counted) {
        throw badRequest(`批次 ${l.lotNumber} 的账面数量已变化，请重新盘点`);
      }
    }
    if (differences > 0) await bumpCatalogueVersion(trx);
    await recordAudit(trx, {
      staffId,
      action: 'stock.stocktake',
      target: `stock-document:${id}`,
      after: {
        storeId: input.storeId,
        remark: input.remark,
        lines: input.lines.length,
        differences,
      },
    });
    return { id, differences };
  });
}
