/**
 * Shipping classes of a pack and the freight rules per class (docs/shipping.md). A package holds
 * lines of one class only; its freight is the base rule on its goods plus its class's surcharge.
 */
export const SHIPPING_CLASSES = ['normal', 'dangerous', 'cold', 'frozen'] as const;
export type ShippingClass = (typeof SHIPPING_CLASSES)[number];

export const SHIPPING_CLASS_LABELS: Record<ShippingClass, string> = {
  normal: '普通',
  dangerous: '危险品',
  cold: '冷藏（2-8 °C，冰袋）',
  frozen: '冷冻（-20 °C，干冰）',
};

export const isShippingClass = (v: unknown): v is ShippingClass =>
  typeof v === 'string' && (SHIPPING_CLASSES as readonly string[]).includes(v);

/** A UN number as the dangerous-goods lists write it: UN and four digits (UN1155). */
export const UN_NUMBER_RE = /^UN\d{4}$/;
export const UN_NUMBER_MSG = 'UN 编号格式应为 UN 加四位数字，如 UN1155';

/** 危险货物类别 (classes 1-9 with divisions, GB 6944): 3, 6.1, 4.2 ... */
export const HAZARD_CLASS_RE = /^[1-9](\.[1-6])?$/;
export const HAZARD_CLASS_MSG = '危险货物类别应为 1-9 类，可带项，如 3、6.1';

/** The carrier a buyer collects with: always allowed, also for 剧毒 goods. */
export const SELF_PICKUP = '自提';

/** A carrier the shop ships with; `licensed`: may carry 剧毒 goods (a shop setting). */
export interface Carrier {
  name: string;
  licensed: boolean;
}

/** The rule of one shipping class. Money in fen. */
export interface ShippingClassRule {
  shippingClass: ShippingClass;
  /** Added to each package of the class. */
  surchargeFen: number;
  /** Carrier names allowed for the class (from `carriers`). */
  carriers: string[];
  /** Region codes (six digits) the class is not shipped to. */
  excludedRegions: string[];
}

export interface ShippingRules {
  carriers: Carrier[];
  classes: ShippingClassRule[];
}
