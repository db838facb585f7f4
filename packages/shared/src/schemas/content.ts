import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { numeric, pageQuery } from './fields.ts';

export const companySchema = z.object({
  name: z.string(),
  tel: z.string(),
  email: z.string(),
  address: z.string(),
  /** The seller's hazardous-chemicals licence numbers for the footer (docs/compliance.md). */
  hazardLicence: z.string(),
  /** The seller's 易制毒化学品经营备案 number(s) for the footer (docs/compliance.md). */
  precursorRecord: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const linkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  img: z.string(),
  url: z.string(),
});
export type Link = z.infer<typeof linkSchema>;

export const searchKeySchema = z.object({ id: z.number().int(), keyword: z.string() });
export type SearchKey = z.infer<typeof searchKeySchema>;

/** Literature attributes (docs/product-rules.md section 3). */
export const literatureAttributesSchema = z.object({
  enable: z.string(),
  standard_number: z.string(),
  standard: z.string(),
  publish_date: z.string(),
  promulgate: z.string(),
});

export const contentItemSchema = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  /** article | literature | page: lets a page refuse content of another kind. */
  model: z.string(),
  title: z.string(),
  summary: z.string(),
  top: z.number().int(),
  /** Parsed attributes object (literature: enable, standard_number, ...). */
  attributes: z.record(z.string(), z.string()),
  createTime: z.number(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** POST /client/v1/contents: paged list plus extra (literature: option names for enable). */
export const contentListBody = pageQuery(10).extend({
  cid: numeric(
    z
      .number({ error: '栏目有误' })
      .int({ error: '栏目有误' })
      .positive({ error: '栏目有误' })
      .max(LIMITS.idMax, { error: '栏目有误' }),
  ).nullish(),
  model: z.string({ error: '内容类型有误' }).trim().max(30, { error: '内容类型有误' }).nullish(),
  key: z.string({ error: '搜索内容有误' }).trim().max(100, { error: '搜索内容过长' }).nullish(),
});
export const contentListSchema = z.object({
  records: z.array(contentItemSchema),
  current: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
  extra: z.object({ enable: z.record(z.string(), z.string()) }),
});
export type ContentListBody = z.input<typeof contentListBody>;
export type ContentList = z.infer<typeof contentListSchema>;

/** GET /client/v1/contents/{id}: by numeric id or slug (registerlogin, privacy-policy, about...). */
export const contentDetailSchema = contentItemSchema.extend({
  info: z.string(),
  extra: z.object({ enable: z.record(z.string(), z.string()) }),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;
