/** Shapes of the demo catalogue data; the builder in ../catalogue.ts turns them into rows. */

/** Keys of the categories that hold products (see ./categories.ts). */
export type ProductCategoryKey =
  | 'drug'
  | 'food'
  | 'pesticide'
  | 'veterinary'
  | 'cosmetic'
  | 'environment'
  | 'natural'
  | 'reagent'
  | 'bio'
  | 'consumable'
  | 'instrument';

export type BrandKey = 'YF' | 'LP' | 'SX' | 'CW' | 'LK';

/** Per-product values that differ from the group defaults. */
export interface ItemExtra {
  alias?: string;
  synonyms?: string;
  mdl?: string;
  control?: string;
  temperature?: string;
  purity?: string;
  nationalStandard?: string;
  attributes?: Record<string, string>;
  packs?: string[];
  /** Price of each pack relative to the first one. */
  steps?: number[];
  /** Market price of the first pack in yuan; otherwise drawn from the group range. */
  price?: number;
  /** Molecular weight text for substances without a single formula (proteins, polymers). */
  mw?: string;
  hot?: boolean;
  new?: boolean;
  brand?: BrandKey;
  /** Shown as 询价 to members too: no member price on any pack. */
  noMemberPrice?: boolean;
  /**
   * Structure of a defined substance (isomeric SMILES; salts and solvates as separate parts) and
   * its standard InChIKey. Its formula and weight must agree with the item's formula.
   */
  smiles?: string;
  inchiKey?: string;
  /** Why an item with a formula has no single structure (isomer mixtures, peptides). */
  noStructure?: string;
}

/** [Chinese name, English name, CAS ('' when none), formula ('' when none), extra]. */
export type Item = [string, string, string, string, ItemExtra?];

export interface ProductGroup {
  /** Products of one group relate to each other (product_relations). */
  key: string;
  category: ProductCategoryKey;
  /** Two digits placed after the brand prefix in item numbers; unique per group. */
  code: string;
  brands: BrandKey[];
  packs: string[];
  /** Price of each pack relative to the first one; a default ladder when absent. */
  steps?: number[];
  /** Yuan range of the first pack's market price. */
  price: [number, number];
  temperature: string;
  purity: string;
  nationalStandard: string;
  control: string;
  attributes: Record<string, string>;
  /** A sentence describing use, appended to the product name in texts. */
  use: string;
  /**
   * Names of the class every item belongs to (多环芳烃, PAHs, 有机磷农药), added to each item's
   * synonyms so a buyer searching for the class finds its members; staff edit them per product.
   */
  classNames?: string;
  items: Item[];
}

/** Values shared by the groups of one file. */
export type GroupDefaults = Omit<ProductGroup, 'key' | 'code' | 'items'>;
