import { SHIPPING_CLASS_LABELS, type ShippingClass } from '@labshop/shared';
import type { OrderPackages } from '@labshop/shared/schemas';

/** What one package of the ship dialog may hold and go with. */
export interface PackageChoice {
  /** Null while staff have set no freight rules: every line, any carrier. */
  shippingClass: ShippingClass | null;
  orderGoodsIds: number[] | null;
  /** The carriers offered; null: any may be typed. */
  carriers: string[] | null;
}

const ANY: PackageChoice = { shippingClass: null, orderGoodsIds: null, carriers: null };

/**
 * The packages the dialog can ship now, of the lines still owed: one per shipping class present
 * (lines of different classes never share a package, docs/shipping.md), or one of everything
 * while the rules are not set.
 */
export function packageChoices(
  answer: OrderPackages,
  owed: readonly { id: number }[],
): PackageChoice[] {
  if (!answer.restricted) return [ANY];
  const ids = new Set(owed.map((g) => g.id));
  const choices = answer.packages.flatMap((p) => {
    const lines = p.orderGoodsIds.filter((id) => ids.has(id));
    return lines.length === 0
      ? []
      : [{ shippingClass: p.shippingClass, orderGoodsIds: lines, carriers: p.carriers }];
  });
  // Nothing owed that the answer knows (a line added meanwhile): the server still checks.
  return choices.length > 0 ? choices : [ANY];
}

/** The refusal of a carrier the package may not go with, in the server's words; else null. */
export function carrierProblem(choice: PackageChoice, carrier: string): string | null {
  const { carriers, shippingClass } = choice;
  if (carriers === null || shippingClass === null || carriers.includes(carrier.trim())) {
    return null;
  }
  return `${SHIPPING_CLASS_LABELS[shippingClass]}包裹只能由以下承运商发运：${carriers.join('、')}`;
}
