import type { Material } from '@labshop/shared/schemas';

/** Total stock of a pack size over all warehouses. */
export const totalStock = (m: Pick<Material, 'stocks'>): number =>
  m.stocks.reduce((sum, s) => sum + Math.max(0, s.materialCount), 0);

/** Lowest market price among the pack sizes, or null (询价) when none has one. */
export function lowestPrice(materials: readonly Pick<Material, 'price'>[]): number | null {
  const prices = materials.map((m) => m.price).filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : null;
}
