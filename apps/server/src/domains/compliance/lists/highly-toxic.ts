import type { ListEntry } from './types.ts';

/*
 * 《危险化学品目录（2015版）》: S9 gives only its header (148 剧毒 entries) and S10 some pesticide
 * names, with no 剧毒 marks. Every entry here is a candidate of confidence U, matched against the
 * demo catalogue from general knowledge of the 目录: the shop fails closed and sells the 剧毒
 * candidates as highly-toxic until staff record the source that clears them.
 */

type Row = [name: string, cas: string, category: 'highly-toxic' | 'hazardous', note: string];

const ROWS: Row[] = [
  ['士的宁', '57-24-9', 'highly-toxic', '别名番木鳖碱；剧毒（未确认）'],
  ['对硫磷', '56-38-2', 'highly-toxic', '剧毒（未确认）'],
  ['甲基对硫磷', '298-00-0', 'highly-toxic', '剧毒（未确认）'],
  ['甲拌磷', '298-02-2', 'highly-toxic', 'S10 列入目录；剧毒（未确认）'],
  ['克百威', '1563-66-2', 'highly-toxic', 'S10 列入目录；剧毒（未确认）'],
  ['涕灭威', '116-06-3', 'highly-toxic', 'S10 列入目录；剧毒（未确认）'],
  ['氧乐果', '1113-02-6', 'highly-toxic', 'S10 列入目录；剧毒（未确认）'],
  ['水胺硫磷', '24353-61-5', 'highly-toxic', 'S10 列入目录；剧毒（未确认）'],
  ['甲胺磷', '10265-92-6', 'highly-toxic', '列入目录（未确认）；剧毒标记未确认，按剧毒处理'],
  ['灭多威', '16752-77-5', 'highly-toxic', '列入目录（未确认）；剧毒标记未确认，按剧毒处理'],
  [
    '百草枯二氯化物',
    '1910-42-5',
    'highly-toxic',
    'S10 列入目录（百草枯）；剧毒标记未确认，按剧毒处理',
  ],
  ['汞', '7439-97-6', 'hazardous', '列入目录（未确认）；非剧毒（未确认）'],
  ['砷', '7440-38-2', 'hazardous', '列入目录（未确认）；非剧毒（未确认）'],
];

const SOURCES: Record<string, ('S9' | 'S10')[]> = {
  '298-02-2': ['S9', 'S10'],
  '1563-66-2': ['S9', 'S10'],
  '116-06-3': ['S9', 'S10'],
  '1113-02-6': ['S9', 'S10'],
  '24353-61-5': ['S9', 'S10'],
  '1910-42-5': ['S9', 'S10'],
};

export const HIGHLY_TOXIC_2015: ListEntry[] = ROWS.map(([name, cas, category, note]) => ({
  list: 'hazardous-2015',
  no: '',
  name,
  cas,
  casConfirmed: true,
  category,
  confidence: 'U',
  sources: SOURCES[cas] ?? ['S9'],
  note,
}));
