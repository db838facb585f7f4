import type { GhsLabel, GhsPictogram, SignalWord } from '@labshop/shared';
import { HAZARD_TEXTS, PRECAUTIONS_OF, PRECAUTION_TEXTS } from './ghs-statements.ts';

/** Printed after a code whose Chinese text no recorded source gives (docs/safety.md). */
export const UNVERIFIED = '待核实';

/** What a GB 15258 label of one pack and lot says (docs/safety.md, "The label"). */
export interface LabelInput {
  product: { name: string; nameEn: string; cas: string; number: string };
  pack: string;
  lotNumber: string;
  ghs: GhsLabel;
  supplier: { name: string; address: string; tel: string };
  emergencyPhone: string;
}

/** A statement line: its code and text, or its code marked 待核实 when no source gives one. */
export interface StatementLine {
  code: string;
  text: string;
  verified: boolean;
}

/** GB 15258's four kinds of precautionary statements, in the order the label prints them. */
export const PRECAUTION_SECTIONS = [
  { key: 'prevention', title: '预防措施', digit: '2' },
  { key: 'response', title: '事故响应', digit: '3' },
  { key: 'storage', title: '安全储存', digit: '4' },
  { key: 'disposal', title: '废弃处置', digit: '5' },
] as const;
export type PrecautionSection = (typeof PRECAUTION_SECTIONS)[number]['key'];

export interface LabelContent {
  name: string;
  nameEn: string;
  cas: string;
  number: string;
  pack: string;
  lotNumber: string;
  pictograms: GhsPictogram[];
  signalWord: SignalWord | null;
  hazards: StatementLine[];
  precautions: Record<PrecautionSection, StatementLine[]>;
  supplier: { name: string; address: string; tel: string };
  emergencyPhone: string;
  /** H statements no P statements could be found for: the SDS holds them. */
  withoutPrecautions: string[];
}

const line = (code: string, found: { text: string } | undefined): StatementLine =>
  found ? { code, text: found.text, verified: true } : { code, text: UNVERIFIED, verified: false };

/** The first number of a (possibly combined) code, for ordering: P303+P361+P353 is 303. */
const codeNumber = (code: string) => Number(/\d+/.exec(code)?.[0] ?? 0);

/**
 * The label's content: the product's pictograms, signal word and H statements as its GHS label
 * gives them, and the P statements those H statements call for (GHS Annex 3), each once, sorted
 * into GB 15258's four kinds in code order.
 */
export function labelContent(input: LabelInput): LabelContent {
  const hazards = input.ghs.hazardStatements.map((code) => line(code, HAZARD_TEXTS[code]));
  const codes = new Set<string>();
  const withoutPrecautions: string[] = [];
  for (const h of input.ghs.hazardStatements) {
    const assigned = PRECAUTIONS_OF[h];
    // EUH statements are supplementary hazard information: GHS assigns them no P statements.
    if (!assigned) {
      if (!h.startsWith('EUH')) withoutPrecautions.push(h);
      continue;
    }
    for (const p of assigned) codes.add(p);
  }
  const sorted = [...codes].sort((a, b) => codeNumber(a) - codeNumber(b) || a.localeCompare(b));
  const precautions = Object.fromEntries(
    PRECAUTION_SECTIONS.map((s) => [
      s.key,
      sorted.filter((c) => c.charAt(1) === s.digit).map((c) => line(c, PRECAUTION_TEXTS[c])),
    ]),
  ) as Record<PrecautionSection, StatementLine[]>;
  return {
    name: input.product.name,
    nameEn: input.product.nameEn,
    cas: input.product.cas,
    number: input.product.number,
    pack: input.pack,
    lotNumber: input.lotNumber,
    pictograms: input.ghs.pictograms,
    signalWord: input.ghs.signalWord,
    hazards,
    precautions,
    supplier: input.supplier,
    emergencyPhone: input.emergencyPhone,
    withoutPrecautions,
  };
}

/** A statement as printed: "H225 高度易燃液体和蒸气", or "H999 待核实". */
export const statementText = (s: StatementLine) => `${s.code} ${s.text}`;
