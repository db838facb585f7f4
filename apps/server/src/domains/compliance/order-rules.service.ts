import {
  checkOrder,
  requiredDocument,
  type QualificationKind,
  type RuleDocument,
  type RuleLine,
  type RuleOptions,
  type RuleResult,
  InvoiceType,
} from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseCategories, storedNet } from '../../lib/regulation-columns.ts';
import { findOrg, memberRole, roleOrNotFound } from '../organizations/index.ts';
import * as repo from './compliance.repository.ts';
import type { DocumentOwner } from './compliance.repository.ts';
import { today, asStored, asUnit } from './stored-values.ts';

/*
 * The buying rules at ordering (docs/compliance.md): which documents an order's regulated lines
 * need, the quantities they take off those documents, and what a cancelled order gives back.
 */

export interface OrderLineInput {
  materialId: number;
  quantity: number;
  /** The buyer's stated use of the line (易制爆). */
  purpose?: string;
}

export interface CompliancePlan {
  takes: { line: number; documentId: number; substanceId: number; amount: number }[];
  /** Line index → documents that allowed it (licence and permit or record). */
  documents: Map<number, number[]>;
}

/**
 * The company an order is made for: the organization it is placed for, else its invoice title
 * when it asks for one, else the member's.
 */
export async function orderCompany(
  db: Db,
  userId: number,
  order: { invoiceType: number; invoiceCompanyName: string; orgId?: number | null },
): Promise<string> {
  if (order.orgId != null) return (await findOrg(db, order.orgId))?.name ?? '';
  if (order.invoiceType !== InvoiceType.NONE && order.invoiceCompanyName.trim() !== '') {
    return order.invoiceCompanyName;
  }
  return repo.userCompany(db, userId);
}

/** The rules of checkOrder (packages/shared/src/regulation.ts) over the owner's documents. */
async function evaluate(
  db: Db,
  owner: DocumentOwner,
  company: string,
  lines: readonly OrderLineInput[],
  at: number,
  options: RuleOptions,
): Promise<RuleResult> {
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
    const categories = p ? parseCategories(p.regulationCategories, p.regulationCategory) : [];
    return {
      ...(p ? { productId: p.productId } : {}),
      name: p?.name ?? '',
      pack: p?.pack ?? '',
      cas: p?.cas ?? '',
      category: categories[0] ?? null,
      categories,
      purpose: l.purpose ?? '',
      net: p ? storedNet(p) : null,
      count: l.quantity,
    };
  });
  if (!ruleLines.some((l) => l.categories?.some((c) => requiredDocument(c) !== null))) {
    return { ok: true, takes: [], documents: new Map() };
  }
  const day = today(at);
  const docs = await repo.usableQualifications(db, owner, day);
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
  // An organization's documents are uploaded on its 单位资质 tab: a refusal says so, naming it.
  const forOrg = owner.orgId === null ? {} : { orgName: company };
  return checkOrder(ruleLines, ruleDocs, company, day, { ...options, ...forOrg });
}

/**
 * Checks an order's lines against the documents of its owner (the member, or the organization it
 * is placed for), every class of every line; a refusal throws a Chinese message naming every
 * refused product and the documents it needs (and the stated use of a 易制爆 line). Answers what
 * the order will take off which document.
 */
export async function planOrder(
  db: Db,
  owner: DocumentOwner,
  company: string,
  lines: readonly OrderLineInput[],
  at: number,
): Promise<CompliancePlan> {
  const result = await evaluate(db, owner, company, lines, at, { purposeRequired: true });
  if (!result.ok) throw badRequest(result.message);
  const documents = new Map<number, number[]>();
  for (const [line, doc] of result.documents) documents.set(line, [doc]);
  for (const t of result.takes)
    documents.set(t.line, [...(documents.get(t.line) ?? []), t.documentId]);
  return { takes: result.takes, documents };
}

export interface CheckedOrg {
  id: number;
  name: string;
}

export interface LineCheck {
  materialId: number;
  blocked: boolean;
  message: string;
  needs: QualificationKind[];
  needsPurpose: boolean;
  holderDiffers: boolean;
  /** Whose documents were checked: the organization's, or null for the member's own. */
  org: CheckedOrg | null;
}

/**
 * The organization whose documents count for what a member is about to buy (docs/compliance.md
 * section 6): `explicit` when the caller gives one (a non-member: 404 单位不存在, as every
 * organization route), none when the caller asks for their own (null), else the organization
 * the request names (X-Org-Id, lib/org-of-request.ts) when the caller is its member; a
 * non-member naming one gets their own documents, never the organization's.
 */
export async function buyingOrg(
  db: Db,
  userId: number,
  explicit: number | null | undefined,
  named: number | null,
): Promise<CheckedOrg | null> {
  let orgId: number | null = null;
  if (explicit != null) {
    await roleOrNotFound(db, explicit, userId);
    orgId = explicit;
  } else if (explicit === undefined && named !== null) {
    orgId = (await memberRole(db, named, userId)) === null ? null : named;
  }
  if (orgId === null) return null;
  const org = await findOrg(db, orgId);
  return org ? { id: org.id, name: org.name } : null;
}

/**
 * What the cart and the product page show before checkout: each line checked alone against the
 * member's documents and company, or an organization's documents and name (`org`, see
 * buyingOrg), as its order would be, with the documents it still needs (the order may still be
 * refused when lines together exceed a document, or when its invoice title differs; the order
 * decides). A 易制爆 line is not blocked for its stated use, which the confirm page asks;
 * `needsPurpose` says so.
 */
export async function checkLines(
  db: Db,
  userId: number,
  lines: readonly OrderLineInput[],
  org: CheckedOrg | null = null,
): Promise<LineCheck[]> {
  const owner = { userId, orgId: org?.id ?? null };
  const company = org === null ? await repo.userCompany(db, userId) : org.name;
  const at = now();
  const packs = new Map(
    (
      await repo.regulatedPacks(
        db,
        lines.map((l) => l.materialId),
      )
    ).map((p) => [p.materialId, p]),
  );
  const out: LineCheck[] = [];
  for (const line of lines) {
    const result = await evaluate(db, owner, company, [line], at, {
      purposeRequired: false,
    });
    const refused = result.ok ? undefined : result.refused[0];
    const p = packs.get(line.materialId);
    const categories = p ? parseCategories(p.regulationCategories, p.regulationCategory) : [];
    out.push({
      materialId: line.materialId,
      blocked: refused !== undefined,
      message: refused?.reason ?? '',
      needs: refused?.needs ?? [],
      needsPurpose: categories.includes('explosive-precursor'),
      holderDiffers: refused?.holderDiffers ?? false,
      org,
    });
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
