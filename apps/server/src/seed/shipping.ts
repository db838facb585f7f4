import { toFen, type ShippingRules } from '@labshop/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { SHIPPING_RULES_SETTING } from '../domains/shipping/index.ts';

/*
 * The demo's shipping classes, lead times and freight rules (docs/shipping.md). The carriers and
 * surcharges are the demo shop's settings, not law: 危险品专线 stands for a carrier licensed for
 * dangerous goods by road.
 */

export const DEMO_SHIPPING_RULES: ShippingRules = {
  carriers: [
    { name: '顺丰速运', licensed: false },
    { name: '京东物流', licensed: false },
    { name: '中通快递', licensed: false },
    { name: '危险品专线', licensed: true },
  ],
  classes: [
    {
      shippingClass: 'normal',
      surchargeFen: 0,
      // The licensed line takes ordinary goods too (易制爆 reagents that are no dangerous goods).
      carriers: ['顺丰速运', '京东物流', '中通快递', '危险品专线'],
      excludedRegions: [],
    },
    {
      shippingClass: 'dangerous',
      surchargeFen: toFen(80),
      carriers: ['危险品专线'],
      // 西藏 and 新疆: the demo's dangerous-goods carrier does not reach them.
      excludedRegions: ['540000', '650000'],
    },
    { shippingClass: 'cold', surchargeFen: toFen(30), carriers: ['顺丰速运'], excludedRegions: [] },
    {
      shippingClass: 'frozen',
      surchargeFen: toFen(60),
      carriers: ['顺丰速运'],
      excludedRegions: ['540000'],
    },
  ],
};

/** 乙醚 (UN1155, class 3) is dangerous; the -20 ℃ standards frozen; a few 2-8 ℃ ones cold. */
const DANGEROUS = [{ name: '乙醚', unNumber: 'UN1155', hazardClass: '3' }];
const COLD = ['甲基异噻唑啉酮', '甲基氯异噻唑啉酮'];
/** Made to order: these ship a fixed number of days after the order when out of stock. */
const LEAD_TIMES: [string, number][] = [
  ['维生素D3', 14],
  ['左甲状腺素钠', 10],
];

async function setClass(trx: Db, names: string[], set: Record<string, unknown>): Promise<void> {
  if (names.length === 0) return;
  await trx
    .updateTable('materials')
    .set(set)
    .where('productId', 'in', trx.selectFrom('products').select('id').where('name', 'in', names))
    .execute();
}

export async function seedShipping(trx: Db): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: SHIPPING_RULES_SETTING, value: JSON.stringify(DEMO_SHIPPING_RULES) })
    .execute();
  for (const d of DANGEROUS) {
    await setClass(trx, [d.name], {
      shippingClass: 'dangerous',
      unNumber: d.unNumber,
      hazardClass: d.hazardClass,
    });
  }
  await trx
    .updateTable('materials')
    .set({ shippingClass: 'frozen' })
    .where(
      'productId',
      'in',
      trx.selectFrom('products').select('id').where('temperature', 'like', '-20%'),
    )
    .execute();
  await setClass(trx, COLD, { shippingClass: 'cold' });
  for (const [name, days] of LEAD_TIMES) await setClass(trx, [name], { leadTimeDays: days });
  // Every other demo pack is an imported standard the shop reorders from its maker: 7-30 days,
  // so a pack out of stock can still be ordered (库存不足 is for a pack without one).
  await trx
    .updateTable('materials')
    .set({ leadTimeDays: sql<number>`7 + (id % 24)` })
    .where('leadTimeDays', 'is', null)
    .execute();
}
