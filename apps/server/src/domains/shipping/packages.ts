import {
  SELF_PICKUP,
  SHIPPING_CLASSES,
  SHIPPING_CLASS_LABELS,
  freightFen,
  type ShippingClass,
  type ShippingClassRule,
  type ShippingRules,
} from '@labshop/shared';
import { badRequest } from '../../lib/errors.ts';

/*
 * Splitting an order into packages and pricing their freight (docs/shipping.md): one package per
 * shipping class; the shop's base freight rule (docs/product-rules.md section 9) on the whole
 * order's goods is carried by the first package, and every package adds its class's surcharge.
 * An order of one normal class therefore costs what it always did.
 */

/** A line as packing sees it; price in fen (null: 询价). */
export interface PackingLine {
  materialId: number;
  shippingClass: ShippingClass;
  /** The product is 剧毒 (compliance's highly-toxic category). */
  highlyToxic: boolean;
  price: number | null;
  quantity: number;
}

export interface PlannedPackage<L extends PackingLine> {
  shippingClass: ShippingClass;
  lines: L[];
  /** Fen; null while a line waits for its price. */
  freightFen: number | null;
  carriers: string[];
}

export const ruleOf = (rules: ShippingRules, c: ShippingClass): ShippingClassRule =>
  rules.classes.find((r) => r.shippingClass === c) ?? {
    shippingClass: c,
    surchargeFen: 0,
    carriers: rules.carriers.map((k) => k.name),
    excludedRegions: [],
  };

/**
 * The carriers a package of the class may go with: the class's carriers and 自提; with a 剧毒 line
 * only the carriers marked licensed, and 自提.
 */
export function carriersFor(
  rules: ShippingRules,
  shippingClass: ShippingClass,
  highlyToxic: boolean,
): string[] {
  const licensed = new Set(rules.carriers.filter((c) => c.licensed).map((c) => c.name));
  const allowed = ruleOf(rules, shippingClass).carriers.filter(
    (name) => name !== SELF_PICKUP && (!highlyToxic || licensed.has(name)),
  );
  return [...allowed, SELF_PICKUP];
}

/** The refusal of a class the delivery region is excluded from, or null. */
export function regionRefusal(
  rules: ShippingRules,
  shippingClass: ShippingClass,
  regionCode: string,
): string | null {
  const codes = regionCode.split(',').map((c) => c.trim());
  const excluded = ruleOf(rules, shippingClass).excludedRegions;
  return codes.some((c) => excluded.includes(c))
    ? `${SHIPPING_CLASS_LABELS[shippingClass]}商品不能发往所选地区，请更换收货地址或移除这些商品`
    : null;
}

/**
 * The packages of an order's lines, in class order (normal first). Refuses, in Chinese, when the
 * delivery region is excluded for a class of the order.
 */
export function planPackages<L extends PackingLine>(
  lines: readonly L[],
  rules: ShippingRules,
  regionCode: string,
): PlannedPackage<L>[] {
  const goods = lines.some((l) => l.price === null)
    ? null
    : lines.reduce((sum, l) => sum + (l.price ?? 0) * l.quantity, 0);
  const packages: PlannedPackage<L>[] = [];
  for (const shippingClass of SHIPPING_CLASSES) {
    const own = lines.filter((l) => l.shippingClass === shippingClass);
    if (own.length === 0) continue;
    const refusal = regionRefusal(rules, shippingClass, regionCode);
    if (refusal) throw badRequest(refusal);
    const surcharge = ruleOf(rules, shippingClass).surchargeFen;
    const base = packages.length === 0 && goods !== null ? freightFen(goods) : 0;
    packages.push({
      shippingClass,
      lines: own,
      freightFen: goods === null ? null : base + surcharge,
      carriers: carriersFor(
        rules,
        shippingClass,
        own.some((l) => l.highlyToxic),
      ),
    });
  }
  return packages;
}

/** The order's freight: the sum of its packages' (null while any waits for a price). */
export function freightOf(packages: readonly PlannedPackage<PackingLine>[]): number | null {
  let sum = 0;
  for (const p of packages) {
    if (p.freightFen === null) return null;
    sum += p.freightFen;
  }
  return sum;
}

const MIXED = '不同运输类别的商品不能同装一个包裹，请分开发货';

/**
 * Refuses a package that mixes shipping classes or goes with a carrier its class (or a 剧毒 line)
 * does not allow; the ship dialog offers only the allowed ones, the server holds the rule.
 */
export function assertShippable(
  rules: ShippingRules,
  lines: readonly Pick<PackingLine, 'shippingClass' | 'highlyToxic'>[],
  carrier: string,
): void {
  const classes = new Set(lines.map((l) => l.shippingClass));
  if (classes.size > 1) throw badRequest(MIXED);
  const [shippingClass] = [...classes];
  if (!shippingClass) return;
  const allowed = carriersFor(
    rules,
    shippingClass,
    lines.some((l) => l.highlyToxic),
  );
  if (!allowed.includes(carrier)) {
    throw badRequest(
      `${SHIPPING_CLASS_LABELS[shippingClass]}包裹只能由以下承运商发运：${allowed.join('、')}`,
    );
  }
}
