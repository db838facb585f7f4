import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../validation.ts';
import { numeric, pageQuery } from './fields.ts';
import { regulationSchema } from './compliance.ts';
import { sdsEntrySchema } from './safety.ts';

/** Money in answers: yuan with two decimals, or null (询价 / hidden from visitors). */
export const yuan = z.number().nullable();

export const stockSchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  materialCount: z.number().int(),
});

/** A pack size. userPrice is always null for visitors (docs/api.md, security rules). */
export const materialSchema = z.object({
  id: z.number().int(),
  pack: z.string(),
  price: yuan,
  userPrice: yuan,
  /**
   * One unit's contract price (合同价) when below userPrice: only to a member whose request names
   * an organization of theirs with a price list in force (docs/contract-prices-credit.md).
   */
  contractPrice: z.number().optional(),
  stocks: z.array(stockSchema),
  /** 有效期至 of the lot that would ship next (YYYY-MM-DD); null: unknown (以实物为准). */
  expire: z.string().nullable(),
  /** 预计发货 (YYYY-MM-DD) of a pack without stock that has a lead time (docs/shipping.md). */
  expectedShipDate: z.string().nullable(),
  /** 库存不足: nothing for sale and no lead time, so it cannot be ordered. Absent: false. */
  outOfStock: z.boolean().optional(),
});
export type Material = z.infer<typeof materialSchema>;

/** A product as listed in search results, the products page and the home carousels. */
export const productCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  alias: z.string(),
  introduction: z.string(),
  brandName: z.string(),
  cas: z.string(),
  number: z.string(),
  temperature: z.string(),
  molecularWeight: z.string(),
  molecularFormula: z.string(),
  image: z.string(),
  summary: z.string(),
  /** Isomeric SMILES and InChIKey; null where the product is not a single defined substance. */
  smiles: z.string().nullable(),
  inchiKey: z.string().nullable(),
  /** Regulatory class and GHS label (docs/compliance.md). */
  regulation: regulationSchema,
  materials: z.array(materialSchema),
  /** The current safety data sheets per language (docs/safety.md); the search card links them. */
  sds: z.array(sdsEntrySchema).optional(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const relationItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  cas: z.string(),
  image: z.string(),
});

/** GET /client/v1/products/{id}. */
export const productDetailSchema = productCardSchema.extend({
  synonyms: z.string(),
  images: z.array(z.string()),
  control: z.string(),
  mdl: z.string(),
  nationalStandard: z.string(),
  purity: z.string(),
  /** JSON object text of extra attributes; the page parses it. */
  attributes: z.string(),
  categoryId: z.number().int().nullable(),
  categoryTitle: z.string(),
  relationItems: z.array(relationItemSchema),
  sds: z.array(sdsEntrySchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** GET /client/v1/products/history: the last 8 products a member viewed, newest first. */
export const historyItemSchema = relationItemSchema.extend({ viewedAt: z.number() });
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  title: z.string(),
  url: z.string(),
  model: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** Classification item (hot classification carousel on /about). */
export const classificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  images: z.array(z.string()),
});
export type Classification = z.infer<typeof classificationSchema>;

/** GET /client/v1/categories/{id}: the category with its children as classification items. */
export const categoryDetailSchema = categorySchema.extend({
  summary: z.string(),
  images: z.array(z.string()),
  children: z.array(classificationSchema),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

/** POST /client/v1/products/part: products by tag (hot / new). */
export const productPartBody = pageQuery(20).extend({
  tag: z.enum(['hot', 'new'], { error: '标签有误' }),
});

const searchKey = z
  .string({ error: MSG.searchRequired })
  .trim()
  .min(1, { error: MSG.searchRequired })
  .max(LIMITS.searchKeyMax, { error: '搜索内容过长' });

/** POST /client/v1/products: search. */
export const productSearchBody = pageQuery(20).extend({
  key: searchKey,
  brandId: numeric(
    z.number({ error: '品牌有误' }).int({ error: '品牌有误' }).positive({ error: '品牌有误' }),
  ).nullish(),
  /** Also answer the term's brands and related substances: the search page's one request. */
  facets: z.boolean({ error: '参数有误' }).optional(),
});
export const keyBody = z.object({ key: searchKey });

export const brandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
});
export type Brand = z.infer<typeof brandSchema>;

/** POST /client/v1/products/relations: related substance names for the left list (<= 30). */
export const relationNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type RelationName = z.infer<typeof relationNameSchema>;

/** Answer of POST /client/v1/products: a page, and corrections of a mistyped term. */
export const productSearchAnswer = z.object({
  records: z.array(productCardSchema),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  /** 您是否要找: for a CAS number with a wrong check digit, catalogue CAS numbers near it. */
  suggest: z.array(z.string()).optional(),
  /** With `facets`: brands among all matches (most first) and related substance names. */
  brands: z.array(brandSchema).optional(),
  relations: z.array(relationNameSchema).optional(),
});
export type ProductSearchAnswer = z.infer<typeof productSearchAnswer>;

/** POST /client/v1/products/structure: substructure or similarity search. */
export const structureSearchBody = pageQuery(20).extend({
  smiles: z
    .string({ error: '请输入结构式' })
    .trim()
    .min(1, { error: '请输入结构式' })
    .max(2000, { error: '结构式过长' }),
  mode: z.enum(['substructure', 'similarity'], { error: '搜索方式有误' }),
  threshold: numeric(
    z
      .number({ error: '相似度有误' })
      .min(0.1, { error: '相似度应在0.1到1之间' })
      .max(1, { error: '相似度应在0.1到1之间' }),
  ).optional(),
});
export type StructureSearchBody = z.infer<typeof structureSearchBody>;
