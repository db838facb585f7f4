import { toYuan } from '@labshop/shared';
import type { Material, ProductCard, SdsEntry } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { catalogueDayVersion } from '../../lib/catalogue-version.ts';
import { approximateBytes, keptPerVersion } from '../../lib/kept-per-version.ts';
import { chinaDate, now } from '../../lib/clock.ts';
import { heldByPaidOrders, packsWithStock } from '../stock/index.ts';
import * as repo from './product-cards.repository.ts';
import { regulationOf } from '../../lib/regulation-columns.ts';
import { currentSdsOf } from '../safety/index.ts';
import { dispatchDateOf, isOutOfStock } from '../shipping/index.ts';

const yuanOrNull = (fen: number | null): number | null => (fen === null ? null : toYuan(fen));

type CardProductRow = Awaited<ReturnType<typeof repo.findCardProducts>>[number];
type CardMaterialRow = Awaited<ReturnType<typeof packsWithStock>>[number];
/** A card without its packs and safety data sheets: the same for every request of a version. */
type CardProduct = Omit<ProductCard, 'materials' | 'sds'>;

/**
 * What a card is made of: its product part, built from the product row when read (null when
 * unknown or off sale), its pack rows and the units of its packs that paid orders hold (paying or
 * cancelling a paid order bumps the catalogue version, so kept rows never show held stock as for
 * sale).
 */
interface CardRows {
  product: CardProduct | null;
  packs: CardMaterialRow[];
  held: ReadonlyMap<number, number>;
  /** The current safety data sheets the card links (docs/safety.md). */
  sds: SdsEntry[];
}

/** Memory the kept cards of a process may take (`approximateBytes`): 32 MB. */
const MAX_KEPT_CARD_BYTES = 32 * 1024 * 1024;

/** Card rows by product id for the current catalogue version, least recently used dropped. */
const keptCards = keptPerVersion<number, CardRows>('product cards', catalogueDayVersion, {
  maxSize: MAX_KEPT_CARD_BYTES,
  sizeCalculation: approximateBytes,
});

/**
 * Loads product cards for the given ids, in the order of `ids` (unknown ids are skipped). Visitors
 * get userPrice null. Products and packs taken off sale are left out: the storefront never shows
 * them. A card's rows are kept for the catalogue version they were read in (every write to
 * products, packs, prices or stock bumps it), so a page of cards already seen, by visitors or
 * members, reads nothing; the others take three queries whatever their number, run side by side:
 * products with brands, their packs with the packs' stock per warehouse, and what paid orders
 * hold of those packs.
 */
export async function loadProductCards(
  db: Db,
  ids: readonly number[],
  showMemberPrice: boolean,
): Promise<ProductCard[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];

  const kept = await keptCards(db);
  const rows = new Map<number, CardRows>();
  for (const id of unique) {
    const found = kept.get(id);
    if (found) rows.set(id, found);
  }
  const missing = unique.filter((id) => !rows.has(id));
  if (missing.length > 0) {
    const [products, packRows, held, sheets] = await Promise.all([
      repo.findCardProducts(db, missing),
      packsWithStock(db, missing, chinaDate(now())),
      heldByPaidOrders(db, { productIds: missing }),
      currentSdsOf(db, missing),
    ]);
    const byId = new Map(products.map((p) => [p.id, p]));
    for (const id of missing) {
      const product = byId.get(id);
      const read: CardRows = {
        product: product ? cardProductOf(product) : null,
        packs: [],
        held,
        sds: sheets.get(id) ?? [],
      };
      rows.set(id, read);
      kept.set(id, read);
    }
    // Pack rows come in display order; each goes to its product's card.
    for (const pack of packRows) rows.get(pack.productId)?.packs.push(pack);
  }

  // Plain loops and one object shape: this runs for every card of every answer, and the answer
  // serializer is several times faster on cards of one shape (docs/performance.md).
  const packRows: CardMaterialRow[] = [];
  const held = new Map<number, number>();
  for (const id of unique) {
    const card = rows.get(id);
    if (!card) continue;
    for (const pack of card.packs) {
      packRows.push(pack);
      const units = card.held.get(pack.id);
      if (units !== undefined) held.set(pack.id, units);
    }
  }
  const materials = materialsOf(packRows, showMemberPrice, held);
  const cards: ProductCard[] = [];
  for (const id of unique) {
    const card = rows.get(id);
    if (card?.product) cards.push(cardOf(card.product, materials.get(id) ?? [], card.sds));
  }
  return cards;
}

/**
 * A card of its parts, written out property by property: spreading the kept product part into
 * every answer's card cost more than everything else a kept card takes.
 */
const cardOf = (p: CardProduct, materials: Material[], sds: SdsEntry[]): ProductCard => ({
  id: p.id,
  name: p.name,
  nameEn: p.nameEn,
  alias: p.alias,
  introduction: p.introduction,
  brandName: p.brandName,
  cas: p.cas,
  number: p.number,
  temperature: p.temperature,
  molecularWeight: p.molecularWeight,
  molecularFormula: p.molecularFormula,
  image: p.image,
  summary: p.summary,
  smiles: p.smiles,
  inchiKey: p.inchiKey,
  regulation: p.regulation,
  materials,
  sds,
});

/**
 * A product row as the card shows it, built once per kept row: rebuilding it per request (the
 * regulation columns parsed, the row spread again) cost more than the rest of a kept card.
 */
function cardProductOf(row: CardProductRow): CardProduct {
  const { regulationCategory, regulationCategories, ghs, ...card } = row;
  return {
    ...card,
    brandName: row.brandName ?? '',
    regulation: regulationOf({ regulationCategory, regulationCategories, ghs }),
  };
}

/**
 * The on-sale packs of pack rows (`packsWithStock`) by product id, in their rows' order. Each
 * warehouse shows what can still be sold: the units paid orders hold (`held`, by pack id) are
 * taken off the pack's warehouses in the order listed (docs/catalogue.md, "Held stock").
 */
export function materialsOf(
  packRows: readonly CardMaterialRow[],
  showMemberPrice: boolean,
  held: ReadonlyMap<number, number>,
): Map<number, Material[]> {
  const materialsByProduct = new Map<number, Material[]>();
  const leadTimes = new Map(packRows.map((r) => [r.id, r.leadTimeDays]));
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
        expire: row.nextExpire,
        expectedShipDate: null,
        outOfStock: false,
      };
      const list = materialsByProduct.get(row.productId) ?? [];
      list.push(last);
      materialsByProduct.set(row.productId, list);
    }
    if (row.storeId !== null && row.storeName !== null && row.count !== null) {
      last.stocks.push({
        storeId: row.storeId,
        storeName: row.storeName,
        // Units of expired lots never ship: they are not for sale.
        materialCount: Math.max(0, row.count - Number(row.expiredUnits)),
      });
    }
  }
  const at = now();
  for (const list of materialsByProduct.values()) {
    for (const material of list) {
      takeOffHeld(material, held.get(material.id) ?? 0);
      // A pack with nothing for sale ships after its lead time, if it has one (docs/shipping.md).
      const stock = material.stocks.reduce((sum, s) => sum + s.materialCount, 0);
      const pack = { stock, leadTimeDays: leadTimes.get(material.id) ?? null };
      material.expectedShipDate = dispatchDateOf(pack, 1, at);
      // Neither: 库存不足, it cannot be ordered (the stock column still reads 订购, SPEC 9).
      material.outOfStock = isOutOfStock(pack, 1);
    }
  }
  return materialsByProduct;
}

/** Takes `units` held by paid orders off a pack's warehouses, first listed first. */
function takeOffHeld(material: Material, units: number): void {
  let left = units;
  for (const stock of material.stocks) {
    if (left <= 0) return;
    const taken = Math.min(stock.materialCount, left);
    stock.materialCount -= taken;
    left -= taken;
  }
}
