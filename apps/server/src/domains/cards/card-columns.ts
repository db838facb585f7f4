/**
 * What a product card shows of the product row (`products as p`, `brands as b`); the product
 * page (catalogue) selects the same columns, so it shows what the card shows.
 */
export const CARD_COLUMNS = [
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
  'p.regulationCategory',
  'p.regulationCategories',
  'p.ghs',
] as const;
