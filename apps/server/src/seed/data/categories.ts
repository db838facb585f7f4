import type { ProductCategoryKey } from './types.ts';

export interface CategorySeed {
  /** Stable key used by the data files and the generated images. */
  key: string;
  title: string;
  url: string;
  /** What the navigation item opens: product lists, literature, or a page. */
  model: 'product' | 'literature' | 'page';
  summary?: string;
  /** Home tile / hot classification item with a generated picture. */
  hot?: boolean;
  /** Products of this key are filed under this category. */
  holds?: ProductCategoryKey;
  children?: CategorySeed[];
}

const standard = (
  key: ProductCategoryKey,
  title: string,
  summary: string,
): CategorySeed => ({
  key,
  title,
  url: `/search?name=${title}`,
  model: 'product',
  summary,
  hot: true,
  holds: key,
});

/** The navigation tree; the client puts 首页 in front of the top level. */
export const categoryTree: CategorySeed[] = [
  { key: 'all', title: '全部商品', url: '/products', model: 'product' },
  {
    key: 'standards',
    title: '标准品',
    url: '/search?name=标准品',
    model: 'product',
    summary: '覆盖药品、食品、农残、兽药、日化、环境与天然产物七大领域的标准物质。',
    children: [
      standard('drug', '药品标准品', '中国药典收载的化学对照品与杂质对照品，满足药品检验、仿制药一致性评价与研发需求。'),
      standard('food', '食品检测标准品', '食品添加剂、真菌毒素、非法添加物与营养成分标准物质，服务食品安全国家标准检测。'),
      standard('pesticide', '农药残留标准品', '有机磷、氨基甲酸酯、拟除虫菊酯、新烟碱类等农药纯品与溶液标准，对应GB 2763-2021。'),
      standard('veterinary', '兽药标准品', '喹诺酮、磺胺、四环素、β-受体激动剂及禁用兽药残留检测用标准物质。'),
      standard('cosmetic', '日化标准品', '化妆品防腐剂、防晒剂、美白祛斑剂与香料致敏原检测用标准物质。'),
      standard('environment', '环境标准品', '多环芳烃、挥发性有机物、酚类、多氯联苯、邻苯二甲酸酯与重金属环境监测标准。'),
      standard('natural', '天然提取物标准品', '黄酮、酚酸、生物碱、皂苷与萜类等中药和天然产物对照品，HPLC纯度≥98%。'),
    ],
  },
  {
    key: 'reagent',
    title: '化学试剂',
    url: '/search?name=化学试剂',
    model: 'product',
    summary: '色谱纯溶剂、优级纯酸碱与分析纯无机盐。',
    holds: 'reagent',
  },
  {
    key: 'bio',
    title: '生物耗材',
    url: '/search?name=生物耗材',
    model: 'product',
    summary: '分子生物学缓冲剂、酶与蛋白、细胞培养试剂。',
    holds: 'bio',
  },
  {
    key: 'consumable',
    title: '实验耗材',
    url: '/search?name=实验耗材',
    model: 'product',
    summary: '过滤器、样品瓶、固相萃取柱、离心管与吸头。',
    holds: 'consumable',
  },
  {
    key: 'instrument',
    title: '仪器设备',
    url: '/search?name=仪器设备',
    model: 'product',
    summary: '样品前处理与常规理化分析仪器。',
    holds: 'instrument',
  },
  { key: 'literature', title: '标准文献', url: '/literature', model: 'literature' },
  { key: 'customizing', title: '定制服务', url: '/customizing', model: 'page' },
  { key: 'about', title: '关于我们', url: '/about', model: 'page' },
];
