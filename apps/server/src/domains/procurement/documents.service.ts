import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import JSZip from 'jszip';
import {
  IMAGE_LIMITS,
  InvoiceType,
  OrderStatus,
  PayStatus,
  PayType,
  type Paged,
} from '@labshop/shared';
import type { FapiaoRequest, FapiaoStatus } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { chinaDate, now } from '../../lib/clock.ts';
import { fullAddress } from '../../lib/region-names.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { readSetting } from '../../lib/settings.repository.ts';
import { imageSize, openPrivateDocument } from '../../lib/uploads.ts';
import {
  isValidKey,
  keyOfUrl,
  privateKey,
  readWhole,
  type FileStore,
} from '../../lib/file-store/index.ts';
import { UPLOAD_LIMITS } from '../../lib/multipart.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { company } from '../content/index.ts';
import * as orders from '../orders/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import { renderDocument, type DocumentSpec } from './document-pdf.ts';
import * as repo from './procurement.repository.ts';
import { getQuote, quoteTotals } from './quotes.service.ts';

const ORDER_NOT_FOUND = '订单不存在';
const NOT_INVOICEABLE = '订单未付款或已取消，不能开票';
const TAX_NOTE = '以上价格为含税价（含 13% 增值税），可开具增值税普通发票或专用发票。';
const INVOICE_LABEL: Record<number, string> = {
  1: '增值税普通发票',
  2: '增值税专用发票',
  3: '不开发票',
};

/** The seal image of the site settings ('seal': { image: '/files/...' }), when there is one. */
async function sealImage(db: Db, store: FileStore): Promise<Buffer | null> {
  const text = await readSetting(db, 'seal');
  if (!text) return null;
  try {
    const value = JSON.parse(text) as { image?: unknown };
    const key = typeof value.image === 'string' ? keyOfUrl(value.image) : null;
    if (key === null || !isValidKey(key)) return null;
    // A seal is a picture upload, so never more than its limit: read whole for the PDF writer.
    const image = await readWhole(store, key, UPLOAD_LIMITS.image);
    if (!image) return null;
    // The PDF writer unpacks a PNG with transparency whole, on the event loop: a seal beyond
    // the limit is left out rather than stall every document (docs/architecture.md, uploads).
    const size = imageSize(image);
    if (!size || size.width * size.height > IMAGE_LIMITS.sealPixels) return null;
    return image;
  } catch {
    return null;
  }
}

/** The shop's letterhead of a document: seller, bank details (with the reference) and seal. */
export async function letterhead(db: Db, store: FileStore, reference: string) {
  const [seller, bank, seal] = await Promise.all([
    company(db),
    orders.bankDetails(db, reference),
    sealImage(db, store),
  ]);
  return { seller, bank, seal };
}

const nonEmpty = (pairs: [string, string][]) => pairs.filter(([, v]) => v !== '');

// ---- quote ------------------------------------------------------------------------------------

/** The member's quote as a PDF; another member's id answers 404. */
export async function quotePdf(
  db: Db,
  store: FileStore,
  userId: number,
  id: number,
): Promise<{ pdf: Buffer; name: string }> {
  const quote = await getQuote(db, userId, id);
  const [head, user, lines] = await Promise.all([
    letterhead(db, store, quote.number),
    repo.memberContact(db, userId),
    repo.linesOfQuotes(db, [id]),
  ]);
  const totals = quoteTotals(lines);
  const notes = [TAX_NOTE];
  if (quote.status === 'requested') notes.unshift('本报价单尚待客服报价，价格以正式报价为准。');
  if (quote.validUntil !== null)
    notes.push(`报价有效期至 ${chinaDate(quote.validUntil)}，逾期请重新询价。`);
  notes.push('运费按本店规则计算：商品金额满 1000 元包邮，不足 1000 元收取运费 20 元。');
  if (quote.staffRemark) notes.push(`备注：${quote.staffRemark}`);
  const spec: DocumentSpec = {
    title: '报价单',
    number: ['报价单号', quote.number],
    date: quote.quotedAt ?? quote.createTime,
    ...head,
    // A quote still 待报价 is no offer of the company: it is not sealed.
    seal: quote.status === 'requested' ? null : head.seal,
    customer: nonEmpty([
      ['客户', user?.company || user?.name || user?.account || ''],
      ['联系人', user?.name ?? ''],
      ['电话', user?.phone ?? ''],
      ['邮箱', user?.email ?? ''],
      ['有效期至', quote.validUntil === null ? '待报价' : chinaDate(quote.validUntil)],
      ['客户备注', quote.remark],
    ]),
    lines: lines.map((l) => ({
      name: l.name,
      number: l.number,
      cas: l.cas,
      pack: l.pack,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
    })),
    priced: true,
    totals:
      totals.amount === null
        ? null
        : { goods: totals.goodsAmount ?? 0, freight: totals.freight ?? 0, amount: totals.amount },
    notes,
  };
  return { pdf: await renderDocument(spec), name: `报价单-${quote.number}.pdf` };
}

// ---- order documents ----------------------------------------------------------------------------

async function memberOrder(db: Db, userId: number, id: number): Promise<Row<'orders'>> {
  const order = await orders.findMemberOrder(db, userId, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/**
 * The buyer's unit an order's documents name: the invoice title of an invoiced order, else the
 * 单位名称 of the member's profile (a no-invoice order records no title of its own).
 */
async function buyerCompany(db: Db, o: Row<'orders'>): Promise<string> {
  if (o.invoiceType !== InvoiceType.NONE && o.invoiceCompanyName.trim() !== '')
    return o.invoiceCompanyName;
  return (await repo.memberContact(db, o.userId))?.company.trim() ?? '';
}

const CONSIGNEE = ['单位名称', '收货人', '电话', '收货地址'];

/** The consignee block of an order's documents: unit, person, phone and the full address. */
function orderCustomer(o: Row<'orders'>, company: string): [string, string][] {
  return nonEmpty([
    ['单位名称', company],
    ['收货人', o.deliveryUsername],
    ['电话', o.deliveryPhone],
    ['收货地址', fullAddress(o.deliveryRegionCode, o.deliveryAddress)],
    ['发票', INVOICE_LABEL[o.invoiceType] ?? ''],
    ['发票抬头', o.invoiceCompanyName],
    ['纳税人识别号', o.invoiceTaxpayerIdentificationNumber],
    ['订单备注', o.userRemark],
  ]);
}

/** 订单确认单 (proforma) of the member's order. */
export async function confirmationPdf(
  db: Db,
  store: FileStore,
  userId: number,
  id: number,
): Promise<{ pdf: Buffer; name: string }> {
  const o = await memberOrder(db, userId, id);
  const [head, goods, company] = await Promise.all([
    letterhead(db, store, o.transferReference || o.number),
    orders.goodsOfOrders(db, [o.id]),
    buyerCompany(db, o),
  ]);
  const notes = [TAX_NOTE];
  if (o.amount === null) notes.unshift('订单含询价商品，金额待客服确认后以确认后的金额为准。');
  if (o.payType === PayType.BANK_TRANSFER && o.payStatus === PayStatus.UNPAID) {
    notes.push(`银行转账请在附言中注明订单号 ${o.transferReference || o.number}。`);
  }
  const spec: DocumentSpec = {
    title: '订单确认单',
    number: ['订单号', o.number],
    date: o.createdAt,
    ...head,
    bank: o.payType === PayType.BANK_TRANSFER ? head.bank : null,
    customer: orderCustomer(o, company),
    lines: goods.map((g) => ({
      name: g.name,
      number: g.number,
      cas: g.cas,
      pack: g.pack,
      quantity: g.quantityPurchase,
      unitPrice: g.price,
    })),
    priced: true,
    totals:
      o.amount === null
        ? null
        : { goods: o.goodsAmount ?? 0, freight: o.freight ?? 0, amount: o.amount },
    notes,
  };
  return { pdf: await renderDocument(spec), name: `订单确认单-${o.number}.pdf` };
}

/** 送货单 of one package of the member's order. */
export async function deliveryNotePdf(
  db: Db,
  store: FileStore,
  userId: number,
  id: number,
  deliveryId: number | undefined,
): Promise<{ pdf: Buffer; name: string }> {
  const o = await memberOrder(db, userId, id);
  const deliveries = await orders.packagesForBuyer(db, o.id);
  if (deliveryId === undefined && deliveries.length > 1) throw badRequest('请选择包裹');
  const delivery =
    deliveryId === undefined ? deliveries[0] : deliveries.find((d) => d.id === deliveryId);
  if (!delivery) throw notFound('包裹不存在');
  return deliveryNote(db, store, o, delivery);
}

/** An order by id for staff (the console's routes check the permission). */
async function anyOrder(db: Db, id: number): Promise<Row<'orders'>> {
  const order = await repo.findAnyOrder(db, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** 送货单 of one package, for the warehouse to print and put in the box. */
export async function staffDeliveryNotePdf(
  db: Db,
  store: FileStore,
  id: number,
  deliveryId: number,
): Promise<{ pdf: Buffer; name: string }> {
  const o = await anyOrder(db, id);
  const delivery = (await orders.packagesForBuyer(db, o.id)).find((d) => d.id === deliveryId);
  if (!delivery) throw notFound('包裹不存在');
  return deliveryNote(db, store, o, delivery);
}

/**
 * 装箱单 (packing slip): what is still to ship of the order, line by line, with the consignee,
 * for the warehouse to pick and pack before the package is recorded. No prices.
 */
export async function packingSlipPdf(
  db: Db,
  store: FileStore,
  id: number,
): Promise<{ pdf: Buffer; name: string }> {
  const o = await anyOrder(db, id);
  const [head, goods, deliveries, company] = await Promise.all([
    letterhead(db, store, o.number),
    orders.goodsOfOrders(db, [o.id]),
    orders.packagesForBuyer(db, o.id),
    buyerCompany(db, o),
  ]);
  const shipped = new Map<number, number>();
  const sent = await orders.goodsOfDeliveries(
    db,
    o.id,
    deliveries.map((d) => d.id),
  );
  for (const g of sent) shipped.set(g.id, (shipped.get(g.id) ?? 0) + g.quantityShipped);
  const toShip = (g: { id: number; quantityPurchase: number }) =>
    g.quantityPurchase - (shipped.get(g.id) ?? 0);
  const open = goods.filter((g) => toShip(g) > 0);
  if (open.length === 0) throw badRequest('订单商品已全部发货');
  const spec: DocumentSpec = {
    title: '装箱单',
    number: ['订单号', o.number],
    date: now(),
    ...head,
    bank: null,
    customer: nonEmpty([
      ...orderCustomer(o, company).filter(([k]) => CONSIGNEE.includes(k)),
      ['买家留言', o.userRemark],
    ]),
    lines: open.map((g) => ({
      name: g.name,
      number: g.number,
      cas: g.cas,
      pack: g.pack,
      quantity: toShip(g),
      unitPrice: null,
    })),
    priced: false,
    totals: null,
    notes: ['数量为待发数量；拣货后请核对货号、包装与数量，并随货附送货单。'],
  };
  return { pdf: await renderDocument(spec), name: `装箱单-${o.number}.pdf` };
}

async function deliveryNote(
  db: Db,
  store: FileStore,
  o: Row<'orders'>,
  delivery: Row<'deliveries'>,
): Promise<{ pdf: Buffer; name: string }> {
  const [head, goods, company] = await Promise.all([
    letterhead(db, store, o.number),
    repo.goodsOfPackage(db, o.id, delivery.id),
    buyerCompany(db, o),
  ]);
  // Packages shipped before lots (docs/lots.md) name none: their note has no lot columns.
  const lots = goods.some((g) => g.lotNumber !== null);
  const spec: DocumentSpec = {
    title: '送货单',
    number: ['送货单号', `${o.number}-${delivery.id}`],
    date: delivery.createdAt,
    ...head,
    bank: null,
    customer: nonEmpty([
      ...orderCustomer(o, company).filter(([k]) => CONSIGNEE.includes(k)),
      ['订单号', o.number],
      ['物流', `${delivery.company} ${delivery.trackingNumber}`.trim()],
    ]),
    lines: goods.map((g) => ({
      name: g.name,
      number: g.number,
      cas: g.cas,
      pack: g.pack,
      quantity: g.quantityShipped,
      unitPrice: null,
      ...(lots ? { lot: { number: g.lotNumber, expire: g.expire } } : {}),
    })),
    // One order line shipped from several lots is one kind of goods.
    kinds: new Set(goods.map((g) => g.orderGoodsId)).size,
    priced: false,
    totals: null,
    notes: ['请当面清点货品，如有破损或短缺请于签收时注明并及时联系我们。'],
  };
  return { pdf: await renderDocument(spec), name: `送货单-${o.number}-${delivery.id}.pdf` };
}

// ---- fapiao -------------------------------------------------------------------------------------

/** The fapiao file's type told by its first bytes: a PDF, or an OFD (a ZIP container). */
export function fapiaoKind(data: Buffer): 'pdf' | 'ofd' | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (
    data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) &&
    data.includes('OFD.xml')
  ) {
    return 'ofd';
  }
  return null;
}

/**
 * Finance attaches the issued e-fapiao to a paid order: the file is kept privately, the order
 * gets the number and the issue time, the member's request (if any) is handled. Audited.
 */
export async function attachFapiao(
  db: Db,
  store: FileStore,
  staff: StaffIdentity,
  orderId: number,
  input: { number: string; data: Buffer },
): Promise<void> {
  const kind = fapiaoKind(input.data);
  if (!kind) throw badRequest('发票文件须为 PDF 或 OFD 格式');
  const o = await repo.findAnyOrder(db, orderId);
  if (!o) throw notFound(ORDER_NOT_FOUND);
  if (o.invoiceType === InvoiceType.NONE && !(await repo.findFapiaoRequest(db, orderId))) {
    throw badRequest('该订单未申请发票');
  }
  if (o.payStatus !== PayStatus.PAID || o.status === OrderStatus.CANCELLED) {
    throw badRequest(NOT_INVOICEABLE);
  }
  const relative = `fapiao/${orderId}-${randomBytes(8).toString('hex')}.${kind}`;
  await store.put(privateKey(relative), input.data);
  const t = now();
  let replaced: string | undefined;
  try {
    replaced = await db.transaction().execute(async (trx) => {
      const before = await repo.putFapiaoFile(trx, {
        orderId,
        file: relative,
        kind,
        staffId: staff.id,
        createdAt: t,
      });
      // Conditional on the order still being paid and not cancelled (a refund may race).
      const set = await orders.recordFapiaoNumber(trx, orderId, input.number, t);
      if (!set) throw badRequest(NOT_INVOICEABLE);
      await repo.markFapiaoRequestHandled(trx, orderId, t);
      // The buyer is told of a fapiao once: a repeated upload of the same number tells nobody.
      if (set === 'new') await notify(trx, 'invoice-issued', { orderId });
      await recordAudit(trx, {
        staffId: staff.id,
        action: 'order.fapiao',
        target: `order:${orderId}`,
        before: { invoiceNumber: o.invoiceNumber, invoiceIssuedAt: o.invoiceIssuedAt },
        after: { invoiceNumber: input.number, invoiceIssuedAt: t, kind },
      });
      return before;
    });
  } catch (err) {
    await store.delete(privateKey(relative));
    throw err;
  }
  if (replaced) await store.delete(privateKey(replaced));
}

/**
 * The member's issued fapiao file, as a stream; 404 for another member's order, before it is
 * attached, or when the store has lost the file (文件不存在).
 */
export async function fapiaoFile(
  db: Db,
  store: FileStore,
  userId: number,
  orderId: number,
): Promise<{ stream: Readable; size: number; name: string; kind: 'pdf' | 'ofd' }> {
  const o = await memberOrder(db, userId, orderId);
  const row = await repo.findFapiaoFile(db, o.id);
  if (!row) throw notFound('发票尚未开具');
  const kind = row.kind === 'ofd' ? 'ofd' : 'pdf';
  const { stream, size } = await openPrivateDocument(store, row.file);
  return { stream, size, kind, name: `发票-${o.invoiceNumber || o.number}.${kind}` };
}

const toRequest = (r: Row<'fapiaoRequests'>): FapiaoRequest => ({
  orderId: r.orderId,
  invoiceType: r.invoiceType,
  title: r.title,
  taxpayerNumber: r.taxpayerNumber,
  email: r.email,
  createTime: r.createdAt,
  handledAt: r.handledAt,
});

/** The fapiao side of the member's order: whether the file is there and their request. */
export async function fapiaoStatus(db: Db, userId: number, orderId: number): Promise<FapiaoStatus> {
  const o = await memberOrder(db, userId, orderId);
  const [file, request] = await Promise.all([
    repo.findFapiaoFile(db, o.id),
    repo.findFapiaoRequest(db, o.id),
  ]);
  return { file: file !== undefined, request: request ? toRequest(request) : null };
}

/**
 * The member asks for a fapiao after the order, with the type and title of their invoice data.
 * Once per order; a repeat answers the first request.
 */
export async function requestFapiao(
  db: Db,
  userId: number,
  orderId: number,
): Promise<FapiaoRequest> {
  const o = await memberOrder(db, userId, orderId);
  if (o.status === OrderStatus.CANCELLED) throw badRequest('订单已取消，不能申请发票');
  if (o.invoiceNumber) throw badRequest('该订单的发票已开具');
  const invoice = await repo.memberInvoice(db, userId);
  if (!invoice || invoice.invoiceType === InvoiceType.NONE || !invoice.invoiceHeader) {
    throw badRequest('未设置发票，请编辑发票信息。');
  }
  await repo.insertFapiaoRequest(db, {
    orderId: o.id,
    userId,
    invoiceType: invoice.invoiceType,
    title: invoice.invoiceHeader,
    taxpayerNumber: invoice.taxpayerNumber,
    email: invoice.invoiceEmail,
    createdAt: now(),
    handledAt: null,
  });
  const row = await repo.findFapiaoRequest(db, o.id);
  if (!row) throw new Error('fapiao request not stored');
  return toRequest(row);
}

export async function listFapiaoRequests(
  db: Db,
  q: { pending: boolean; page: number; size: number },
): Promise<Paged<FapiaoRequest & { number: string }>> {
  const page = await repo.pageFapiaoRequests(db, q.pending, q);
  return { ...page, records: page.records.map((r) => ({ ...toRequest(r), number: r.number })) };
}

// ---- reimbursement pack ----------------------------------------------------------------------

/** 报销材料: the confirmation, every delivery note and the fapiao file of the order, as a ZIP. */
export async function reimbursementZip(
  db: Db,
  store: FileStore,
  userId: number,
  orderId: number,
): Promise<{ zip: Buffer; name: string }> {
  const o = await memberOrder(db, userId, orderId);
  const deliveries = await orders.packagesForBuyer(db, o.id);
  const files: { name: string; data: Buffer | Readable }[] = [];
  const confirmation = await confirmationPdf(db, store, userId, orderId);
  files.push({ name: confirmation.name, data: confirmation.pdf });
  for (const d of deliveries) {
    const note = await deliveryNote(db, store, o, d);
    files.push({ name: note.name, data: note.pdf });
  }
  if (await repo.findFapiaoFile(db, o.id)) {
    const f = await fapiaoFile(db, store, userId, orderId);
    files.push({ name: f.name, data: f.stream });
  }
  const zip = new JSZip();
  for (const f of files) zip.file(f.name, f.data, { date: new Date(o.createdAt) });
  const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return { zip: data, name: `报销材料-${o.number}.zip` };
}
