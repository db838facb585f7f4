import { toYuan } from '@labshop/shared';
import type { Material, ProductCard } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import * as repo from './product-cards.repository.ts';

const yuanOrNull = (fen: number | null): number | null => (fen === null ? null : toYuan(fen));

/**
 * Loads product cards for the given ids, in the order of `ids` (unknown ids are skipped), with
 * three queries whatever the number of products: products with brands, their materials, and the
 * stocks of those materials. Visitors get userPrice null. Products and packs taken off sale are
 * left out: the storefront never shows them.
 */
export async function loadProductCards(
  db: Db,
  ids: readonly number[],
  showMemberPrice: boolean,
): Promise<ProductCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];

  const products = await repo.findCardProducts(db, unique);
  if (products.length === 0) return [];

  const materials = await repo.findCardMaterials(
    db,
    products.map((p) => p.id),
  );

  const stocks =
    materials.length === 0
      ? []
      : await repo.findCardStocks(
          db,
          materials.map((m) => m.id),
        );

  const stocksByMaterial = new Map<number, Material['stocks']>();
  for (const s of stocks) {
    const list = stocksByMaterial.get(s.materialId) ?? [];
    list.push({ storeId: s.storeId, storeName: s.storeName, materialCount: s.count });
    stocksByMaterial.set(s.materialId, list);
  }

  const materialsByProduct = new Map<number, Material[]>();
  for (const m of materials) {
    const list = materialsByProduct.get(m.productId) ?? [];
    list.push({
      id: m.id,
      pack: m.pack,
      price: yuanOrNull(m.price),
      userPrice: showMemberPrice ? yuanOrNull(m.userPrice) : null,
      stocks: stocksByMaterial.get(m.id) ?? [],
    });
    materialsByProduct.set(m.productId, list);
  }

  const byId = new Map(
    products.map((p) => [
      p.id,
      { ...p, brandName: p.brandName ?? '', materials: materialsByProduct.get(p.id) ?? [] },
    ]),
  );
  return unique.flatMap((id) => {
    const card = byId.get(id);
    return card ? [card] : [];
  });
}
