import { controlText, type GhsLabel, type RegulationCategory } from '@labshop/shared';
import { resolveClasses } from '../../domains/compliance/index.ts';

/**
 * Classes and GHS labels of the demo products. The classes come from the reference lists by CAS,
 * the same look-up a product save or import makes (domains/compliance/lists), so no seeded class
 * can disagree with the lists; the only other class is 危险化学品 for products whose 管制信息
 * says so (the 危险化学品目录's entries were not obtained). Where each label comes from is in
 * docs/compliance.md section 2; keep the two in step.
 */
export interface RegulationSeed {
  categories: RegulationCategory[];
  ghs: GhsLabel | null;
  /** Why the product carries fewer classes than the lists give ('' none). */
  reason: string;
  /** The 管制信息 text, naming the product's classes. */
  control: string;
}

/** A GHS label with what it rests on (REFERENCE section 4: B, C or U). */
export interface GhsSeed {
  label: GhsLabel;
  confidence: 'B' | 'C' | 'U';
  source: string;
}

const label = (
  pictograms: GhsLabel['pictograms'],
  signalWord: GhsLabel['signalWord'],
  hazardStatements: string[],
): GhsLabel => ({ pictograms, signalWord, hazardStatements });

const NOT_FOUND = 'CLP 附录 VI 条目未找到，沿用原有标签';

export const GHS_BY_CAS: Record<string, GhsSeed> = {
  '108-88-3': {
    label: label(['GHS02', 'GHS07', 'GHS08'], '危险', ['H225', 'H304', 'H315', 'H336', 'H361d', 'H373']),
    confidence: 'B',
    source: 'CLP 601-021-00-3（G1、G2 一致，G3 部分）',
  },
  '71-43-2': {
    label: label(['GHS02', 'GHS07', 'GHS08'], '危险', ['H225', 'H304', 'H315', 'H319', 'H340', 'H350', 'H372']),
    confidence: 'B',
    source: 'CLP 601-020-00-8（G1、G2 一致）',
  },
  '67-56-1': {
    label: label(['GHS02', 'GHS06', 'GHS08'], '危险', ['H225', 'H301', 'H311', 'H331', 'H370']),
    confidence: 'B',
    source: 'CLP 603-001-00-X（G2、G3 一致）',
  },
  '67-64-1': {
    label: label(['GHS02', 'GHS07'], '危险', ['H225', 'H319', 'H336', 'EUH066']),
    confidence: 'C',
    source: 'CLP 606-001-00-8（G1；G2 除 EUH066 外一致）',
  },
  '60-29-7': {
    label: label(['GHS02', 'GHS07'], '危险', ['H224', 'H302', 'H336', 'EUH019', 'EUH066']),
    confidence: 'U',
    source: `CLP 603-022-00-4：${NOT_FOUND}`,
  },
  '67-66-3': {
    label: label(['GHS06', 'GHS08'], '危险', ['H302', 'H331', 'H315', 'H319', 'H336', 'H351', 'H361d', 'H372']),
    confidence: 'U',
    source: `CLP 602-006-00-4：${NOT_FOUND}`,
  },
  '7647-01-0': {
    label: label(['GHS05', 'GHS07'], '危险', ['H314', 'H335']),
    confidence: 'U',
    source: `CLP 017-002-01-X：${NOT_FOUND}`,
  },
  '7664-93-9': {
    label: label(['GHS05'], '危险', ['H314']),
    confidence: 'U',
    source: `CLP 016-020-00-8：${NOT_FOUND}`,
  },
  '7722-64-7': {
    label: label(['GHS03', 'GHS07', 'GHS08', 'GHS09'], '危险', ['H272', 'H302', 'H361d', 'H410']),
    confidence: 'U',
    source: `CLP 025-002-00-9：${NOT_FOUND}；H272 与 S7（氧化性固体，类别2）一致（C）`,
  },
  '57-24-9': {
    label: label(['GHS06', 'GHS09'], '危险', ['H300', 'H310', 'H330', 'H410']),
    confidence: 'U',
    source: `CLP 614-003-00-7：${NOT_FOUND}`,
  },
  '7697-37-2': {
    label: label(['GHS03', 'GHS05', 'GHS06'], '危险', ['H272', 'H314', 'H331', 'EUH071']),
    confidence: 'U',
    source: `CLP 007-004-00-1：${NOT_FOUND}；H272 与 S7（氧化性液体，类别3）一致（C）`,
  },
  '7722-84-1': {
    label: label(['GHS05', 'GHS07'], '危险', ['H302', 'H318']),
    confidence: 'U',
    source: `CLP 008-003-00-9：${NOT_FOUND}；按 30%～35% 含量的浓度限值，含量更高的批次见商品的“GHS标签说明”`,
  },
  '7761-88-8': {
    label: label(['GHS03', 'GHS05', 'GHS09'], '危险', ['H272', 'H314', 'H410']),
    confidence: 'U',
    source: `CLP 047-001-00-2：${NOT_FOUND}；H272 与 S7（氧化性固体，类别2）一致（C）`,
  },
  '75-05-8': {
    label: label(['GHS02', 'GHS07'], '危险', ['H225', 'H302', 'H312', 'H332', 'H319']),
    confidence: 'U',
    source: `CLP 608-001-00-3：${NOT_FOUND}`,
  },
  // Only the fire and explosion class S7 gives (主要的燃爆危险性分类); the rest of the label is
  // not known from any source.
  '7778-50-9': {
    label: label(['GHS03'], '危险', ['H272']),
    confidence: 'C',
    source: 'S7：氧化性固体，类别2（仅燃爆危险性；其余危险类别未找到来源）',
  },
  '7631-99-4': {
    label: label(['GHS03'], '警告', ['H272']),
    confidence: 'C',
    source: 'S7：氧化性固体，类别3（仅燃爆危险性；其余危险类别未找到来源）',
  },
};

/**
 * Listed classes the demo products do not carry, with the reason a compliance officer recorded
 * (docs/compliance.md section 2.5). Staff see and can undo it in the product form.
 */
export const LOWERED_BY_CAS: Record<string, { categories: RegulationCategory[]; reason: string }> = {
  // D5: 易制爆 7.9 covers only zinc dust, powder and ash under this CAS.
  '7440-66-6': {
    categories: [],
    reason:
      '易制爆名录 7.9 仅列锌尘、锌粉、锌灰；本品为锌的酸性水溶液标准物质（溶解态，非粉尘状金属锌），不属该品种',
  },
};

/** The seed's 管制信息 text that marks another 危险化学品 (docs/compliance.md section 2.3). */
const HAZARDOUS_CONTROL = '危险化学品';

/**
 * A demo product's classes (by the lists, as a save would set them), label and 管制信息 text. A
 * product on no list whose 管制信息 says 危险化学品 is `hazardous`; on a list, its list classes
 * already say more.
 */
export function regulationSeedOf(spec: {
  name: string;
  cas: string;
  control: string;
}): RegulationSeed {
  const lowered = LOWERED_BY_CAS[spec.cas];
  const classes = resolveClasses({
    name: spec.name,
    cas: spec.cas,
    soluteCas: '',
    input: lowered
      ? { categories: lowered.categories, ghs: null, reason: lowered.reason }
      : { category: null, ghs: null },
    stored: null,
  });
  const categories: RegulationCategory[] =
    classes.categories.length === 0 && spec.control === HAZARDOUS_CONTROL
      ? ['hazardous']
      : classes.categories;
  return {
    categories,
    ghs: GHS_BY_CAS[spec.cas]?.label ?? null,
    reason: classes.reason,
    control: controlText(categories, spec.control),
  };
}
