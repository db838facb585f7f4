import { describe, expect, it } from 'vitest';
import { isCounted, parsePackAmount } from '@labshop/shared';
import { buildCatalogue } from './catalogue.ts';
import { regulationSeedOf } from './data/regulation.ts';

/** The demo catalogue's classes (docs/compliance.md section 2). */
describe('demo regulation', () => {
  const specs = buildCatalogue();
  const classOf = (name: string) => {
    const s = specs.find((p) => p.name === name);
    if (!s) throw new Error(`no demo product ${name}`);
    return regulationSeedOf(s.cas, s.control);
  };

  it.each([
    ['盐酸麻黄碱', 'precursor-1'],
    ['盐酸伪麻黄碱', 'precursor-1'],
    ['乙醚', 'precursor-2'],
    ['三氯甲烷', 'precursor-2'],
    ['甲苯', 'precursor-3'],
    ['丙酮', 'precursor-3'],
    ['盐酸', 'precursor-3'],
    ['硫酸', 'precursor-3'],
    ['高锰酸钾', 'precursor-3'],
    ['士的宁', 'highly-toxic'],
    ['硝酸', 'explosive-precursor'],
    ['过氧化氢', 'explosive-precursor'],
    ['硝酸银', 'explosive-precursor'],
    ['氯化钠', null],
  ])('%s is %s', (name, category) => {
    expect(classOf(name).category).toBe(category);
  });

  it('every pack of a counted class states a readable net amount', () => {
    const unreadable = specs
      .filter((s) => isCounted(regulationSeedOf(s.cas, s.control).category))
      .flatMap((s) => s.materials.filter((m) => !parsePackAmount(m.pack)).map((m) => m.pack));
    expect(unreadable).toEqual([]);
  });

  it('labels carry a signal word with their pictograms', () => {
    for (const s of specs) {
      const ghs = regulationSeedOf(s.cas, s.control).ghs;
      if (ghs) expect(ghs.signalWord, s.name).not.toBeNull();
    }
  });
});
