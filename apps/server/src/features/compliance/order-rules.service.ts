import {
  checkOrder,
  isRegulationCategory,
  requiredDocument,
  type QualificationKind,
  type RuleDocument,
  type RuleLine,
} from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { storedNet } from '../catalogue/regulation-columns.ts';
import * as repo from './compliance.repository.ts';
import { today, asStored, asUnit } from './stored-values.ts';

/*
 * The buying rules at ordering (docs/compliance.md): which documents an order's regulated lines
 * need, the quantities they take off those documents, and what a cancelled order gives back.
 */

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
