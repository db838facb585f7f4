import { SHIPPING_CLASSES, type ShippingClass } from '@labshop/shared';
import type { ShippingRulesAnswer, ShippingRulesInput } from '@labshop/shared/schemas';

/** The 运输类别 form: the carriers, then one rule per class, always all four in class order. */
export interface RulesFormValues {
  carriers: { name?: string; licensed?: boolean }[];
  classes: {
    shippingClass: ShippingClass;
    surcharge: number | null;
    carriers: string[];
    excludedRegions: string[];
  }[];
}

/**
 * The saved rules as the form edits them. A class without a saved rule starts as the server
 * treats it (docs/shipping.md, section 2): no surcharge, no region excluded, every carrier.
 */
export function rulesToForm(rules: ShippingRulesAnswer): RulesFormValues {
  return {
    carriers: rules.carriers.map((c) => ({ ...c })),
    classes: SHIPPING_CLASSES.map((shippingClass) => {
      const saved = rules.classes.find((c) => c.shippingClass === shippingClass);
      return saved
        ? { ...saved, carriers: [...saved.carriers], excludedRegions: [...saved.excludedRegions] }
        : {
            shippingClass,
            surcharge: 0,
            carriers: rules.carriers.map((c) => c.name),
            excludedRegions: [],
          };
    }),
  };
}

/**
 * The PUT body. A carrier taken off the list leaves the classes that named it, so removing one
 * is one click; names are sent as typed (the server trims them and refuses what it must).
 */
export function formToRules(v: RulesFormValues): ShippingRulesInput {
  const carriers = v.carriers.map((c) => ({
    name: (c.name ?? '').trim(),
    licensed: c.licensed === true,
  }));
  const names = new Set(carriers.map((c) => c.name));
  return {
    carriers,
    classes: v.classes.map((c) => ({
      shippingClass: c.shippingClass,
      surcharge: c.surcharge ?? 0,
      carriers: c.carriers.filter((name) => names.has(name)),
      excludedRegions: c.excludedRegions,
    })),
  };
}
