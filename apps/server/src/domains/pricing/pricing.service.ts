import { toFen, toYuan, type ContractTier } from '@labshop/shared';
import type { PriceListBody, PriceListView, priceListBody } from '@labshop/shared/schemas';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './pricing.repository.ts';

/*
 * Contract price lists (docs/contract-prices-credit.md section 1): kept by staff with permission
 * catalogue, every write audited; read by every place the server prices a line through
 * contractPricesFor.
 */

export const PRICE_LIST_NOT_FOUND = '价目表不存在';
const PACK_NOT_FOUND = '价格行中有不存在的规格，请刷新后重试';
const ORG_NOT_FOUND = '适用单位不存在，请刷新后重试';

type PriceListInput = z.output<typeof priceListBody>;
export type { PriceListBody };

/** Refuses a list naming a pack or an organization that is not there. */
async function assertReferences(db: Db, input: PriceListInput): Promise<void> {
  const packIds = [...new Set(input.lines.map((l) => l.materialId))];
  const packs = await repo.existingPacks(db, packIds);
  if (packIds.some((id) => !packs.has(id))) throw badRequest(PACK_NOT_FOUND);
  const orgIds = [...new Set(input.orgIds)];
  const orgs = await repo.existingOrgs(db, orgIds);
  if (orgIds.some((id) => !orgs.has(id))) throw badRequest(ORG_NOT_FOUND);
}

const linesOf = (input: PriceListInput): repo.LineFields[] =>
  input.lines.map((l) => ({
    materialId: l.materialId,
    price: toFen(l.price),
    minQuantity: l.minQuantity,
  }));

/** What the audit row keeps of a list: its fields and its size, not every line. */
const auditOf = (input: PriceListInput) => ({
  name: input.name,
  orgIds: [...new Set(input.orgIds)],
  validFrom: input.validFrom,
  validUntil: input.validUntil,
  lines: input.lines.length,
});

export async function createPriceList(
  db: Db,
  staff: StaffIdentity,
  input: PriceListInput,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    await assertReferences(trx, input);
    const id = await repo.insertList(trx, { ...input, createdBy: staff.id, at: now() });
    await repo.replaceContents(trx, id, [...new Set(input.orgIds)], linesOf(input));
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'price-list.create',
      target: `price-list:${id}`,
      before: null,
      after: auditOf(input),
    });
    return { id };
  });
}

/**
 * Replaces a list's fields, organizations and lines (expiring a list is an edit that moves its
 * validUntil to now). The list's row is updated first, so two edits at once take turns.
 */
export async function updatePriceList(
  db: Db,
  staff: StaffIdentity,
  id: number,
  input: PriceListInput,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findList(trx, id);
    if (!before) throw notFound(PRICE_LIST_NOT_FOUND);
    await repo.updateList(trx, id, { ...input, at: now() });
    await assertReferences(trx, input);
    const beforeOrgs = await repo.orgsOfLists(trx, [id]);
    await repo.replaceContents(trx, id, [...new Set(input.orgIds)], linesOf(input));
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'price-list.update',
      target: `price-list:${id}`,
      before: {
        name: before.name,
        orgIds: beforeOrgs.map((o) => o.id),
        validFrom: Number(before.validFrom),
        validUntil: Number(before.validUntil),
      },
      after: auditOf(input),
    });
  });
}

type ListHead = Omit<PriceListView, 'lines'>;

async function headsOf(db: Db, rows: readonly Row<'priceLists'>[]): Promise<ListHead[]> {
  const orgs = await repo.orgsOfLists(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const own = orgs.filter((o) => o.listId === r.id).map((o) => ({ id: o.id, name: o.name }));
    return {
      id: r.id,
      name: r.name,
      orgIds: own.map((o) => o.id),
      orgs: own,
      validFrom: Number(r.validFrom),
      validUntil: Number(r.validUntil),
      createTime: Number(r.createdAt),
    };
  });
}

export async function getPriceList(db: Db, id: number): Promise<PriceListView> {
  const row = await repo.findList(db, id);
  if (!row) throw notFound(PRICE_LIST_NOT_FOUND);
  const [[head], lines] = await Promise.all([headsOf(db, [row]), repo.linesOfList(db, id)]);
  return {
    ...head!,
    lines: lines.map((l) => ({
      materialId: l.materialId,
      number: l.number,
      name: l.name,
      pack: l.pack,
      price: toYuan(Number(l.price)),
      minQuantity: l.minQuantity,
    })),
  };
}

/** The lists with their lines counted, newest first. */
export async function listPriceLists(
  db: Db,
  query: { page: number; size: number; keyword: string; orgId?: number | undefined },
) {
  const page = await repo.listPage(db, query, query);
  const ids = page.records.map((r) => r.id);
  const [heads, counts] = await Promise.all([headsOf(db, page.records), repo.lineCounts(db, ids)]);
  return {
    ...page,
    records: heads.map((h) => ({ ...h, lineCount: counts.get(h.id) ?? 0 })),
  };
}

/**
 * The tiers in force at `at` of the organization's lists for the given packs, by pack: what
 * resolvePrice weighs against the member price.
 */
export async function contractPricesFor(
  db: Db,
  orgId: number,
  materialIds: readonly number[],
  at: number,
): Promise<Map<number, ContractTier[]>> {
  const rows = await repo.tiersOf(db, orgId, [...new Set(materialIds)], at);
  const byPack = new Map<number, ContractTier[]>();
  for (const r of rows) {
    const tiers = byPack.get(r.materialId) ?? [];
    tiers.push({
      listId: r.listId,
      price: Number(r.price),
      minQuantity: r.minQuantity,
      validFrom: Number(r.validFrom),
      validUntil: Number(r.validUntil),
    });
    byPack.set(r.materialId, tiers);
  }
  return byPack;
}
