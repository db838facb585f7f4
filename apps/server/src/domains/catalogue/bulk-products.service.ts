import { toFen, toYuan } from '@labshop/shared';
import { PRICE_MAX_YUAN, type BulkPriceInput } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { afterCatalogueWrite } from '../search/index.ts';
import { adjustedPriceFen } from './bulk-price.ts';
import * as repo from './catalogue-admin.repository.ts';

/*
 * Bulk actions on the product list (docs/console.md, "Bulk actions"): one transaction for all
 * the products, an audit row per product that changed, and the search index and catalogue
 * caches refreshed once, as a single product save does (afterCatalogueWrite).
 */

const PRICE_MAX_FEN = toFen(PRICE_MAX_YUAN);
const FIELD_NAME = { price: '市场价', userPrice: '会员价' } as const;

/** The products by id, in id order; an unknown id refuses the whole request. */
async function requireProducts(trx: Db, ids: readonly number[]) {
  const rows = await repo.findProductsByIds(trx, ids);
  const found = new Set(rows.map((p) => p.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw badRequest(`商品不存在（ID ${missing}）`);
  return rows;
}

/** 批量上架 / 批量下架: answers how many products changed (those already so are left alone). */
export async function bulkSetOnSale(
  db: Db,
  ids: readonly number[],
  onSale: boolean,
  staffId: number,
): Promise<{ changed: number }> {
  return db.transaction().execute(async (trx) => {
    const changing = (await requireProducts(trx, ids)).filter((p) => (p.onSale === 1) !== onSale);
    const at = now();
    for (const p of changing) {
      await repo.updateProduct(trx, p.id, { onSale: onSale ? 1 : 0, updatedAt: at });
      await recordAudit(trx, {
        staffId,
        action: onSale ? 'product.on-sale' : 'product.off-sale',
        target: `product:${p.id}`,
        before: { onSale: !onSale },
        after: { onSale },
      });
    }
    if (changing.length > 0)
      await afterCatalogueWrite(
        trx,
        changing.map((p) => p.id),
      );
    return { changed: changing.length };
  });
}

/**
 * 批量改价: every pack of the products that has the chosen price gets the new one (a pack
 * without it, 询价, stays so). A result below 0.01 or above the catalogue's highest price
 * refuses the whole request, naming the product and pack. Each price is written only if it is
 * still the one read, so a concurrent change is never overwritten with a price worked out from
 * the old one. Answers how many products changed.
 */
export async function bulkSetPrices(
  db: Db,
  input: BulkPriceInput,
  staffId: number,
): Promise<{ changed: number }> {
  const { field } = input;
  return db.transaction().execute(async (trx) => {
    const products = await requireProducts(trx, input.ids);
    const packs = await repo.listMaterials(trx, input.ids);
    const at = now();
    const changed: number[] = [];
    for (const p of products) {
      const before: Record<string, number> = {};
      const after: Record<string, number> = {};
      for (const m of packs.filter((x) => x.productId === p.id)) {
        const old = m[field];
        if (old === null) continue;
        const next = adjustedPriceFen(old, input);
        const where = `${p.number} ${m.pack}`;
        if (next < 1) throw badRequest(`${where} 调整后${FIELD_NAME[field]}低于 0.01 元`);
        if (next > PRICE_MAX_FEN) throw badRequest(`${where} 调整后${FIELD_NAME[field]}超过上限`);
        if (next === old) continue;
        if (!(await repo.replaceMaterialPrice(trx, m.id, field, old, next))) {
          throw badRequest(`${where} 的价格已被修改，请刷新后重试`);
        }
        before[m.pack] = toYuan(old);
        after[m.pack] = toYuan(next);
      }
      if (Object.keys(after).length === 0) continue;
      changed.push(p.id);
      await repo.updateProduct(trx, p.id, { updatedAt: at });
      await recordAudit(trx, {
        staffId,
        action: 'product.prices',
        target: `product:${p.id}`,
        before: { [field]: before },
        after: { [field]: after },
      });
    }
    if (changed.length > 0) await afterCatalogueWrite(trx, changed);
    return { changed: changed.length };
  });
}
