import type { ListEntry, SourceId } from './types.ts';

/*
 * 《易制毒化学品管理条例》附表 易制毒化学品的分类和品种目录: the 2005 annex (confidence B: S1
 * and S3 in full, S2 in part) and the later additions. CAS values the reference marks with "?"
 * or "U" are kept with casConfirmed false. The annex's note: salts of 第一类 and 第二类
 * substances are controlled too, so the salts the catalogue sells are listed under their entry.
 */

const annex = (
  no: string,
  name: string,
  cas: string | null,
  category: 'precursor-1' | 'precursor-2' | 'precursor-3',
  extra: { casConfirmed?: boolean; s2?: boolean; note?: string } = {},
): ListEntry => ({
  list: 'precursor-annex',
  no,
  name,
  cas,
  casConfirmed: extra.casConfirmed ?? cas !== null,
  category,
  confidence: 'B',
  sources: ['S1', 'S3', ...(extra.s2 ? (['S2'] as const) : [])],
  ...(extra.note ? { note: extra.note } : {}),
});

const EPHEDRINES = '麻黄素类物质（药品类，含原料药及其单方制剂）';
const SALT = '盐类（附表注一）';

export const PRECURSOR_ANNEX: ListEntry[] = [
  annex('1-1', '1-苯基-2-丙酮', '103-79-7', 'precursor-1'),
  annex('1-2', '3,4-亚甲基二氧苯基-2-丙酮', '4676-39-5', 'precursor-1'),
  annex('1-3', '胡椒醛', '120-57-0', 'precursor-1', {
    casConfirmed: false,
    note: 'S3 给出的 4676-39-5 有误；120-57-0 为更正值，未经来源确认',
  }),
  annex('1-4', '黄樟素', '94-59-7', 'precursor-1'),
  annex('1-5', '黄樟油', '8006-80-2', 'precursor-1', { s2: true }),
  annex('1-6', '异黄樟素', '120-58-1', 'precursor-1'),
  annex('1-7', 'N-乙酰邻氨基苯酸', '89-52-1', 'precursor-1'),
  annex('1-8', '邻氨基苯甲酸', '118-92-3', 'precursor-1'),
  annex('1-9', '麦角酸', '82-58-6', 'precursor-1', { note: '药品类' }),
  annex('1-10', '麦角胺', '113-15-5', 'precursor-1', { note: '药品类' }),
  annex('1-11', '麦角新碱', '60-79-7', 'precursor-1', {
    casConfirmed: false,
    note: '药品类；S3 给出的 113-15-5 为麦角胺的 CAS；60-79-7 为更正值，未经来源确认',
  }),
  annex('1-12', '麻黄素', '299-42-3', 'precursor-1', { s2: true, note: EPHEDRINES }),
  annex('1-12', '伪麻黄素', '90-82-4', 'precursor-1', { note: EPHEDRINES }),
  annex('1-12', '消旋麻黄素', '90-81-3', 'precursor-1', { note: EPHEDRINES }),
  annex('1-12', '去甲麻黄素盐酸盐', '154-41-6', 'precursor-1', {
    note: `${EPHEDRINES}；S3 以盐酸盐的 CAS 列出去甲麻黄素`,
  }),
  annex('1-12', '去甲麻黄素', '14838-15-4', 'precursor-1', {
    casConfirmed: false,
    note: `${EPHEDRINES}；游离碱的 CAS 未经来源确认`,
  }),
  annex('1-12', '甲基麻黄素', '552-79-4', 'precursor-1', { note: EPHEDRINES }),
  annex('1-12', '麻黄浸膏', null, 'precursor-1', { note: EPHEDRINES }),
  annex('1-12', '麻黄浸膏粉', null, 'precursor-1', { note: EPHEDRINES }),
  annex('1-12', '盐酸麻黄碱', '50-98-6', 'precursor-1', { note: `${EPHEDRINES}；${SALT}` }),
  annex('1-12', '盐酸伪麻黄碱', '345-78-8', 'precursor-1', { note: `${EPHEDRINES}；${SALT}` }),
  annex('2-1', '苯乙酸', '103-82-2', 'precursor-2', { s2: true }),
  annex('2-2', '醋酸酐', '108-24-7', 'precursor-2', { s2: true }),
  annex('2-3', '三氯甲烷', '67-66-3', 'precursor-2', { s2: true }),
  annex('2-4', '乙醚', '60-29-7', 'precursor-2', { s2: true }),
  annex('2-5', '哌啶', '110-89-4', 'precursor-2', { s2: true }),
  annex('3-1', '甲苯', '108-88-3', 'precursor-3', { s2: true }),
  annex('3-2', '丙酮', '67-64-1', 'precursor-3', { s2: true }),
  annex('3-3', '甲基乙基酮', '78-93-3', 'precursor-3', { s2: true }),
  annex('3-4', '高锰酸钾', '7722-64-7', 'precursor-3', { s2: true }),
  annex('3-5', '硫酸', '7664-93-9', 'precursor-3', { s2: true }),
  annex('3-6', '盐酸', '7647-01-0', 'precursor-3', { s2: true }),
];

const added = (
  no: string,
  name: string,
  cas: string | null,
  category: 'precursor-1' | 'precursor-2' | 'precursor-3',
  confidence: 'C' | 'U',
  sources: SourceId[],
  note: string,
): ListEntry => ({
  list: 'precursor-additions',
  no,
  name,
  cas,
  // Every CAS of the additions is the compiler's ("?" or "U" in the reference).
  casConfirmed: false,
  category,
  confidence,
  sources,
  note,
});

/**
 * The additions after 2005. Where the reference gives the class as unconfirmed (U), the entry
 * holds the strictest class it may have (第一类) or the one the reference expects: fail closed.
 * No text of a 2024 addition was found (docs/compliance.md).
 */
export const PRECURSOR_ADDITIONS: ListEntry[] = [
  added(
    '2008',
    '羟亚胺',
    null,
    'precursor-1',
    'U',
    ['S6'],
    'S6 列为易制毒，未给类别；年份、类别未确认',
  ),
  added(
    '2012',
    '邻氯苯基环戊酮',
    '6740-85-8',
    'precursor-1',
    'U',
    ['S6'],
    'S6 作“邻酮”；年份、类别未确认',
  ),
  added(
    '2014',
    '1-苯基-2-溴-1-丙酮',
    '2114-00-3',
    'precursor-1',
    'U',
    ['S6'],
    'S6 作“溴代苯丙酮”；年份、类别未确认',
  ),
  added('2014', '3-氧-2-苯基丁腈', '4468-48-8', 'precursor-1', 'U', [], 'APAAN；未找到来源'),
  added(
    '2017',
    'N-苯乙基-4-哌啶酮',
    '39742-60-4',
    'precursor-1',
    'U',
    ['S5'],
    'NPP；S5 证实 2018 年 2 月列管，类别未确认',
  ),
  added('2017', '4-苯胺基-N-苯乙基哌啶', '21409-26-7', 'precursor-1', 'U', ['S5'], '4-ANPP；同上'),
  added(
    '2017',
    'N-甲基-1-苯基-1-氯-2-丙胺',
    null,
    'precursor-1',
    'U',
    [],
    '氯代麻黄碱；未找到来源',
  ),
  added('2017', '溴素', '7726-95-6', 'precursor-3', 'U', [], '未找到来源'),
  added('2017', '1-苯基-1-丙酮', '93-55-0', 'precursor-3', 'U', [], '未找到来源'),
  added(
    '2021',
    'α-苯乙酰乙酸甲酯',
    '16648-44-5',
    'precursor-2',
    'C',
    ['S4'],
    '国办函〔2021〕58号；中文名由 S4 日文译出',
  ),
  added('2021', 'α-乙酰乙酰苯胺', '102-01-2', 'precursor-2', 'C', ['S4'], '国办函〔2021〕58号'),
  added(
    '2021',
    '3,4-亚甲基二氧苯基-2-丙酮缩水甘油酸',
    null,
    'precursor-2',
    'C',
    ['S4'],
    '国办函〔2021〕58号',
  ),
  added(
    '2021',
    '3,4-亚甲基二氧苯基-2-丙酮缩水甘油酯',
    null,
    'precursor-2',
    'C',
    ['S4'],
    '国办函〔2021〕58号',
  ),
  added('2021', '苯乙腈', '140-29-4', 'precursor-3', 'C', ['S4'], '国办函〔2021〕58号'),
  added('2021', 'γ-丁内酯', '96-48-0', 'precursor-3', 'C', ['S4'], '国办函〔2021〕58号'),
];
