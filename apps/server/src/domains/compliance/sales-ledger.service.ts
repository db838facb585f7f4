import type { z } from 'zod';
import {
  QUALIFICATION_LABEL,
  REGULATION_LABEL,
  fromBase,
  isRegulationCategory,
  type QualificationKind,
  type RegulationCategory,
} from '@labshop/shared';
import { type LedgerRow, type ledgerQuery } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import type { OutCell } from '../../lib/sheets.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './compliance.repository.ts';
import { regionNames } from '../../lib/region-names.ts';
import { parseCategories } from '../../lib/regulation-columns.ts';
import { orderCompany } from './order-rules.service.ts';
import { chinaDate, chinaDateTime } from '../../lib/clock.ts';

/*
 * The sales ledger (销售台账, docs/compliance.md section 5): written at shipment and reversed
 * when a package is cancelled, append-only, read and exported by staff.
 */

type RegulatedGood = Awaited<ReturnType<typeof repo.regulatedGoodsOfOrder>>[number];

/** An order's lines whose product has a class: read once for a shipment's rules and its ledger. */
export interface RegulatedLines {
  /** The class of each such line (for the shipping rules). */
  classes: Map<number, RegulationCategory>;
  goods: Map<number, RegulatedGood & { regulationCategory: RegulationCategory }>;
}

export async function regulatedLines(db: Db, orderId: number): Promise<RegulatedLines> {
  const goods = new Map(
    (await repo.regulatedGoodsOfOrder(db, orderId)).flatMap((g) => {
      const category = g.regulationCategory;
      return isRegulationCategory(category)
        ? [[g.id, { ...g, regulationCategory: category }] as const]
        : [];
    }),
  );
  const classes = new Map([...goods].map(([id, g]) => [id, g.regulationCategory] as const));
  return { classes, goods };
}

/** The package a shipment goes in, as the ledger records it. */
export interface ShipmentPackage {
  id: number;
  carrier: string;
  trackingNumber: string;
  handlerName: string;
  handlerIdNumber: string;
}

/**
 * Writes the ledger rows of a shipment, inside the shipping transaction: one per shipped line of
 * a product with a class, with the buyer, the document that allowed it and the staff who
 * shipped. Rows are only ever inserted (docs/compliance.md section 5).
 */
export async function recordShipment(
  trx: Db,
  staff: StaffIdentity,
  order: Row<'orders'>,
  { goods }: RegulatedLines,
  delivery: ShipmentPackage,
  shipped: readonly { orderGoodsId: number; quantity: number; lotNumber?: string | null }[],
  at: number,
): Promise<void> {
  if (goods.size === 0) return;
  const [docs, company, licence, registeredAddress] = await Promise.all([
    repo.documentsOfOrder(trx, order.id),
    orderCompany(trx, order.userId, order),
    repo.currentLicence(trx, { userId: order.userId, orgId: order.orgId }, chinaDate(at)),
    order.invoiceRegisteredAddress.trim() !== ''
      ? order.invoiceRegisteredAddress
      : repo.invoiceRegisteredAddress(trx, order.userId),
  ]);
  const region = regionNames(order.deliveryRegionCode);
  const count = new Map<number, number>();
  const lots = new Map<number, string[]>();
  for (const s of shipped) {
    count.set(s.orderGoodsId, (count.get(s.orderGoodsId) ?? 0) + s.quantity);
    if (s.lotNumber)
      lots.set(s.orderGoodsId, [
        ...(lots.get(s.orderGoodsId) ?? []),
        `${s.lotNumber}×${s.quantity}`,
      ]);
  }
  const rows: NewRow<'salesLedger'>[] = [];
  for (const [goodsId, n] of count) {
    const g = goods.get(goodsId);
    if (!g) continue;
    const mine = docs.filter((d) => d.orderGoodsId === goodsId);
    // The permit or record is the document of record; the licence where that is all it needed.
    const doc = mine.find((d) => d.kind !== 'business-licence') ?? mine[0];
    // The licence the line was sold against, else the buyer's current one (a 第三类 line needs
    // only its 备案证明, but the ledger still names the unit).
    const licenceNumber =
      mine.find((d) => d.kind === 'business-licence')?.number ?? licence?.number ?? '';
    rows.push({
      shippedAt: at,
      orderId: order.id,
      orderNumber: order.number,
      deliveryId: delivery.id,
      orderGoodsId: goodsId,
      productId: g.productId,
      productName: g.name,
      cas: g.cas,
      category: g.regulationCategory,
      pack: g.pack,
      count: n,
      netAmount: g.netAmount === null ? null : Number(g.netAmount) * n,
      netDimension: g.netDimension,
      buyerUserId: order.userId,
      buyerCompany: company,
      consignee: order.deliveryUsername,
      consigneePhone: order.deliveryPhone,
      address: order.deliveryAddress,
      documentId: doc?.id ?? null,
      documentKind: doc?.kind ?? '',
      documentNumber: doc?.number ?? '',
      documentFile: doc?.file ?? '',
      staffId: staff.id,
      staffName: staff.name,
      lots: (lots.get(goodsId) ?? []).join('、'),
      categories: parseCategories(g.regulationCategories, g.regulationCategory).join(','),
      purpose: g.purpose,
      region,
      buyerCreditCode: licenceNumber,
      buyerRegisteredAddress: registeredAddress,
      carrier: delivery.carrier,
      trackingNumber: delivery.trackingNumber,
      handlerName: delivery.handlerName,
      handlerIdNumber: delivery.handlerIdNumber,
    });
  }
  await repo.insertLedgerRows(trx, rows);
}

/**
 * Writes the reversal of a cancelled package's shipment (撤销发货), inside the cancelling
 * transaction: for each ledger row the shipment wrote, one row alike with the count and net
 * quantity negative, the same lots, buyer and document, dated now and naming the staff who
 * cancelled. The shipment's rows stay as they are (append-only), so per product, buyer or lot the
 * rows sum to what the buyer really received (docs/compliance.md section 5).
 */
export async function recordShipmentCancelled(
  trx: Db,
  staff: StaffIdentity,
  deliveryId: number,
  at: number,
): Promise<void> {
  const shipped = await repo.shipmentRowsOfDelivery(trx, deliveryId);
  await repo.insertLedgerRows(
    trx,
    shipped.map(({ id: _id, ...r }) => ({
      ...r,
      shippedAt: at,
      count: -r.count,
      netAmount: r.netAmount === null ? null : -Number(r.netAmount),
      staffId: staff.id,
      staffName: staff.name,
    })),
  );
}

function ledgerQuantity(r: Row<'salesLedger'>): { quantity: number | null; unit: string } {
  if (r.netAmount === null) return { quantity: null, unit: '' };
  const n = Number(r.netAmount);
  // A reversal (negative) takes the unit of the shipment it reverses: -1 L, not -1000 mL.
  const big = Math.abs(n) >= 1_000_000;
  if (r.netDimension === 'volume') {
    return big
      ? { quantity: fromBase(n, 'L'), unit: 'L' }
      : { quantity: fromBase(n, 'mL'), unit: 'mL' };
  }
  return big
    ? { quantity: fromBase(n, 'kg'), unit: 'kg' }
    : { quantity: fromBase(n, 'g'), unit: 'g' };
}

function categoriesOf(r: Row<'salesLedger'>): RegulationCategory[] {
  const all = r.categories.split(',').filter(isRegulationCategory);
  return all.length > 0 ? all : isRegulationCategory(r.category) ? [r.category] : [];
}

export function ledgerRow(r: Row<'salesLedger'>): LedgerRow {
  return {
    id: r.id,
    shippedAt: r.shippedAt,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    productId: r.productId,
    productName: r.productName,
    cas: r.cas,
    category: isRegulationCategory(r.category) ? r.category : 'hazardous',
    pack: r.pack,
    lots: r.lots,
    count: r.count,
    ...ledgerQuantity(r),
    buyerCompany: r.buyerCompany,
    consignee: r.consignee,
    consigneePhone: r.consigneePhone,
    address: r.address,
    documentKind: r.documentKind,
    documentNumber: r.documentNumber,
    documentId: r.documentId,
    staffName: r.staffName,
    categories: categoriesOf(r),
    region: r.region,
    buyerCreditCode: r.buyerCreditCode,
    buyerRegisteredAddress: r.buyerRegisteredAddress,
    purpose: r.purpose,
    carrier: r.carrier,
    trackingNumber: r.trackingNumber,
    handlerName: r.handlerName,
    handlerIdNumber: r.handlerIdNumber,
  };
}

export async function ledger(db: Db, q: z.output<typeof ledgerQuery>): Promise<LedgerRow[]> {
  return (await repo.ledgerRows(db, q.from, q.to)).map(ledgerRow);
}

/**
 * The columns of the exported ledger, in the order the public-security sales ledger forms ask
 * them (docs/compliance.md section 5): what was sold, to whom (unit, credit code, address), for
 * what use, against which document, where it went, by which carrier, and who took it.
 */
export const LEDGER_HEADERS = [
  '发货日期',
  '订单号',
  '品名',
  'CAS',
  '管控类别',
  '规格',
  '批号',
  '件数',
  '数量',
  '单位',
  '购买单位',
  '统一社会信用代码',
  '单位注册地址',
  '用途',
  '证件类型',
  '证件编号',
  '收货人',
  '联系电话',
  '收货省市区',
  '收货详细地址',
  '承运单位',
  '运单号',
  '经办人',
  '经办人身份证号码',
  '发货人',
] as const;

const categoryText = (r: LedgerRow) =>
  (r.categories.length > 0 ? r.categories : [r.category])
    .map((c) => REGULATION_LABEL[c])
    .join('、');

/**
 * The ledger as sheet cells: count and quantity as numbers, so a spreadsheet sums them
 * (writeCsv neutralises formulas in the text cells).
 */
export function ledgerCells(rows: readonly LedgerRow[]): OutCell[][] {
  return rows.map((r) => [
    chinaDateTime(r.shippedAt),
    r.orderNumber,
    r.productName,
    r.cas,
    categoryText(r),
    r.pack,
    r.lots,
    r.count,
    r.quantity ?? '',
    r.unit,
    r.buyerCompany,
    r.buyerCreditCode,
    r.buyerRegisteredAddress,
    r.purpose,
    r.documentKind
      ? (QUALIFICATION_LABEL[r.documentKind as QualificationKind] ?? r.documentKind)
      : '',
    r.documentNumber,
    r.consignee,
    r.consigneePhone,
    r.region,
    r.address,
    r.carrier,
    r.trackingNumber,
    r.handlerName,
    r.handlerIdNumber,
    r.staffName,
  ]);
}
