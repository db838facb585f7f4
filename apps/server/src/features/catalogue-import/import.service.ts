import {
  REGULATION_BADGE,
  REGULATION_CATEGORIES,
  REGULATION_LABEL,
  isCounted,
  isRegulationCategory,
  isValidCas,
  parsePackAmount,
  toFen,
  type RegulationCategory,
} from '@labshop/shared';
import { ghsSchema } from '@labshop/shared/schemas';
import {
  MSG_CAS,
  MSG_PRICE,
  priceYuanField,
  type ImportProgress,
  type ImportResult,
} from '@labshop/shared/schemas';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../../db/database.ts';
import type { NewRow } from '../../db/schema.ts';
import { now } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { afterCatalogueWrite } from '../search/after-catalogue-write.ts';
import * as repo from '../catalogue-admin/catalogue-admin.repository.ts';
import { parseStringList, parseStringRecord } from '../../lib/json-text.ts';
import { moveStock, openStock } from '../stock/stock.repository.ts';
import { listStores } from '../stock/warehouses.repository.ts';
import {
  CATEGORY_SEPARATOR,
  COLUMNS,
  LIST_SEPARATOR,
  NO,
  YES,
  headerRole,
  type FieldKey,
} from './columns.ts';
import type { Sheet } from '../../lib/sheets.ts';

/** Most rows one file may hold. */
export const IMPORT_ROWS_MAX = 50_000;

/** Product columns an import can set, as stored (flags 0/1, lists and attributes as JSON text). */
interface ProductState {
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
  regulationCategory: string | null;
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
type ProductField = keyof ProductState;

interface PackState {
  price: number | null;
  userPrice: number | null;
  onSale: number;
}

interface ParsedRow {
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
interface Context {
  stores: Map<string, number>;
  /** Category id by exact path ("标准物质>农药残留") and, when unique, by title. */
  categories: Map<string, number>;
  categoryPaths: Map<number, string>;
  categoryIds: Set<number>;
}

async function loadContext(db: Db): Promise<Context> {
  const [stores, categories] = await Promise.all([listStores(db), repo.listCategories(db)]);
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

type Layout = Array<{ kind: 'field'; key: FieldKey } | { kind: 'stock'; storeId: number }>;

/** What each column of the file means; refuses a file whose headers cannot be read. */
function layoutOf(headers: readonly string[], ctx: Context): Layout {
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
    const key = col.key;
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
      case 'category': {
        if (text === '') return;
        const id = /^\d+$/.test(text)
          ? Number(text)
          : ctx.categories.get(text.replace(/\s*>\s*/g, CATEGORY_SEPARATOR));
        if (id === undefined || !ctx.categoryIds.has(id)) throw new RowError(`分类不存在：${text}`);
        row.product.categoryId = id;
        return;
      }
      case 'attributes': {
        if (text === '') {
          row.product.attributes = '{}';
          return;
        }
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch {
          throw new RowError('扩展属性须为 JSON 对象，如 {"溶剂":"甲醇"}');
        }
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          throw new RowError('扩展属性须为 JSON 对象，如 {"溶剂":"甲醇"}');
        }
        row.product.attributes = JSON.stringify(parseStringRecord(text));
        return;
      }
      case 'regulationCategory':
        row.product.regulationCategory = parseCategoryCell(text);
        return;
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
      default: {
        const max = TEXT_MAX[key] ?? 300;
        if (text.length > max) throw new RowError(`${header}过长，最多 ${max} 个字符`);
        row.product[key] = text;
      }
    }
  });
  return row;
}

const asCategory = (v: string | null): RegulationCategory | null =>
  isRegulationCategory(v) ? v : null;

/** 管控类别 cell: empty, a code (precursor-1) or its Chinese name (易制毒化学品（第一类）). */
function parseCategoryCell(text: string): string | null {
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

type Existing = Awaited<ReturnType<typeof repo.findProductsByNumbers>>[number];

function stateOf(p: Existing): ProductState {
  return {
    name: p.name,
    nameEn: p.nameEn,
    alias: p.alias,
    synonyms: p.synonyms,
    cas: p.cas,
    brandName: p.brandName ?? '',
    categoryId: p.categoryId,
    temperature: p.temperature,
    molecularWeight: p.molecularWeight,
    molecularFormula: p.molecularFormula,
    mdl: p.mdl,
    nationalStandard: p.nationalStandard,
    purity: p.purity,
    control: p.control,
    regulationCategory: p.regulationCategory,
    ghs: p.ghs,
    introduction: p.introduction,
    summary: p.summary,
    attributes: JSON.stringify(parseStringRecord(p.attributes)),
    image: p.image,
    images: JSON.stringify(parseStringList(p.images)),
    isHot: p.isHot,
    isNew: p.isNew,
    onSale: p.onSale,
  };
}

const EMPTY_PRODUCT: ProductState = {
  name: '',
  nameEn: '',
  alias: '',
  synonyms: '',
  cas: '',
  brandName: '',
  categoryId: null,
  temperature: '',
  molecularWeight: '',
  molecularFormula: '',
  mdl: '',
  nationalStandard: '',
  purity: '',
  control: '',
  regulationCategory: null,
  ghs: null,
  introduction: '',
  summary: '',
  attributes: '{}',
  image: '',
  images: '[]',
  isHot: 0,
  isNew: 0,
  onSale: 1,
};

/** The main image: the one given, else the first of the list (as the product form does). */
function withMainImage(s: ProductState): ProductState {
  return s.image !== '' ? s : { ...s, image: parseStringList(s.images)[0] ?? '' };
}

const sameFields = (a: ProductState, b: ProductState) =>
  (Object.keys(a) as ProductField[]).every((k) => a[k] === b[k]);

interface ProductPlan {
  number: string;
  existing: Existing | undefined;
  state: ProductState;
  changed: boolean;
  /** Related item numbers, when the file sets them. */
  relations: string[] | undefined;
  relationsChanged: boolean;
  packs: PackPlan[];
}

interface PackPlan {
  line: number;
  pack: string;
  existingId: number | undefined;
  state: PackState;
  changed: boolean;
  /** storeId -> [count now, count wanted]. */
  stocks: Array<{ storeId: number; from: number; to: number }>;
}

interface Plan {
  products: ProductPlan[];
  result: ImportResult;
}

/** Rows between two progress reports. */
const PROGRESS_EVERY = 100;

/**
 * Tells a listener how far an import is, row by row, every PROGRESS_EVERY rows. After each
 * report it lets the event loop run, so a streamed answer reaches the console while the import
 * holds its transaction (see docs/catalogue.md). Without a listener it does nothing.
 */
class Progress {
  constructor(
    private readonly listener: ((p: ImportProgress) => void) | undefined,
    private readonly total: number,
  ) {}

  async at(phase: ImportProgress['phase'], processed: number): Promise<void> {
    if (!this.listener) return;
    if (processed % PROGRESS_EVERY !== 0 && processed !== this.total) return;
    this.listener({ phase, processed, total: this.total });
    await yieldToLoop();
  }
}

/**
 * Reads every row and decides, row by row, what the import does: create, update, leave
 * unchanged, or refuse with the reason. Nothing is written.
 */
async function plan(db: Db, sheet: Sheet, progress: Progress): Promise<Plan> {
  if (sheet.rows.length === 0) throw badRequest('文件中没有数据行');
  if (sheet.rows.length > IMPORT_ROWS_MAX) {
    throw badRequest(`单个文件最多 ${IMPORT_ROWS_MAX} 行，请分批导入`);
  }
  const ctx = await loadContext(db);
  const layout = layoutOf(sheet.headers, ctx);

  const failed = new Map<number, string>();
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
        failed.set(
          line,
          `${headerOf(differs === 'categoryId' ? 'category' : differs)}与第 ${first.line} 行（同一货号）不一致`,
        );
        continue;
      }
    } else firstOf.set(row.number, row);
    parsed.push(row);
  }

  const numbers = [...firstOf.keys()];
  const existing = new Map(
    (await repo.findProductsByNumbers(db, numbers)).map((p) => [p.number, p]),
  );
  const existingIds = [...existing.values()].map((p) => p.id);
  const [materials, relations] = await Promise.all([
    repo.listMaterials(db, existingIds),
    repo.listRelations(db, existingIds),
  ]);
  const stocks = await repo.listStocks(
    db,
    materials.map((m) => m.id),
  );
  const materialOf = new Map(materials.map((m) => [`${m.productId}\u0000${m.pack}`, m]));
  const countOf = new Map(stocks.map((s) => [`${s.materialId}:${s.storeId}`, Number(s.count)]));
  const relationsOf = new Map<number, string[]>();
  for (const r of relations) {
    const l = relationsOf.get(r.productId) ?? [];
    l.push(r.number);
    relationsOf.set(r.productId, l);
  }
  const wantedRelations = [...new Set(parsed.flatMap((r) => r.relations ?? []))];
  const knownNumbers = new Set([
    ...numbers,
    ...(
      await repo.productIdsByNumbers(
        db,
        wantedRelations.filter((n) => !firstOf.has(n)),
      )
    ).keys(),
  ]);

  const products = new Map<string, ProductPlan>();
  const actions = new Map<number, ImportResult['rows'][number]>();
  for (const row of parsed) {
    const old = existing.get(row.number);
    let p = products.get(row.number);
    if (!p) {
      const before = old ? stateOf(old) : EMPTY_PRODUCT;
      const state = withMainImage({ ...before, ...row.product });
      if (state.name === '') {
        failed.set(row.line, '新商品请填写中文名称');
        continue;
      }
      const missing = row.relations?.find((n) => !knownNumbers.has(n));
      if (missing !== undefined) {
        failed.set(row.line, `相关商品不存在：${missing}`);
        continue;
      }
      const oldRelations = old ? (relationsOf.get(old.id) ?? []) : [];
      const rel = row.relations?.filter((n) => n !== row.number);
      p = {
        number: row.number,
        existing: old,
        state,
        changed: !old || !sameFields(before, state),
        relations: rel,
        relationsChanged: rel !== undefined && rel.join('\u0000') !== oldRelations.join('\u0000'),
        packs: [],
      };
      products.set(row.number, p);
    }
    if (isCounted(asCategory(p.state.regulationCategory)) && parsePackAmount(row.pack) === null) {
      failed.set(
        row.line,
        `包装规格「${row.pack}」无法识别净含量：受管控商品的规格须写明数量和单位，如 500mL、25g`,
      );
      continue;
    }
    const oldPack = old ? materialOf.get(`${old.id}\u0000${row.pack}`) : undefined;
    const packBefore: PackState = oldPack
      ? { price: oldPack.price, userPrice: oldPack.userPrice, onSale: oldPack.onSale }
      : { price: null, userPrice: null, onSale: 1 };
    const packState = { ...packBefore, ...row.pack_ };
    const stockChanges = [...row.stocks].map(([storeId, to]) => ({
      storeId,
      from: oldPack ? (countOf.get(`${oldPack.id}:${storeId}`) ?? 0) : 0,
      to,
    }));
    const packChanged =
      !oldPack ||
      packState.price !== packBefore.price ||
      packState.userPrice !== packBefore.userPrice ||
      packState.onSale !== packBefore.onSale;
    const stockChanged = stockChanges.some((s) => s.from !== s.to);
    p.packs.push({
      line: row.line,
      pack: row.pack,
      existingId: oldPack?.id,
      state: packState,
      changed: packChanged,
      stocks: stockChanges.filter((s) => s.from !== s.to),
    });
    const firstPack = p.packs.length === 1;
    const action =
      !old || !oldPack
        ? 'created'
        : packChanged || stockChanged || (firstPack && (p.changed || p.relationsChanged))
          ? 'updated'
          : 'unchanged';
    actions.set(row.line, { row: row.line, number: row.number, pack: row.pack, action, msg: '' });
  }

  const rows: ImportResult['rows'] = sheet.rows.map(({ line, cells }) => {
    const msg = failed.get(line);
    if (msg !== undefined) {
      const numberAt = layout.findIndex((c) => c.kind === 'field' && c.key === 'number');
      const packAt = layout.findIndex((c) => c.kind === 'field' && c.key === 'pack');
      return {
        row: line,
        number: (cells[numberAt] ?? '').trim(),
        pack: (cells[packAt] ?? '').trim(),
        action: 'failed',
        msg,
      };
    }
    return (
      actions.get(line) ?? { row: line, number: '', pack: '', action: 'failed', msg: '无法处理' }
    );
  });
  const count = (a: string) => rows.filter((r) => r.action === a).length;
  return {
    products: [...products.values()],
    result: {
      created: 0,
      updated: 0,
      unchanged: 0,
      wouldCreate: count('created'),
      wouldUpdate: count('updated'),
      wouldLeaveUnchanged: count('unchanged'),
      failed: rows.filter((r) => r.action === 'failed').map((r) => ({ row: r.row, msg: r.msg })),
      rows,
    },
  };
}

const productRow = (s: ProductState, brandId: number | null) => {
  const { brandName: _brand, ...rest } = s;
  return { ...rest, brandId };
};

/** Writes a plan without failures, in the caller's transaction; answers the touched products. */
async function apply(
  trx: Db,
  products: readonly ProductPlan[],
  staffId: number,
  at: number,
  progress: Progress,
) {
  const brandIds = new Map<string, number>();
  const brandOf = async (name: string) => {
    if (name === '') return null;
    let id = brandIds.get(name);
    if (id === undefined) {
      id = await repo.brandIdFor(trx, name);
      brandIds.set(name, id);
    }
    return id;
  };

  const touched: number[] = [];
  const idOf = new Map<string, number>();
  const fresh = products.filter((p) => !p.existing);
  const newRows: Array<NewRow<'products'>> = [];
  for (const p of fresh) {
    newRows.push({
      ...productRow(p.state, await brandOf(p.state.brandName)),
      number: p.number,
      sort: 0,
      createdAt: at,
      updatedAt: at,
    });
  }
  for (const [number, id] of await repo.insertProducts(trx, newRows)) idOf.set(number, id);

  for (const p of products) {
    if (!p.existing) continue;
    idOf.set(p.number, p.existing.id);
    const packsChanged = p.packs.some((k) => k.changed || k.stocks.length > 0);
    if (p.changed) {
      await repo.updateProduct(trx, p.existing.id, {
        ...productRow(p.state, await brandOf(p.state.brandName)),
        updatedAt: at,
      });
    } else if (packsChanged || p.relationsChanged) {
      await repo.updateProduct(trx, p.existing.id, { updatedAt: at });
    }
    if (p.changed || packsChanged || p.relationsChanged) touched.push(p.existing.id);
  }
  for (const p of fresh) touched.push(idOf.get(p.number) ?? 0);

  // New packs in bulk (most of a large first import), with their stock and its movement rows.
  const existingPacks = await repo.listMaterials(
    trx,
    products.filter((p) => p.existing).map((p) => p.existing?.id ?? 0),
  );
  const nextSort = new Map<number, number>();
  for (const m of existingPacks) {
    nextSort.set(m.productId, Math.max(nextSort.get(m.productId) ?? 0, m.sort + 1));
  }
  const newPacks: Array<NewRow<'materials'>> = [];
  for (const p of products) {
    const productId = idOf.get(p.number) ?? 0;
    for (const k of p.packs) {
      if (k.existingId !== undefined) continue;
      const sort = nextSort.get(productId) ?? 0;
      nextSort.set(productId, sort + 1);
      newPacks.push({ productId, pack: k.pack, ...k.state, sort });
    }
  }
  const newPackIds = await repo.insertMaterials(trx, newPacks);
  const firstStock: Array<{ materialId: number; storeId: number; count: number }> = [];
  let written = 0;
  for (const p of products) {
    const productId = idOf.get(p.number) ?? 0;
    for (const k of p.packs) {
      await progress.at('write', ++written);
      if (k.existingId === undefined) {
        const materialId = newPackIds.get(`${productId}:${k.pack}`) ?? 0;
        for (const s of k.stocks) firstStock.push({ materialId, storeId: s.storeId, count: s.to });
        continue;
      }
      if (k.changed) await repo.updateMaterial(trx, k.existingId, k.state);
      for (const s of k.stocks) {
        await moveStock(trx, {
          materialId: k.existingId,
          storeId: s.storeId,
          change: s.to - s.from,
          reason: 'counted',
          remark: '批量导入',
          staffId,
          createdAt: at,
        });
      }
    }
  }
  await openStock(trx, firstStock, {
    reason: 'counted',
    remark: '批量导入',
    staffId,
    createdAt: at,
  });

  const relatedNumbers = [
    ...new Set(products.flatMap((p) => (p.relationsChanged ? (p.relations ?? []) : []))),
  ];
  if (relatedNumbers.length > 0) {
    const ids = await repo.productIdsByNumbers(trx, relatedNumbers);
    for (const p of products) {
      if (!p.relationsChanged || !p.relations) continue;
      await repo.replaceRelations(
        trx,
        idOf.get(p.number) ?? 0,
        p.relations.map((n) => ids.get(n) ?? 0).filter((id) => id > 0),
      );
    }
  }
  return touched;
}

/**
 * Imports a sheet: a dry run answers what would happen row by row; a real import writes
 * everything in one transaction, or nothing when any row is refused.
 */
export async function importSheet(
  db: Db,
  sheet: Sheet,
  options: {
    dryRun: boolean;
    staffId: number;
    /** Told how many rows are checked, then written, then that the index is updated. */
    onProgress?: (p: ImportProgress) => void;
  },
): Promise<ImportResult> {
  const progress = new Progress(options.onProgress, sheet.rows.length);
  if (options.dryRun) return (await plan(db, sheet, progress)).result;
  return db.transaction().execute(async (trx) => {
    const { products, result: planned } = await plan(trx, sheet, progress);
    if (planned.failed.length > 0) return planned;
    const result = {
      ...planned,
      created: planned.wouldCreate,
      updated: planned.wouldUpdate,
      unchanged: planned.wouldLeaveUnchanged,
    };
    const touched = await apply(trx, products, options.staffId, now(), progress);
    options.onProgress?.({
      phase: 'index',
      processed: sheet.rows.length,
      total: sheet.rows.length,
    });
    await afterCatalogueWrite(trx, touched);
    await recordAudit(trx, {
      staffId: options.staffId,
      action: 'product.import',
      target: 'products',
      after: {
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        products: touched.length,
      },
    });
    return result;
  });
}
