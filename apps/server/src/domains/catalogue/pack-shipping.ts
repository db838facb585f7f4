import type { MaterialInput } from '@labshop/shared/schemas';

/**
 * The shipping columns a pack's form or import sets (docs/shipping.md); a field left out keeps
 * what the pack has, and a pack that is not dangerous carries no UN number or hazard class.
 */
export function shippingColumns(m: MaterialInput) {
  const dangerous = m.shippingClass === 'dangerous';
  return {
    ...(m.shippingClass === undefined
      ? {}
      : {
          shippingClass: m.shippingClass,
          unNumber: dangerous ? (m.unNumber ?? '') : '',
          hazardClass: dangerous ? (m.hazardClass ?? '') : '',
        }),
    ...(m.leadTimeDays === undefined ? {} : { leadTimeDays: m.leadTimeDays }),
  };
}
