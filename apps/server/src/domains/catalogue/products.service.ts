import {
  isShippingClass,
  controlText,
  isCounted,
  parsePackAmount,
  toFen,
  toYuan,
  type RegulationCategory,
} from '@labshop/shared';
import { regulationColumns, regulationOf } from '../../lib/regulation-columns.ts';
import { shippingColumns } from './pack-shipping.ts';
import type {
  ManageProduct,
  ManageRegulation,
  MaterialInput,
  ProductInput,
} from '@labshop/shared/schemas';
import {
  classSources,
  listedCategories,
  lookUp,
  resolveClasses,
  type ResolvedClasses,
} from '../compliance/index.ts';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { uniquely } from '../../db/unique.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { parseStringList, parseStringRecord } from '../../lib/json-text.ts';
import { afterCatalogueWrite, searchProductIds } from '../search/index.ts';
import { listStores, moveStock, stocksOfPacks } from '../stock/index.ts';
import { authorizeAction, type StaffIdentity } from '../staff/index.ts';
import { structureColumns } from './structure.ts';
import * as repo from './catalogue-admin.repository.ts';
import { categorySubtree } from './taxonomy.service.ts';

const fenOrNull = (yuan: number | null): number | null => (yuan === null ? null : toFen(yuan));
const yuanOrNull = (fen: number | null): number | null => (fen === null ? null : toYuan(fen));

/**
 * A product's classes with where they came from (the list entries its CAS matched). A product
 * stored before the lists (or written around them) may lack a listed class without a reason:
 * it shows as lowered, and its next save adds the class or asks for the reason.
 */
function manageRegulation(p: {
  name: string;
  cas: string;
  soluteCas: string;
  regulationCategory: string | null;
  regulationCategories: string;
  regulationReason: string;
  ghs: string | null;
}): ManageRegulation {
  const regulation = regulationOf(p);
  const matches = lookUp({ cas: p.cas, soluteCas: p.soluteCas, name: p.name });
  const listed = listedCategories(matches);
  return {
    ...regulation,
    listed,
    sources: classSources(matches),
    lowered: listed.filter((c) => !regulation.categories.includes(c)),
    reason: p.regulationReason,
  };
}

/** The product as the console edits it, or undefined. */
async function load(db: Db, id: number): Promise<ManageProduct | undefined> {
  const p = await repo.findProduct(db, id);
  if (!p) return undefined;
  const [materials, relations, stores] = await Promise.all([
    repo.listMaterials(db, [id]),
    repo.listRelations(db, [id]),
    listStores(db),
  ]);
  const stocks = await stocksOfPacks(
    db,
    materials.map((m) => m.id),
  );
  const storeName = new Map(stores.map((s) => [s.id, s.name]));
  return {
    id: p.id,
    name: p.name,
    nameEn: p.nameEn,
    alias: p.alias,
    synonyms: p.synonyms,
    introduction: p.introduction,
    summary: p.summary,
    brandName: p.brandName ?? '',
    cas: p.cas,
    number: p.number,
    temperature: p.temperature,
    molecularWeight: p.molecularWeight,
    molecularFormula: p.molecularFormula,
    smiles: p.smiles ?? '',
    inchiKey: p.inchiKey ?? '',
    mdl: p.mdl,
    nationalStandard: p.nationalStandard,
    purity: p.purity,
    control: p.control,
    soluteCas: p.soluteCas,
    regulation: manageRegulation(p),
    attributes: parseStringRecord(p.attributes),
    image: p.image,
    images: parseStringList(p.images),
    relationItems: relations.map((r) => ({ id: r.id, name: r.name, number: r.number })),
    categoryId: p.categoryId,
    onSale: p.onSale === 1,
    isHot: p.isHot === 1,
    isNew: p.isNew === 1,
    createTime: p.createdAt,
    updateTime: p.updatedAt,
    materials: materials.map((m) => ({
      id: m.id,
      pack: m.pack,
      price: yuanOrNull(m.price),
      userPrice: yuanOrNull(m.userPrice),
      onSale: m.onSale === 1,
      shippingClass: isShippingClass(m.shippingClass) ? m.shippingClass : 'normal',
      unNumber: m.unNumber,
      hazardClass: m.hazardClass,
      leadTimeDays: m.leadTimeDays,
      stocks: stocks
        .filter((s) => s.materialId === m.id)
        .sort((a, b) => a.storeId - b.storeId)
        .map((s) => ({
          storeId: s.storeId,
          storeName: storeName.get(s.storeId) ?? '',
          materialCount: Number(s.count),
        })),
    })),
  };
}

export async function getProduct(db: Db, id: number): Promise<ManageProduct> {
  const p = await load(db, id);
  if (!p) throw notFound('商品不存在');
  return p;
}

/**
 * The classes a write gives the product: the lists' classes for its CAS and solute CAS, the ones
 * staff chose, and a lowering only with its reason (docs/compliance.md section 2).
 */
function classesOf(input: ProductInput, before: ManageProduct | undefined): ResolvedClasses {
  return resolveClasses({
    name: input.name,
    cas: input.cas,
    soluteCas: input.soluteCas ?? before?.soluteCas ?? '',
    input: input.regulation,
    stored: before
      ? { categories: before.regulation.categories, reason: before.regulation.reason }
      : null,
  });
}

/** A lowering below the lists (new, or with another reason) gets its own audit entry. */
async function auditLowering(
  trx: Db,
  staffId: number,
  id: number,
  classes: ResolvedClasses,
  before: ManageProduct | undefined,
) {
  if (classes.lowered.length === 0) return;
  if (before && before.regulation.reason === classes.reason) return;
  await recordAudit(trx, {
    staffId,
    action: 'product.regulation-lowered',
    target: `product:${id}`,
    before: before
      ? { categories: before.regulation.categories, reason: before.regulation.reason }
      : null,
    after: { listed: classes.listed, categories: classes.categories, reason: classes.reason },
  });
}

/** The product columns a write sets (everything but ids and times). */
async function productColumns(trx: Db, input: ProductInput, classes: ResolvedClasses) {
  if (input.categoryId != null && !(await repo.findCategory(trx, input.categoryId))) {
    throw badRequest('分类不存在');
  }
  const brandId = input.brandName === '' ? null : await repo.brandIdFor(trx, input.brandName);
  const images = input.images.length > 0 ? input.images : input.image ? [input.image] : [];
  return {
    categoryId: input.categoryId ?? null,
    brandId,
    name: input.name,
    nameEn: input.nameEn,
    alias: input.alias,
    synonyms: input.synonyms,
    introduction: input.introduction,
    cas: input.cas,
    number: input.number,
    temperature: input.temperature,
    molecularWeight: input.molecularWeight,
    molecularFormula: input.molecularFormula,
    // The main image is the one chosen, else the first of the list.
    image: input.image || (images[0] ?? ''),
    images: JSON.stringify(images),
    // The 管制信息 text names the product's classes, so the page never contradicts them.
    control: controlText(classes.categories, input.control),
    ...(input.soluteCas !== undefined ? { soluteCas: input.soluteCas } : {}),
    ...(input.regulation
      ? regulationColumns({ categories: classes.categories, ghs: input.regulation.ghs })
      : {
          regulationCategory: regulationColumns({ categories: classes.categories, ghs: null })
            .regulationCategory,
          regulationCategories: JSON.stringify(classes.categories),
        }),
    regulationReason: classes.reason,
    mdl: input.mdl,
    nationalStandard: input.nationalStandard,
    purity: input.purity,
    attributes: JSON.stringify(input.attributes),
    summary: input.summary,
    isHot: input.isHot ? 1 : 0,
    isNew: input.isNew ? 1 : 0,
    onSale: input.onSale ? 1 : 0,
    ...(await structureColumns(input)),
  };
}

/**
 * Packs of a product sold against documents must state a readable net amount (500mL, 2.5kg):
 * orders draw that amount off the buyer's permit or record (docs/compliance.md).
 */
function requireCountablePacks(
  categories: readonly RegulationCategory[],
  materials: readonly MaterialInput[],
) {
  if (!categories.some(isCounted)) return;
  const unreadable = materials.find((m) => parsePackAmount(m.pack) === null);
  if (unreadable) {
    throw badRequest(
      `包装规格「${unreadable.pack}」无法识别净含量：受管控商品的规格须写明数量和单位，如 500mL、2.5L、25g、1kg`,
    );
  }
}

/** Checks that every warehouse a count names exists; answers the warehouses' names by id. */
async function checkStores(trx: Db, materials: readonly MaterialInput[]) {
  const names = new Map((await listStores(trx)).map((s) => [s.id, s.name]));
  for (const m of materials) {
    for (const s of m.stocks) {
      if (!names.has(s.storeId)) throw badRequest(`仓库不存在（ID ${s.storeId}）`);
    }
  }
  return names;
}

async function checkRelations(trx: Db, productId: number | null, ids: readonly number[]) {
  const unique = [...new Set(ids)].filter((id) => id !== productId);
  const existing = await repo.existingProductIds(trx, unique);
  const missing = unique.find((id) => !existing.has(id));
  if (missing !== undefined) throw badRequest(`相关商品不存在（ID ${missing}）`);
  return unique;
}

/**
 * Writes the packs of a product: packs are matched by id, else by pack name; new ones are
 * created; packs left out of the list are taken off sale (orders and carts keep pointing at
 * them). A stock figure that differs from the stored one is set through a movement row
 * (reason counted), so the stock history explains every change; only staff who may count stock
 * change one (a figure equal to the stored one is no change, whoever sends it).
 */
async function writeMaterials(
  trx: Db,
  productId: number,
  materials: readonly MaterialInput[],
  storeNames: ReadonlyMap<number, string>,
  staff: StaffIdentity,
  at: number,
) {
  const existing = await repo.listMaterials(trx, [productId]);
  const byId = new Map(existing.map((m) => [m.id, m]));
  const byPack = new Map(existing.map((m) => [m.pack, m]));
  const kept = new Set<number>();
  for (const [sort, m] of materials.entries()) {
    if (m.id !== undefined && !byId.has(m.id)) throw badRequest(`包装规格不存在（ID ${m.id}）`);
    const old = m.id !== undefined ? byId.get(m.id) : byPack.get(m.pack);
    const row = {
      pack: m.pack,
      price: fenOrNull(m.price),
      userPrice: fenOrNull(m.userPrice),
      sort,
      onSale: m.onSale ? 1 : 0,
      ...shippingColumns(m),
    };
    let materialId: number;
    if (old) {
      materialId = old.id;
      await repo.updateMaterial(trx, old.id, row);
    } else {
      materialId = await repo.insertMaterial(trx, { productId, ...row });
    }
    kept.add(materialId);
    const counts = new Map(
      (await stocksOfPacks(trx, [materialId])).map((s) => [s.storeId, Number(s.count)]),
    );
    for (const s of m.stocks) {
      const current = counts.get(s.storeId) ?? 0;
      // The count asked for is already the stock (a second save of the same form): no movement.
      if (s.materialCount === current) continue;
      if (s.seenCount !== undefined && s.seenCount !== current) {
        // The stock moved since the form was filled: keep the movements made meanwhile.
        if (s.materialCount === s.seenCount) continue;
        // The pack and the warehouse, so staff who stock several know which count to look at.
        const store = storeNames.get(s.storeId);
        throw badRequest(`${m.pack}（${store}）的库存已变化（现为 ${current}），请刷新后重新填写`);
      }
      const change = s.materialCount - current;
      authorizeAction(staff, 'product.stock');
      const after = await moveStock(trx, {
        materialId,
        storeId: s.storeId,
        change,
        reason: 'counted',
        remark: '商品编辑',
        staffId: staff.id,
        createdAt: at,
      });
      // Another movement committed between the read above and this one (PostgreSQL runs them
      // side by side): the count would not be the one asked for, or could not be reached.
      if (after !== s.materialCount) {
        const store = storeNames.get(s.storeId);
        throw badRequest(`${m.pack}（${store}）的库存已变化，请刷新后重新填写`);
      }
    }
  }
  for (const m of existing) {
    if (!kept.has(m.id) && m.onSale === 1) await repo.updateMaterial(trx, m.id, { onSale: 0 });
  }
}

const numberTaken = (number: string) => `货号已存在：${number}`;

async function requireUniqueNumber(trx: Db, number: string, self: number | null) {
  const holder = await repo.findProductIdByNumber(trx, number);
  if (holder !== undefined && holder !== self) throw badRequest(numberTaken(number));
}

export async function createProduct(
  db: Db,
  input: ProductInput,
  staff: StaffIdentity,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    await requireUniqueNumber(trx, input.number, null);
    const storeNames = await checkStores(trx, input.materials);
    const classes = classesOf(input, undefined);
    requireCountablePacks(classes.categories, input.materials);
    const relations = await checkRelations(trx, null, input.relationItems);
    const at = now();
    const columns = await productColumns(trx, input, classes);
    // A save of the same number running beside this one passed the check too: the key decides.
    const id = await uniquely(
      () => repo.insertProduct(trx, { ...columns, sort: 0, createdAt: at, updatedAt: at }),
      [[repo.PRODUCT_NUMBER, numberTaken(input.number)]],
    );
    await repo.replaceRelations(trx, id, relations);
    await writeMaterials(trx, id, input.materials, storeNames, staff, at);
    await afterCatalogueWrite(trx, [id]);
    await auditLowering(trx, staff.id, id, classes, undefined);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'product.create',
      target: `product:${id}`,
      after: await load(trx, id),
    });
    return { id };
  });
}

export async function updateProduct(
  db: Db,
  id: number,
  input: ProductInput,
  staff: StaffIdentity,
): Promise<ManageProduct> {
  return db.transaction().execute(async (trx) => {
    const before = await load(trx, id);
    if (!before) throw notFound('商品不存在');
    await requireUniqueNumber(trx, input.number, id);
    const storeNames = await checkStores(trx, input.materials);
    const classes = classesOf(input, before);
    requireCountablePacks(classes.categories, input.materials);
    const relations = await checkRelations(trx, id, input.relationItems);
    const at = now();
    const columns = await productColumns(trx, input, classes);
    await uniquely(
      () => repo.updateProduct(trx, id, { ...columns, updatedAt: at }),
      [[repo.PRODUCT_NUMBER, numberTaken(input.number)]],
    );
    await repo.replaceRelations(trx, id, relations);
    await writeMaterials(trx, id, input.materials, storeNames, staff, at);
    await afterCatalogueWrite(trx, [id]);
    const after = await load(trx, id);
    await auditLowering(trx, staff.id, id, classes, before);
    await recordAudit(trx, {
      staffId: staff.id,
      action: 'product.update',
      target: `product:${id}`,
      before,
      after,
    });
    return after ?? before;
  });
}

/**
 * A new product with the fields, packs and prices of another under a new item number; it starts
 * off sale and without stock, so staff finish it before the storefront shows it.
 */
export async function copyProduct(
  db: Db,
  id: number,
  number: string,
  staff: StaffIdentity,
): Promise<{ id: number }> {
  const source = await getProduct(db, id);
  const {
    id: _id,
    createTime: _c,
    updateTime: _u,
    inchiKey: _k,
    relationItems,
    materials,
    ...fields
  } = source;
  return createProduct(
    db,
    {
      ...fields,
      categoryId: source.categoryId,
      number,
      onSale: false,
      relationItems: relationItems.map((r) => r.id),
      materials: materials.map((m) => ({
        pack: m.pack,
        price: m.price,
        userPrice: m.userPrice,
        onSale: m.onSale,
        stocks: [],
      })),
    },
    staff,
  );
}

export async function setProductOnSale(db: Db, id: number, onSale: boolean, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const p = await repo.findProduct(trx, id);
    if (!p) throw notFound('商品不存在');
    await repo.updateProduct(trx, id, { onSale: onSale ? 1 : 0, updatedAt: now() });
    await afterCatalogueWrite(trx, [id]);
    await recordAudit(trx, {
      staffId,
      action: onSale ? 'product.on-sale' : 'product.off-sale',
      target: `product:${id}`,
      before: { onSale: p.onSale === 1 },
      after: { onSale },
    });
  });
}

export async function setMaterialOnSale(db: Db, id: number, onSale: boolean, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const m = await repo.findMaterial(trx, id);
    if (!m) throw notFound('包装规格不存在');
    await repo.updateMaterial(trx, id, { onSale: onSale ? 1 : 0 });
    await repo.updateProduct(trx, m.productId, { updatedAt: now() });
    await afterCatalogueWrite(trx, [m.productId]);
    await recordAudit(trx, {
      staffId,
      action: onSale ? 'material.on-sale' : 'material.off-sale',
      target: `material:${id}`,
      before: { onSale: m.onSale === 1 },
      after: { onSale },
    });
  });
}

export interface ProductListQuery {
  key?: string | undefined;
  categoryId?: number | undefined;
  brandId?: number | undefined;
  tag?: 'hot' | 'new' | undefined;
  onSale?: boolean | undefined;
  stock?: 'in' | 'out' | undefined;
  sds?: 'missing' | undefined;
  sort?: repo.ProductListFilter['sort'];
  page: number;
  size: number;
}

/** Matches of a console search read at most: the list pages within them. */
const SEARCH_WINDOW = 2000;

/**
 * The console's product list: a search term finds products as the storefront's search does
 * (name, CAS, item number), plus off-sale products (which the storefront index leaves out).
 */
export async function listProducts(db: Db, q: ProductListQuery) {
  let ids: number[] | undefined;
  if (q.key) {
    const [onSale, offSale] = await Promise.all([
      searchProductIds(db, q.key, SEARCH_WINDOW),
      repo.findOffSaleIds(db, q.key, SEARCH_WINDOW),
    ]);
    ids = [...onSale, ...offSale];
  }
  const categoryIds =
    q.categoryId === undefined ? undefined : await categorySubtree(db, q.categoryId);
  const { records, total } = await repo.pageProducts(
    db,
    {
      ids,
      categoryIds,
      brandId: q.brandId,
      tag: q.tag,
      onSale: q.onSale,
      stock: q.stock,
      sds: q.sds,
      sort: q.sort,
    },
    q.page,
    q.size,
  );
  return {
    records: records.map((r) => ({
      id: r.id,
      name: r.name,
      number: r.number,
      cas: r.cas,
      brandName: r.brandName ?? '',
      categoryTitle: r.categoryTitle ?? '',
      image: r.image,
      onSale: r.onSale === 1,
      isHot: r.isHot === 1,
      isNew: r.isNew === 1,
      packs: Number(r.packs ?? 0),
      stock: Number(r.stock),
      updateTime: r.updatedAt,
    })),
    current: q.page,
    size: q.size,
    total,
  };
}

/** Ids of every product the list's filters (without paging) select, for a filtered export. */
export async function filteredProductIds(
  db: Db,
  q: Omit<ProductListQuery, 'page' | 'size'>,
): Promise<number[]> {
  const all = await listProducts(db, { ...q, page: 1, size: EXPORT_MAX });
  return all.records.map((r) => r.id).sort((a, b) => a - b);
}

/** Most products a filtered export holds; the whole catalogue is exported without filters. */
const EXPORT_MAX = 100_000;
