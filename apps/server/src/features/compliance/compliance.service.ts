import type { z } from 'zod';
import {
  QUALIFICATION_LABEL,
  REGULATION_LABEL,
  chinaDate,
  checkOrder,
  effectiveStatus,
  fromBase,
  isRegulationCategory,
  requiredDocument,
  toBase,
  type DocumentUnit,
  type Paged,
  type QualificationKind,
  type RuleDocument,
  type RuleLine,
} from '@labshop/shared';
import {
  qualificationFields,
  substanceInput,
  type LedgerRow,
  type ManageQualification,
  type ManageQualificationDetail,
  type Qualification,
  type ledgerQuery,
  type manageQualificationQuery,
  type reviewBody,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { parseFields, type UploadedFile } from '../../lib/multipart.ts';
import { readPrivateDocument, savePrivateDocument } from '../../lib/uploads.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { notify } from '../notifications/notify.ts';
import type { StaffIdentity } from '../staff/staff.service.ts';
import { storedNet } from '../catalogue/regulation-columns.ts';
import * as repo from './compliance.repository.ts';

const NOT_FOUND = '证件不存在';
const DAY = 86_400_000;

const today = (at = now()) => chinaDate(at);
const asStored = (s: string) =>
  s === 'approved' || s === 'rejected' ? s : ('pending' as 'pending' | 'approved' | 'rejected');
const asUnit = (u: string) => u as DocumentUnit;

function toQualification(q: repo.QualificationRow, subs: repo.SubstanceRow[]): Qualification {
  return {
    id: q.id,
    kind: q.kind as QualificationKind,
    number: q.number,
    holder: q.holder,
    validUntil: q.validUntil,
    status: effectiveStatus(asStored(q.status), q.validUntil, today()),
    reason: q.reason,
    fileType: q.fileType,
    createTime: q.createdAt,
    reviewTime: q.reviewedAt,
    substances: subs
      .filter((s) => s.qualificationId === q.id)
      .map((s) => ({
        id: s.id,
        cas: s.cas,
        unit: asUnit(s.unit),
        quantity: fromBase(Number(s.quantity), asUnit(s.unit)),
        remaining: fromBase(Number(s.remaining), asUnit(s.unit)),
      })),
  };
}

/** Days from today (China) to the document's last day; negative once past. */
function daysLeft(validUntil: string, at = now()): number {
  const last = Date.parse(`${validUntil}T00:00:00Z`);
  const day = Date.parse(`${today(at)}T00:00:00Z`);
  return Math.round((last - day) / DAY);
}

// ---- members ------------------------------------------------------------------------------

/**
 * POST /client/v1/user/qualifications: the document's fields are checked (a document already
 * past its last day is refused; every kind but the licence lists substances with quantities),
 * its file is stored privately after its content proved to be a PDF, JPEG or PNG, and it waits
 * for review.
 */
export async function uploadQualification(
  db: Db,
  privateDir: string,
  userId: number,
  fields: Record<string, string>,
  file: UploadedFile | undefined,
): Promise<{ id: number }> {
  const input = parseFields(qualificationFields, fields);
  if (input.validUntil < today()) throw badRequest('证件已过有效期，不能上传');
  const substances = parseSubstances(input.kind, input.substances);
  if (!file || file.data.length === 0) throw badRequest('请上传证件文件（PDF、JPEG 或 PNG）');
  const stored = await savePrivateDocument(privateDir, 'qualifications', file.data);
  const t = now();
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertQualification(trx, {
      userId,
      kind: input.kind,
      number: input.number,
      holder: input.holder,
      validUntil: input.validUntil,
      status: 'pending',
      file: stored.file,
      fileType: stored.type,
      fileName: file.filename.slice(0, 200),
      reviewedBy: null,
      reviewedAt: null,
      createdAt: t,
      updatedAt: t,
    });
    await repo.insertSubstances(
      trx,
      substances.map((s) => {
        const base = toBase(s.quantity, s.unit).amount;
        return {
          qualificationId: id,
          cas: s.cas,
          unit: s.unit,
          quantity: base,
          remaining: base,
        };
      }),
    );
    await notify(trx, 'staff-document-to-review', {
      userId,
      documentName: QUALIFICATION_LABEL[input.kind],
    });
    return { id };
  });
}

function parseSubstances(kind: QualificationKind, text: string | undefined) {
  if (kind === 'business-licence') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? '');
  } catch {
    throw badRequest('请填写证件列明的品种和数量（substances）');
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    throw badRequest('请填写证件列明的品种和数量（substances）');
  }
  if (raw.length > 50) throw badRequest('品种最多 50 个');
  const list = raw.map((item) => {
    const parsed = substanceInput.safeParse(item);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '品种信息有误');
    return parsed.data;
  });
  const seen = new Set<string>();
  for (const s of list) {
    if (seen.has(s.cas)) throw badRequest(`品种重复：${s.cas}`);
    seen.add(s.cas);
  }
  return list;
}

export async function listOwn(db: Db, userId: number): Promise<Qualification[]> {
  const rows = await repo.qualificationsOfUser(db, userId);
  const subs = await repo.substancesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((q) => toQualification(q, subs));
}

export interface DocumentFile {
  data: Buffer;
  type: string;
  name: string;
}

/** The member's own document file; another member's answers 404 like an unknown one. */
export async function ownFile(
  db: Db,
  privateDir: string,
  userId: number,
  id: number,
): Promise<DocumentFile> {
  const q = await repo.findQualification(db, id, userId);
  if (!q) throw notFound(NOT_FOUND);
  return fileOf(privateDir, q);
}

async function fileOf(privateDir: string, q: repo.QualificationRow): Promise<DocumentFile> {
  const ext = q.fileType === 'application/pdf' ? 'pdf' : q.fileType === 'image/png' ? 'png' : 'jpg';
  return {
    data: await readPrivateDocument(privateDir, q.file),
    type: q.fileType,
    name: `qualification-${q.id}.${ext}`,
  };
}

// ---- staff ----------------------------------------------------------------------------------

type StaffRow = NonNullable<Awaited<ReturnType<typeof repo.findQualificationForStaff>>>;

function toManage(q: StaffRow, subs: repo.SubstanceRow[]): ManageQualification {
  return {
    ...toQualification(q, subs),
    userId: q.userId,
    account: q.account ?? '',
    company: q.company ?? '',
    daysLeft: daysLeft(q.validUntil),
    reviewerName: q.reviewerName ?? '',
  };
}

export async function listForStaff(
  db: Db,
  q: z.output<typeof manageQualificationQuery>,
): Promise<Paged<ManageQualification>> {
  const t = now();
  const page = await repo.pageQualifications(
    db,
    {
      status: q.status,
      today: today(t),
      expiringBy: q.expiringWithin === undefined ? undefined : today(t + q.expiringWithin * DAY),
      userId: q.userId,
    },
    { page: q.page, size: q.size },
  );
  const subs = await repo.substancesOf(
    db,
    page.records.map((r) => r.id),
  );
  return {
    records: page.records.map((r) => toManage(r, subs)),
    current: q.page,
    size: q.size,
    total: page.total,
  };
}

export async function detailForStaff(db: Db, id: number): Promise<ManageQualificationDetail> {
  const q = await repo.findQualificationForStaff(db, id);
  if (!q) throw notFound(NOT_FOUND);
  const [subs, moves] = await Promise.all([
    repo.substancesOf(db, [id]),
    repo.movementsOfQualification(db, id),
  ]);
  return {
    ...toManage(q, subs),
    movements: moves.map((m) => ({
      id: m.id,
      substanceId: m.substanceId,
      cas: m.cas,
      orderId: m.orderId,
      orderNumber: m.orderNumber ?? '',
      change: fromBase(Number(m.change), asUnit(m.unit)),
      remainingAfter: fromBase(Number(m.remainingAfter), asUnit(m.unit)),
      unit: asUnit(m.unit),
      reason: m.reason === 'cancel' ? 'cancel' : 'order',
      createTime: m.createdAt,
    })),
  };
}

export async function fileForStaff(db: Db, privateDir: string, id: number): Promise<DocumentFile> {
  const q = await repo.findQualification(db, id);
  if (!q) throw notFound(NOT_FOUND);
  return fileOf(privateDir, q);
}

/**
 * Approves a pending document, or rejects a pending or approved one (revoking it) with a reason
 * the member sees. Audited in the same transaction.
 */
export async function review(
  db: Db,
  staff: StaffIdentity,
  id: number,
  body: z.output<typeof reviewBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const q = await repo.findQualification(trx, id);
    if (!q) throw notFound(NOT_FOUND);
    const t = now();
    if (body.approve && q.validUntil < today(t)) throw badRequest('证件已过有效期，不能通过审核');
    const from = body.approve ? ['pending'] : ['pending', 'approved'];
    const status = body.approve ? 'approved' : 'rejected';
    const done = await repo.reviewQualification(trx, id, from, {
      status,
      reason: body.reason,
      reviewedBy: staff.id,
      reviewedAt: t,
    });
    if (!done) {
      throw badRequest(
        q.status === 'rejected' ? '该证件已驳回，请会员重新上传' : '该证件已审核通过',
      );
    }
    await notify(trx, 'document-reviewed', {
      userId: q.userId,
      documentName: QUALIFICATION_LABEL[q.kind as QualificationKind] ?? '证件',
      result: body.approve ? '审核通过' : '未通过',
      remark: body.reason,
      link: '/userinfo/1-5',
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: body.approve ? 'qualification.approve' : 'qualification.reject',
      target: `qualification:${id}`,
      before: { status: q.status, reason: q.reason },
      after: { status, reason: body.reason },
    });
  });
}

// ---- orders ---------------------------------------------------------------------------------

export interface OrderLineInput {
  materialId: number;
  quantity: number;
}

export interface CompliancePlan {
  takes: { line: number; documentId: number; substanceId: number; amount: number }[];
  /** Line index → documents that allowed it (licence and permit or record). */
  documents: Map<number, number[]>;
}

/** The company an order is made for: its invoice title when it asks for one, else the member's. */
export async function orderCompany(
  db: Db,
  userId: number,
  order: { invoiceType: number; invoiceCompanyName: string },
): Promise<string> {
  if (order.invoiceType !== 3 && order.invoiceCompanyName.trim() !== '') {
    return order.invoiceCompanyName;
  }
  return repo.userCompany(db, userId);
}

/**
 * Checks an order's lines against the member's documents (the rules of checkOrder in
 * packages/shared/src/regulation.ts); a refusal throws a Chinese message naming the product
 * and the document it needs. Answers what the order will take off which document.
 */
export async function planOrder(
  db: Db,
  userId: number,
  company: string,
  lines: readonly OrderLineInput[],
  at: number,
): Promise<CompliancePlan> {
  const packs = new Map(
    (
      await repo.regulatedPacks(
        db,
        lines.map((l) => l.materialId),
      )
    ).map((p) => [p.materialId, p]),
  );
  const ruleLines: RuleLine[] = lines.map((l) => {
    const p = packs.get(l.materialId);
    return {
      name: p?.name ?? '',
      pack: p?.pack ?? '',
      cas: p?.cas ?? '',
      category: isRegulationCategory(p?.regulationCategory) ? p.regulationCategory : null,
      net: p ? storedNet(p) : null,
      count: l.quantity,
    };
  });
  const empty: CompliancePlan = { takes: [], documents: new Map() };
  if (!ruleLines.some((l) => requiredDocument(l.category) !== null)) return empty;
  const day = today(at);
  const docs = await repo.usableQualifications(db, userId, day);
  const subs = await repo.substancesOf(
    db,
    docs.map((d) => d.id),
  );
  const ruleDocs: RuleDocument[] = docs.map((d) => ({
    id: d.id,
    kind: d.kind as QualificationKind,
    number: d.number,
    holder: d.holder,
    status: asStored(d.status),
    validUntil: d.validUntil,
    substances: subs
      .filter((s) => s.qualificationId === d.id)
      .map((s) => ({
        id: s.id,
        cas: s.cas,
        unit: asUnit(s.unit),
        remaining: Number(s.remaining),
      })),
  }));
  const result = checkOrder(ruleLines, ruleDocs, company, day);
  if (!result.ok) throw badRequest(result.message);
  const documents = new Map<number, number[]>();
  for (const [line, doc] of result.documents) documents.set(line, [doc]);
  for (const t of result.takes)
    documents.set(t.line, [...(documents.get(t.line) ?? []), t.documentId]);
  return { takes: result.takes, documents };
}

/**
 * What the cart shows before checkout: each line checked alone against the member's documents
 * and company (the order may still be refused when lines together exceed a document, or when
 * its invoice title differs; the order decides).
 */
export async function checkLines(
  db: Db,
  userId: number,
  lines: readonly OrderLineInput[],
): Promise<{ materialId: number; blocked: boolean; message: string }[]> {
  const company = await repo.userCompany(db, userId);
  const at = now();
  const out = [];
  for (const line of lines) {
    try {
      await planOrder(db, userId, company, [line], at);
      out.push({ materialId: line.materialId, blocked: false, message: '' });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      out.push({ materialId: line.materialId, blocked: true, message: err.message });
    }
  }
  return out;
}

const OVERDRAWN = '证件剩余数量已被其他订单使用，请刷新后重试';

/**
 * Takes the planned amounts off the documents inside the order's transaction. Each take is a
 * conditional update, so two orders racing for the last gram cannot both succeed: the loser
 * throws and its whole order rolls back.
 */
export async function applyPlan(
  trx: Db,
  plan: CompliancePlan,
  orderId: number,
  goodsIds: readonly number[],
  at: number,
): Promise<void> {
  const links: NewRow<'orderQualifications'>[] = [];
  for (const [line, docs] of plan.documents) {
    const orderGoodsId = goodsIds[line];
    if (orderGoodsId === undefined) continue;
    for (const qualificationId of docs) links.push({ orderGoodsId, qualificationId, orderId });
  }
  await repo.insertOrderQualifications(trx, links);
  for (const t of plan.takes) {
    const orderGoodsId = goodsIds[t.line];
    if (orderGoodsId === undefined) continue;
    const left = await repo.takeSubstance(trx, t.substanceId, t.amount);
    if (left === undefined) throw badRequest(OVERDRAWN);
    await repo.insertMovement(trx, {
      qualificationId: t.documentId,
      substanceId: t.substanceId,
      orderId,
      orderGoodsId,
      change: -t.amount,
      remainingAfter: left,
      reason: 'order',
      createdAt: at,
    });
  }
}

/**
 * Gives a cancelled order's amounts back to its documents, with a movement row each. Callers run
 * it in the transaction that cancels the order, after the conditional status change, so it runs
 * once per order.
 */
export async function returnForOrder(trx: Db, orderId: number, at: number): Promise<void> {
  const moves = await repo.movementsOfOrder(trx, orderId);
  const returned = new Set(
    moves.filter((m) => m.reason === 'cancel').map((m) => `${m.orderGoodsId}:${m.substanceId}`),
  );
  for (const m of moves) {
    if (m.reason !== 'order' || returned.has(`${m.orderGoodsId}:${m.substanceId}`)) continue;
    const amount = -Number(m.change);
    const left = await repo.giveBackSubstance(trx, m.substanceId, amount);
    await repo.insertMovement(trx, {
      qualificationId: m.qualificationId,
      substanceId: m.substanceId,
      orderId,
      orderGoodsId: m.orderGoodsId,
      change: amount,
      remainingAfter: left,
      reason: 'cancel',
      createdAt: at,
    });
  }
}

// ---- the sales ledger -----------------------------------------------------------------------

/**
 * Writes the ledger rows of a shipment, inside the shipping transaction: one per shipped line of
 * a product with a class, with the buyer, the document that allowed it and the staff who
 * shipped. Rows are only ever inserted (docs/compliance.md section 5).
 */
export async function recordShipment(
  trx: Db,
  staff: StaffIdentity,
  order: Row<'orders'>,
  deliveryId: number,
  shipped: readonly { orderGoodsId: number; quantity: number }[],
  at: number,
): Promise<void> {
  const goods = new Map((await repo.regulatedGoodsOfOrder(trx, order.id)).map((g) => [g.id, g]));
  if (goods.size === 0) return;
  const docs = await repo.documentsOfOrder(trx, order.id);
  const company = await orderCompany(trx, order.userId, order);
  const count = new Map<number, number>();
  for (const s of shipped) count.set(s.orderGoodsId, (count.get(s.orderGoodsId) ?? 0) + s.quantity);
  const rows: NewRow<'salesLedger'>[] = [];
  for (const [goodsId, n] of count) {
    const g = goods.get(goodsId);
    if (!g || !isRegulationCategory(g.regulationCategory)) continue;
    const mine = docs.filter((d) => d.orderGoodsId === goodsId);
    // The permit or record is the document of record; the licence where that is all it needed.
    const doc = mine.find((d) => d.kind !== 'business-licence') ?? mine[0];
    rows.push({
      shippedAt: at,
      orderId: order.id,
      orderNumber: order.number,
      deliveryId,
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
    });
  }
  await repo.insertLedgerRows(trx, rows);
}

function ledgerQuantity(r: Row<'salesLedger'>): { quantity: number | null; unit: string } {
  if (r.netAmount === null) return { quantity: null, unit: '' };
  const n = Number(r.netAmount);
  if (r.netDimension === 'volume') {
    return n >= 1_000_000
      ? { quantity: fromBase(n, 'L'), unit: 'L' }
      : { quantity: fromBase(n, 'mL'), unit: 'mL' };
  }
  return n >= 1_000_000
    ? { quantity: fromBase(n, 'kg'), unit: 'kg' }
    : { quantity: fromBase(n, 'g'), unit: 'g' };
}

export async function ledger(db: Db, q: z.output<typeof ledgerQuery>): Promise<LedgerRow[]> {
  const rows = await repo.ledgerRows(db, q.from, q.to);
  return rows.map((r) => ({
    id: r.id,
    shippedAt: r.shippedAt,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    productId: r.productId,
    productName: r.productName,
    cas: r.cas,
    category: isRegulationCategory(r.category) ? r.category : 'hazardous',
    pack: r.pack,
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
  }));
}

export const LEDGER_HEADERS = [
  '发货日期',
  '订单号',
  '品名',
  'CAS',
  '管控类别',
  '规格',
  '件数',
  '数量',
  '单位',
  '购买单位',
  '收货人',
  '联系电话',
  '收货地址',
  '证件类型',
  '证件编号',
  '发货人',
] as const;

const chinaTime = (ms: number) =>
  new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The ledger as sheet cells (writeCsv neutralises formulas). */
export function ledgerCells(rows: readonly LedgerRow[]): string[][] {
  return rows.map((r) => [
    chinaTime(r.shippedAt),
    r.orderNumber,
    r.productName,
    r.cas,
    REGULATION_LABEL[r.category],
    r.pack,
    String(r.count),
    r.quantity === null ? '' : String(r.quantity),
    r.unit,
    r.buyerCompany,
    r.consignee,
    r.consigneePhone,
    r.address,
    r.documentKind
      ? (QUALIFICATION_LABEL[r.documentKind as QualificationKind] ?? r.documentKind)
      : '',
    r.documentNumber,
    r.staffName,
  ]);
}
