import { molecularWeight } from './chem.ts';
import { intBetween, randomFor, type Random } from './random.ts';
import { cosmeticGroups } from './data/products-cosmetic.ts';
import { drugGroups } from './data/products-drug.ts';
import { environmentGroups } from './data/products-environment.ts';
import { foodGroups } from './data/products-food.ts';
import { naturalGroups } from './data/products-natural.ts';
import { pesticideGroups } from './data/products-pesticide.ts';
import { supplyGroups } from './data/products-supplies.ts';
import { veterinaryGroups } from './data/products-veterinary.ts';
import type { BrandKey, Item, ProductCategoryKey, ProductGroup } from './data/types.ts';

const productGroups: ProductGroup[] = [
  ...drugGroups,
  ...foodGroups,
  ...pesticideGroups,
  ...veterinaryGroups,
  ...cosmeticGroups,
  ...environmentGroups,
  ...naturalGroups,
  ...supplyGroups,
];

export interface StockSpec {
  /** Index into `stores`. */
  store: number;
  count: number;
}

export interface MaterialSpec {
  pack: string;
  /** Fen; null shows 询价. */
  price: number | null;
  userPrice: number | null;
  stocks: StockSpec[];
}

/** One product ready to insert, minus the ids and times the database assigns. */
export interface ProductSpec {
  number: string;
  brand: BrandKey;
  category: ProductCategoryKey;
  group: string;
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
  introduction: string;
  summary: string;
  cas: string;
  temperature: string;
  molecularWeight: string;
  molecularFormula: string;
  control: string;
  mdl: string;
  /** Null where the product is not a single defined substance. */
  smiles: string | null;
  inchiKey: string | null;
  nationalStandard: string;
  purity: string;
  attributes: Record<string, string>;
  isHot: boolean;
  isNew: boolean;
  /** How many pictures the product has (1-3). */
  imageCount: number;
  materials: MaterialSpec[];
  /** Item numbers of similar products, in display order. */
  related: string[];
}

const DEFAULT_STEPS = [1, 1.8, 3.2, 5.5];

function priceStep(steps: number[], i: number): number {
  const known = steps[i];
  if (known !== undefined) return known;
  const last = steps[steps.length - 1] ?? 1;
  return last * 1.8 ** (i - steps.length + 1);
}

/** Market prices end in a whole yuan; larger ones in 5 or 10 yuan like a printed price list. */
function roundYuan(yuan: number): number {
  if (yuan >= 1000) return Math.round(yuan / 10) * 10;
  if (yuan >= 200) return Math.round(yuan / 5) * 5;
  return Math.max(1, Math.round(yuan));
}

/** Stock in 2-3 of the three warehouses: none at all, a little (< 50) or plenty (>= 50). */
function stocksFor(rnd: Random): StockSpec[] {
  const skipped = rnd() < 0.45 ? -1 : intBetween(rnd, 0, 2);
  const chosen = [0, 1, 2].filter((s) => s !== skipped);
  const level = rnd();
  if (level < 0.2) return chosen.map((store) => ({ store, count: 0 }));
  if (level < 0.5) {
    const counts = chosen.map(() => intBetween(rnd, 0, 14));
    if (!counts.some((c) => c > 0)) counts[0] = intBetween(rnd, 1, 9);
    return chosen.map((store, i) => ({ store, count: counts[i] ?? 0 }));
  }
  const counts = chosen.map(() => intBetween(rnd, 0, 160));
  counts[0] = Math.max(counts[0] ?? 0, intBetween(rnd, 50, 220));
  return chosen.map((store, i) => ({ store, count: counts[i] ?? 0 }));
}

function materialsFor(group: ProductGroup, item: Item, rnd: Random): MaterialSpec[] {
  const extra = item[4] ?? {};
  const packs = extra.packs ?? group.packs;
  const steps = extra.steps ?? group.steps ?? DEFAULT_STEPS;
  const n = extra.packs
    ? Math.min(4, packs.length)
    : Math.min(packs.length, 4, [1, 2, 2, 3, 3, 3, 4][intBetween(rnd, 0, 6)] ?? 2);
  const [lo, hi] = group.price;
  const first = extra.price ?? lo + rnd() * (hi - lo);
  const discount = [0.85, 0.88, 0.9, 0.92][intBetween(rnd, 0, 3)] ?? 0.9;
  // A few large packs are quoted on request even for members (询价).
  const quotedFrom = !extra.noMemberPrice && n > 1 && rnd() < 0.12 ? n - 1 : n;
  return packs.slice(0, n).map((pack, i) => {
    const yuan = roundYuan(first * priceStep(steps, i));
    const member =
      extra.noMemberPrice || i >= quotedFrom ? null : Math.round(yuan * discount * 100);
    return { pack, price: yuan * 100, userPrice: member, stocks: stocksFor(rnd) };
  });
}

function texts(group: ProductGroup, item: Item, purity: string) {
  const [name, nameEn, cas] = item;
  const alias = item[4]?.alias;
  const known = alias ? `${name}（${alias}）` : name;
  const casPart = cas ? `CAS号${cas}，` : '';
  const purityPart = purity ? `纯度${purity}，` : '';
  return {
    summary: `${known}，${nameEn}，${casPart}${purityPart}${group.use}。`,
    introduction: `${name}${cas ? '标准物质' : ''}，${group.use}。${cas ? '每批产品附分析证书（COA），提供定值结果与有效期。' : '质量稳定，支持批量采购与定制。'}`,
  };
}

/** Builds every product of the demo catalogue; the same input always gives the same output. */
export function buildCatalogue(): ProductSpec[] {
  const specs: ProductSpec[] = [];
  for (const group of productGroups) {
    const numbers: string[] = [];
    group.items.forEach((item, index) => {
      const [name, nameEn, cas, formula, extra = {}] = item;
      const brand = extra.brand ?? group.brands[index % group.brands.length] ?? 'YF';
      const number = `${brand}${group.code}${String(index + 1).padStart(3, '0')}`;
      const rnd = randomFor(number);
      const purity = extra.purity ?? group.purity;
      numbers.push(number);
      specs.push({
        number,
        brand,
        category: group.category,
        group: group.key,
        name,
        nameEn,
        alias: extra.alias ?? '',
        synonyms: [extra.synonyms, group.classNames].filter(Boolean).join('; '),
        ...texts(group, item, purity),
        cas,
        temperature: extra.temperature ?? group.temperature,
        molecularWeight: formula ? molecularWeight(formula).toFixed(2) : (extra.mw ?? ''),
        molecularFormula: formula,
        control: extra.control ?? group.control,
        mdl: extra.mdl ?? '',
        smiles: extra.smiles ?? null,
        inchiKey: extra.inchiKey ?? null,
        nationalStandard: extra.nationalStandard ?? group.nationalStandard,
        purity,
        attributes: { ...group.attributes, ...extra.attributes },
        isHot: extra.hot ?? false,
        isNew: extra.new ?? false,
        imageCount: intBetween(rnd, 1, 3),
        materials: materialsFor(group, item, rnd),
        related: [],
      });
    });
    // Each product links to the next few of its group, wrapping around.
    const groupSpecs = specs.slice(specs.length - numbers.length);
    groupSpecs.forEach((spec, i) => {
      const count = Math.min(4, numbers.length - 1);
      spec.related = Array.from(
        { length: count },
        (_, k) => numbers[(i + k + 1) % numbers.length] ?? '',
      );
    });
  }
  return specs;
}
