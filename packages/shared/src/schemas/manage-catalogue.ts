import { z } from 'zod';
import { lotNumberField, lotSchema } from './lots.ts';
import { isValidCas } from '../cas.ts';
import { LIMITS } from '../limits.ts';
import { idParam, numeric, optionalText, pageQuery, requiredText } from './fields.ts';
import { manageRegulationSchema, regulationInputSchema } from './compliance.ts';
import { PRODUCT_SORTS, sortParam } from './sorting.ts';
import { HAZARD_CLASS_MSG, UN_NUMBER_MSG } from '../shipping.ts';
import { checkDangerousPack, leadTimeDaysField, shippingClassField } from './shipping.ts';

/** Highest price accepted, in yuan (prices are stored as integer fen). */
export const PRICE_MAX_YUAN = 99_999_999.99;
const PRICE_RE = /^\d+(?:\.\d{1,2})?$/;
export const MSG_PRICE = '价格格式有误：请输入元，最多两位小数';
export const MSG_CAS = 'CAS号有误（格式或校验位不正确）';

/**
 * A price in yuan as a number or decimal text with at most two decimals; empty text or null is
 * "no price" (询价). Answers null or the yuan value.
 */
export const priceYuanField = z.preprocess(
  (v) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'string') {
      const t = v.trim();
      if (t === '') return null;
      return PRICE_RE.test(t) ? Number(t) : NaN;
    }
    if (typeof v === 'number' && !PRICE_RE.test(String(v))) return NaN;
    return v;
  },
  z
    .number({ error: MSG_PRICE })
    .min(0, { error: MSG_PRICE })
    .max(PRICE_MAX_YUAN, { error: MSG_PRICE })
    .nullable(),
);

/** true/false, 1/0 or their text. */
export const flagField = z.preprocess(
  (v) =>
    v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v,
  z.boolean({ error: '开关参数有误' }),
);

export const casField = optionalText(32).refine((v) => v === '' || isValidCas(v), {
  error: MSG_CAS,
});

/**
 * The storefront's form of the attributes, JSON text (a client that reads a product and writes it
 * back sends it so), read as the value it holds; empty text is no attributes. Text that is not
 * JSON stays text and is refused.
 */
const attributesText = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return {};
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/**
 * Extra attributes: an object of text values, a list of { key, value } rows (the form's table), or
 * either one as JSON text.
 */
export const attributesField = z
  .preprocess(
    attributesText,
    z.union(
      [
        z.record(z.string().max(100), z.union([z.string(), z.number()]).transform(String)),
        z
          .array(z.object({ key: z.string().trim(), value: z.string().trim() }))
          .transform((rows) => {
            const out: Record<string, string> = {};
            for (const r of rows) if (r.key !== '') out[r.key] = r.value;
            return out;
          }),
      ],
      { error: '扩展属性格式有误' },
    ),
  )
  .default({});

const count = numeric(
  z
    .number({ error: '库存数量有误' })
    .int({ error: '库存数量有误' })
    .min(0, { error: '库存数量不能小于 0' })
    .max(1_000_000_000, { error: '库存数量有误' }),
);

/**
 * A pack's counted stock in one warehouse. `seenCount` is the count the editor's form showed:
 * when the stock moved since (a shipment, a receipt), an untouched count leaves it as it now is
 * and a changed one is refused, so a form left open never undoes the movements made meanwhile
 * (docs/catalogue.md, "Products and packs"). Without it the count is set as given.
 */
export const stockInput = z.object(
  {
    storeId: idParam,
    materialCount: count,
    seenCount: count.optional(),
  },
  { error: '库存格式有误' },
);

export const materialInput = z
  .object(
    {
      /** An existing pack of this product; without it the pack is matched by name or created. */
      id: idParam.optional(),
      pack: requiredText('请输入包装规格', LIMITS.shortMax),
      price: priceYuanField.default(null),
      userPrice: priceYuanField.default(null),
      onSale: flagField.default(true),
      stocks: z
        .array(stockInput, { error: '库存格式有误' })
        .max(50, { error: '仓库过多' })
        .default([]),
      // Shipping class and lead time (docs/shipping.md); left out: kept as they are.
      shippingClass: shippingClassField.optional(),
      unNumber: z.string({ error: UN_NUMBER_MSG }).trim().toUpperCase().optional(),
      hazardClass: z.string({ error: HAZARD_CLASS_MSG }).trim().optional(),
      leadTimeDays: leadTimeDaysField.optional(),
    },
    { error: '包装规格格式有误' },
  )
  .superRefine(checkDangerousPack);
export type MaterialInput = z.infer<typeof materialInput>;

const shortText = (max = 200) => optionalText(max);

/** Longest structure text accepted (a molfile of a large natural product fits easily). */
const STRUCTURE_MAX = 100_000;

/**
 * A SMILES or a molfile as typed or uploaded. Not trimmed: a molfile's first lines may be blank
 * and its lines are read by position.
 */
const structureText = z
  .string({ error: '结构式格式有误' })
  .max(STRUCTURE_MAX, { error: '结构式过长' });

/** POST /manage/v1/chemistry/parse: what a structure is, and whether an entered formula agrees. */
export const structureParseBody = z.object({
  structure: structureText.refine((s) => s.trim() !== '', { error: '请输入SMILES或Mol文件' }),
  /** The formula entered on the form, checked against the structure; empty = none entered. */
  formula: shortText(200),
});
export const parsedStructureSchema = z.object({
  /** Canonical isomeric SMILES, as stored with the product. */
  smiles: z.string(),
  inchiKey: z.string(),
  /** Hill formula of the whole structure (`C7H5NaO2`). */
  formula: z.string(),
  /** Average molecular weight, two decimals. */
  weight: z.number(),
  /** Whether the entered formula has the structure's atoms; null when none was entered. */
  formulaAgrees: z.boolean().nullable(),
});
export type ParsedStructure = z.infer<typeof parsedStructureSchema>;
/** Why a product's structure and its entered formula are refused together. */
export const formulaMismatchMessage = (structureFormula: string) =>
  `分子式与结构式不符：结构式的分子式为 ${structureFormula}`;

/** POST /manage/v1/products and PUT /manage/v1/products/{id}: the whole product. */
export const productInput = z
  .object({
    name: requiredText('请输入商品名称', 200),
    nameEn: shortText(300),
    alias: shortText(300),
    synonyms: shortText(LIMITS.textMax),
    introduction: shortText(20_000),
    summary: shortText(LIMITS.textMax),
    brandName: shortText(100),
    cas: casField,
    number: requiredText('请输入货号', 64),
    temperature: shortText(),
    molecularWeight: shortText(50),
    molecularFormula: shortText(200),
    /**
     * The structure as SMILES or molfile: stored as canonical SMILES with its InChIKey; an empty
     * formula or weight is filled from it, and a formula that disagrees is refused. '' removes
     * the structure; left out, an edit keeps the stored one.
     */
    smiles: structureText.optional(),
    mdl: shortText(50),
    nationalStandard: shortText(300),
    purity: shortText(),
    control: shortText(),
    /**
     * CAS of the solute of a solution standard ('' none): looked up in the reference lists like
     * the product's own CAS (docs/compliance.md section 2.4). Left out, an edit keeps it.
     */
    soluteCas: casField.optional(),
    /**
     * Classes and GHS label (docs/compliance.md); left out, an edit keeps the stored ones (and the
     * lists' classes are looked up again).
     */
    regulation: regulationInputSchema.optional(),
    attributes: attributesField,
    image: shortText(500),
    images: z
      .array(z.string({ error: '图片地址有误' }).trim().min(1).max(500), { error: '图片格式有误' })
      .max(20, { error: '图片最多 20 张' })
      .default([]),
    /** Related products by id (the storefront's relationItems, or their ids). */
    relationItems: z
      .array(
        z.union([idParam, z.object({ id: idParam }).transform((r) => r.id)], {
          error: '相关商品有误',
        }),
        { error: '相关商品格式有误' },
      )
      .max(50, { error: '相关商品最多 50 个' })
      .default([]),
    categoryId: idParam.nullish(),
    onSale: flagField.default(true),
    isHot: flagField.default(false),
    isNew: flagField.default(false),
    materials: z
      .array(materialInput, { error: '请至少添加一个包装规格' })
      .min(1, { error: '请至少添加一个包装规格' })
      .max(50, { error: '包装规格最多 50 个' }),
  })
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    for (const m of p.materials) {
      if (seen.has(m.pack)) ctx.addIssue({ code: 'custom', message: `包装规格重复：${m.pack}` });
      seen.add(m.pack);
    }
  });
export type ProductInput = z.infer<typeof productInput>;

export const productCopyBody = z.object({ number: requiredText('请输入新货号', 64) });
export const onSaleBody = z.object({ onSale: flagField });

/** A product as the console edits it (prices in yuan, every pack with its stock per store). */
export const manageProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  alias: z.string(),
  synonyms: z.string(),
  introduction: z.string(),
  summary: z.string(),
  brandName: z.string(),
  cas: z.string(),
  number: z.string(),
  temperature: z.string(),
  molecularWeight: z.string(),
  molecularFormula: z.string(),
  smiles: z.string(),
  inchiKey: z.string(),
  mdl: z.string(),
  nationalStandard: z.string(),
  purity: z.string(),
  control: z.string(),
  soluteCas: z.string(),
  regulation: manageRegulationSchema,
  attributes: z.record(z.string(), z.string()),
  image: z.string(),
  images: z.array(z.string()),
  relationItems: z.array(z.object({ id: z.number().int(), name: z.string(), number: z.string() })),
  categoryId: z.number().int().nullable(),
  onSale: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  createTime: z.number(),
  updateTime: z.number(),
  materials: z.array(
    z.object({
      id: z.number().int(),
      pack: z.string(),
      price: z.number().nullable(),
      userPrice: z.number().nullable(),
      onSale: z.boolean(),
      shippingClass: shippingClassField,
      unNumber: z.string(),
      hazardClass: z.string(),
      leadTimeDays: z.number().int().nullable(),
      stocks: z.array(
        z.object({
          storeId: z.number().int(),
          storeName: z.string(),
          materialCount: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ManageProduct = z.infer<typeof manageProductSchema>;

/** GET /manage/v1/products: the console's list. `key` searches as the storefront does. */
export const manageProductQuery = pageQuery(20).extend({
  key: z.string().trim().max(LIMITS.searchKeyMax, { error: '搜索内容过长' }).optional(),
  categoryId: idParam.optional(),
  brandId: idParam.optional(),
  tag: z.enum(['hot', 'new'], { error: '标签有误' }).optional(),
  onSale: flagField.optional(),
  stock: z.enum(['in', 'out'], { error: '库存状态有误' }).optional(),
  /** missing: hazardous products without a current Chinese safety data sheet (docs/safety.md). */
  sds: z.enum(['missing'], { error: 'SDS 筛选有误' }).optional(),
  sort: sortParam(PRODUCT_SORTS),
});

export const manageProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  cas: z.string(),
  brandName: z.string(),
  categoryTitle: z.string(),
  image: z.string(),
  onSale: z.boolean(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  packs: z.number().int(),
  stock: z.number().int(),
  updateTime: z.number(),
});

export const categoryInput = z.object({
  pid: numeric(z.number({ error: '上级分类有误' }).int().min(0, { error: '上级分类有误' })).default(
    0,
  ),
  title: requiredText('请输入分类名称', 100),
  url: shortText(300),
  model: shortText(50),
  summary: shortText(LIMITS.textMax),
  images: z
    .array(z.string({ error: '图片地址有误' }).trim().min(1).max(500), { error: '图片格式有误' })
    .max(20, { error: '图片最多 20 张' })
    .default([]),
  sort: numeric(z.number({ error: '排序有误' }).int({ error: '排序有误' })).default(0),
  isHot: flagField.default(false),
});
export const manageCategorySchema = z.object({
  id: z.number().int(),
  pid: z.number().int(),
  title: z.string(),
  url: z.string(),
  model: z.string(),
  summary: z.string(),
  images: z.array(z.string()),
  sort: z.number().int(),
  isHot: z.boolean(),
  products: z.number().int(),
});

export const brandInput = z.object({
  name: requiredText('请输入品牌名称', 100),
  sort: numeric(z.number({ error: '排序有误' }).int({ error: '排序有误' })).default(0),
});
export const manageBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  products: z.number().int(),
});

export const storeInput = z.object({ name: requiredText('请输入仓库名称', 100) });
export const manageStoreSchema = z.object({ id: z.number().int(), name: z.string() });

export const STOCK_REASONS = {
  received: '入库',
  counted: '盘点',
  damaged: '报损',
  shipment: '发货出库',
  'shipment-cancelled': '撤销发货入库',
  'transfer-out': '调拨出库',
  'transfer-in': '调拨入库',
} as const;

/** POST /manage/v1/stock/adjustments: received adds, damaged subtracts, counted sets the count. */
export const stockAdjustmentBody = z.object({
  materialId: idParam,
  storeId: idParam,
  reason: z.enum(['received', 'counted', 'damaged'], { error: '调整类型有误' }),
  quantity: numeric(
    z
      .number({ error: '数量有误' })
      .int({ error: '数量有误' })
      .min(0, { error: '数量有误' })
      .max(1_000_000_000, { error: '数量有误' }),
  ),
  remark: requiredText('请填写调整原因', 200),
  /**
   * The lot adjusted (docs/lots.md); counted then sets that lot's quantity. Without it received
   * goes into 未分批 and a decrease takes 未分批 first. New lots come in through a receipt.
   */
  lotNumber: lotNumberField.optional(),
});

/** A pack whose stock summed over all warehouses is below this count is low on stock. */
export const LOW_STOCK_BELOW = 10;

export const stockQuery = pageQuery(20).extend({
  storeId: idParam,
  key: z.string().trim().max(100).optional(),
  /** in / out: count in this warehouse; low: total over all warehouses below LOW_STOCK_BELOW. */
  state: z.enum(['in', 'out', 'low'], { error: '库存状态有误' }).optional(),
  materialId: idParam.optional(),
});
export const stockRowSchema = z.object({
  materialId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  number: z.string(),
  pack: z.string(),
  onSale: z.boolean(),
  /** Units in the chosen warehouse. */
  count: z.number().int(),
  /** Units over all warehouses. */
  totalCount: z.number().int(),
  /** Units paid orders hold over all warehouses (docs/catalogue.md, "Held stock"). */
  held: z.number().int(),
  /**
   * What can still be sold over all warehouses: totalCount less held and less the units of
   * expired lots (docs/lots.md), never below zero.
   */
  available: z.number().int(),
  /** The lots in the chosen warehouse with units left, first to expire first (docs/lots.md). */
  lots: z.array(lotSchema),
});

export const movementQuery = pageQuery(20).extend({
  storeId: idParam.optional(),
  materialId: idParam.optional(),
});
export const movementSchema = z.object({
  id: z.number().int(),
  materialId: z.number().int(),
  storeId: z.number().int(),
  storeName: z.string(),
  number: z.string(),
  name: z.string(),
  pack: z.string(),
  change: z.number().int(),
  countAfter: z.number().int(),
  reason: z.string(),
  remark: z.string(),
  staffId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  /** The lot the units came from or went to (docs/lots.md). */
  lotNumber: z.string(),
  /** The receipt, transfer or stocktake that wrote it. */
  documentId: z.number().int().nullable(),
  createTime: z.number(),
});

/**
 * Answer of an import and of its dry run. `created`, `updated` and `unchanged` count what was
 * written, so a dry run and a refused import answer 0 for each; the `would…` counts say what the
 * rows would do (docs/catalogue.md, "Import").
 */
export const importResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  wouldCreate: z.number().int(),
  wouldUpdate: z.number().int(),
  wouldLeaveUnchanged: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), msg: z.string() })),
  /** Row by row, what the row does when the file is imported: created, updated, unchanged or failed. */
  rows: z.array(
    z.object({
      row: z.number().int(),
      number: z.string(),
      pack: z.string(),
      action: z.enum(['created', 'updated', 'unchanged', 'failed']),
      msg: z.string(),
    }),
  ),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * A streamed import's progress line (`Accept: application/x-ndjson`): rows checked, then rows
 * written (a real import only), then the search index being updated.
 */
export const importProgressSchema = z.object({
  phase: z.enum(['check', 'write', 'index']),
  processed: z.number().int(),
  total: z.number().int(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;
