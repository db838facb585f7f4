import type { GhsLabel, RegulationCategory } from '@labshop/shared';

/**
 * Regulatory class and GHS label of the demo products, by CAS. Where each fact comes from, and
 * which are not yet confirmed against the official text, is in docs/compliance.md section 2;
 * keep the two in step.
 */
export interface RegulationSeed {
  category: RegulationCategory | null;
  ghs: GhsLabel | null;
}

const label = (
  pictograms: GhsLabel['pictograms'],
  signalWord: GhsLabel['signalWord'],
  hazardStatements: string[],
): GhsLabel => ({ pictograms, signalWord, hazardStatements });

export const REGULATION_BY_CAS: Record<string, RegulationSeed> = {
  // 易制毒 第一类 (麻黄素类物质 and, by the annex's note, their salts).
  '50-98-6': { category: 'precursor-1', ghs: null },
  '345-78-8': { category: 'precursor-1', ghs: null },
  // 易制毒 第二类.
  '60-29-7': {
    category: 'precursor-2',
    ghs: label(['GHS02', 'GHS07'], '危险', ['H224', 'H302', 'H336', 'EUH019', 'EUH066']),
  },
  '67-66-3': {
    category: 'precursor-2',
    ghs: label(['GHS06', 'GHS08'], '危险', [
      'H302',
      'H331',
      'H315',
      'H319',
      'H336',
      'H351',
      'H361d',
      'H372',
    ]),
  },
  // 易制毒 第三类.
  '108-88-3': {
    category: 'precursor-3',
    ghs: label(['GHS02', 'GHS07', 'GHS08'], '危险', [
      'H225',
      'H304',
      'H315',
      'H336',
      'H361d',
      'H373',
    ]),
  },
  '67-64-1': {
    category: 'precursor-3',
    ghs: label(['GHS02', 'GHS07'], '危险', ['H225', 'H319', 'H336', 'EUH066']),
  },
  '7647-01-0': {
    category: 'precursor-3',
    ghs: label(['GHS05', 'GHS07'], '危险', ['H314', 'H335']),
  },
  '7664-93-9': { category: 'precursor-3', ghs: label(['GHS05'], '危险', ['H314']) },
  '7722-64-7': {
    category: 'precursor-3',
    ghs: label(['GHS03', 'GHS07', 'GHS08', 'GHS09'], '危险', [
      'H272',
      'H302',
      'H361d',
      'H410',
    ]),
  },
  // 剧毒.
  '57-24-9': {
    category: 'highly-toxic',
    ghs: label(['GHS06', 'GHS09'], '危险', ['H300', 'H310', 'H330', 'H410']),
  },
  // 易制爆.
  '7697-37-2': {
    category: 'explosive-precursor',
    ghs: label(['GHS03', 'GHS05', 'GHS06'], '危险', ['H272', 'H314', 'H331', 'EUH071']),
  },
  '7722-84-1': {
    category: 'explosive-precursor',
    ghs: label(['GHS05', 'GHS07'], '危险', ['H302', 'H318']),
  },
  '7761-88-8': {
    category: 'explosive-precursor',
    ghs: label(['GHS03', 'GHS05', 'GHS09'], '危险', ['H272', 'H314', 'H410']),
  },
  // 硝酸钠: held as 易制爆 (硝酸盐类) on the safe side until confirmed (docs/compliance.md).
  '7631-99-4': { category: 'explosive-precursor', ghs: null },
  // Other 危险化学品 with a harmonised label.
  '71-43-2': {
    category: 'hazardous',
    ghs: label(['GHS02', 'GHS07', 'GHS08'], '危险', [
      'H225',
      'H304',
      'H315',
      'H319',
      'H340',
      'H350',
      'H372',
    ]),
  },
  '67-56-1': {
    category: 'hazardous',
    ghs: label(['GHS02', 'GHS06', 'GHS08'], '危险', ['H225', 'H301', 'H311', 'H331', 'H370']),
  },
  '75-05-8': {
    category: 'hazardous',
    ghs: label(['GHS02', 'GHS07'], '危险', ['H225', 'H302', 'H312', 'H332', 'H319']),
  },
};

/** The seed's 管制信息 text that marks another 危险化学品 (docs/compliance.md section 2.3). */
const HAZARDOUS_CONTROL = '危险化学品';

/** A demo product's class and label: its CAS entry, else 危险化学品 by its 管制信息, else none. */
export function regulationSeedOf(cas: string, control: string): RegulationSeed {
  const known = REGULATION_BY_CAS[cas];
  if (known) return known;
  return { category: control === HAZARDOUS_CONTROL ? 'hazardous' : null, ghs: null };
}
