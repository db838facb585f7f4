import { describe, expect, it } from 'vitest';
import { carrierProblem, packageChoices } from './ship-packages';

const answer = {
  restricted: true,
  packages: [
    { shippingClass: 'normal' as const, orderGoodsIds: [1, 2], carriers: ['顺丰速运', '自提'] },
    { shippingClass: 'dangerous' as const, orderGoodsIds: [3], carriers: ['危险品专线', '自提'] },
  ],
};

describe('the ship dialog packages', () => {
  it('offers one package per class of the lines still owed', () => {
    expect(packageChoices(answer, [{ id: 2 }, { id: 3 }])).toEqual([
      { shippingClass: 'normal', orderGoodsIds: [2], carriers: ['顺丰速运', '自提'] },
      { shippingClass: 'dangerous', orderGoodsIds: [3], carriers: ['危险品专线', '自提'] },
    ]);
    // The normal lines shipped: only the dangerous package is left.
    expect(packageChoices(answer, [{ id: 3 }]).map((c) => c.shippingClass)).toEqual(['dangerous']);
  });

  it('ships everything with any carrier while no rules are set', () => {
    expect(packageChoices({ ...answer, restricted: false }, [{ id: 1 }, { id: 3 }])).toEqual([
      { shippingClass: null, orderGoodsIds: null, carriers: null },
    ]);
    expect(carrierProblem(packageChoices({ ...answer, restricted: false }, [])[0]!, '随便')).toBe(
      null,
    );
  });

  it("refuses a carrier the class does not take, in the server's words", () => {
    const [, dangerous] = packageChoices(answer, [{ id: 1 }, { id: 3 }]);
    expect(carrierProblem(dangerous!, '顺丰速运')).toBe(
      '危险品包裹只能由以下承运商发运：危险品专线、自提',
    );
    expect(carrierProblem(dangerous!, '自提')).toBeNull();
    expect(carrierProblem(dangerous!, ' 危险品专线 ')).toBeNull();
  });
});
