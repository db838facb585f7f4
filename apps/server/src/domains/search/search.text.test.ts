import { describe, expect, it } from 'vitest';
import { documentOf, postingsOf, type ProductText } from './search.document.ts';
import { PhraseIndex, frequentPhrases } from './search.phrases.ts';
import { NAME_PARTS, RANK, WORD_START, marked, normalize, planTerm } from './search.text.ts';

const W = WORD_START;

const product = (partial: Partial<ProductText> = {}): ProductText => ({
  brandId: null,
  name: '',
  nameEn: '',
  alias: '',
  synonyms: '',
  purity: '',
  number: '',
  cas: '',
  categoryTitles: [],
  ...partial,
});

describe('normalize', () => {
  it('folds full-width characters, case and spacing', () => {
    expect(normalize('  ＢＥＮＺＯＩＣ　Acid ')).toBe('benzoic acid');
    expect(normalize('６５－８５－０')).toBe('65-85-0');
    expect(normalize('a\u200bb\n\tc')).toBe('ab c');
  });

  it('removes the characters the index uses as markers', () => {
    expect(normalize(`a${W}b\nc`)).toBe('a b c');
  });
});

describe('marked', () => {
  it('marks the start of every word and word part, not Han characters', () => {
    expect(marked('4-methylbenzoic acid')).toBe(`${W}4-${W}methyl${W}benzoic ${W}acid`);
    expect(marked('trifluoromethyl')).toBe(`${W}tri${W}fluoro${W}methyl`);
    expect(marked('methanol di')).toBe(`${W}methanol ${W}di`);
    expect(marked('维生素b12')).toBe(`维生素${W}b12`);
  });

  it('splits a term cut short inside a part as the full name, since no part begins another', () => {
    for (const a of NAME_PARTS) {
      for (const b of NAME_PARTS) if (a !== b) expect(b.startsWith(a)).toBe(false);
    }
    const name = marked('2,4-dimethylbenzoic acid');
    for (const term of ['dim', 'dimeth', 'dimethylb', 'methylbenz', 'benzoic ac', 'benzoic acid']) {
      expect(name.includes(marked(term)), term).toBe(true);
    }
    for (const term of ['ethylbenzoic', 'ylbenzoic', 'cid']) {
      expect(name.includes(marked(term)), term).toBe(false);
    }
  });
});

describe('planTerm', () => {
  it('answers short Han terms and single words from one key', () => {
    expect(planTerm('苯')).toMatchObject({ direct: true, keys: ['苯'] });
    expect(planTerm('甲基苯')).toMatchObject({ direct: true, keys: ['甲基苯'] });
    expect(planTerm('acid')).toMatchObject({ direct: true, keys: ['acid'] });
  });

  it('splits longer terms into keys every match must have', () => {
    expect(planTerm('甲基苯甲酸')).toMatchObject({
      direct: false,
      keys: ['甲基苯', '基苯甲', '苯甲酸'],
    });
    expect(planTerm('benzoic acid').keys).toEqual(['benzoic', 'acid']);
    expect(planTerm('methylbenzoic').direct).toBe(true);
    expect(planTerm('dimethylaminobenzenesulfonic').keys).toEqual(['dimethylaminobenzene']);
    expect(planTerm('2-氯苯').keys).toEqual(['2', '氯苯']);
  });

  it('reads CAS numbers typed with or without hyphens', () => {
    expect(planTerm('65-85-0').casKey).toBe('65850');
    expect(planTerm('65850').casKey).toBe('65850');
    expect(planTerm('6585-0').casKey).toBe('65850');
    expect(planTerm('1000').casKey).toBeNull();
    expect(planTerm('bw-1001').casKey).toBeNull();
  });

  it('counts the marked length in characters, as SQL does', () => {
    expect(planTerm('𠀀苯').markedLength).toBe(2);
  });
});

describe('documents and postings', () => {
  it('posts Han 1-3-grams and word prefixes: exact names, name prefixes, names, then aliases', () => {
    const doc = documentOf(product({ name: '苯甲酸', nameEn: 'Benzoic acid', alias: '安息香酸' }));
    const ranks = new Map(postingsOf(doc, new PhraseIndex([])).map((p) => [p.gram, p.rank]));
    expect(ranks.get('苯')).toBe(RANK.namePrefix);
    expect(ranks.get('苯甲酸')).toBe(RANK.exact);
    expect(ranks.get('甲酸')).toBe(RANK.name);
    expect(ranks.get('安息香')).toBe(RANK.text);
    expect(ranks.get('安息香酸')).toBeUndefined();
    expect(ranks.get('b')).toBe(RANK.namePrefix);
    expect(ranks.get('acid')).toBe(RANK.name);
    expect(ranks.get('cid')).toBeUndefined();
  });

  it('ranks a whole alias or synonym entry as an exact name, a part of one below the names', () => {
    const ethanol = documentOf(
      product({ name: '无水乙醇', nameEn: 'Ethanol absolute', alias: '乙醇' }),
    );
    const aspirin = documentOf(
      product({ name: '阿司匹林', alias: '乙酰水杨酸', synonyms: 'Acetylsalicylic acid; ASA' }),
    );
    const rank = (doc: typeof ethanol, gram: string) =>
      postingsOf(doc, new PhraseIndex([])).find((p) => p.gram === gram)?.rank;
    expect(rank(ethanol, '乙醇')).toBe(RANK.exact);
    expect(rank(ethanol, '无水')).toBe(RANK.namePrefix);
    expect(rank(aspirin, '酸')).toBe(RANK.text);
    expect(rank(aspirin, 'asa')).toBe(RANK.exact);
    expect(rank(aspirin, 'acid')).toBe(RANK.text);
    // The pinyin of the name counts as the name.
    expect(rank(aspirin, 'asp')).toBe(RANK.namePrefix);
  });

  it('posts the pinyin of every word inside a Chinese name, from a syllable start, below the name prefix', () => {
    const paracetamol = documentOf(product({ name: '对乙酰氨基酚' }));
    const acetamide = documentOf(product({ name: '乙酰胺' }));
    const ranks = (doc: typeof paracetamol) =>
      new Map(postingsOf(doc, new PhraseIndex([])).map((p) => [p.gram, p.rank]));
    const inside = ranks(paracetamol);
    // Its Chinese matches inside the name: so does its pinyin, ranked as a name containing it.
    expect(inside.get('乙酰')).toBe(RANK.name);
    expect(inside.get('yixian')).toBe(RANK.name);
    expect(inside.get('anjifen')).toBe(RANK.name);
    expect(inside.get('fen')).toBe(RANK.name);
    expect(inside.get('duiyixian')).toBe(RANK.namePrefix);
    expect(ranks(acetamide).get('yixian')).toBe(RANK.namePrefix);
    // Never from inside a syllable, and initials only from the start of the name.
    expect(inside.get('ixian')).toBeUndefined();
    expect(inside.get('yx')).toBeUndefined();
    expect(inside.get('dyx')).toBe(RANK.namePrefix);
  });

  it('posts the grade words of the purity, not its figures', () => {
    const methanol = documentOf(product({ name: '甲醇', purity: '≥99.9%（GC），HPLC级' }));
    const grams = postingsOf(methanol, new PhraseIndex([])).map((p) => p.gram);
    expect(grams).toEqual(expect.arrayContaining(['hplc', '级', 'gc']));
    expect(grams).not.toContain('99');
    expect(grams).not.toContain('9');
  });

  it('posts word prefixes from every part of a chemical name', () => {
    const doc = documentOf(product({ nameEn: '4-Aminopyridine' }));
    const ranks = new Map(postingsOf(doc, new PhraseIndex([])).map((p) => [p.gram, p.rank]));
    expect(ranks.get('aminopyridine')).toBe(RANK.name);
    expect(ranks.get('pyridine')).toBe(RANK.name);
    expect(ranks.get('py')).toBe(RANK.name);
    expect(ranks.get('inopyridine')).toBeUndefined();
  });

  it('posts category titles for members and for products whose text contains them', () => {
    const phrases = new PhraseIndex(['农药残留标准品', '苯甲酸类']);
    const member = documentOf(product({ name: '敌敌畏', categoryTitles: ['农药残留标准品'] }));
    const other = documentOf(product({ name: '苯甲酸类混合物' }));
    expect(postingsOf(member, phrases)).toContainEqual({
      gram: '农药残留标准品',
      rank: RANK.category,
    });
    expect(postingsOf(member, phrases).map((p) => p.gram)).not.toContain('苯甲酸类');
    expect(postingsOf(other, phrases)).toContainEqual({ gram: '苯甲酸类', rank: RANK.namePrefix });
  });

  it('finds phrases wherever the text contains them, words from their start', () => {
    const phrases = new PhraseIndex(['溶液标准物质', 'solution 100', 'HPLC', '（混标）']);
    const doc = documentOf(
      product({
        name: '甲醇中敌敌畏溶液标准物质（混标）',
        nameEn: 'Dichlorvos solution 1000 μg/mL in methanol',
        synonyms: 'HPLCgrade',
      }),
    );
    const keys = postingsOf(doc, phrases).map((p) => p.gram);
    expect(keys).toEqual(
      expect.arrayContaining(['溶液标准物质', 'solution 100', 'hplc', '(混标)']),
    );
    const none = documentOf(product({ name: '标准物质', nameEn: 'Xsolution 100' }));
    expect(postingsOf(none, phrases).map((p) => p.gram)).not.toContain('solution 100');
    expect(postingsOf(none, phrases).map((p) => p.gram)).not.toContain('溶液标准物质');
  });

  it('keeps the item number and CAS as exact keys', () => {
    const doc = documentOf(product({ number: 'ＢＷ-1001', cas: '65-85-0' }));
    expect(doc.numberKey).toBe('bw-1001');
    expect(doc.casKey).toBe('65850');
  });
});

describe('frequentPhrases', () => {
  const body = (name: string, nameEn = '') => documentOf(product({ name, nameEn })).bodyText;

  it('finds token sequences common to many products, not the short Han keys', () => {
    const bodies = [
      body('甲醇中敌敌畏溶液标准物质', 'Dichlorvos solution in methanol'),
      body('乙腈中乐果溶液标准物质', 'Dimethoate solution in acetonitrile'),
      body('甲醇中乐果溶液标准物质', 'Dimethoate solution in methanol'),
      body('敌敌畏'),
    ];
    const found = frequentPhrases(bodies, 3, 12);
    expect(found).toEqual(
      expect.arrayContaining(['溶液标准物质', '溶液标准', '液标准物质', 'solution in']),
    );
    expect(found).not.toContain('标准物');
    expect(found).not.toContain('in methanol');
    expect(found).not.toContain('甲醇中乐果');
  });
});
