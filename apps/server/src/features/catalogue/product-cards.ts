import { toYuan } from '@labshop/shared';
import type { Material, ProductCard } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import * as repo from './product-cards.repository.ts';

const yuanOrNull = (fen: number | null): number | null => (fen === null ? null : toYuan(fen));

type CardMaterialRow = Awaited<ReturnType<typeof repo.findCardMaterials>>[number];

/**
 * Loads product cards for the given ids, in the order of `ids` (unknown ids are skipped), with
 * two queries whatever the number of products, run side by side: products with brands, and
 * their packs with the packs' stock per warehouse. Visitors get userPrice null. Products and
 * packs taken off sale are left out: the storefront never shows them.
 */
export async function loadProductCards(
  db: Db,
  ids: readonly number[],
  showMemberPrice: boolean,
): Promise<ProductCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];

  const [products, packRows] = await Promise.all([
    repo.findCardProducts(db, unique),
    repo.findCardMaterials(db, unique),
  ]);
  const materials = materialsOf(packRows, showMemberPrice);
  const byId = new Map(
    products.map((p) => [
      p.id,
      { ...p, brandName: p.brandName ?? '', materials: materials.get(p.id) ?? [] },
    ]),
  );
  return unique.flatMap((id) => byId.get(id) ?? []);
}

/** The on-sale packs of pack rows (`findCardMaterials`) by product id, in their rows' order. */
export function materialsOf(
  packRows: readonly CardMaterialRow[],
  showMemberPrice: boolean,
): Map<number, Material[]> {
  const materialsByProduct = new Map<number, Material[]>();
  let last: Material | undefined;
  for (const row of packRows) {
    // Rows of one pack come together, one per warehouse holding stock.
    if (last?.id !== row.id) {
      last = {
        id: row.id,
        pack: row.pack,
        price: yuanOrNull(row.price),
        userPrice: showMemberPrice ? yuanOrNull(row.userPrice) : null,
        stocks: [],
      };
      const list = materialsByProduct.get(row.productId) ?? [];
      list.push(last);
      materialsByProduct.set(row.productId, list);
    }
    if (row.storeId !== null && row.storeName !== null && row.count !== null) {
      last.stocks.push({
        storeId: row.storeId,
        storeName: row.storeName,
        materialCount: row.count,
      });
    }
  }
  return materialsByProduct;
}
