import {
  SHIPPING_CLASSES,
  SHIPPING_CLASS_LABELS,
  isShippingClass,
  toYuan,
  type ShippingClass,
} from '@labshop/shared';

/**
 * The columns of the catalogue spreadsheet (import, export and template): one row per pack,
 * keyed by item number + pack. Headers are Chinese; the API field names are accepted too.
 */
export type FieldKey =
  | 'number'
  | 'pack'
  | 'name'
  | 'nameEn'
  | 'alias'
  | 'synonyms'
  | 'cas'
  | 'soluteCas'
  | 'brandName'
  | 'category'
  | 'temperature'
  | 'molecularWeight'
  | 'molecularFormula'
  | 'mdl'
  | 'nationalStandard'
  | 'purity'
  | 'control'
  | 'regulationCategory'
  | 'ghs'
  | 'introduction'
  | 'summary'
  | 'attributes'
  | 'image'
  | 'images'
  | 'relationItems'
  | 'isHot'
  | 'isNew'
  | 'onSale'
  | 'price'
  | 'userPrice'
  | 'materialOnSale'
  | 'shippingClass'
  | 'unNumber'
  | 'hazardClass'
  | 'leadTimeDays';

export interface Column {
  key: FieldKey;
  header: string;
  description: string;
  example: string;
}

/** Separator of list cells (images, related item numbers). */
export const LIST_SEPARATOR = '|';
/** Separator of a category path, from the top level down. */
export const CATEGORY_SEPARATOR = '>';
/** Stock columns are one per warehouse: this prefix and the warehouse name. */
export const STOCK_PREFIX = '库存-';
const STOCK_API_PREFIX = 'stock:';

export const COLUMNS: readonly Column[] = [
  {
    key: 'number',
    header: '货号',
    description: '必填。商品货号，唯一；与“包装”一起确定一行',
    example: 'YF99001',
  },
  {
    key: 'pack',
    header: '包装',
    description: '必填。包装规格；同一货号的每个包装一行',
    example: '100mg',
  },
  { key: 'name', header: '中文名称', description: '新商品必填', example: '苯甲酸' },
  { key: 'nameEn', header: '英文名称', description: '', example: 'Benzoic acid' },
  { key: 'alias', header: '别名', description: '', example: '安息香酸' },
  { key: 'synonyms', header: '同义词', description: '', example: 'Benzenecarboxylic acid' },
  {
    key: 'cas',
    header: 'CAS号',
    description: '格式 数字-数字-校验位，校验位须正确',
    example: '65-85-0',
  },
  {
    key: 'soluteCas',
    header: '溶质CAS号',
    description: '溶液标准物质的溶质 CAS 号；与 CAS号 一样按易制毒、易制爆、剧毒名录查管控类别',
    example: '',
  },
  {
    key: 'brandName',
    header: '品牌',
    description: '首次出现的品牌会自动创建',
    example: '一方标物',
  },
  {
    key: 'category',
    header: '分类',
    description: `分类名称（唯一时）或从顶级起的路径，用“${CATEGORY_SEPARATOR}”分隔；留空则已有商品保持原分类，新商品不归类`,
    example: '',
  },
  { key: 'temperature', header: '储存条件', description: '', example: '2-8℃' },
  { key: 'molecularWeight', header: '分子量', description: '', example: '122.12' },
  { key: 'molecularFormula', header: '分子式', description: '', example: 'C7H6O2' },
  { key: 'mdl', header: 'MDL号', description: '', example: 'MFCD00002398' },
  { key: 'nationalStandard', header: '国家标准', description: '', example: 'GBW(E)100001' },
  { key: 'purity', header: '纯度', description: '', example: '≥99.5%（HPLC）' },
  { key: 'control', header: '管制信息', description: '如 易制毒、危险品', example: '' },
  {
    key: 'regulationCategory',
    header: '管控类别',
    description: `可填多个，用“${LIST_SEPARATOR}”分隔：易制毒化学品（第一类/第二类/第三类）、剧毒化学品、易制爆危险化学品、危险化学品，或 precursor-1 等代码；名录按 CAS 号给出的类别总会加上（docs/compliance.md）`,
    example: '',
  },
  {
    key: 'ghs',
    header: 'GHS标签',
    description: `象形图${LIST_SEPARATOR}信号词${LIST_SEPARATOR}危险说明，如 GHS02 GHS07${LIST_SEPARATOR}危险${LIST_SEPARATOR}H225 H319；留空为无`,
    example: '',
  },
  { key: 'introduction', header: '简介', description: '', example: '' },
  { key: 'summary', header: '摘要', description: '', example: '' },
  {
    key: 'attributes',
    header: '扩展属性',
    description: 'JSON 对象文本，键和值均为文字',
    example: '{"溶剂":"甲醇"}',
  },
  { key: 'image', header: '主图', description: '图片地址；留空取“图片”中的第一张', example: '' },
  {
    key: 'images',
    header: '图片',
    description: `图片地址，多张用“${LIST_SEPARATOR}”分隔`,
    example: '',
  },
  {
    key: 'relationItems',
    header: '相关商品',
    description: `相关商品的货号，多个用“${LIST_SEPARATOR}”分隔；须已存在或在同一文件中`,
    example: '',
  },
  { key: 'isHot', header: '热门', description: '是 / 否', example: '否' },
  { key: 'isNew', header: '新品', description: '是 / 否', example: '是' },
  {
    key: 'onSale',
    header: '商品上架',
    description: '是 / 否；下架的商品前台不显示',
    example: '是',
  },
  {
    key: 'price',
    header: '市场价',
    description: '元，最多两位小数；留空为询价',
    example: '128.00',
  },
  {
    key: 'userPrice',
    header: '会员价',
    description: '元，最多两位小数；留空为询价',
    example: '98.00',
  },
  { key: 'materialOnSale', header: '包装上架', description: '是 / 否', example: '是' },
  {
    key: 'shippingClass',
    header: '运输类别',
    description:
      '普通、危险品、冷藏（2-8 °C，冰袋）、冷冻（-20 °C，干冰），或 normal、dangerous、cold、frozen；留空为普通（docs/shipping.md）',
    example: '普通',
  },
  {
    key: 'unNumber',
    header: 'UN编号',
    description: '危险品必填：UN 加四位数字，如 UN1155；其他类别不填',
    example: '',
  },
  {
    key: 'hazardClass',
    header: '危险类别',
    description: '危险品必填：危险货物类别 1-9，可带项，如 3、6.1；其他类别不填',
    example: '',
  },
  {
    key: 'leadTimeDays',
    header: '货期',
    description: '天，1-365 的整数：无库存时仍可订购并显示预计发货；留空则无库存时不能订购',
    example: '',
  },
];

const byName = new Map<string, FieldKey>();
for (const c of COLUMNS) {
  byName.set(normalizeHeader(c.header), c.key);
  byName.set(normalizeHeader(c.key), c.key);
}
// Common spellings staff use in their own sheets.
for (const [alias, key] of [
  ['包装规格', 'pack'],
  ['规格', 'pack'],
  ['名称', 'name'],
  ['商品名称', 'name'],
  ['CAS', 'cas'],
  ['CAS号码', 'cas'],
  ['市场价（元）', 'price'],
  ['会员价（元）', 'userPrice'],
  ['UN号', 'unNumber'],
  ['危险货物类别', 'hazardClass'],
  ['货期（天）', 'leadTimeDays'],
] as const) {
  byName.set(normalizeHeader(alias), key);
}

/** Headers compare without spaces, required-field stars and case; full-width brackets as ASCII. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s*＊]/g, '')
    .toLowerCase();
}

export type HeaderRole = { kind: 'field'; key: FieldKey } | { kind: 'stock'; store: string };

/** What a header means, or undefined for an unknown header. */
export function headerRole(header: string): HeaderRole | undefined {
  const text = header.normalize('NFKC').trim();
  for (const prefix of [STOCK_PREFIX, STOCK_API_PREFIX]) {
    if (text.startsWith(prefix) && text.length > prefix.length) {
      return { kind: 'stock', store: text.slice(prefix.length).trim() };
    }
  }
  const key = byName.get(normalizeHeader(text));
  return key ? { kind: 'field', key } : undefined;
}

export const YES = '是';
export const NO = '否';

/** A price cell: yuan with two decimals, empty for 询价. */
export const yuanText = (fen: number | null) => (fen === null ? '' : toYuan(fen).toFixed(2));

/** 运输类别 as the sheet writes it: the short Chinese name. */
const SHIPPING_CLASS_CELL: Record<ShippingClass, string> = {
  normal: '普通',
  dangerous: '危险品',
  cold: '冷藏',
  frozen: '冷冻',
};

export const shippingClassCell = (v: string): string =>
  SHIPPING_CLASS_CELL[isShippingClass(v) ? v : 'normal'];

/**
 * A 运输类别 cell: the short or full Chinese name or the code; empty is 普通. Undefined for a
 * cell that names no class.
 */
export function parseShippingClassCell(text: string): ShippingClass | undefined {
  if (text === '') return 'normal';
  const key = normalizeHeader(text);
  return SHIPPING_CLASSES.find(
    (c) =>
      c === key ||
      normalizeHeader(SHIPPING_CLASS_CELL[c]) === key ||
      normalizeHeader(SHIPPING_CLASS_LABELS[c]) === key,
  );
}
