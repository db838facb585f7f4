import { z } from 'zod';
import {
  DOCUMENT_UNITS,
  GHS_PICTOGRAMS,
  QUALIFICATION_KINDS,
  QUALIFICATION_STATUSES,
  REGULATION_CATEGORIES,
  SIGNAL_WORDS,
} from '../regulation.ts';
import { idParam, pageQuery } from './fields.ts';
import { LIMITS } from '../limits.ts';

/** A product's GHS label (docs/compliance.md). */
export const ghsSchema = z.object({
  pictograms: z.array(z.enum(GHS_PICTOGRAMS, { error: 'GHS 象形图只能是 GHS01 至 GHS09' })).max(9),
  signalWord: z.enum(SIGNAL_WORDS, { error: '信号词只能是 危险 或 警告' }).nullable(),
  hazardStatements: z
    .array(
      z.string().regex(/^(H\d{3}[A-Za-z]{0,2}|EUH\d{3})$/, { error: '危险说明代码格式如 H225' }),
    )
    .max(30),
});

const categorySchema = z.enum(REGULATION_CATEGORIES, { error: '管控类别有误' });

/**
 * `regulation: { category, categories, ghs }` on product records (docs/compliance.md):
 * `categories` every class the product carries, strictest first; `category` the strictest.
 */
export const regulationSchema = z.object({
  category: categorySchema.nullable(),
  categories: z.array(categorySchema),
  ghs: ghsSchema.nullable(),
});

/**
 * `regulation` in the console's product form and the API's product writes. The server adds the
 * classes the reference lists give the product's CAS (and its solute's); `categories` that leave
 * out a listed class need `reason` (the source or ground for it, kept in the audit log).
 * `category` alone is the older form: the listed classes are added to it.
 */
export const regulationInputSchema = z.object({
  category: categorySchema.nullable().optional(),
  categories: z.array(categorySchema, { error: '管控类别有误' }).max(6).optional(),
  ghs: ghsSchema.nullable(),
  reason: z.string().trim().max(500, { error: '降级原因不能超过 500 字' }).optional(),
});
export type RegulationInput = z.infer<typeof regulationInputSchema>;

/** Where a class of a product came from: the list entry its CAS (or name) matched. */
export const classSourceSchema = z.object({
  category: categorySchema,
  /** The list's name, e.g. 《易制爆危险化学品名录（2017年版）》. */
  list: z.string(),
  /** The entry's number in the list ('9.3'); '' where the list numbers none. */
  no: z.string(),
  name: z.string(),
  cas: z.string(),
  /** false where the entry's CAS is not given by a source (a compiler's value). */
  casConfirmed: z.boolean(),
  /** B: two reproductions agree; C: one; U: unconfirmed, applied until staff clear it. */
  confidence: z.enum(['A', 'B', 'C', 'U']),
  sources: z.array(z.string()),
  matchedBy: z.enum(['cas', 'solute-cas', 'name']),
  note: z.string(),
});
export type ClassSource = z.infer<typeof classSourceSchema>;

/** The console's view of a product's classes: what the lists give, and any lowering. */
export const manageRegulationSchema = regulationSchema.extend({
  /** The classes the lists give the product's CAS, strictest first. */
  listed: z.array(categorySchema),
  sources: z.array(classSourceSchema),
  /** Listed classes the product does not carry, and the reason staff recorded. */
  lowered: z.array(categorySchema),
  reason: z.string(),
});
export type ManageRegulation = z.infer<typeof manageRegulationSchema>;

export const qualificationKindSchema = z.enum(QUALIFICATION_KINDS, { error: '证件类型有误' });
export const qualificationStatusSchema = z.enum(QUALIFICATION_STATUSES);

export const substanceInput = z.object({
  cas: z
    .string({ error: '请填写 CAS 号' })
    .trim()
    .regex(/^\d{2,7}-\d{2}-\d$/, { error: 'CAS 号格式有误' }),
  quantity: z
    .number({ error: '请填写数量' })
    .positive({ error: '数量须大于 0' })
    .max(2_000_000, { error: '数量过大' }),
  unit: z.enum(DOCUMENT_UNITS, { error: '单位只能是 g、kg、mL 或 L' }),
});

/** The text fields of POST /client/v1/user/qualifications (multipart, with `file`). */
export const qualificationFields = z.object({
  kind: qualificationKindSchema,
  number: z
    .string({ error: '请填写证件编号' })
    .trim()
    .min(1, { error: '请填写证件编号' })
    .max(64, { error: '证件编号过长' }),
  holder: z
    .string({ error: '请填写持证单位名称' })
    .trim()
    .min(2, { error: '请填写持证单位名称' })
    .max(100, { error: '单位名称过长' }),
  validUntil: z
    .string({ error: '请填写有效期' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '有效期格式应为 YYYY-MM-DD' })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), { error: '有效期不是有效日期' }),
  substances: z.string().max(20_000, { error: '品种列表过长' }).optional(),
  /** The organization the document is the organization's own for (docs/organizations.md). */
  orgId: idParam.optional(),
});

/** `?orgId=`: the organization's documents instead of the member's own. */
export const qualificationOwnerQuery = z.object({ orgId: idParam.optional() });

export const qualificationSubstanceSchema = z.object({
  id: z.number().int(),
  cas: z.string(),
  unit: z.enum(DOCUMENT_UNITS),
  quantity: z.number(),
  remaining: z.number(),
});

export const qualificationSchema = z.object({
  id: z.number().int(),
  kind: qualificationKindSchema,
  number: z.string(),
  holder: z.string(),
  validUntil: z.string(),
  status: qualificationStatusSchema,
  reason: z.string(),
  fileType: z.string(),
  createTime: z.number(),
  reviewTime: z.number().nullable(),
  substances: z.array(qualificationSubstanceSchema),
  /** The organization whose document it is; null for the member's own. */
  orgId: z.number().int().nullable(),
});
export type Qualification = z.infer<typeof qualificationSchema>;

export const manageQualificationSchema = qualificationSchema.extend({
  /** The organization's name for an organization's document (单位资质); null for a member's. */
  orgName: z.string().nullable(),
  userId: z.number().int(),
  account: z.string(),
  company: z.string(),
  /** Days until validUntil (negative once past). */
  daysLeft: z.number().int(),
  reviewerName: z.string(),
});
export type ManageQualification = z.infer<typeof manageQualificationSchema>;

export const qualificationMovementSchema = z.object({
  id: z.number().int(),
  substanceId: z.number().int(),
  cas: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** Signed, in the document's unit. */
  change: z.number(),
  remainingAfter: z.number(),
  unit: z.enum(DOCUMENT_UNITS),
  reason: z.enum(['order', 'cancel']),
  createTime: z.number(),
});

export const manageQualificationDetailSchema = manageQualificationSchema.extend({
  movements: z.array(qualificationMovementSchema),
});
export type ManageQualificationDetail = z.infer<typeof manageQualificationDetailSchema>;

export const manageQualificationQuery = pageQuery(20).extend({
  status: qualificationStatusSchema.optional(),
  /** Approved documents whose last day falls within this many days. */
  expiringWithin: z.coerce.number().int().min(0).max(366).optional(),
  userId: z.coerce.number().int().positive().optional(),
});

export const reviewBody = z
  .object({
    approve: z.boolean({ error: '请选择通过或驳回' }),
    reason: z.string().trim().max(200, { error: '原因不能超过 200 字' }).default(''),
  })
  .refine((b) => b.approve || b.reason.length > 0, {
    error: '驳回须填写原因',
    path: ['reason'],
  });

/** POST /client/v1/user/qualifications/check: cart lines to check before checkout. */
export const complianceCheckBody = z.object({
  lines: z
    .array(
      z.object({
        materialId: z
          .number({ error: '商品有误' })
          .int({ error: '商品有误' })
          .positive({ error: '商品有误' })
          .max(LIMITS.idMax, { error: '商品有误' }),
        quantity: z.number({ error: '数量有误' }).int().min(1).max(100_000),
      }),
      { error: '请选择商品' },
    )
    .max(200, { error: '商品过多' }),
  /**
   * Checked against this organization's documents, as its order would be (a non-member: 404);
   * null: the member's own, whatever organization the request names. Left out: the organization
   * the request names (X-Org-Id), when the caller is its member, else the member's own.
   */
  orgId: idParam.nullable().optional(),
});

/** The organization whose documents a check used: null for the member's own. */
export const checkedOrgSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const complianceCheckSchema = z.array(
  z.object({
    materialId: z.number().int(),
    blocked: z.boolean(),
    message: z.string(),
    /** The documents the line still needs (empty when it is not blocked). */
    needs: z.array(qualificationKindSchema),
    /** The line is 易制爆: the confirm page asks the buyer's stated use (用途). */
    needsPurpose: z.boolean(),
    /** An approved document of a needed kind names another holder than the buyer's company. */
    holderDiffers: z.boolean(),
    /** Whose documents the line was checked against: the organization's, or null (own). */
    org: checkedOrgSchema,
  }),
);
export type ComplianceCheck = z.infer<typeof complianceCheckSchema>;

/**
 * GET /client/v1/user/qualifications/buying: the documents that count for what the request buys
 * (the product page): the organization's when it names one of the caller's, else the member's.
 */
export const buyingDocumentsSchema = z.object({
  org: checkedOrgSchema,
  documents: z.array(qualificationSchema),
});
export type BuyingDocuments = z.infer<typeof buyingDocumentsSchema>;

export const ledgerQuery = z.object({
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  format: z
    .enum(['json', 'csv', 'xlsx'], { error: '格式只能是 json、csv 或 xlsx' })
    .default('json'),
});

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  shippedAt: z.number(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  cas: z.string(),
  category: z.enum(REGULATION_CATEGORIES),
  pack: z.string(),
  /** The lots shipped, e.g. "20250312×2、20260108×1" (docs/lots.md); empty before lots. */
  lots: z.string(),
  count: z.number().int(),
  /** Net quantity shipped, e.g. 1.5 with unit L; null when the pack's amount is unknown. */
  quantity: z.number().nullable(),
  unit: z.string(),
  buyerCompany: z.string(),
  consignee: z.string(),
  consigneePhone: z.string(),
  address: z.string(),
  documentKind: z.string(),
  documentNumber: z.string(),
  documentId: z.number().int().nullable(),
  staffName: z.string(),
  /** Every class of the product when shipped (the strictest is `category`). */
  categories: z.array(z.enum(REGULATION_CATEGORIES)),
  /** Province, city and district names of the delivery address; `address` is the street. */
  region: z.string(),
  /** The buyer's 统一社会信用代码 (its business licence's number) and registered address. */
  buyerCreditCode: z.string(),
  buyerRegisteredAddress: z.string(),
  /** The buyer's stated use of the line (易制爆), empty where none was asked. */
  purpose: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  /** 经办人: who collected or received the goods, and their ID card number. */
  handlerName: z.string(),
  handlerIdNumber: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

/** Days the seller has to report a 易制爆 sale to the public security bureau (docs/compliance.md). */
export const EXPLOSIVE_REPORT_DAYS = 5;

/** GET /manage/v1/compliance/explosive-report */
export const explosiveReportQuery = z.object({
  format: z.enum(['json', 'xlsx'], { error: '格式只能是 json 或 xlsx' }).default('json'),
});

/** A shipped 易制爆 line not yet reported: the ledger row with its last day to report. */
export const explosiveReportRowSchema = ledgerRowSchema.extend({
  /** YYYY-MM-DD (China time): the fifth day after the shipping day. */
  dueDate: z.string(),
  /** Days from today to dueDate; negative once overdue. */
  daysLeft: z.number().int(),
});
export type ExplosiveReportRow = z.infer<typeof explosiveReportRowSchema>;

/** POST /manage/v1/compliance/explosive-report: the ledger rows reported. */
export const explosiveReportBody = z.object({
  lineIds: z
    .array(
      z
        .number({ error: '记录编号有误' })
        .int({ error: '记录编号有误' })
        .positive({ error: '记录编号有误' })
        .max(LIMITS.idMax, { error: '记录编号有误' }),
      { error: '请选择要标记的记录' },
    )
    .min(1, { error: '请选择要标记的记录' })
    .max(500, { error: '一次最多标记 500 条' }),
});

/** The seller's licence numbers shown in the storefront footer (site setting `hazardLicence`). */
export const hazardLicenceSchema = z.object({
  text: z.string().trim().max(200, { error: '许可证信息不能超过 200 字' }),
});
