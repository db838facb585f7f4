import type { FormRule } from 'antd';
import { SHIPPING_CLASSES, SHIPPING_CLASS_LABELS, type ShippingClass } from '@labshop/shared';
import { packShippingFields } from '@labshop/shared/schemas';

/** A pack's shipping fields as the product form edits them (docs/shipping.md, section 1). */
export interface PackShippingValues {
  shippingClass: ShippingClass;
  unNumber: string;
  hazardClass: string;
  leadTimeDays: number | null;
}

export const BLANK_PACK_SHIPPING: PackShippingValues = {
  shippingClass: 'normal',
  unNumber: '',
  hazardClass: '',
  leadTimeDays: null,
};

export const shippingClassOptions = SHIPPING_CLASSES.map((c) => ({
  value: c,
  label: SHIPPING_CLASS_LABELS[c],
}));

/**
 * The pack's shipping fields for the request body: a pack that is not dangerous sends no UN
 * number or hazard class (the server clears them when its class changes).
 */
export function packShippingBody(v: Partial<PackShippingValues>): PackShippingValues {
  const shippingClass = v.shippingClass ?? 'normal';
  const dangerous = shippingClass === 'dangerous';
  return {
    shippingClass,
    unNumber: dangerous ? (v.unNumber ?? '').trim().toUpperCase() : '',
    hazardClass: dangerous ? (v.hazardClass ?? '').trim() : '',
    leadTimeDays: v.leadTimeDays ?? null,
  };
}

/**
 * A rule for one shipping field of the pack at `index` of `materials`: the pack's shipping fields
 * are checked together with the server's schema (a dangerous pack needs both numbers), and the
 * issue it names for `field` is shown there.
 */
export function packShippingRule(index: number, field: keyof PackShippingValues): FormRule {
  return ({ getFieldValue }) => ({
    // The asterisk: a dangerous pack needs its UN number and hazard class.
    required:
      (field === 'unNumber' || field === 'hazardClass') &&
      getFieldValue(['materials', index, 'shippingClass']) === 'dangerous',
    validator: async () => {
      const pack = getFieldValue(['materials', index]) as Partial<PackShippingValues> | undefined;
      const result = packShippingFields.safeParse(packShippingBody(pack ?? {}));
      const issue = result.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
