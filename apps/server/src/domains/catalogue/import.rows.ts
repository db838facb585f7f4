/**
 * Reading an import file: what each column means, and each row parsed and checked on its own
 * and against the rows before it (docs/catalogue.md). Nothing here reads the products.
 */
import {
  REGULATION_BADGE,
  REGULATION_CATEGORIES,
  REGULATION_LABEL,
  isRegulationCategory,
  isValidCas,
  sortCategories,
  toFen,
  HAZARD_CLASS_MSG,
  HAZARD_CLASS_RE,
  UN_NUMBER_MSG,
  UN_NUMBER_RE,
  type RegulationCategory,
  type ShippingClass,
} from '@labshop/shared';
import {
  MSG_CAS,
  MSG_PRICE,
  ghsSchema,
  leadTimeDaysField,
  priceYuanField,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseStringRecord } from '../../lib/json-text.ts';
import type { Sheet } from '../../lib/sheets.ts';
import { listCategories } from './catalogue-admin.repository.ts';
import { listStores } from '../stock/index.ts';
import {
  CATEGORY_SEPARATOR,
  COLUMNS,
  LIST_SEPARATOR,
  NO,
  YES,
  headerRole,
  parseShippingClassCell,
  type FieldKey,
} from './columns.ts';
import type { Progress } from './import.progress.ts';

/** Product columns an import can set, as stored (flags 0/1, lists and attributes as JSON text). */
export interface ProductState {
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
  cas: string;
  brandName: string;
  categoryId: number | null;
  temperature: string;
  molecularWeight: string;
  molecularFormula: string;
  mdl: string;
  nationalStandard: string;
  purity: string;
  control: string;
  /** The strictest of regulationCategories. */
  regulationCategory: string | null;
  /** Every class as stored (JSON text list, strictest first). */
  regulationCategories: string;
  soluteCas: string;
  /** Why the product carries fewer classes than the lists give (set in the product form). */
  regulationReason: string;
  /** GHS label as stored (JSON text) or null. */
  ghs: string | null;
  introduction: string;
  summary: string;
  attributes: string;
  image: string;
  images: string;
  isHot: number;
  isNew: number;
  onSale: number;
}
export type ProductField = keyof ProductState;

export interface PackState {
  price: number | null;
  userPrice: number | null;
  onSale: number;
  /** How the pack travels (docs/shipping.md); the UN number and class only for dangerous. */
  shippingClass: ShippingClass;
  unNumber: string;
  hazardClass: string;
  leadTimeDays: number | null;
}

export interface ParsedRow {
  line: number;
  number: string;
  pack: string;
  product: Partial<ProductState>;
  pack_: Partial<PackState>;
  /** Item numbers of related products, when the column is present. */
  relations?: string[];
  stocks: Map<number, number>;
}

const TEXT_MAX: Partial<Record<ProductField, number>> = {
  introduction: 20_000,
  synonyms: 2000,
  summary: 2000,
  name: 200,
};

/** Everything the rows are checked against, read once before the rows. */
export interface Context {
  stores: Map<string, number>;
  /** Category id by exact path ("标准物质>农药残留") and, when unique, by title. */
  categories: Map<string, number>;
  categoryPaths: Map<number, string>;
  categoryIds: Set<number>;
}

export async function loadContext(db: Db): Promise<Context> {
  const [stores, categories] = await Promise.all([listStores(db), listCategories(db)]);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = (id: number): string => {
    const parts: string[] = [];
    for (let at = byId.get(id), depth = 0; at && depth < 10; at = byId.get(at.pid), depth++) {
      parts.unshift(at.title);
    }
    return parts.join(CATEGORY_SEPARATOR);
  };
  const map = new Map<string, number>();
  const titleCount = new Map<string, number>();
  for (const c of categories) titleCount.set(c.title, (titleCount.get(c.title) ?? 0) + 1);
  for (const c of categories) if (titleCount.get(c.title) === 1) map.set(c.title, c.id);
  const categoryPaths = new Map<number, string>();
  for (const c of categories) {
    const path = pathOf(c.id);
    categoryPaths.set(c.id, path);
    map.set(path, c.id);
  }
  return {
    stores: new Map(stores.map((s) => [s.name, s.id])),
    categories: map,
    categoryPaths,
    categoryIds: new Set(categories.map((c) => c.id)),
  };
}

export type Layout = Array<{ kind: 'field'; key: FieldKey } | { kind: 'stock'; storeId: number }>;

/** What each column of the file means; refuses a file whose headers cannot be read. */
export function layoutOf(headers: readonly string[], ctx: Context): Layout {
  const layout: Layout = [];
  const seen = new Set<string>();
  for (const h of headers) {
    if (h === '') throw badRequest('表头不能有空列');
    const role = headerRole(h);
    if (!role) throw badRequest(`无法识别的列：${h}`);
    if (role.kind === 'stock') {
      const storeId = ctx.stores.get(role.store);
      if (storeId === undefined) throw badRequest(`仓库不存在：${role.store}（列“${h}”）`);
      if (seen.has(`stock:${storeId}`)) throw badRequest(`重复的列：${h}`);
      seen.add(`stock:${storeId}`);
      layout.push({ kind: 'stock', storeId });
    } else {
      if (seen.has(role.key)) throw badRequest(`重复的列：${h}`);
      seen.add(role.key);
      layout.push(role);
    }
  }
  for (const key of ['number', 'pack'] as const) {
    if (!seen.has(key)) {
      const header = COLUMNS.find((c) => c.key === key)?.header ?? key;
      throw badRequest(`缺少必填列：${header}`);
    }
  }
  return layout;
}

class RowError extends Error {}

function flag(text: string, header: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  if ([YES, '1', 'true', 'y', 'yes', '上架'].includes(t)) return 1;
  if ([NO, '0', 'false', 'n', 'no', '下架'].includes(t)) return 0;
  throw new RowError(`${header}只能填“${YES}”或“${NO}”`);
}

function price(text: string, header: string): number | null {
  const parsed = priceYuanField.safeParse(text);
  if (!parsed.success) throw new RowError(`${header}：${MSG_PRICE}`);
  return parsed.data === null ? null : toFen(parsed.data);
}

function list(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const headerOf = (key: FieldKey) => COLUMNS.find((c) => c.key === key)?.header ?? key;

function parseRow(line: number, cells: readonly string[], layout: Layout, ctx: Context): ParsedRow {
  const row: ParsedRow = { line, number: '', pack: '', product: {}, pack_: {}, stocks: new Map() };
  layout.forEach((col, i) => {
    const raw = cells[i] ?? '';
    const text = raw.trim();
    if (col.kind === 'stock') {
      if (text === '') return;
      if (!/^\d+$/.test(text) || Number(text) > 1_000_000_000) {
        throw new RowError('库存须为不小于 0 的整数');
      }
      row.stocks.set(col.storeId, Number(text));
      return;
    }
    readField(row, col.key, text, ctx);
  });
  return row;
}

/** Reads one field cell into the row; throws a RowError naming what is wrong. */
function readField(row: ParsedRow, key: FieldKey, text: string, ctx: Context): void {
  const header = headerOf(key);
  switch (key) {
    case 'number':
      if (text === '') throw new RowError('请填写货号');
      if (text.length > 64) throw new RowError('货号过长');
      row.number = text;
      return;
    case 'pack':
      if (text === '') throw new RowError('请填写包装');
      if (text.length > 100) throw new RowError('包装过长');
      row.pack = text;
      return;
    case 'cas':
      if (text !== '' && !isValidCas(text)) throw new RowError(MSG_CAS);
      row.product.cas = text;
      return;
    case 'soluteCas':
      if (text !== '' && !isValidCas(text)) throw new RowError(`溶质${MSG_CAS}`);
      row.product.soluteCas = text;
      return;
    case 'category': {
      if (text === '') return;
      const id = /^\d+$/.test(text)
        ? Number(text)
        : ctx.categories.get(text.replace(/\s*>\s*/g, CATEGORY_SEPARATOR));
      if (id === undefined || !ctx.categoryIds.has(id)) throw new RowError(`分类不存在：${text}`);
      row.product.categoryId = id;
      return;
    }
    case 'attributes':
      row.product.attributes = parseAttributesCell(text);
      return;
    case 'regulationCategory': {
      const categories = sortCategories(
        text
          .split(/[|、,，;；]/u)
          .map((t) => t.trim())
          .filter((t) => t !== '')
          .flatMap((t) => {
            const c = parseCategoryCell(t);
            return c === null ? [] : [c];
          }),
      );
      row.product.regulationCategories = JSON.stringify(categories);
      row.product.regulationCategory = categories[0] ?? null;
      return;
    }
    case 'ghs':
      row.product.ghs = parseGhsCell(text);
      return;
    case 'image':
      row.product.image = text;
      return;
    case 'images':
      row.product.images = JSON.stringify(list(text));
      return;
    case 'relationItems':
      row.relations = list(text);
      return;
    case 'isHot':
    case 'isNew':
    case 'onSale': {
      const v = flag(text, header);
      if (v !== undefined) row.product[key] = v;
      return;
    }
    case 'materialOnSale': {
      const v = flag(text, header);
      if (v !== undefined) row.pack_.onSale = v;
      return;
    }
    case 'price':
    case 'userPrice':
      row.pack_[key] = price(text, header);
      return;
    case 'shippingClass': {
      const c = parseShippingClassCell(text);
      if (!c) throw new RowError(`运输类别有误：${text}，应为普通、危险品、冷藏或冷冻`);
      row.pack_.shippingClass = c;
      return;
    }
    case 'unNumber': {
      const un = text.toUpperCase();
      if (un !== '' && !UN_NUMBER_RE.test(un)) throw new RowError(UN_NUMBER_MSG);
      row.pack_.unNumber = un;
      return;
    }
    case 'hazardClass':
      if (text !== '' && !HAZARD_CLASS_RE.test(text)) throw new RowError(HAZARD_CLASS_MSG);
      row.pack_.hazardClass = text;
      return;
    case 'leadTimeDays': {
      const days = leadTimeDaysField.safeParse(text === '' ? null : Number(text));
      if (!days.success) throw new RowError(days.error.issues[0]?.message ?? header);
      row.pack_.leadTimeDays = days.data;
      return;
    }
    default: {
      const max = TEXT_MAX[key] ?? 300;
      if (text.length > max) throw new RowError(`${header}过长，最多 ${max} 个字符`);
      row.product[key] = text;
    }
  }
}

/** 扩展属性 cell: empty, or a JSON object of texts ({"溶剂":"甲醇"}), stored as JSON text. */
function parseAttributesCell(text: string): string {
  if (text === '') return '{}';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RowError('扩展属性须为 JSON 对象，如 {"溶剂":"甲醇"}');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new RowError('扩展属性须为 JSON 对象，如 {"溶剂":"甲醇"}');
  }
  return JSON.stringify(parseStringRecord(text));
}

/** The column a product field is read from. */
const fieldOf = (f: ProductField): FieldKey =>
  f === 'categoryId'
    ? 'category'
    : f === 'regulationCategories' || f === 'regulationReason'
      ? 'regulationCategory'
      : f;

/** 管控类别 cell: empty, a code (precursor-1) or its Chinese name (易制毒化学品（第一类）). */
function parseCategoryCell(text: string): RegulationCategory | null {
  if (text === '' || text === '无') return null;
  if (isRegulationCategory(text)) return text;
  const key = text.normalize('NFKC').replace(/\s+/g, '');
  const found = REGULATION_CATEGORIES.find(
    (c) => REGULATION_LABEL[c].normalize('NFKC') === key || REGULATION_BADGE[c] === key,
  );
  if (!found) throw new RowError(`管控类别有误：${text}`);
  return found;
}

/** GHS标签 cell: 'GHS02 GHS07|危险|H225 H319' (pictograms, signal word, H statements). */
function parseGhsCell(text: string): string | null {
  if (text === '') return null;
  const [pics = '', word = '', hs = ''] = text.split(LIST_SEPARATOR).map((t) => t.trim());
  const split = (t: string) => t.split(/[\s,，、]+/).filter(Boolean);
  const parsed = ghsSchema.safeParse({
    pictograms: split(pics).map((p) => p.toUpperCase()),
    signalWord: word === '' || word === '无' ? null : word,
    // H361d keeps its lower-case letter; only the prefix is made upper case.
    hazardStatements: split(hs).map((h) => h.replace(/^(euh|h)/i, (x) => x.toUpperCase())),
  });
  if (!parsed.success) {
    throw new RowError(`GHS标签有误：${parsed.error.issues[0]?.message ?? text}`);
  }
  return JSON.stringify(parsed.data);
}

/**
 * Parses every row in file order and refuses, into `failed`, a row that cannot be read, that
 * repeats an item number and pack, or whose product columns differ from the first row of its item
 * number. Answers the rows kept and the first row of each item number.
 */
export async function checkRows(
  sheet: Sheet,
  layout: Layout,
  ctx: Context,
  progress: Progress,
  failed: Map<number, string>,
): Promise<{ parsed: ParsedRow[]; firstOf: Map<string, ParsedRow> }> {
  const parsed: ParsedRow[] = [];
  const firstOf = new Map<string, ParsedRow>();
  const keyLine = new Map<string, number>();
  for (const [i, { line, cells }] of sheet.rows.entries()) {
    await progress.at('check', i + 1);
    let row: ParsedRow;
    try {
      row = parseRow(line, cells, layout, ctx);
    } catch (err) {
      if (err instanceof RowError) {
        failed.set(line, err.message);
        continue;
      }
      throw err;
    }
    const key = `${row.number}\u0000${row.pack}`;
    const dup = keyLine.get(key);
    if (dup !== undefined) {
      failed.set(line, `与第 ${dup} 行重复（货号 ${row.number}，包装 ${row.pack}）`);
      continue;
    }
    keyLine.set(key, line);
    const first = firstOf.get(row.number);
    if (first) {
      const differs = (Object.keys(row.product) as ProductField[]).find(
        (k) => first.product[k] !== undefined && first.product[k] !== row.product[k],
      );
      if (differs) {
        failed.set(line, `${headerOf(fieldOf(differs))}与第 ${first.line} 行（同一货号）不一致`);
        continue;
      }
    } else firstOf.set(row.number, row);
    parsed.push(row);
  }
  return { parsed, firstOf };
}
