import { describe, expect, it } from 'vitest';
import { isCounted, parsePackAmount, REGULATION_LABEL } from '@labshop/shared';
import { LIST_ENTRIES, lookUp } from '../domains/compliance/index.ts';
import { buildCatalogue } from './catalogue.ts';
import { GHS_BY_CAS, LOWERED_BY_CAS, regulationSeedOf } from './data/regulation.ts';

/** The demo catalogue's classes follow the reference lists (docs/compliance.md section 2). */
describe('demo regulation', () => {
  const specs = buildCatalogue();
  const spec = (name: string) => {
    const s = specs.find((p) => p.name === name);
    if (!s) throw new Error(`no demo product ${name}`);
    return s;
  };
  const classesOf = (name: string) => regulationSeedOf(spec(name)).categories;

  it.each([
    ['盐酸麻黄碱', ['precursor-1']],
    ['盐酸伪麻黄碱', ['precursor-1']],
    ['乙醚', ['precursor-2']],
    ['三氯甲烷', ['precursor-2']],
    ['甲苯', ['precursor-3']],
    ['丙酮', ['precursor-3']],
    ['盐酸', ['precursor-3']],
    ['硫酸', ['precursor-3']],
    // D1: on both lists.
    ['高锰酸钾', ['explosive-precursor', 'precursor-3']],
    ['士的宁', ['highly-toxic']],
    ['硝酸', ['explosive-precursor']],
    ['过氧化氢', ['explosive-precursor']],
    ['硝酸银', ['explosive-precursor']],
    ['硝酸钠', ['explosive-precursor']],
    // D2.
    ['重铬酸钾', ['explosive-precursor']],
    // D4: the 剧毒 candidates, unconfirmed, fail closed.
    ['对硫磷', ['highly-toxic']],
    ['甲基对硫磷', ['highly-toxic']],
    ['甲拌磷', ['highly-toxic']],
    ['克百威', ['highly-toxic']],
    ['涕灭威', ['highly-toxic']],
    ['氧乐果', ['highly-toxic']],
    ['水胺硫磷', ['highly-toxic']],
    ['甲胺磷', ['highly-toxic']],
    ['灭多威', ['highly-toxic']],
    ['百草枯二氯化物', ['highly-toxic']],
    // D5: a CAS match with 易制爆 7.9 (zinc dust), lowered with its recorded reason.
    ['锌单元素标准溶液', []],
    ['汞单元素标准溶液', ['hazardous']],
    ['亚硝酸钠', ['hazardous']],
    ['苯', ['hazardous']],
    ['氯化钠', []],
  ])('%s is %j', (name, categories) => {
    expect(classesOf(name)).toEqual(categories);
  });

  it('gives every demo product exactly the classes the lists give its CAS, but for a recorded reason', () => {
    for (const s of specs) {
      const seeded = regulationSeedOf(s);
      const listed = [...new Set(lookUp(s).map((m) => m.entry.category))].sort();
      const lowered = LOWERED_BY_CAS[s.cas];
      const expected = lowered ? lowered.categories : listed;
      const got = seeded.categories.filter((c) => c !== 'hazardous' || listed.length > 0).sort();
      expect(got, s.name).toEqual([...expected].sort());
      expect(seeded.reason !== '', s.name).toBe(lowered !== undefined && listed.length > 0);
    }
  });

  it('names the classes in the 管制信息 text and no class the product lacks', () => {
    const labels = Object.values(REGULATION_LABEL);
    for (const s of specs) {
      const r = regulationSeedOf(s);
      for (const c of r.categories) expect(r.control, s.name).toContain(REGULATION_LABEL[c]);
      const named = r.control.split('、').filter((t) => labels.includes(t));
      expect(named.length, s.name).toBe(r.categories.length);
    }
    expect(regulationSeedOf(spec('硝酸钠')).control).toBe('易制爆危险化学品');
    expect(regulationSeedOf(spec('高锰酸钾')).control).toBe(
      '易制爆危险化学品、易制毒化学品（第三类）',
    );
    expect(regulationSeedOf(spec('对硫磷')).control).toBe('剧毒化学品、禁限用农药');
  });

  it('every pack of a counted class states a readable net amount', () => {
    const unreadable = specs
      .filter((s) => regulationSeedOf(s).categories.some(isCounted))
      .flatMap((s) => s.materials.filter((m) => !parsePackAmount(m.pack)).map((m) => m.pack));
    expect(unreadable).toEqual([]);
  });

  it('labels carry a signal word with their pictograms, and a source each', () => {
    for (const s of specs) {
      const ghs = regulationSeedOf(s).ghs;
      if (ghs) expect(ghs.signalWord, s.name).not.toBeNull();
    }
    for (const [cas, g] of Object.entries(GHS_BY_CAS)) {
      expect(g.source, cas).not.toBe('');
      expect(['B', 'C', 'U'], cas).toContain(g.confidence);
    }
    expect(regulationSeedOf(spec('重铬酸钾')).ghs?.hazardStatements).toEqual(['H272']);
    // 过氧化氢 ≥30%: the label depends on the concentration, and the product says so.
    expect(spec('过氧化氢').attributes['GHS标签说明']).toContain('以所供批次标明的含量为准');
  });

  it('every list entry names its sources (an unsourced one is U) and marks compiler CAS', () => {
    for (const e of LIST_ENTRIES) {
      if (e.sources.length === 0) expect(e.confidence, e.name).toBe('U');
      if (e.list === 'precursor-additions' && e.cas) expect(e.casConfirmed, e.name).toBe(false);
    }
    const explosives = LIST_ENTRIES.filter((e) => e.list === 'explosive-2017');
    expect(new Set(explosives.map((e) => e.no)).size).toBe(74);
  });
});
