/**
 * Controlled and hazardous chemicals (docs/compliance.md): the regulatory classes, the documents
 * each class needs, pack amounts and the buying rules. Plain functions, free of zod, shared by
 * the server (which enforces them) and the storefront (which shows them before checkout).
 */

export const REGULATION_CATEGORIES = [
  'precursor-1',
  'precursor-2',
  'precursor-3',
  'highly-toxic',
  'explosive-precursor',
  'hazardous',
] as const;
export type RegulationCategory = (typeof REGULATION_CATEGORIES)[number];

export const REGULATION_LABEL: Record<RegulationCategory, string> = {
  'precursor-1': '易制毒化学品（第一类）',
  'precursor-2': '易制毒化学品（第二类）',
  'precursor-3': '易制毒化学品（第三类）',
  'highly-toxic': '剧毒化学品',
  'explosive-precursor': '易制爆危险化学品',
  hazardous: '危险化学品',
};

/** Short badge texts for search results. */
export const REGULATION_BADGE: Record<RegulationCategory, string> = {
  'precursor-1': '易制毒一类',
  'precursor-2': '易制毒二类',
  'precursor-3': '易制毒三类',
  'highly-toxic': '剧毒',
  'explosive-precursor': '易制爆',
  hazardous: '危化品',
};

export const isRegulationCategory = (v: unknown): v is RegulationCategory =>
  typeof v === 'string' && (REGULATION_CATEGORIES as readonly string[]).includes(v);

export const GHS_PICTOGRAMS = [
  'GHS01',
  'GHS02',
  'GHS03',
  'GHS04',
  'GHS05',
  'GHS06',
  'GHS07',
  'GHS08',
  'GHS09',
] as const;
export type GhsPictogram = (typeof GHS_PICTOGRAMS)[number];
export const SIGNAL_WORDS = ['危险', '警告'] as const;
export type SignalWord = (typeof SIGNAL_WORDS)[number];

export interface GhsLabel {
  pictograms: GhsPictogram[];
  signalWord: SignalWord | null;
  hazardStatements: string[];
}

export interface Regulation {
  category: RegulationCategory | null;
  ghs: GhsLabel | null;
}

export const QUALIFICATION_KINDS = [
  'business-licence',
  'precursor-permit',
  'precursor-record',
  'highly-toxic-permit',
  'explosive-record',
] as const;
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number];

export const QUALIFICATION_LABEL: Record<QualificationKind, string> = {
  'business-licence': '营业执照',
  'precursor-permit': '第一类易制毒化学品购买许可证',
  'precursor-record': '第二类、第三类易制毒化学品购买备案证明',
  'highly-toxic-permit': '剧毒化学品购买许可证',
  'explosive-record': '易制爆危险化学品购买备案材料',
};

export const QUALIFICATION_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUSES)[number];

export const QUALIFICATION_STATUS_LABEL: Record<QualificationStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
  expired: '已过期',
};

export const DOCUMENT_UNITS = ['g', 'kg', 'mL', 'L'] as const;
export type DocumentUnit = (typeof DOCUMENT_UNITS)[number];

/** Amounts are kept as integers of the smallest unit: milligrams and microlitres. */
export type Dimension = 'mass' | 'volume';
export interface NetAmount {
  /** mg for mass, μL for volume. */
  amount: number;
  dimension: Dimension;
}

const UNIT_FACTORS: Record<string, NetAmount> = {
  μg: { amount: 0.001, dimension: 'mass' },
  mg: { amount: 1, dimension: 'mass' },
  g: { amount: 1_000, dimension: 'mass' },
  kg: { amount: 1_000_000, dimension: 'mass' },
  μl: { amount: 1, dimension: 'volume' },
  ml: { amount: 1_000, dimension: 'volume' },
  l: { amount: 1_000_000, dimension: 'volume' },
};

/** The document unit's size in mg or μL. */
export function unitFactor(unit: DocumentUnit): NetAmount {
  const f = UNIT_FACTORS[unit.toLowerCase()];
  if (!f) throw new Error(`unknown unit ${unit}`);
  return f;
}

/** A document's quantity in the smallest unit (rounded to whole mg / μL). */
export function toBase(quantity: number, unit: DocumentUnit): NetAmount {
  const f = unitFactor(unit);
  return { amount: Math.round(quantity * f.amount), dimension: f.dimension };
}

/** A base amount shown in the document's unit, at most three decimals. */
export function fromBase(amount: number, unit: DocumentUnit): number {
  return Math.round((amount / unitFactor(unit).amount) * 1000) / 1000;
}

export const dimensionOf = (unit: DocumentUnit): Dimension => unitFactor(unit).dimension;

/** A base amount in a readable unit: 1500 mg → 1.5 g, 2500000 μL → 2.5 L. */
export function formatAmount(a: NetAmount): string {
  const [small, mid, big] = a.dimension === 'mass' ? ['mg', 'g', 'kg'] : ['μL', 'mL', 'L'];
  const round = (n: number) => String(Math.round(n * 1000) / 1000);
  if (a.amount >= 1_000_000) return `${round(a.amount / 1_000_000)} ${big}`;
  if (a.amount >= 1_000) return `${round(a.amount / 1_000)} ${mid}`;
  return `${round(a.amount)} ${small}`;
}

const AMOUNT_RE = /^(\d+(?:\.\d+)?)\s*(μg|mg|g|kg|μl|ml|l)$/;

/**
 * The net amount of one pack read from its text: '500mL', '2.5L', '25g', '1kg', '100mg'. A
 * solution written as concentration·volume ('1000μg/mL·1mL（甲醇）') counts its volume; a note in
 * brackets after the amount is ignored. Anything else (100个/包, 1台, 询价) answers null.
 */
export function parsePackAmount(pack: string): NetAmount | null {
  let text = pack.normalize('NFKC').trim();
  const dot = Math.max(text.lastIndexOf('·'), text.lastIndexOf('*'), text.lastIndexOf('×'));
  if (dot >= 0) text = text.slice(dot + 1);
  text = text
    .replace(/[（(][^）)]*[）)]\s*$/u, '')
    .trim()
    .toLowerCase()
    // NFKC has made the micro sign µ a Greek μ; 'uL' / 'ug' typed with a Latin u mean the same.
    .replace(/(\d)\s*u(?=[gl]$)/, '$1μ');
  const m = AMOUNT_RE.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const factor = UNIT_FACTORS[m[2]];
  const value = Number(m[1]);
  if (!factor || !Number.isFinite(value) || value <= 0) return null;
  const amount = Math.round(value * factor.amount);
  if (amount <= 0) return null;
  return { amount, dimension: factor.dimension };
}

/** The document a line of the category needs (besides the business licence where it applies). */
export function requiredDocument(category: RegulationCategory | null): QualificationKind | null {
  switch (category) {
    case 'precursor-1':
      return 'precursor-permit';
    case 'precursor-2':
    case 'precursor-3':
      return 'precursor-record';
    case 'highly-toxic':
      return 'highly-toxic-permit';
    case 'explosive-precursor':
      return 'business-licence';
    default:
      return null;
  }
}

/** Classes individuals never buy: the buyer must hold an approved business licence. */
export const UNITS_ONLY: readonly RegulationCategory[] = [
  'precursor-1',
  'precursor-2',
  'highly-toxic',
  'explosive-precursor',
];

/** Classes whose documents list substances with quantities that orders draw down. */
export const isCounted = (category: RegulationCategory | null): boolean =>
  category === 'precursor-1' ||
  category === 'precursor-2' ||
  category === 'precursor-3' ||
  category === 'highly-toxic';

/** Whether a product of the category may be sold only against documents. */
export const isControlled = (category: RegulationCategory | null): boolean =>
  requiredDocument(category) !== null;

/**
 * A company name as compared with a document's holder: NFKC (full-width brackets and letters
 * become their plain forms), no whitespace of any kind, Chinese brackets as plain ones, Latin
 * letters upper case.
 */
export function holderKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\s\u200b\u3000]+/g, '')
    .replace(/[【〔［]/g, '(')
    .replace(/[】〕］]/g, ')')
    .toUpperCase();
}

/** Today's date in China (UTC+8) as YYYY-MM-DD. */
export function chinaDate(at: number): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The time in China (UTC+8) as YYYY-MM-DD HH:mm:ss, as staff read it in sheets. */
export function chinaDateTime(at: number): string {
  return new Date(at + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A document's status as the buyer and staff see it: an approved one past its date has expired. */
export function effectiveStatus(
  stored: 'pending' | 'approved' | 'rejected',
  validUntil: string,
  today: string,
): QualificationStatus {
  if (stored === 'rejected') return 'rejected';
  if (validUntil < today) return 'expired';
  return stored;
}

// ---- the buying rules ---------------------------------------------------------------------

export interface RuleDocument {
  id: number;
  kind: QualificationKind;
  number: string;
  holder: string;
  status: 'pending' | 'approved' | 'rejected';
  validUntil: string;
  substances: RuleSubstance[];
}

export interface RuleSubstance {
  id: number;
  cas: string;
  unit: DocumentUnit;
  /** What is left, in mg or μL. */
  remaining: number;
}

export interface RuleLine {
  name: string;
  pack: string;
  cas: string;
  category: RegulationCategory | null;
  /** The pack's stored net amount; null when it could not be read. */
  net: NetAmount | null;
  count: number;
}

/** One line's draw on a document's substance. */
export interface Take {
  line: number;
  documentId: number;
  substanceId: number;
  /** mg or μL. */
  amount: number;
}

export type RuleResult =
  | { ok: true; takes: Take[]; documents: Map<number, number> }
  | { ok: false; line: number; message: string };

const casKey = (cas: string) => cas.normalize('NFKC').replace(/[^0-9]/g, '');

/**
 * Checks an order's lines against the member's documents (docs/compliance.md section 3):
 * - a line of a counted class needs an approved, unexpired document of the kind its class needs,
 *   whose holder is the order's company, listing the product's CAS in a unit of the same
 *   dimension (mass or volume) with at least the line's net amount left (pack amount × count);
 *   lines of one order draw on the same documents in turn, so two lines cannot both use the
 *   last gram;
 * - 易制爆 needs an approved, unexpired business licence of the same holder;
 * - 第一类, 第二类 and 剧毒 are never sold to individuals: an approved, unexpired business licence
 *   of the same holder is needed on top of the permit or record.
 * Answers the takes (which document covers which line) and, per line with a business licence
 * requirement, the licence used (`documents`: line → document id), or the first refusal.
 */
export function checkOrder(
  lines: readonly RuleLine[],
  docs: readonly RuleDocument[],
  company: string,
  today: string,
): RuleResult {
  const company_ = holderKey(company);
  const usable = (d: RuleDocument) =>
    effectiveStatus(d.status, d.validUntil, today) === 'approved' &&
    company_ !== '' &&
    holderKey(d.holder) === company_;
  // What is left of each substance as the lines draw on them.
  const left = new Map<number, number>();
  for (const d of docs) for (const s of d.substances) left.set(s.id, s.remaining);
  const takes: Take[] = [];
  const documents = new Map<number, number>();
  const licence = docs
    .filter((d) => d.kind === 'business-licence' && usable(d))
    .sort((a, b) => a.validUntil.localeCompare(b.validUntil))[0];

  for (const [i, line] of lines.entries()) {
    const kind = requiredDocument(line.category);
    if (kind === null || line.category === null) continue;
    const label = REGULATION_LABEL[line.category];
    const what = `「${line.name} ${line.pack}」属于${label}`;
    if (company_ === '') {
      return {
        ok: false,
        line: i,
        message: `${what}，须以持证单位名义购买：请在发票抬头或账户资料中填写与证件一致的单位名称`,
      };
    }
    if (UNITS_ONLY.includes(line.category)) {
      if (!licence) {
        const individual = line.category === 'explosive-precursor' ? '' : '个人不得购买，';
        return {
          ok: false,
          line: i,
          message: `${what}，${individual}须有审核通过且在有效期内、单位名称与订单一致的营业执照，请先在“资质文件”上传`,
        };
      }
      documents.set(i, licence.id);
    }
    if (!isCounted(line.category)) continue;
    const docLabel = QUALIFICATION_LABEL[kind];
    if (!line.net) {
      return {
        ok: false,
        line: i,
        message: `${what}，其包装规格无法确定净含量，暂不能下单，请联系客服`,
      };
    }
    const need = line.net.amount * line.count;
    const cas = casKey(line.cas);
    const candidates = docs
      .filter((d) => d.kind === kind && usable(d))
      .flatMap((d) => d.substances.filter((s) => casKey(s.cas) === cas).map((s) => ({ d, s })))
      .sort((a, b) => a.d.validUntil.localeCompare(b.d.validUntil) || a.d.id - b.d.id);
    if (candidates.length === 0) {
      return {
        ok: false,
        line: i,
        message: `${what}，须有审核通过且在有效期内、列明 CAS ${line.cas} 的${docLabel}（持证单位与订单单位一致），请先在“资质文件”上传`,
      };
    }
    const sameDimension = candidates.filter(
      ({ s }) => line.net !== null && dimensionOf(s.unit) === line.net.dimension,
    );
    if (sameDimension.length === 0) {
      const by = line.net.dimension === 'mass' ? '质量' : '体积';
      return {
        ok: false,
        line: i,
        message: `${what}，按${by}计量，而${docLabel}（编号 ${candidates[0]?.d.number ?? ''}）登记的数量单位不同，无法抵扣`,
      };
    }
    const found = sameDimension.find(({ s }) => (left.get(s.id) ?? 0) >= need);
    if (!found) {
      const best = sameDimension[0];
      const rest = best ? (left.get(best.s.id) ?? 0) : 0;
      return {
        ok: false,
        line: i,
        message: `${what}，本单需 ${formatAmount({ amount: need, dimension: line.net.dimension })}，超出${docLabel}（编号 ${best?.d.number ?? ''}）的剩余数量 ${formatAmount({ amount: rest, dimension: line.net.dimension })}`,
      };
    }
    left.set(found.s.id, (left.get(found.s.id) ?? 0) - need);
    takes.push({ line: i, documentId: found.d.id, substanceId: found.s.id, amount: need });
  }
  return { ok: true, takes, documents };
}
