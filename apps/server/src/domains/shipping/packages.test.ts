import { describe, expect, it } from 'vitest';
import type { ShippingRules } from '@labshop/shared';
import {
  assertShippable,
  carriersFor,
  freightOf,
  planPackages,
  type PackingLine,
} from './packages.ts';
import { expectedShipDate } from './shipping.service.ts';

const rules: ShippingRules = {
  carriers: [
    { name: '顺丰速运', licensed: false },
    { name: '危化专运', licensed: true },
  ],
  classes: [
    { shippingClass: 'normal', surchargeFen: 0, carriers: ['顺丰速运'], excludedRegions: [] },
    {
      shippingClass: 'dangerous',
      surchargeFen: 5000,
      carriers: ['危化专运'],
      excludedRegions: ['540000'],
    },
    { shippingClass: 'frozen', surchargeFen: 3000, carriers: ['顺丰速运'], excludedRegions: [] },
  ],
};

const line = (p: Partial<PackingLine>): PackingLine => ({
  materialId: 1,
  shippingClass: 'normal',
  highlyToxic: false,
  price: 10_000,
  quantity: 1,
  ...p,
});

describe('planPackages', () => {
  it('puts each class in its own package, base freight once and each class its surcharge', () => {
    const packages = planPackages(
      [
        line({ materialId: 1, shippingClass: 'dangerous' }),
        line({ materialId: 2 }),
        line({ materialId: 3, shippingClass: 'frozen' }),
        line({ materialId: 4 }),
      ],
      rules,
      '110000,110100,110101',
    );
    expect(packages.map((p) => [p.shippingClass, p.lines.map((l) => l.materialId)])).toEqual([
      ['normal', [2, 4]],
      ['dangerous', [1]],
      ['frozen', [3]],
    ]);
    // Goods 400 yuan: the base rule's 20 yuan on the first package, then 50 and 30.
    expect(packages.map((p) => p.freightFen)).toEqual([2000, 5000, 3000]);
    expect(freightOf(packages)).toBe(10_000);
  });

  it('leaves a single normal order at the base rule', () => {
    const packages = planPackages([line({ price: 200_000 })], rules, '110000');
    expect(packages.map((p) => p.freightFen)).toEqual([0]);
  });

  it('leaves freight unpriced while a line waits for its price', () => {
    const packages = planPackages([line({ price: null })], rules, '110000');
    expect(freightOf(packages)).toBeNull();
  });

  it('refuses a class its region is excluded from, in Chinese', () => {
    expect(() =>
      planPackages([line({ shippingClass: 'dangerous' })], rules, '540000,540100'),
    ).toThrow('危险品商品不能发往所选地区，请更换收货地址或移除这些商品');
  });
});

describe('carriers', () => {
  it('offers the class carriers and 自提; 剧毒 only licensed carriers and 自提', () => {
    expect(carriersFor(rules, 'normal', false)).toEqual(['顺丰速运', '自提']);
    expect(carriersFor(rules, 'normal', true)).toEqual(['自提']);
    expect(carriersFor(rules, 'dangerous', true)).toEqual(['危化专运', '自提']);
  });

  it('refuses mixed classes and a carrier the class does not allow', () => {
    expect(() =>
      assertShippable(rules, [line({}), line({ shippingClass: 'frozen' })], '顺丰速运'),
    ).toThrow('不同运输类别的商品不能同装一个包裹，请分开发货');
    expect(() =>
      assertShippable(rules, [line({ shippingClass: 'dangerous' })], '顺丰速运'),
    ).toThrow('危险品包裹只能由以下承运商发运：危化专运、自提');
    expect(() =>
      assertShippable(rules, [line({ shippingClass: 'dangerous' })], '危化专运'),
    ).not.toThrow();
  });
});

describe('expectedShipDate', () => {
  it('counts days on the China calendar', () => {
    // 2026-03-01 20:00 UTC is already 03-02 in China.
    expect(expectedShipDate(Date.UTC(2026, 2, 1, 20), 7)).toBe('2026-03-09');
    expect(expectedShipDate(Date.UTC(2026, 2, 1, 10), 7)).toBe('2026-03-08');
  });
});
