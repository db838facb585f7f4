import { describe, expect, it } from 'vitest';
import {
  checkOrder,
  controlText,
  documentsFor,
  effectiveStatus,
  sortCategories,
  strictest,
  documentAmount,
  formatAmount,
  fromBase,
  holderKey,
  parsePackAmount,
  REGULATION_CATEGORIES,
  requiredDocument,
  toBase,
  type RegulationCategory,
  type RuleDocument,
  type RuleLine,
} from './regulation.ts';

describe('parsePackAmount', () => {
  it.each([
    ['500mL', 500_000, 'volume'],
    ['2.5L', 2_500_000, 'volume'],
    ['4L', 4_000_000, 'volume'],
    ['25g', 25_000, 'mass'],
    ['1kg', 1_000_000, 'mass'],
    ['2.5kg', 2_500_000, 'mass'],
    ['100mg', 100, 'mass'],
    ['1000μg/mL·1mL（甲醇）', 1_000, 'volume'],
    ['1000μg/mL·20mL（水）', 20_000, 'volume'],
    ['1mL（纯品）', 1_000, 'volume'],
    ['1mg（固体）', 1, 'mass'],
    ['５００ｍＬ', 500_000, 'volume'],
    ['500 ml', 500_000, 'volume'],
    ['100uL', 100, 'volume'],
    ['100µL', 100, 'volume'],
  ])('%s', (text, amount, dimension) => {
    expect(parsePackAmount(text)).toEqual({ amount, dimension });
  });

  it.each(['100个/包', '1000个/箱', '1台', '', '询价', 'mL', '0g', '-5g', '5 盒', '1.5.2g'])(
    '%s is not an amount',
    (text) => {
      expect(parsePackAmount(text)).toBeNull();
    },
  );
});

describe('units', () => {
  it('converts document quantities to mg / μL and back', () => {
    expect(toBase(2, 'kg')).toEqual({ amount: 2_000_000, dimension: 'mass' });
    expect(toBase(1.5, 'g')).toEqual({ amount: 1_500, dimension: 'mass' });
    expect(toBase(3, 'L')).toEqual({ amount: 3_000_000, dimension: 'volume' });
    expect(toBase(250, 'mL')).toEqual({ amount: 250_000, dimension: 'volume' });
    expect(fromBase(2_500_000, 'L')).toBe(2.5);
    expect(fromBase(1_234, 'g')).toBe(1.234);
    // Exactly: what is left is never rounded away.
    expect(fromBase(400, 'L')).toBe(0.0004);
    expect(fromBase(1, 'kg')).toBe(0.000001);
    expect(documentAmount(0, 'L')).toBe('0 L');
    expect(documentAmount(2_500_000, 'L')).toBe('2.5 L');
    expect(formatAmount({ amount: 1_500_000, dimension: 'volume' })).toBe('1.5 L');
    expect(formatAmount({ amount: 500, dimension: 'mass' })).toBe('500 mg');
  });
});

describe('holderKey', () => {
  it('ignores whitespace, full-width forms and bracket styles', () => {
    const a = holderKey('北京某某化工（集团）有限公司');
    expect(holderKey('北京某某化工(集团)有限公司')).toBe(a);
    expect(holderKey(' 北京 某某化工 （集团） 有限公司 ')).toBe(a);
    expect(holderKey('北京某某化工【集团】有限公司')).toBe(a);
    expect(holderKey('北京某某化工集团有限公司')).not.toBe(a);
    expect(holderKey('ａｂｃ Lab')).toBe(holderKey('ABCLAB'));
  });
});

describe('effectiveStatus', () => {
  it('turns an approved or pending document past its last valid day into expired', () => {
    expect(effectiveStatus('approved', '2026-01-01', '2026-01-01')).toBe('approved');
    expect(effectiveStatus('approved', '2025-12-31', '2026-01-01')).toBe('expired');
    expect(effectiveStatus('pending', '2025-12-31', '2026-01-01')).toBe('expired');
    expect(effectiveStatus('rejected', '2025-12-31', '2026-01-01')).toBe('rejected');
  });
});

// ---- the rules: each class × each document state × quantity edges -------------------------

const TODAY = '2026-06-01';
const COMPANY = '北京测试化学有限公司';
const CAS = '60-29-7';

type State = 'none' | 'pending' | 'approved' | 'rejected' | 'expired';
const STATES: State[] = ['none', 'pending', 'approved', 'rejected', 'expired'];

let ids = 0;
function doc(
  kind: RuleDocument['kind'],
  state: Exclude<State, 'none'>,
  substances: { cas?: string; unit?: 'g' | 'kg' | 'mL' | 'L'; remaining: number }[] = [],
  holder = COMPANY,
): RuleDocument {
  ids += 1;
  return {
    id: ids,
    kind,
    number: `NO-${ids}`,
    holder,
    status: state === 'expired' ? 'approved' : state,
    validUntil: state === 'expired' ? '2026-05-31' : '2026-12-31',
    substances: substances.map((s) => {
      ids += 1;
      return { id: ids, cas: s.cas ?? CAS, unit: s.unit ?? 'L', remaining: s.remaining };
    }),
  };
}

const line = (category: RegulationCategory | null, over: Partial<RuleLine> = {}): RuleLine => ({
  name: '乙醚',
  pack: '500mL',
  cas: CAS,
  category,
  net: { amount: 500_000, dimension: 'volume' },
  count: 1,
  purpose: '教学实验',
  ...over,
});

describe('checkOrder', () => {
  const licence = (state: Exclude<State, 'none'> = 'approved') => doc('business-licence', state);

  for (const category of REGULATION_CATEGORIES) {
    const kind = requiredDocument(category);
    for (const state of STATES) {
      it(`${category} with its document ${state}`, () => {
        const docs: RuleDocument[] = [];
        if (kind && state !== 'none') docs.push(doc(kind, state, [{ remaining: 1_000_000 }]));
        // Units-only classes also get an approved licence, so only the document under test varies.
        if (kind && kind !== 'business-licence') docs.push(licence());
        const result = checkOrder([line(category)], docs, COMPANY, TODAY);
        const allowed = kind === null || state === 'approved';
        expect(result.ok).toBe(allowed);
        if (!result.ok) {
          expect(result.message).toContain('乙醚 500mL');
          expect(result.line).toBe(0);
        }
      });
    }
  }

  it('a product without a class needs nothing, even from a buyer without a company', () => {
    expect(checkOrder([line(null), line('hazardous')], [], '', TODAY).ok).toBe(true);
  });

  it.each(['precursor-1', 'precursor-2', 'highly-toxic'] as const)(
    'individuals (no approved licence) never buy %s, whatever permit they show',
    (category) => {
      const kind = requiredDocument(category);
      if (!kind) throw new Error('class needs a document');
      for (const licenceState of STATES) {
        const docs = [doc(kind, 'approved', [{ remaining: 1_000_000 }])];
        if (licenceState !== 'none') docs.push(licence(licenceState));
        const result = checkOrder([line(category)], docs, COMPANY, TODAY);
        expect(result.ok).toBe(licenceState === 'approved');
        if (!result.ok) expect(result.message).toContain('个人不得购买');
      }
    },
  );

  it('第三类 needs the record only', () => {
    const docs = [doc('precursor-record', 'approved', [{ remaining: 500_000 }])];
    expect(checkOrder([line('precursor-3')], docs, COMPANY, TODAY).ok).toBe(true);
  });

  describe('quantities', () => {
    const record = (remaining: number, unit: 'g' | 'kg' | 'mL' | 'L' = 'L') => [
      doc('precursor-record', 'approved', [{ remaining, unit }]),
      licence(),
    ];

    it('takes exactly what is left', () => {
      const docs = record(1_500_000);
      const result = checkOrder([line('precursor-2', { count: 3 })], docs, COMPANY, TODAY);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.takes).toEqual([expect.objectContaining({ amount: 1_500_000 })]);
    });

    it('refuses one unit over, naming the document and what is left', () => {
      const result = checkOrder(
        [line('precursor-2', { count: 4 })],
        record(1_500_000),
        COMPANY,
        TODAY,
      );
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.message).toContain('本单需 2 L');
        expect(result.message).toContain('剩余数量 1.5 L');
        expect(result.message).toContain('购买备案证明');
      }
    });

    it('names the amounts in the document’s own unit, also when nothing is left', () => {
      const empty = checkOrder([line('precursor-2')], record(0), COMPANY, TODAY);
      expect(empty.ok).toBe(false);
      if (!empty.ok) {
        expect(empty.message).toContain('本单需 0.5 L');
        expect(empty.message).toContain('剩余数量 0 L');
        expect(empty.message).not.toContain('μL');
      }
      const mass = checkOrder(
        [line('precursor-2', { pack: '500g', net: { amount: 500_000, dimension: 'mass' } })],
        record(400, 'kg'),
        COMPANY,
        TODAY,
      );
      expect(mass.ok).toBe(false);
      if (!mass.ok) {
        expect(mass.message).toContain('本单需 0.5 kg');
        expect(mass.message).toContain('剩余数量 0.0004 kg');
      }
    });

    it('counts two lines of one substance together', () => {
      const lines = [line('precursor-2', { count: 2 }), line('precursor-2', { pack: '1L' })];
      lines[1] = { ...lines[1]!, net: { amount: 1_000_000, dimension: 'volume' } };
      expect(checkOrder(lines, record(2_000_000), COMPANY, TODAY).ok).toBe(true);
      expect(checkOrder(lines, record(1_999_999), COMPANY, TODAY)).toMatchObject({
        ok: false,
        line: 1,
      });
    });

    it('refuses mass against volume and volume against mass', () => {
      const byMass = record(5_000_000, 'kg');
      const r1 = checkOrder([line('precursor-2')], byMass, COMPANY, TODAY);
      expect(r1.ok).toBe(false);
      if (!r1.ok) expect(r1.message).toContain('数量单位不同');
      const solid = line('precursor-3', {
        name: '高锰酸钾',
        pack: '500g',
        net: { amount: 500_000, dimension: 'mass' },
      });
      expect(checkOrder([solid], record(5_000_000, 'L'), COMPANY, TODAY).ok).toBe(false);
    });

    it('converts g/kg and mL/L', () => {
      const solid = line('precursor-3', {
        name: '高锰酸钾',
        pack: '500g',
        net: { amount: 500_000, dimension: 'mass' },
        count: 2,
      });
      // 1 kg on the document: exactly two 500 g packs.
      expect(checkOrder([solid], record(toBase(1, 'kg').amount, 'kg'), COMPANY, TODAY).ok).toBe(
        true,
      );
      expect(checkOrder([solid], record(toBase(999, 'g').amount, 'g'), COMPANY, TODAY).ok).toBe(
        false,
      );
      // 1000 mL on the document covers two 500 mL packs, not three.
      const ml = record(toBase(1000, 'mL').amount, 'mL');
      expect(checkOrder([line('precursor-2', { count: 2 })], ml, COMPANY, TODAY).ok).toBe(true);
      expect(checkOrder([line('precursor-2', { count: 3 })], ml, COMPANY, TODAY).ok).toBe(false);
    });

    it('refuses a pack whose amount is unknown', () => {
      const result = checkOrder([line('precursor-2', { net: null })], record(9e6), COMPANY, TODAY);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain('无法确定净含量');
    });

    it('moves on to another document when the first has too little', () => {
      const docs = [
        doc('precursor-record', 'approved', [{ remaining: 100 }]),
        doc('precursor-record', 'approved', [{ remaining: 600_000 }]),
        licence(),
      ];
      const result = checkOrder([line('precursor-2')], docs, COMPANY, TODAY);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.takes[0]?.documentId).toBe(docs[1]?.id);
    });

    it('needs the product’s own CAS on the document', () => {
      const docs = [
        doc('precursor-record', 'approved', [{ cas: '67-66-3', remaining: 9e6 }]),
        licence(),
      ];
      expect(checkOrder([line('precursor-2')], docs, COMPANY, TODAY).ok).toBe(false);
    });
  });

  describe('holder', () => {
    it('matches the order company to the holder after normalising', () => {
      const docs = [
        doc('precursor-record', 'approved', [{ remaining: 9e6 }], '北京测试化学（有限）公司'),
      ];
      expect(checkOrder([line('precursor-3')], docs, ' 北京测试化学(有限)公司', TODAY).ok).toBe(
        true,
      );
      expect(checkOrder([line('precursor-3')], docs, '上海测试化学有限公司', TODAY).ok).toBe(false);
    });

    it('refuses a controlled line without any company name', () => {
      const docs = [doc('precursor-record', 'approved', [{ remaining: 9e6 }], '')];
      const result = checkOrder([line('precursor-3')], docs, '  ', TODAY);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toContain('单位名称');
    });

    it('a licence of another company does not make the buyer a unit', () => {
      const docs = [
        doc('precursor-record', 'approved', [{ remaining: 9e6 }]),
        doc('business-licence', 'approved', [], '别的公司'),
      ];
      expect(checkOrder([line('precursor-2')], docs, COMPANY, TODAY).ok).toBe(false);
    });
  });
});

describe('several classes', () => {
  const KMNO4 = '7722-64-7';
  const kmno4 = (over: Partial<RuleLine> = {}) =>
    line('precursor-3', {
      name: '高锰酸钾',
      pack: '500g',
      cas: KMNO4,
      categories: ['precursor-3', 'explosive-precursor'],
      net: { amount: 500_000, dimension: 'mass' },
      ...over,
    });
  const record = (state: Exclude<State, 'none'> = 'approved') =>
    doc('precursor-record', state, [{ cas: KMNO4, unit: 'kg', remaining: 1_000_000 }]);
  const licence = (state: Exclude<State, 'none'> = 'approved') => doc('business-licence', state);

  it('orders classes from the strictest and names them in the 管制信息 text', () => {
    expect(sortCategories(['precursor-3', 'hazardous', 'explosive-precursor'])).toEqual([
      'explosive-precursor',
      'precursor-3',
      'hazardous',
    ]);
    expect(strictest(['precursor-3', 'highly-toxic'])).toBe('highly-toxic');
    expect(strictest([])).toBeNull();
    expect(controlText(['highly-toxic'], '禁限用农药')).toBe('剧毒化学品、禁限用农药');
    expect(controlText(['explosive-precursor'], '危险化学品')).toBe('易制爆危险化学品');
    expect(controlText([], '非管控')).toBe('非管控');
  });

  it('高锰酸钾 needs the 备案证明, the business licence and the stated use, each in every state', () => {
    for (const recordState of STATES) {
      for (const licenceState of STATES) {
        for (const purpose of ['', '水处理实验']) {
          const docs: RuleDocument[] = [];
          if (recordState !== 'none') docs.push(record(recordState));
          if (licenceState !== 'none') docs.push(licence(licenceState));
          const result = checkOrder([kmno4({ purpose })], docs, COMPANY, TODAY);
          const ok = recordState === 'approved' && licenceState === 'approved' && purpose !== '';
          expect(result.ok, `${recordState} ${licenceState} ${purpose}`).toBe(ok);
          if (result.ok) {
            expect(result.takes).toHaveLength(1);
            expect(result.documents.get(0)).toBeDefined();
            continue;
          }
          const [refused] = result.refused;
          const needs = [
            ...(licenceState === 'approved' ? [] : ['business-licence']),
            ...(recordState === 'approved' ? [] : ['precursor-record']),
          ];
          expect(refused?.needs).toEqual(needs);
          expect(refused?.needsPurpose).toBe(purpose === '');
          expect(refused?.categories).toEqual(['explosive-precursor', 'precursor-3']);
          if (needs.includes('business-licence')) expect(result.message).toContain('营业执照');
          if (needs.includes('precursor-record')) expect(result.message).toContain('备案证明');
          if (purpose === '') expect(result.message).toContain('用途');
        }
      }
    }
  });

  it('an individual is refused 高锰酸钾 with a message naming both documents', () => {
    const result = checkOrder([kmno4()], [], COMPANY, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain('个人不得购买');
    expect(result.message).toContain('营业执照');
    expect(result.message).toContain('第二类、第三类易制毒化学品购买备案证明');
  });

  it('every class × every licence state: individuals buy only 第三类 (with its record)', () => {
    for (const category of REGULATION_CATEGORIES) {
      const own = requiredDocument(category);
      for (const licenceState of STATES) {
        const docs: RuleDocument[] = [];
        if (own && own !== 'business-licence') {
          docs.push(doc(own, 'approved', [{ remaining: 1_000_000 }]));
        }
        if (licenceState !== 'none') docs.push(licence(licenceState));
        const result = checkOrder([line(category)], docs, COMPANY, TODAY);
        const needsLicence = documentsFor(category).includes('business-licence');
        expect(result.ok, `${category} ${licenceState}`).toBe(
          !needsLicence || licenceState === 'approved',
        );
      }
    }
  });

  it('易制爆 without a stated use is refused at ordering, but passes the cart’s check', () => {
    const docs = [licence()];
    const bare = line('explosive-precursor', { purpose: '  ' });
    const ordered = checkOrder([bare], docs, COMPANY, TODAY);
    expect(ordered).toMatchObject({ ok: false, refused: [{ needs: [], needsPurpose: true }] });
    expect(checkOrder([bare], docs, COMPANY, TODAY, { purposeRequired: false }).ok).toBe(true);
  });

  it('answers every refused line with what each needs, the allowed ones left out', () => {
    const lines = [
      line('highly-toxic', { name: '对硫磷', cas: '56-38-2', productId: 7 }),
      line(null, { name: '氯化钠' }),
      kmno4({ productId: 9 }),
      line('precursor-2', { productId: 11 }),
    ];
    const docs = [doc('precursor-record', 'approved', [{ remaining: 1_000_000 }]), licence()];
    const result = checkOrder(lines, docs, COMPANY, TODAY);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.line).toBe(0);
    expect(result.refused.map((r) => [r.line, r.productId, r.needs])).toEqual([
      [0, 7, ['highly-toxic-permit']],
      [2, 9, ['precursor-record']],
    ]);
    expect(result.message).toContain('对硫磷');
    expect(result.message).toContain('高锰酸钾');
  });

  it('says when an approved document names another holder', () => {
    const other = doc('business-licence', 'approved', [], '上海别家化工有限公司');
    const result = checkOrder([line('explosive-precursor')], [other], COMPANY, TODAY);
    expect(result).toMatchObject({ ok: false, refused: [{ holderDiffers: true }] });
    const none = checkOrder([line('explosive-precursor')], [], COMPANY, TODAY);
    expect(none).toMatchObject({ ok: false, refused: [{ holderDiffers: false }] });
  });

  it('two classes needing one record draw on it once', () => {
    const both = line('precursor-2', { categories: ['precursor-2', 'precursor-3'] });
    const docs = [doc('precursor-record', 'approved', [{ remaining: 500_000 }]), licence()];
    const result = checkOrder([both], docs, COMPANY, TODAY);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.takes).toEqual([expect.objectContaining({ amount: 500_000 })]);
  });
});
