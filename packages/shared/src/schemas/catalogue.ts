import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../validation.ts';
import { numeric, pageQuery } from './fields.ts';

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
  stocks: z.array(stockSchema),
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
  materials: z.array(materialSchema),
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
