import type { RegionLevel } from './region-data';

export type RegionLanguage = 'cn' | 'en';

export interface RegionLabels {
  pleaseSelect: string;
  defaultHeader: string;
  clear: string;
  done: string;
  noMatch: string;
  loading: string;
  loadFailed: string;
  search: string;
  levels: Record<RegionLevel, string>;
  others: (n: number) => string;
}

/** Texts of the picker in its two languages (docs/product-rules.md section 2). */
export const REGION_LABELS: Record<RegionLanguage, RegionLabels> = {
  cn: {
    pleaseSelect: '请选择',
    defaultHeader: '行政区划',
    clear: '清除已选',
    done: '完成',
    noMatch: '无匹配项目',
    loading: '加载中...',
    loadFailed: '地区数据加载失败，请稍后重试',
    search: '搜索城市',
    levels: { province: '省/直辖市', city: '市', area: '区/县', town: '乡/镇' },
    others: (n) => `等其余 ${n} 个`,
  },
  en: {
    pleaseSelect: 'Please select',
    defaultHeader: 'Region',
    clear: 'Clear selection',
    done: 'Done',
    noMatch: 'No matched items',
    loading: 'Loading...',
    loadFailed: 'Region data could not be loaded',
    search: 'Search city',
    levels: { province: 'Province', city: 'City', area: 'Area', town: 'Town' },
    others: (n) => `and ${n} others`,
  },
};
