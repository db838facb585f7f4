import type {
  Category,
  CategoryDetail,
  HistoryItem,
  ProductCard,
  ProductDetail,
  SdsEntry,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { catalogueDayVersion } from '../../lib/catalogue-version.ts';
import { chinaDate, now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { approximateBytes, keptPerVersion } from '../../lib/kept-per-version.ts';
import * as repo from './catalogue.repository.ts';
import { parseStringList } from '../../lib/json-text.ts';
import { loadProductCards, materialsOf } from '../cards/index.ts';
import { regulationOf } from '../../lib/regulation-columns.ts';
import { heldByPaidOrders, packsWithStock } from '../stock/index.ts';
import { currentSdsOf } from '../safety/index.ts';

type CategoryRow = NonNullable<Awaited<ReturnType<typeof repo.findCategory>>>;

const toCategory = (c: CategoryRow): Category => ({
  id: c.id,
  pid: c.pid,
  title: c.title,
  url: c.url,
  model: c.model,
});

export async function categoryChildren(db: Db, pid: number): Promise<Category[]> {
  return (await repo.listCategoryChildren(db, pid)).map(toCategory);
}

async function requireCategory(db: Db, id: number): Promise<CategoryRow> {
  const row = await repo.findCategory(db, id);
  if (!row) throw notFound('分类不存在');
  return row;
}

export async function categoryBasic(db: Db, id: number): Promise<Category> {
  return toCategory(await requireCategory(db, id));
}

export async function categoryDetail(db: Db, id: number): Promise<CategoryDetail> {
  const row = await requireCategory(db, id);
  const children = await repo.listCategoryChildren(db, id);
  return {
    ...toCategory(row),
    summary: row.summary,
    images: parseStringList(row.images),
    children: children.map((c) => ({
      id: c.id,
      title: c.title,
      summary: c.summary,
      images: parseStringList(c.images),
    })),
  };
}

export interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}

export async function taggedProducts(
  db: Db,
  query: { tag: repo.ProductTag; page: number; size: number },
  showMemberPrice: boolean,
): Promise<Paged<ProductCard>> {
  const { ids, total } = await repo.pageTaggedProductIds(db, query.tag, query.page, query.size);
  const records = await loadProductCards(db, ids, showMemberPrice);
  return { records, current: query.page, size: query.size, total };
}

/** What a product page is made of, as read (member prices are applied per reader). */
interface DetailRows {
  detail: NonNullable<Awaited<ReturnType<typeof repo.findProductDetail>>>;
  packRows: Awaited<ReturnType<typeof packsWithStock>>;
  relationItems: Awaited<ReturnType<typeof repo.listRelatedProducts>>;
  /** Units of its packs paid orders hold (see product-cards.ts). */
  held: ReadonlyMap<number, number>;
  /** Its current safety data sheets (an upload bumps the catalogue version). */
  sds: SdsEntry[];
}

/** Memory the kept product pages of a process may take (`approximateBytes`): 32 MB. */
const MAX_KEPT_DETAIL_BYTES = 32 * 1024 * 1024;

/** Product pages read in the current catalogue version, by product id, for members and visitors. */
const keptDetails = keptPerVersion<number, DetailRows>('product pages', catalogueDayVersion, {
  maxSize: MAX_KEPT_DETAIL_BYTES,
  sizeCalculation: approximateBytes,
});

async function readDetail(db: Db, id: number): Promise<DetailRows | undefined> {
  const details = await keptDetails(db);
  const kept = details.get(id);
  if (kept) return kept;
  // Side by side: one round trip on PostgreSQL (an unknown id costs the two wasted reads).
  const [detail, packRows, relationItems, held, sheets] = await Promise.all([
    repo.findProductDetail(db, id),
    packsWithStock(db, [id], chinaDate(now())),
    repo.listRelatedProducts(db, id),
    heldByPaidOrders(db, { productIds: [id] }),
    currentSdsOf(db, [id]),
  ]);
  if (!detail) return undefined;
  const rows = { detail, packRows, relationItems, held, sds: sheets.get(id) ?? [] };
  details.set(id, rows);
  return rows;
}

/** The product page; a member's view is recorded in their browsing history. */
export async function productDetail(
  db: Db,
  id: number,
  memberId: number | null,
): Promise<ProductDetail> {
  const rows = await readDetail(db, id);
  if (!rows) throw notFound('商品不存在');
  const { detail, packRows, relationItems, held, sds } = rows;
  if (memberId !== null) await repo.recordView(db, memberId, id, now());
  const { regulationCategory, regulationCategories, ghs, ...rest } = detail;
  return {
    ...rest,
    regulation: regulationOf({ regulationCategory, regulationCategories, ghs }),
    brandName: detail.brandName ?? '',
    materials: materialsOf(packRows, memberId !== null, held).get(id) ?? [],
    images: parseStringList(detail.images),
    categoryTitle: detail.categoryTitle ?? '',
    relationItems,
    sds,
  };
}

export function browseHistory(db: Db, memberId: number, size: number): Promise<HistoryItem[]> {
  return repo.listHistory(db, memberId, size);
}

export function searchKeys(db: Db) {
  return repo.listSearchKeys(db);
}
