/**
 * Planning an import: each checked row against the products, packs, stock and related products
 * as they are, into what the import does row by row (create, update, leave unchanged or refuse).
 * Nothing is written here.
 */
import {
  HAZARD_CLASS_MSG,
  HAZARD_CLASS_RE,
  SHEET_LIMITS,
  UN_NUMBER_MSG,
  UN_NUMBER_RE,
  controlText,
  isCounted,
  isShippingClass,
  parsePackAmount,
} from '@labshop/shared';
import type { ImportResult } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseStringList, parseStringRecord } from '../../lib/json-text.ts';
import type { Sheet } from '../../lib/sheets.ts';
import * as repo from './catalogue-admin.repository.ts';
import type { Progress } from './import.progress.ts';
import { parseCategories } from '../../lib/regulation-columns.ts';
import { resolveClasses } from '../compliance/index.ts';
import {
  checkRows,
  layoutOf,
  loadContext,
  type Layout,
  type PackState,
  type ParsedRow,
  type ProductField,
  type ProductState,
} from './import.rows.ts';
import { stocksOfPacks } from '../stock/index.ts';

/** Most rows one file may hold. */
export const IMPORT_ROWS_MAX = SHEET_LIMITS.catalogueImport.rows;
export const MSG_TOO_MANY_ROWS = `单个文件最多 ${IMPORT_ROWS_MAX} 行，请分批导入`;

/** A row that would change stock, from staff who may not count it (`product.stock`). */
const STOCK_NOT_YOURS = '没有库存权限：本行库存与当前库存不同，库存请由仓库在库存管理中调整';

type Existing = Awaited<ReturnType<typeof repo.findProductsByNumbers>>[number];
type Material = Awaited<ReturnType<typeof repo.listMaterials>>[number];

/** A saved pack's state as the import compares and writes it. */
const packStateOf = (m: Material): PackState => ({
  price: m.price,
  userPrice: m.userPrice,
  onSale: m.onSale,
  shippingClass: isShippingClass(m.shippingClass) ? m.shippingClass : 'normal',
  unNumber: m.unNumber,
  hazardClass: m.hazardClass,
  leadTimeDays: m.leadTimeDays,
});

/** A pack the file adds, before its columns. */
const NEW_PACK: PackState = {
  price: null,
  userPrice: null,
  onSale: 1,
  shippingClass: 'normal',
  unNumber: '',
  hazardClass: '',
  leadTimeDays: null,
};

/**
 * A dangerous pack needs its UN number and hazard class, from the file or kept from the pack
 * (docs/shipping.md, section 1): the refusal, or null.
 */
function dangerousProblem(p: PackState): string | null {
  if (p.shippingClass !== 'dangerous') return null;
  if (!UN_NUMBER_RE.test(p.unNumber)) return `危险品须填写UN编号：${UN_NUMBER_MSG}`;
  if (!HAZARD_CLASS_RE.test(p.hazardClass)) return `危险品须填写危险类别：${HAZARD_CLASS_MSG}`;
  return null;
}

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
    regulationCategories: p.regulationCategories,
    soluteCas: p.soluteCas,
    regulationReason: p.regulationReason,
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
  regulationCategories: '[]',
  soluteCas: '',
  regulationReason: '',
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

/**
 * The classes an imported row ends with: the 管控类别 given (or kept), plus every class the lists
 * give its CAS and solute CAS, except a lowering staff recorded in the product form (with its
 * reason); the 管制信息 text names them (docs/compliance.md section 2).
 */
function withClasses(s: ProductState, before: ProductState, exists: boolean): ProductState {
  const classes = resolveClasses({
    name: s.name,
    cas: s.cas,
    soluteCas: s.soluteCas,
    input: undefined,
    asked: parseCategories(s.regulationCategories, s.regulationCategory),
    stored: exists
      ? {
          categories: parseCategories(before.regulationCategories, before.regulationCategory),
          reason: before.regulationReason,
        }
      : null,
  });
  return {
    ...s,
    regulationCategory: classes.categories[0] ?? null,
    regulationCategories: JSON.stringify(classes.categories),
    regulationReason: classes.reason,
    control: controlText(classes.categories, s.control),
  };
}

/** The main image: the one given, else the first of the list (as the product form does). */
function withMainImage(s: ProductState): ProductState {
  return s.image !== '' ? s : { ...s, image: parseStringList(s.images)[0] ?? '' };
}

const sameFields = (a: ProductState, b: ProductState) =>
  (Object.keys(a) as ProductField[]).every((k) => a[k] === b[k]);

export interface ProductPlan {
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

/**
 * Reads every row and decides, row by row, what the import does: create, update, leave
 * unchanged, or refuse with the reason. Nothing is written.
 */
/**
 * `mayCountStock`: whether the importing staff may change stock counts (`product.stock`); a row
 * of someone who may not whose 库存 columns differ from the book fails, the rest is planned.
 */
export async function planImport(
  db: Db,
  sheet: Sheet,
  progress: Progress,
  mayCountStock: boolean,
): Promise<Plan> {
  if (sheet.rows.length === 0) throw badRequest('文件中没有数据行');
  if (sheet.rows.length > IMPORT_ROWS_MAX) {
    throw badRequest(MSG_TOO_MANY_ROWS);
  }
  const ctx = await loadContext(db);
  const layout = layoutOf(sheet.headers, ctx);

  const failed = new Map<number, string>();
  const { parsed, firstOf } = await checkRows(sheet, layout, ctx, progress, failed);
  const known = await readCatalogue(db, parsed, firstOf);
  const { products, actions } = planRows(parsed, known, failed, mayCountStock);
  return resultOf(sheet, layout, failed, actions, products);
}

/** The products, packs, stock counts and related products as they are, for the rows. */
interface Known {
  existing: Map<string, Existing>;
  materialOf: Map<string, Material>;
  countOf: Map<string, number>;
  relationsOf: Map<number, string[]>;
  knownNumbers: Set<string>;
}

/** Reads what the rows are compared with, in a fixed number of queries. */
async function readCatalogue(
  db: Db,
  parsed: readonly ParsedRow[],
  firstOf: Map<string, ParsedRow>,
): Promise<Known> {
  const numbers = [...firstOf.keys()];
  const existing = new Map(
    (await repo.findProductsByNumbers(db, numbers)).map((p) => [p.number, p]),
  );
  const existingIds = [...existing.values()].map((p) => p.id);
  const [materials, relations] = await Promise.all([
    repo.listMaterials(db, existingIds),
    repo.listRelations(db, existingIds),
  ]);
  const stocks = await stocksOfPacks(
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
  return { existing, materialOf, countOf, relationsOf, knownNumbers };
}

/** Plans each row's product (once per item number) and pack; refuses a row into `failed`. */
function planRows(
  parsed: readonly ParsedRow[],
  known: Known,
  failed: Map<number, string>,
  mayCountStock: boolean,
) {
  const { existing, materialOf, countOf, relationsOf, knownNumbers } = known;
  const products = new Map<string, ProductPlan>();
  const actions = new Map<number, ImportResult['rows'][number]>();
  for (const row of parsed) {
    const old = existing.get(row.number);
    let p = products.get(row.number);
    if (!p) {
      const before = old ? stateOf(old) : EMPTY_PRODUCT;
      const state = withClasses(withMainImage({ ...before, ...row.product }), before, !!old);
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
    if (
      parseCategories(p.state.regulationCategories, p.state.regulationCategory).some(isCounted) &&
      parsePackAmount(row.pack) === null
    ) {
      failed.set(
        row.line,
        `包装规格「${row.pack}」无法识别净含量：受管控商品的规格须写明数量和单位，如 500mL、25g`,
      );
      continue;
    }
    const oldPack = old ? materialOf.get(`${old.id}\u0000${row.pack}`) : undefined;
    const packBefore: PackState = oldPack ? packStateOf(oldPack) : NEW_PACK;
    const merged = { ...packBefore, ...row.pack_ };
    const problem = dangerousProblem(merged);
    if (problem !== null) {
      failed.set(row.line, problem);
      continue;
    }
    // A pack that is not dangerous carries no UN number or hazard class.
    const packState: PackState =
      merged.shippingClass === 'dangerous' ? merged : { ...merged, unNumber: '', hazardClass: '' };
    const stockChanges = [...row.stocks].map(([storeId, to]) => ({
      storeId,
      from: oldPack ? (countOf.get(`${oldPack.id}:${storeId}`) ?? 0) : 0,
      to,
    }));
    const packChanged =
      !oldPack ||
      (Object.keys(packState) as Array<keyof PackState>).some(
        (k) => packState[k] !== packBefore[k],
      );
    const stockChanged = stockChanges.some((s) => s.from !== s.to);
    if (stockChanged && !mayCountStock) {
      failed.set(row.line, STOCK_NOT_YOURS);
      continue;
    }
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
  return { products, actions };
}

/** Every row's answer in file order, with the counts of what would happen. */
function resultOf(
  sheet: Sheet,
  layout: Layout,
  failed: Map<number, string>,
  actions: Map<number, ImportResult['rows'][number]>,
  products: Map<string, ProductPlan>,
): Plan {
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
