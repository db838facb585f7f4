import { isShippingClass, toFen, toYuan, type ShippingRules } from '@labshop/shared';
import type { ShippingRulesInput } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { readSetting, writeSetting } from '../../lib/settings.repository.ts';
import { recordAudit } from '../audit/index.ts';

/** The freight rules per shipping class (docs/shipping.md), one JSON setting. */
export const SHIPPING_RULES_SETTING = 'shipping.classes';

/** Until staff set rules: no surcharge, no region excluded, any carrier. */
export const NO_RULES: ShippingRules = { carriers: [], classes: [] };

/** The stored rules, or null while staff have set none (then carriers are not restricted). */
export async function shippingRules(db: Db): Promise<ShippingRules | null> {
  const text = await readSetting(db, SHIPPING_RULES_SETTING);
  if (text === undefined) return null;
  const v = JSON.parse(text) as ShippingRules;
  return {
    carriers: v.carriers,
    classes: v.classes.filter((c) => isShippingClass(c.shippingClass)),
  };
}

/** The rules as the console edits them (surcharges in yuan). */
export function rulesAnswer(rules: ShippingRules | null) {
  const r = rules ?? NO_RULES;
  return {
    carriers: r.carriers,
    classes: r.classes.map(({ surchargeFen, ...c }) => ({ ...c, surcharge: toYuan(surchargeFen) })),
  };
}

export async function saveShippingRules(
  db: Db,
  input: ShippingRulesInput,
  staffId: number,
): Promise<void> {
  const rules: ShippingRules = {
    carriers: input.carriers,
    classes: input.classes.map(({ surcharge, ...c }) => ({ ...c, surchargeFen: toFen(surcharge) })),
  };
  await db.transaction().execute(async (trx) => {
    const before = await shippingRules(trx);
    await writeSetting(trx, SHIPPING_RULES_SETTING, JSON.stringify(rules));
    await recordAudit(trx, {
      staffId,
      action: 'settings.shipping-classes',
      target: `settings:${SHIPPING_RULES_SETTING}`,
      before: rulesAnswer(before),
      after: rulesAnswer(rules),
    });
  });
}
