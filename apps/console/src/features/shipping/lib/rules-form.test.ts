import { describe, expect, it } from 'vitest';
import { formToRules, rulesToForm } from './rules-form';

const saved = {
  carriers: [
    { name: '顺丰速运', licensed: false },
    { name: '危险品专线', licensed: true },
  ],
  classes: [
    {
      shippingClass: 'dangerous' as const,
      surcharge: 80,
      carriers: ['危险品专线'],
      excludedRegions: ['540000'],
    },
  ],
};

describe('运输类别 form', () => {
  it('edits all four classes, an unsaved one as the server treats it', () => {
    const form = rulesToForm(saved);
    expect(form.classes.map((c) => c.shippingClass)).toEqual([
      'normal',
      'dangerous',
      'cold',
      'frozen',
    ]);
    expect(form.classes[0]).toEqual({
      shippingClass: 'normal',
      surcharge: 0,
      carriers: ['顺丰速运', '危险品专线'],
      excludedRegions: [],
    });
    expect(form.classes[1]).toEqual(saved.classes[0]);
  });

  it('sends what was saved unchanged, and a removed carrier leaves every class', () => {
    const form = rulesToForm(saved);
    expect(formToRules(form).classes[1]).toEqual(saved.classes[0]);
    const without = formToRules({
      ...form,
      carriers: [{ name: ' 顺丰速运 ' }],
    });
    expect(without.carriers).toEqual([{ name: '顺丰速运', licensed: false }]);
    expect(without.classes.map((c) => c.carriers)).toEqual([
      ['顺丰速运'],
      [],
      ['顺丰速运'],
      ['顺丰速运'],
    ]);
  });
});
