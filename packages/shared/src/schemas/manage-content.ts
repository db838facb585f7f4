import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { EMAIL_RE, MSG } from '../validation.ts';
import { expireField, idParam, numeric, optionalText, pageQuery, requiredText } from './fields.ts';
import { flagField } from './manage-catalogue.ts';

/** Kinds of content the console edits: articles (by slug), literature, plain pages. */
export const CONTENT_MODELS = ['article', 'literature', 'page'] as const;

const sortField = numeric(z.number({ error: '排序有误' }).int({ error: '排序有误' })).default(0);

export const contentInput = z.object({
  model: z.enum(CONTENT_MODELS, { error: '内容类型有误' }),
  /** Stable route key of an article (registerlogin, privacy-policy, about ...). */
  slug: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z0-9-]*$/, { error: '标识只能包含小写字母、数字和短横线' })
    .optional()
    .default(''),
  cid: idParam.nullish(),
  title: requiredText('请输入标题', 200),
  summary: optionalText(LIMITS.textMax),
  /** Rich text (HTML); sanitized before it is stored. */
  info: z.string().max(500_000, { error: '内容过长' }).default(''),
  top: flagField.default(false),
  /** Literature: enable, standard_number, standard, publish_date, promulgate. */
  attributes: z
    .record(z.string().max(64), z.string({ error: '属性值须为文字' }).max(500), {
      error: '属性格式有误',
    })
    .default({}),
  sort: sortField,
  published: flagField.default(true),
});
export type ContentInput = z.infer<typeof contentInput>;

export const manageContentQuery = pageQuery(20).extend({
  model: z.enum(CONTENT_MODELS, { error: '内容类型有误' }).optional(),
  key: z.string().trim().max(100).optional(),
});

export const manageContentSchema = z.object({
  id: z.number().int(),
  cid: z.number().int().nullable(),
  model: z.string(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  top: z.boolean(),
  attributes: z.record(z.string(), z.string()),
  sort: z.number().int(),
  published: z.boolean(),
  createTime: z.number(),
  updateTime: z.number(),
});
export const manageContentDetailSchema = manageContentSchema.extend({ info: z.string() });

export const publishBody = z.object({ published: flagField });

export const linkInput = z.object({
  /** Link group, e.g. the home banner group. */
  cid: requiredText('请输入分组', 64),
  title: optionalText(200),
  img: optionalText(500),
  url: optionalText(500),
  sort: sortField,
  published: flagField.default(true),
});
export const manageLinkSchema = z.object({
  id: z.number().int(),
  cid: z.string(),
  title: z.string(),
  img: z.string(),
  url: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
});
export const linkQuery = z.object({ cid: z.string().trim().max(64).optional() });

export const searchKeysBody = z.object({
  keywords: z
    .array(requiredText('热门搜索词不能为空', 50), { error: '请填写热门搜索词' })
    .max(50, { error: '热门搜索词最多 50 个' }),
});

export const companyInput = z.object({
  name: requiredText('请输入公司名称', 100),
  tel: requiredText('请输入联系电话', 50),
  email: requiredText('请输入邮箱', 100).regex(EMAIL_RE, { error: MSG.emailFormat }),
  address: requiredText('请输入地址', 200),
  hazardLicence: z
    .string({ error: '许可证信息有误' })
    .trim()
    .max(200, { error: '许可证信息不能超过 200 字' })
    .default(''),
});
/** A licence number line of the footer: optional, at most 200 characters. */
const licenceText = z
  .string({ error: '许可证信息有误' })
  .trim()
  .max(200, { error: '许可证信息不能超过 200 字' })
  .default('');

/**
 * PUT /manage/v1/settings/licences: the seller's licence numbers the storefront footer shows
 * (docs/compliance.md section 6), an ordinary content setting.
 */
export const licencesInput = z.object({
  /** 危险化学品经营许可证 number(s). */
  hazardLicence: licenceText,
  /** 易制毒化学品经营备案证明 number(s) (第三类 经营备案). */
  precursorRecord: licenceText,
});
export type Licences = z.output<typeof licencesInput>;

export const bankInput = z.object({
  accountName: requiredText('请输入开户名称', 100),
  bankName: requiredText('请输入开户银行', 100),
  accountNumber: requiredText('请输入银行账号', 50),
});

/**
 * The company seal printed on quotes and order documents: a PNG or JPEG uploaded through
 * /manage/v1/contents/images. An empty image removes the seal.
 */
export const SEAL_IMAGE_FORMAT = '印章图片须为 PNG 或 JPEG 格式';
export const sealInput = z.object({
  image: z
    .string({ error: SEAL_IMAGE_FORMAT })
    .trim()
    .max(500, { error: SEAL_IMAGE_FORMAT })
    .regex(/^(\/files\/uploads\/[\w/-]+\.(png|jpe?g))?$/i, { error: SEAL_IMAGE_FORMAT }),
});

/** Reading a certificate's item and lot from its file name, e.g. YF11001-20250312.pdf. */
export const coaQuery = pageQuery(20).extend({
  productNumber: z.string().trim().max(64).optional(),
  lotNumber: z.string().trim().max(64).optional(),
});
export const manageCoaSchema = z.object({
  id: z.number().int(),
  productNumber: z.string(),
  lotNumber: z.string(),
  name: z.string(),
  expire: z.string(),
  createTime: z.number(),
});
export const coaFields = z.object({
  productNumber: requiredText('请输入商品货号', 64),
  lotNumber: optionalText(64),
  expire: expireField,
});
