import { z } from 'zod';
import {
  HAZARD_CLASS_MSG,
  HAZARD_CLASS_RE,
  SELF_PICKUP,
  SHIPPING_CLASSES,
  UN_NUMBER_MSG,
  UN_NUMBER_RE,
} from '../shipping.ts';
import { requiredText } from './fields.ts';

/*
 * Shipping classes of packs and the freight rules per class (docs/shipping.md).
 */

export const shippingClassField = z.enum(SHIPPING_CLASSES, {
  error: '运输类别只能是 normal（普通）、dangerous（危险品）、cold（冷藏）或 frozen（冷冻）',
});

const REGION_CODE_RE = /^\d{6}$/;

/** 货期 in days while out of stock; null: none (out of stock means 库存不足). */
export const leadTimeDaysField = z
  .number({ error: '货期应为 1-365 天的整数' })
  .int({ error: '货期应为 1-365 天的整数' })
  .min(1, { error: '货期应为 1-365 天的整数' })
  .max(365, { error: '货期应为 1-365 天的整数' })
  .nullable();

/** A dangerous pack needs its UN number (UN####) and its 危险货物类别. */
export function checkDangerousPack(
  p: { shippingClass?: string; unNumber?: string; hazardClass?: string },
  ctx: z.RefinementCtx,
): void {
  if (p.shippingClass !== 'dangerous') return;
  if (!UN_NUMBER_RE.test(p.unNumber ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['unNumber'], message: UN_NUMBER_MSG });
  }
  if (!HAZARD_CLASS_RE.test(p.hazardClass ?? '')) {
    ctx.addIssue({ code: 'custom', path: ['hazardClass'], message: HAZARD_CLASS_MSG });
  }
}

/** The shipping fields of a pack as the import reads them. */
export const packShippingFields = z
  .object({
    shippingClass: shippingClassField.default('normal'),
    unNumber: z.string({ error: UN_NUMBER_MSG }).trim().toUpperCase().default(''),
    hazardClass: z.string({ error: HAZARD_CLASS_MSG }).trim().default(''),
    leadTimeDays: leadTimeDaysField.default(null),
  })
  .superRefine(checkDangerousPack)
  // A pack that is not dangerous carries no UN number or hazard class.
  .transform((p) =>
    p.shippingClass === 'dangerous' ? p : { ...p, unNumber: '', hazardClass: '' },
  );
export type PackShipping = z.output<typeof packShippingFields>;

const carrierName = requiredText('请输入承运商名称', 20).refine((n) => n !== SELF_PICKUP, {
  error: `${SELF_PICKUP}无需设置，总是可选`,
});

const surchargeField = z
  .number({ error: '附加运费应为 0-9999.99 元' })
  .min(0, { error: '附加运费应为 0-9999.99 元' })
  .max(9999.99, { error: '附加运费应为 0-9999.99 元' });

/** PUT /manage/v1/settings/shipping-classes; surcharges in yuan. */
export const shippingRulesInput = z
  .object({
    carriers: z
      .array(z.object({ name: carrierName, licensed: z.boolean().default(false) }), {
        error: '承运商格式有误',
      })
      .max(30, { error: '承运商过多' }),
    classes: z
      .array(
        z.object({
          shippingClass: shippingClassField,
          surcharge: surchargeField,
          carriers: z.array(z.string().trim(), { error: '承运商格式有误' }).max(30),
          excludedRegions: z
            .array(z.string().trim().regex(REGION_CODE_RE, { error: '地区编码应为六位数字' }), {
              error: '地区格式有误',
            })
            .max(100, { error: '不发货地区过多' }),
        }),
        { error: '运输类别格式有误' },
      )
      .max(SHIPPING_CLASSES.length),
  })
  .superRefine((r, ctx) => {
    const names = new Set<string>();
    for (const c of r.carriers) {
      if (names.has(c.name)) {
        ctx.addIssue({ code: 'custom', message: `承运商重复：${c.name}` });
      }
      names.add(c.name);
    }
    const seen = new Set<string>();
    for (const k of r.classes) {
      if (seen.has(k.shippingClass)) {
        ctx.addIssue({ code: 'custom', message: `运输类别重复：${k.shippingClass}` });
      }
      seen.add(k.shippingClass);
      for (const name of k.carriers) {
        if (name !== SELF_PICKUP && !names.has(name)) {
          ctx.addIssue({ code: 'custom', message: `承运商不存在：${name}` });
        }
      }
    }
  });
export type ShippingRulesInput = z.output<typeof shippingRulesInput>;

export const shippingRulesSchema = z.object({
  carriers: z.array(z.object({ name: z.string(), licensed: z.boolean() })),
  classes: z.array(
    z.object({
      shippingClass: shippingClassField,
      surcharge: z.number(),
      carriers: z.array(z.string()),
      excludedRegions: z.array(z.string()),
    }),
  ),
});
export type ShippingRulesAnswer = z.infer<typeof shippingRulesSchema>;

/** One package of an order as the confirmation shows it (freight in yuan). */
export const previewPackageSchema = z.object({
  shippingClass: shippingClassField,
  lines: z.array(
    z.object({
      materialId: z.number().int(),
      name: z.string(),
      pack: z.string(),
      quantity: z.number().int(),
      /** 预计发货, YYYY-MM-DD China time, for a line waiting for stock; null when in stock. */
      expectedShipDate: z.string().nullable(),
    }),
  ),
  freight: z.number().nullable(),
  carriers: z.array(z.string()),
});
export type PreviewPackage = z.infer<typeof previewPackageSchema>;

/** POST /client/v1/orders/preview: the packages, their freight sum and the order's amount. */
export const orderPreviewSchema = z.object({
  packages: z.array(previewPackageSchema),
  goodsAmount: z.number().nullable(),
  freight: z.number().nullable(),
  amount: z.number().nullable(),
});
export type OrderPreview = z.infer<typeof orderPreviewSchema>;

/** GET /manage/v1/orders/{id}/packages: the ship dialog's packages, one per shipping class. */
export const orderPackagesSchema = z.object({
  /** False while staff have set no freight rules: any carrier may be typed. */
  restricted: z.boolean(),
  packages: z.array(
    z.object({
      shippingClass: shippingClassField,
      orderGoodsIds: z.array(z.number().int()),
      carriers: z.array(z.string()),
    }),
  ),
});
export type OrderPackages = z.infer<typeof orderPackagesSchema>;
