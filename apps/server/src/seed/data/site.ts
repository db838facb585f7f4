import type { BrandKey } from './types.ts';

export const company = {
  name: '北京一方标准物质科技有限公司',
  tel: '400-185-8866',
  email: 'service@yifanglab.cn',
  address: '北京市海淀区永丰路5号院中关村环保科技示范园3号楼4层',
  // A demo number, marked as such: the real one is entered by staff (系统设置 > 公司信息).
  hazardLicence: '演示编号 京应急危化经字〔示例〕000000号',
};

/** Shown with bank-transfer orders. */
export const bank = {
  accountName: '北京一方标准物质科技有限公司',
  bankName: '招商银行北京中关村支行',
  accountNumber: '110928736410801',
};

/** Brands in display order; the key is the item-number prefix. */
export const brands: { key: BrandKey; name: string }[] = [
  { key: 'YF', name: 'Yifanglab' },
  { key: 'SX', name: 'Stdmax' },
  { key: 'LP', name: 'LabPure' },
  { key: 'CW', name: 'Cellway' },
  { key: 'LK', name: 'Lablink' },
];

export const stores = ['北京仓', '上海仓', '广州仓'];

/** Hot search keywords under the search box; each finds products. */
export const searchKeys = [
  '甲醇',
  '菊酯',
  '苯',
  '黄曲霉毒素',
  '58-08-2',
  '恩诺沙星',
  '苏丹红',
  '标准溶液',
  '槲皮素',
  '对羟基苯甲酸',
];

/** Link group read by the home carousel (SPEC: '{product}banner'). */
export const bannerGroup = 'yifanglabbanner';

export interface BannerSeed {
  file: string;
  title: string;
  subtitle: string;
  badge: string;
  url: string;
  /** Two gradient stops of the background. */
  colors: [string, string];
}

export const banners: BannerSeed[] = [
  {
    file: 'banner-standards.svg',
    title: 'ISO 17034 认可标准物质',
    subtitle: '七大领域 · 可溯源定值 · 每批附分析证书（COA）',
    badge: '品质保障',
    url: '/about',
    colors: ['#2f8f55', '#6cc48a'],
  },
  {
    file: 'banner-pesticide.svg',
    title: '农药残留标准品全面上新',
    subtitle: '对应 GB 2763-2021 · 纯品与溶液标准 · 多仓现货',
    badge: '新品上架',
    url: '/search?name=农药残留标准品',
    colors: ['#3aa665', '#95d475'],
  },
  {
    file: 'banner-solvent.svg',
    title: '色谱纯溶剂 会员专享价',
    subtitle: '甲醇 · 乙腈 · 正己烷 · 满 1000 元包邮',
    badge: '会员特惠',
    url: '/search?name=甲醇',
    colors: ['#267a48', '#3aa665'],
  },
];
