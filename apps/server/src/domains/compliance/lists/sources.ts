import type { ListId, SourceId } from './types.ts';

/** The lists' names as staff read them in the console. */
export const LIST_NAMES: Record<ListId, string> = {
  'precursor-annex': '《易制毒化学品管理条例》附表（2005）',
  'precursor-additions': '易制毒化学品品种增补（2008-2021）',
  'explosive-2017': '《易制爆危险化学品名录（2017年版）》',
  'hazardous-2015': '《危险化学品目录（2015版）》剧毒候选',
};

/** What each source is (docs/compliance.md section 2.1 gives where it was found). */
export const SOURCES: Record<SourceId, string> = {
  S1: '《易制毒化学品的分类和品种目录》全文转载（企业网站，2005 年附表）',
  S2: '汨罗市禁毒培训通知（县政府网站，部分品种）',
  S3: '公开代码库中的易制毒品种数据表（含 CAS，部分 CAS 有误）',
  S4: '国办函〔2021〕58号的日文报道（2021-06-07）',
  S5: '新华社转载：4-ANPP、NPP 列入易制毒化学品（2018）',
  S6: '快递禁寄物品说明中的易制毒品种（仅名称）',
  S7: '《易制爆危险化学品名录（2017年版）》全表转载',
  S8: '文章：高锰酸钾亦是易制爆；硝酸、高氯酸、过氧化氢、过氧化钠、重铬酸钾、硼氢化钾',
  S9: '《危险化学品目录（2015版）》公告头（两处转载，无条目）',
  S10: '《危险化学品目录（2015版）》中的农药原药名称（部分，无剧毒标记）',
  G1: 'CLP 附录 VI 统一分类条目转载（甲苯、丙酮、苯等）',
  G2: 'CLP 分类数据转载（甲醇、苯、甲苯、丙酮，质量较低）',
  G3: 'CLP 附录 VI 条目测试数据（甲苯、甲醇，部分）',
};
