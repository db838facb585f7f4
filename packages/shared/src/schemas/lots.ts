import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { expireField, idParam, numeric, optionalText, pageQuery, requiredText } from './fields.ts';

/*
 * Lots and expiry (docs/lots.md): stock is kept per lot and warehouse; receipts, transfers and
 * stocktakes are stock documents whose lines are the movements they wrote.
 */

/** The lot that stock without a known lot is kept in (the lot rules name it). */
export { UNBATCHED_LOT } from '../lot-rules.ts';

/** Days ahead the dashboard and the lot list call a lot "expiring soon". */
export const EXPIRY_WINDOWS = [30, 90] as const;

/**
 * The shop's minimum remaining shelf life at shipping, in months, until staff set it (批次管理 →
 * 发货效期规则; 6 is usual for reference standards). No minimum until then: the shop decides what
 * its buyers need, and a new shop ships every lot that has not expired.
 */
export const DEFAULT_MIN_SHELF_LIFE_MONTHS = 0;

/** A lot number as printed on the label: no control characters (it names files and sheets). */
export const lotNumberField = requiredText('请输入批号', 64).refine(
  (v) => [...v].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f),
  { error: '批号有误' },
);

const lotQuantity = numeric(
  z
    .number({ error: '数量有误' })
    .int({ error: '数量有误' })
    .min(1, { error: '数量有误' })
    .max(LIMITS.quantityMax, { error: '数量有误' }),
);

/** One lot received: the line of a receipt. */
export const receiptLine = z.object({
  materialId: idParam,
  lotNumber: lotNumberField,
  expire: expireField,
  quantity: lotQuantity,
});

/**
 * POST /manage/v1/stock/receipts. The contract's one-lot form `{ materialId, storeId, lotNumber,
 * expire, quantity }` and the receipt screen's `{ storeId, supplier, remark, lines: [...] }` are
 * both accepted; either answers `{ id }`, the receipt's number.
 */
export const receiptBody = z.union([
  z.object({
    storeId: idParam,
    supplier: optionalText(100),
    remark: optionalText(200),
    lines: z
      .array(receiptLine, { error: '请添加入库批次' })
      .min(1, { error: '请添加入库批次' })
      .max(200, { error: '一次最多入库 200 个批次' }),
  }),
  receiptLine.extend({
    storeId: idParam,
    supplier: optionalText(100),
    remark: optionalText(200),
  }),
]);

/** POST /manage/v1/stock/transfers: units of one lot from one warehouse to another. */
export const stockTransferBody = z.object({
  materialId: idParam,
  lotNumber: lotNumberField,
  fromStoreId: idParam,
  toStoreId: idParam,
  quantity: lotQuantity,
  remark: optionalText(200),
});

/**
 * POST /manage/v1/stock/stocktakes: the counted sheet of one warehouse. Lines name the lots
 * counted; a line whose count differs from the book posts the difference as a movement.
 */
export const stocktakeBody = z.object({
  storeId: idParam,
  remark: requiredText('请填写盘点说明', 200),
  lines: z
    .array(
      z.object({
        materialId: idParam,
        lotNumber: lotNumberField,
        /** Needed only for a lot the book does not know in this warehouse (found stock). */
        expire: expireField.optional(),
        counted: numeric(
          z
            .number({ error: '实盘数量有误' })
            .int({ error: '实盘数量有误' })
            .min(0, { error: '实盘数量有误' })
            .max(LIMITS.quantityMax, { error: '实盘数量有误' }),
        ),
      }),
      { error: '请填写盘点数量' },
    )
    .min(1, { error: '请填写盘点数量' })
    .max(5000, { error: '一次最多盘点 5000 行' }),
});

/** A lot as the stock rows and the ship dialog list it. */
export const lotSchema = z.object({
  lotNumber: z.string(),
  /** YYYY-MM-DD, or null when unknown (未分批). */
  expire: z.string().nullable(),
  quantity: z.number().int(),
});
export type Lot = z.infer<typeof lotSchema>;

/** GET /manage/v1/stock/documents/{id}: a receipt, transfer or stocktake with its lines. */
export const stockDocumentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['receipt', 'transfer', 'stocktake']),
  storeId: z.number().int(),
  storeName: z.string(),
  /** Transfers: the receiving warehouse. */
  toStoreId: z.number().int().nullable(),
  toStoreName: z.string().nullable(),
  supplier: z.string(),
  remark: z.string(),
  staff: z.string(),
  createTime: z.number(),
  lines: z.array(
    z.object({
      materialId: z.number().int(),
      number: z.string(),
      name: z.string(),
      cas: z.string(),
      pack: z.string(),
      storeName: z.string(),
      lotNumber: z.string(),
      expire: z.string().nullable(),
      change: z.number().int(),
    }),
  ),
});
export type StockDocument = z.infer<typeof stockDocumentSchema>;

export const stockDocumentQuery = pageQuery(20).extend({
  kind: z.enum(['receipt', 'transfer', 'stocktake'], { error: '单据类型有误' }).optional(),
  storeId: idParam.optional(),
});
export const stockDocumentRowSchema = stockDocumentSchema.omit({ lines: true }).extend({
  lineCount: z.number().int(),
  units: z.number().int(),
});

/** GET /manage/v1/stock/lots: lots over all packs, filtered. */
export const lotQuery = pageQuery(20).extend({
  key: z.string().trim().max(100).optional(),
  storeId: idParam.optional(),
  /** expired: past its date; 30 / 90: expiring within that many days (not yet expired). */
  expiry: z.enum(['expired', '30', '90'], { error: '有效期筛选有误' }).optional(),
  /** Lots with units left only (default), or every lot ever received too. */
  all: z.enum(['true', 'false']).optional(),
});
export const lotRowSchema = z.object({
  materialId: z.number().int(),
  productId: z.number().int(),
  number: z.string(),
  name: z.string(),
  pack: z.string(),
  storeId: z.number().int(),
  storeName: z.string(),
  lotNumber: z.string(),
  expire: z.string().nullable(),
  quantity: z.number().int(),
  /** Days until expire (negative once past); null without expiry. */
  daysLeft: z.number().int().nullable(),
  /** Whether a certificate of this product and lot is on file. */
  hasCoa: z.boolean(),
});
export type LotRow = z.infer<typeof lotRowSchema>;

export const lotParams = z.object({ materialId: idParam, lotNumber: lotNumberField });

/** GET /manage/v1/stock/lots/{materialId}/{lotNumber}: where a lot is, where it came from, where it went. */
export const lotDetailSchema = z.object({
  materialId: z.number().int(),
  productId: z.number().int(),
  number: z.string(),
  name: z.string(),
  pack: z.string(),
  lotNumber: z.string(),
  expire: z.string().nullable(),
  stores: z.array(
    z.object({ storeId: z.number().int(), storeName: z.string(), quantity: z.number().int() }),
  ),
  receipts: z.array(
    z.object({
      documentId: z.number().int().nullable(),
      storeName: z.string(),
      supplier: z.string(),
      quantity: z.number().int(),
      staff: z.string(),
      createTime: z.number(),
    }),
  ),
  /** The recall list: every package that shipped units of this lot. */
  shipments: z.array(
    z.object({
      orderId: z.number().int(),
      orderNumber: z.string(),
      deliveryId: z.number().int(),
      company: z.string(),
      consignee: z.string(),
      phone: z.string(),
      quantity: z.number().int(),
      createTime: z.number(),
    }),
  ),
  coa: z.array(z.object({ id: z.number().int(), name: z.string(), expire: z.string() })),
});
export type LotDetail = z.infer<typeof lotDetailSchema>;

/** GET /manage/v1/stock/lots/expiring: the dashboard's card, per warehouse. */
export const expiringLotsSchema = z.object({
  stores: z.array(
    z.object({
      storeId: z.number().int(),
      storeName: z.string(),
      expired: z.number().int(),
      within30: z.number().int(),
      within90: z.number().int(),
    }),
  ),
});

/** GET/PUT /manage/v1/settings/shelf-life: the minimum remaining shelf life at shipping. */
export const shelfLifeSchema = z.object({
  minMonths: numeric(
    z
      .number({ error: '最短剩余有效期有误' })
      .int({ error: '最短剩余有效期有误' })
      .min(0, { error: '最短剩余有效期有误' })
      .max(120, { error: '最短剩余有效期有误' }),
  ),
});
export const shelfLifeAnswer = z.object({ minMonths: z.number().int() });
