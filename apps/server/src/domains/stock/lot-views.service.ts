import { daysLeft } from '@labshop/shared';
import type { z } from 'zod';
import {
  type LotDetail,
  type lotQuery,
  type StockDocument,
  type stockDocumentQuery,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { writeXlsx } from '../../lib/sheets.ts';
import { today } from './lots.service.ts';
import * as lots from './lots.repository.ts';
import * as stores from './warehouses.repository.ts';
import { chinaDateTime } from '../../lib/clock.ts';

/*
 * What the console shows of lots (docs/lots.md): the lot list and its expiry filters, one lot's
 * whereabouts and recall list, the dashboard's expiry card, the stock documents and the
 * stocktake sheet.
 */

/** The last day of a window of `days` days from today. */
function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The expiry range of a list filter: expired, or expiring within 30 / 90 days. */
function expiryRange(expiry: z.output<typeof lotQuery>['expiry'], day: string) {
  if (expiry === 'expired') return { expireTo: dayAfter(day, -1) };
  if (expiry === '30' || expiry === '90') {
    return { expireFrom: day, expireTo: dayAfter(day, Number(expiry)) };
  }
  return {};
}

export async function lotPage(db: Db, q: z.output<typeof lotQuery>) {
  const day = today();
  const { records, total } = await lots.pageLots(
    db,
    { key: q.key, storeId: q.storeId, all: q.all === 'true', ...expiryRange(q.expiry, day) },
    q.page,
    q.size,
  );
  return {
    records: records.map((r) => ({ ...r, daysLeft: daysLeft(r.expire, day) })),
    current: q.page,
    size: q.size,
    total,
  };
}

export async function lotDetail(db: Db, materialId: number, lotNumber: string): Promise<LotDetail> {
  const places = await lots.findLot(db, materialId, lotNumber);
  const first = places[0];
  if (!first) throw notFound('批次不存在');
  const [receipts, shipments, coa] = await Promise.all([
    lots.receiptsOfLot(db, materialId, lotNumber),
    lots.shipmentsOfLot(db, materialId, lotNumber),
    lots.coaOfLot(db, first.number, lotNumber),
  ]);
  return {
    materialId,
    productId: first.productId,
    number: first.number,
    name: first.name,
    pack: first.pack,
    lotNumber,
    expire: first.expire,
    stores: places.map((p) => ({
      storeId: p.storeId,
      storeName: p.storeName,
      quantity: Number(p.quantity),
    })),
    receipts: receipts.map((r) => ({
      documentId: r.documentId,
      storeName: r.storeName,
      supplier: r.supplier ?? '',
      quantity: r.change,
      staff: r.staffName ?? '',
      createTime: r.createdAt,
    })),
    shipments: shipments.map((s) => ({
      orderId: s.orderId,
      orderNumber: s.orderNumber,
      deliveryId: s.deliveryId,
      company: s.company,
      consignee: s.consignee,
      phone: s.phone,
      quantity: s.quantity,
      createTime: s.createdAt,
    })),
    coa: coa.map((c) => ({ id: c.id, name: c.name, expire: c.expire })),
  };
}

const RECALL_HEADERS = [
  '订单号',
  '包裹',
  '发货时间',
  '单位',
  '收货人',
  '电话',
  '收货地址',
  '数量',
] as const;

/** The recall list of a lot as XLSX: every package that shipped it, with whom to call. */
export async function recallXlsx(db: Db, materialId: number, lotNumber: string) {
  const places = await lots.findLot(db, materialId, lotNumber);
  const first = places[0];
  if (!first) throw notFound('批次不存在');
  const shipments = await lots.shipmentsOfLot(db, materialId, lotNumber);
  const rows = shipments.map((s) => [
    s.orderNumber,
    String(s.deliveryId),
    chinaDateTime(s.createdAt),
    s.company,
    s.consignee,
    s.phone,
    s.address,
    String(s.quantity),
  ]);
  const file = await writeXlsx([
    {
      name: `召回清单 ${lotNumber}`.slice(0, 31),
      headers: RECALL_HEADERS,
      rows,
      widths: [22, 8, 20, 28, 12, 16, 40, 8],
    },
  ]);
  return { file, name: `recall-${first.number}-${lotNumber}.xlsx` };
}

/** Per warehouse, lots expired and expiring within 30 and 90 days. */
export async function expiringLots(db: Db) {
  const day = today();
  return {
    stores: await lots.expiringByStore(db, day, dayAfter(day, 30), dayAfter(day, 90)),
  };
}

export async function documentPage(db: Db, q: z.output<typeof stockDocumentQuery>) {
  const { records, total } = await lots.pageDocuments(db, q, q.page, q.size);
  return {
    records: records.map(({ staffName, createdAt, staffId, ...r }) => ({
      ...r,
      staff: staffName ?? (staffId === null ? '' : `#${staffId}`),
      createTime: createdAt,
    })),
    current: q.page,
    size: q.size,
    total,
  };
}

export async function documentDetail(db: Db, id: number): Promise<StockDocument> {
  const [d, lines] = await Promise.all([lots.findDocument(db, id), lots.linesOfDocument(db, id)]);
  if (!d) throw notFound('单据不存在');
  const { staffName, createdAt, staffId, ...rest } = d;
  return {
    ...rest,
    staff: staffName ?? (staffId === null ? '' : `#${staffId}`),
    createTime: createdAt,
    lines,
  };
}

const SHEET_HEADERS = ['货号', '名称', '规格', '批号', '有效期至', '账面数量', '实盘数量'] as const;

/** The count sheet of a warehouse: every lot on the book there, with an empty count column. */
export async function stocktakeSheet(db: Db, storeId: number) {
  const store = await stores.findStore(db, storeId);
  if (!store) throw notFound('仓库不存在');
  const rows: string[][] = [];
  for (let page = 1; ; page++) {
    const { records } = await lots.pageLots(db, { storeId }, page, 1000);
    for (const r of records) {
      rows.push([r.number, r.name, r.pack, r.lotNumber, r.expire ?? '', String(r.quantity), '']);
    }
    if (records.length < 1000) break;
  }
  const file = await writeXlsx([
    {
      name: `盘点表 ${store.name}`.slice(0, 31),
      headers: SHEET_HEADERS,
      rows,
      widths: [14, 30, 12, 16, 12, 10, 10],
    },
  ]);
  return { file, name: `stocktake-${storeId}.xlsx` };
}
