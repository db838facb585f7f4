import { z } from 'zod';
import { epochMs, numeric } from './fields.ts';

/** Most rows one payments export holds (docs/console.md, "Lists"): a longer period is refused. */
export const PAYMENTS_EXPORT_MAX = 50_000;

const PAY_TYPE_ERROR = '支付方式有误';

/**
 * GET /manage/v1/payments/export: every money movement from `from` to `to` (epoch ms, both
 * inclusive), optionally of one pay type.
 */
export const paymentsExportQuery = z
  .object({
    from: epochMs.optional(),
    to: epochMs.optional(),
    payType: numeric(
      z
        .number({ error: PAY_TYPE_ERROR })
        .int({ error: PAY_TYPE_ERROR })
        .min(1, { error: PAY_TYPE_ERROR })
        .max(5, { error: PAY_TYPE_ERROR }),
    ).optional(),
  })
  .refine((q) => q.from !== undefined && q.to !== undefined, { error: '请选择导出的时间范围' })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    error: '开始时间不能晚于结束时间',
  })
  .transform((q) => ({ from: q.from ?? 0, to: q.to ?? 0, payType: q.payType }));
