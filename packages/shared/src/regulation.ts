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
  /** The strictest of `categories` (kept for clients that read one class). */
  category: RegulationCategory | null;
  /** Every class the product carries, strictest first (高锰酸钾: 易制毒第三类 and 易制爆). */
  categories: RegulationCategory[];
  ghs: GhsLabel | null;
}

/**
 * Classes from the strictest down (docs/compliance.md section 3): 剧毒 and 第一类 need a permit
 * and a unit buyer; 第二类 a record and a unit; 易制爆 a unit and a stated use; 第三类 a record.
 */
export const STRICTNESS: readonly RegulationCategory[] = [
  'highly-toxic',
  'precursor-1',
  'precursor-2',
  'explosive-precursor',
  'precursor-3',
  'hazardous',
];

/** The classes without repeats, strictest first. */
export function sortCategories(categories: Iterable<RegulationCategory>): RegulationCategory[] {
  const set = new Set(categories);
  return STRICTNESS.filter((c) => set.has(c));
}

/** The strictest class of several, or null for none. */
export const strictest = (categories: Iterable<RegulationCategory>): RegulationCategory | null =>
  sortCategories(categories)[0] ?? null;

/**
 * The product's 管制信息 text as its classes say it: the classes' names first, then what the text
 * says besides a class (禁限用农药), so the page never names a class the product does not carry.
 */
export function controlText(categories: readonly RegulationCategory[], control: string): string {
  if (categories.length === 0) return control;
  const labels = new Set<string>(Object.values(REGULATION_LABEL));
  const other = control
    .split(/[、，,；;\s]+/u)
    .map((t) => t.trim())
    .filter((t) => t !== '' && t !== '非管控' && !labels.has(t));
  return [...sortCategories(categories).map((c) => REGULATION_LABEL[c]), ...other].join('、');
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

/**
 * A base amount in the document's unit, exactly: whole mg and μL are at most six decimals of kg
 * and L, so 400 μL left of a document kept in L reads 0.0004, never a rounded 0.
 */
export function fromBase(amount: number, unit: DocumentUnit): number {
  return Math.round((amount / unitFactor(unit).amount) * 1_000_000) / 1_000_000;
}

/** A base amount written in the document's unit, as the buyer's document states it: 0.5 L. */
export const documentAmount = (amount: number, unit: DocumentUnit): string =>
  `${fromBase(amount, unit)} ${unit}`;

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
  /** The product, so a refusal can name it to the client; absent in tests of the rule alone. */
  productId?: number;
  name: string;
  pack: string;
  cas: string;
  /** The strictest class; read only when `categories` is absent. */
  category: RegulationCategory | null;
  /** Every class of the product (高锰酸钾: precursor-3 and explosive-precursor). */
  categories?: readonly RegulationCategory[];
  /** The buyer's stated use of the line (易制爆). */
  purpose?: string;
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

/** A line the order cannot have, with every document it still needs. */
export interface RefusedLine {
  /** Index of the line in the order. */
  line: number;
  productId: number | null;
  name: string;
  pack: string;
  categories: RegulationCategory[];
  /**
   * The documents to upload (or to have approved, or renewed, or with more quantity left) before
   * the line can be bought: 营业执照, 购买许可证, 备案证明, 剧毒许可证.
   */
  needs: QualificationKind[];
  /** The line is 易制爆 and the buyer has not stated its use (用途). */
  needsPurpose: boolean;
  /** An approved document of a needed kind exists, but its holder is not the order's company. */
  holderDiffers: boolean;
  /** The refusal in Chinese, naming the product and what it needs. */
  reason: string;
}

export type RuleResult =
  | { ok: true; takes: Take[]; documents: Map<number, number> }
  | {
      ok: false;
      /** The first refused line. */
      line: number;
      /** Every refused line's reason, one after another. */
      message: string;
      refused: RefusedLine[];
    };

export interface RuleOptions {
  /**
   * Whether a missing stated use refuses an 易制爆 line: true at ordering; the cart checks lines
   * before the buyer has typed it (the refusal still says the use will be asked).
   */
  purposeRequired?: boolean;
  /**
   * The organization whose documents are checked (an order for it): a refusal asks for them on
   * its 单位资质 tab, naming it, instead of the member's own 资质文件.
   */
  orgName?: string;
}

/** Classes that need the buyer's stated use on the line. */
export const needsPurpose = (category: RegulationCategory | null): boolean =>
  category === 'explosive-precursor';

/** Every document a line of the class needs: the class's own and the licence of a unit. */
export function documentsFor(category: RegulationCategory): QualificationKind[] {
  const own = requiredDocument(category);
  if (own === null) return [];
  if (own === 'business-licence' || !UNITS_ONLY.includes(category)) return [own];
  return ['business-licence', own];
}

/** The classes of a rule line: `categories` when given, else its one `category`. */
const classesOf = (line: RuleLine): RegulationCategory[] =>
  sortCategories(line.categories ?? (line.category ? [line.category] : []));

const casKey = (cas: string) => cas.normalize('NFKC').replace(/[^0-9]/g, '');

const UPLOAD = '请先在“资质文件”上传';
const orgUpload = (name: string) => `请由单位「${name}」的管理员或安全员在“单位资质”上传`;

/**
 * Checks an order's lines against the member's documents (docs/compliance.md section 3), every
 * class of every line:
 * - a line of a counted class needs an approved, unexpired document of the kind its class needs,
 *   whose holder is the order's company, listing the product's CAS in a unit of the same
 *   dimension (mass or volume) with at least the line's net amount left (pack amount × count);
 *   lines of one order draw on the same documents in turn, so two lines cannot both use the
 *   last gram; two classes needing one kind of document (第二类 and 第三类) draw once;
 * - 易制爆 needs an approved, unexpired business licence of the same holder and the buyer's
 *   stated use of the line;
 * - 第一类, 第二类, 剧毒 and 易制爆 are never sold to individuals: an approved, unexpired business
 *   licence of the same holder is needed on top of the permit or record.
 * Answers the takes (which document covers which line) and, per line with a business licence
 * requirement, the licence used (`documents`: line → document id), or every refused line with
 * the documents it needs.
 */
export function checkOrder(
  lines: readonly RuleLine[],
  docs: readonly RuleDocument[],
  company: string,
  today: string,
  options: RuleOptions = {},
): RuleResult {
  const purposeRequired = options.purposeRequired ?? true;
  const upload = options.orgName === undefined ? UPLOAD : orgUpload(options.orgName);
  const company_ = holderKey(company);
  const approved = (d: RuleDocument) =>
    effectiveStatus(d.status, d.validUntil, today) === 'approved';
  const usable = (d: RuleDocument) =>
    approved(d) && company_ !== '' && holderKey(d.holder) === company_;
  const otherHolder = (kind: QualificationKind) =>
    docs.some((d) => d.kind === kind && approved(d) && holderKey(d.holder) !== company_);
  // What is left of each substance as the lines draw on them.
  const left = new Map<number, number>();
  for (const d of docs) for (const s of d.substances) left.set(s.id, s.remaining);
  const takes: Take[] = [];
  const documents = new Map<number, number>();
  const refused: RefusedLine[] = [];
  const licence = docs
    .filter((d) => d.kind === 'business-licence' && usable(d))
    .sort((a, b) => a.validUntil.localeCompare(b.validUntil))[0];

  for (const [i, line] of lines.entries()) {
    const classes = classesOf(line).filter((c) => requiredDocument(c) !== null);
    if (classes.length === 0) continue;
    const what = `「${line.name} ${line.pack}」属于${classes.map((c) => REGULATION_LABEL[c]).join('、')}`;
    const counted = [
      ...new Set(classes.filter(isCounted).map((c) => requiredDocument(c) as QualificationKind)),
    ];
    const unitsOnly = classes.some((c) => UNITS_ONLY.includes(c));
    const askPurpose = classes.some(needsPurpose);
    const purposeMissing = askPurpose && (line.purpose ?? '').trim() === '';
    const refuse = (needs: QualificationKind[], reason: string, holderDiffers: boolean) =>
      refused.push({
        line: i,
        productId: line.productId ?? null,
        name: line.name,
        pack: line.pack,
        categories: classes,
        needs,
        needsPurpose: purposeMissing,
        holderDiffers,
        reason,
      });

    if (company_ === '') {
      const needs = [...(unitsOnly ? ['business-licence' as const] : []), ...counted];
      refuse(
        needs,
        `${what}，须以持证单位名义购买：请在发票抬头或账户资料中填写与证件一致的单位名称`,
        false,
      );
      continue;
    }
    const needs: QualificationKind[] = [];
    const missing: string[] = [];
    const problems: string[] = [];
    let holderDiffers = false;
    if (unitsOnly) {
      if (licence) documents.set(i, licence.id);
      else {
        needs.push('business-licence');
        missing.push('单位名称与订单一致的营业执照');
        holderDiffers ||= otherHolder('business-licence');
      }
    }
    const lineTakes: Take[] = [];
    for (const kind of counted) {
      const docLabel = QUALIFICATION_LABEL[kind];
      if (!line.net) {
        needs.push(kind);
        problems.push('其包装规格无法确定净含量，暂不能下单，请联系客服');
        continue;
      }
      const net = line.net;
      const need = net.amount * line.count;
      const cas = casKey(line.cas);
      const candidates = docs
        .filter((d) => d.kind === kind && usable(d))
        .flatMap((d) => d.substances.filter((s) => casKey(s.cas) === cas).map((s) => ({ d, s })))
        .sort((a, b) => a.d.validUntil.localeCompare(b.d.validUntil) || a.d.id - b.d.id);
      if (candidates.length === 0) {
        needs.push(kind);
        missing.push(`列明 CAS ${line.cas} 的${docLabel}（持证单位与订单单位一致）`);
        holderDiffers ||= otherHolder(kind);
        continue;
      }
      const sameDimension = candidates.filter(({ s }) => dimensionOf(s.unit) === net.dimension);
      if (sameDimension.length === 0) {
        const by = net.dimension === 'mass' ? '质量' : '体积';
        needs.push(kind);
        problems.push(
          `按${by}计量，而${docLabel}（编号 ${candidates[0]?.d.number ?? ''}）登记的数量单位不同，无法抵扣`,
        );
        continue;
      }
      const found = sameDimension.find(({ s }) => (left.get(s.id) ?? 0) >= need);
      if (!found) {
        const best = sameDimension[0];
        const rest = best ? (left.get(best.s.id) ?? 0) : 0;
        // In the document's unit, as the buyer reads the document: 剩余数量 0 L, not 0 μL.
        const inUnit = (a: number) =>
          best
            ? documentAmount(a, best.s.unit)
            : formatAmount({ amount: a, dimension: net.dimension });
        needs.push(kind);
        problems.push(
          `本单需 ${inUnit(need)}，超出${docLabel}（编号 ${best?.d.number ?? ''}）的剩余数量 ${inUnit(rest)}`,
        );
        continue;
      }
      left.set(found.s.id, (left.get(found.s.id) ?? 0) - need);
      lineTakes.push({ line: i, documentId: found.d.id, substanceId: found.s.id, amount: need });
    }
    const purposeRefused = purposeMissing && purposeRequired;
    // Without purposeRequired (the cart's check) a line lacking only its stated use passes: the
    // confirm page asks for it.
    if (needs.length === 0 && !purposeRefused) {
      takes.push(...lineTakes);
      continue;
    }
    const parts: string[] = [];
    if (missing.length > 0) {
      const individual = unitsOnly && needs.includes('business-licence') ? '个人不得购买，' : '';
      parts.push(`${individual}须有审核通过且在有效期内的${missing.join('和')}，${upload}`);
    }
    parts.push(...problems);
    if (purposeMissing) parts.push('须逐行填写用途（易制爆危险化学品的购买用途）');
    refuse(needs, `${what}，${parts.join('；')}`, holderDiffers);
  }
  const first = refused[0];
  if (first) {
    return {
      ok: false,
      line: first.line,
      message: refused.map((r) => r.reason).join('；'),
      refused,
    };
  }
  return { ok: true, takes, documents };
}
