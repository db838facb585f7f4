import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findLot } from '../stock/index.ts';
import * as repo from './coa-admin.repository.ts';
import { isPdf, removeCoaFile, saveCoaFile } from './coa-files.ts';

export interface CoaUpload {
  productNumber: string;
  lotNumber: string;
  expire: string;
  file: { data: Buffer; filename: string };
}

function checkPdf(data: Buffer) {
  if (!isPdf(data)) throw badRequest('证书文件须为 PDF');
}

const toRecord = (r: NonNullable<Awaited<ReturnType<typeof repo.findCoa>>>) => ({
  id: r.id,
  productNumber: r.productNumber,
  lotNumber: r.lotNumber,
  name: r.name,
  expire: r.expire,
  createTime: r.createdAt,
});

/**
 * Adds a certificate, or replaces the file of the one already recorded for that item and lot.
 * The file is written first and the row after; a failed write of the row removes the new file.
 */
export async function uploadCoa(db: Db, files: FileStore, input: CoaUpload, staffId: number) {
  checkPdf(input.file.data);
  const product = await repo.findProductName(db, input.productNumber);
  if (!product) throw badRequest(`货号不存在：${input.productNumber}`);
  const file = await saveCoaFile(files, input.productNumber, input.lotNumber, input.file.data);
  let replaced: string | undefined;
  try {
    const id = await db.transaction().execute(async (trx) => {
      const old = await repo.findCoaByLot(trx, input.productNumber, input.lotNumber);
      const name = `${product.name} 分析证书（批号 ${input.lotNumber}）`;
      let id: number;
      if (old) {
        replaced = old.file;
        await repo.updateCoa(trx, old.id, { file, expire: input.expire, name, createdAt: now() });
        id = old.id;
      } else {
        id = await repo.insertCoa(trx, {
          productNumber: input.productNumber,
          lotNumber: input.lotNumber,
          name,
          expire: input.expire,
          file,
          createdAt: now(),
        });
      }
      await recordAudit(trx, {
        staffId,
        action: old ? 'coa.replace' : 'coa.create',
        target: `coa:${id}`,
        before: old ? toRecord(old) : undefined,
        after: { ...input, file: input.file.filename },
      });
      return id;
    });
    if (replaced) await removeCoaFile(files, replaced);
    return { id };
  } catch (err) {
    await removeCoaFile(files, file);
    throw err;
  }
}

/** Replaces the file (and optionally the expiry date) of a recorded certificate. */
export async function replaceCoa(
  db: Db,
  files: FileStore,
  id: number,
  input: { expire?: string | undefined; file?: { data: Buffer; filename: string } | undefined },
  staffId: number,
) {
  const old = await repo.findCoa(db, id);
  if (!old) throw notFound('证书不存在');
  if (input.file) checkPdf(input.file.data);
  const file = input.file
    ? await saveCoaFile(files, old.productNumber, old.lotNumber, input.file.data)
    : old.file;
  try {
    await db.transaction().execute(async (trx) => {
      await repo.updateCoa(trx, id, { file, expire: input.expire ?? old.expire });
      await recordAudit(trx, {
        staffId,
        action: 'coa.replace',
        target: `coa:${id}`,
        before: toRecord(old),
        after: { expire: input.expire ?? old.expire, file: input.file?.filename ?? '' },
      });
    });
  } catch (err) {
    if (file !== old.file) await removeCoaFile(files, file);
    throw err;
  }
  if (file !== old.file) await removeCoaFile(files, old.file);
}

export async function deleteCoa(db: Db, files: FileStore, id: number, staffId: number) {
  const old = await repo.findCoa(db, id);
  if (!old) throw notFound('证书不存在');
  await db.transaction().execute(async (trx) => {
    await repo.deleteCoa(trx, id);
    await recordAudit(trx, {
      staffId,
      action: 'coa.delete',
      target: `coa:${id}`,
      before: toRecord(old),
    });
  });
  await removeCoaFile(files, old.file);
}

export async function listCoa(
  db: Db,
  q: {
    productNumber?: string | undefined;
    lotNumber?: string | undefined;
    page: number;
    size: number;
  },
) {
  const { records, total } = await repo.pageCoa(db, q, q.page, q.size);
  return { records: records.map(toRecord), current: q.page, size: q.size, total };
}

/**
 * The item number, lot number and expiry a certificate of a received lot is filed under; a lot
 * never received, or without a known expiry (未分批), has no certificate of its own.
 */
export async function certifiableLot(db: Db, materialId: number, lotNumber: string) {
  const places = await findLot(db, materialId, lotNumber);
  const lot = places[0];
  if (!lot) throw notFound('批次不存在');
  if (lot.expire === null) throw badRequest('未分批的库存没有对应的证书，请先按批号入库');
  return { productNumber: lot.number, lotNumber, expire: lot.expire };
}
