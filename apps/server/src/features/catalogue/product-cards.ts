import { toYuan } from '@labshop/shared';
import type { Material, ProductCard } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';

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

  const products = await db
    .selectFrom('products as p')
    .leftJoin('brands as b', 'b.id', 'p.brandId')
    .select([
      'p.id',
      'p.name',
      'p.nameEn',
      'p.alias',
      'p.introduction',
      'b.name as brandName',
      'p.cas',
      'p.number',
      'p.temperature',
      'p.molecularWeight',
      'p.molecularFormula',
      'p.image',
      'p.summary',
      'p.smiles',
      'p.inchiKey',
    ])
    .where('p.id', 'in', unique)
    .where('p.onSale', '=', 1)
    .execute();
  if (products.length === 0) return [];

  const materials = await db
    .selectFrom('materials')
    .select(['id', 'productId', 'pack', 'price', 'userPrice'])
    .where(
      'productId',
      'in',
      products.map((p) => p.id),
    )
    .where('onSale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();

  const stocks =
    materials.length === 0
      ? []
      : await db
          .selectFrom('materialStocks as s')
          .innerJoin('stores as st', 'st.id', 's.storeId')
          .select(['s.materialId', 's.storeId', 'st.name as storeName', 's.count'])
          .where(
            's.materialId',
            'in',
            materials.map((m) => m.id),
          )
          .orderBy('s.storeId')
          .execute();

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
