import type { z } from 'zod';
import type { brandInput, categoryInput } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { uniquely } from '../../db/unique.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { recordAudit } from '../audit/index.ts';
import { parseStringList } from '../../lib/json-text.ts';
import { afterCatalogueWrite } from '../search/index.ts';
import * as repo from './catalogue-admin.repository.ts';

type CategoryInput = z.infer<typeof categoryInput>;
type BrandInput = z.infer<typeof brandInput>;

// ---- categories -------------------------------------------------------------------------------

export async function listCategories(db: Db) {
  return (await repo.listCategories(db)).map((c) => ({
    ...c,
    images: parseStringList(c.images),
    isHot: c.isHot === 1,
    products: Number(c.products ?? 0),
  }));
}

/** The category and every category below it. */
export async function categorySubtree(db: Db, id: number): Promise<number[]> {
  const all = await repo.listCategories(db);
  const out = [id];
  for (let i = 0; i < out.length; i++) {
    for (const c of all) if (c.pid === out[i]) out.push(c.id);
  }
  return out;
}

const categoryRow = (input: CategoryInput) => ({
  pid: input.pid,
  title: input.title,
  url: input.url,
  model: input.model,
  summary: input.summary,
  images: JSON.stringify(input.images),
  sort: input.sort,
  isHot: input.isHot ? 1 : 0,
});

async function checkParent(trx: Db, pid: number, self: number | null) {
  if (pid === 0) return;
  if (!(await repo.findCategory(trx, pid))) throw badRequest('上级分类不存在');
  if (self !== null && (await categorySubtree(trx, self)).includes(pid)) {
    throw badRequest('上级分类不能是自身或其下级分类');
  }
}

export async function createCategory(db: Db, input: CategoryInput, staffId: number) {
  return db.transaction().execute(async (trx) => {
    await checkParent(trx, input.pid, null);
    const id = await repo.insertCategory(trx, categoryRow(input));
    await recordAudit(trx, {
      staffId,
      action: 'category.create',
      target: `category:${id}`,
      after: input,
    });
    await bumpCatalogueVersion(trx);
    return { id };
  });
}

/**
 * Products carry the titles of their category and its ancestors in the search index, so an
 * edit re-indexes the products below the category.
 */
export async function updateCategory(db: Db, id: number, input: CategoryInput, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findCategory(trx, id);
    if (!before) throw notFound('分类不存在');
    await checkParent(trx, input.pid, id);
    await repo.updateCategory(trx, id, categoryRow(input));
    if (before.title !== input.title || before.pid !== input.pid) {
      const ids = await repo.productIdsInCategories(trx, await categorySubtree(trx, id));
      await afterCatalogueWrite(trx, ids);
    } else {
      // The navigation (url, order) is a cached storefront answer too.
      await bumpCatalogueVersion(trx);
    }
    await recordAudit(trx, {
      staffId,
      action: 'category.update',
      target: `category:${id}`,
      before,
      after: input,
    });
  });
}

/** Deletes an empty leaf; its products (if any) become uncategorized, still found by search. */
export async function deleteCategory(db: Db, id: number, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findCategory(trx, id);
    if (!before) throw notFound('分类不存在');
    if (await repo.categoryHasChildren(trx, id)) throw badRequest('请先删除下级分类');
    const ids = await repo.productIdsInCategories(trx, [id]);
    await repo.clearCategoryOf(trx, id);
    await repo.deleteCategory(trx, id);
    await afterCatalogueWrite(trx, ids);
    await recordAudit(trx, {
      staffId,
      action: 'category.delete',
      target: `category:${id}`,
      before,
    });
  });
}

// ---- brands -----------------------------------------------------------------------------------

export async function listBrands(db: Db) {
  return (await repo.listBrands(db)).map((b) => ({ ...b, products: Number(b.products ?? 0) }));
}

const brandTaken = (name: string) => `品牌已存在：${name}`;

async function requireFreeBrandName(trx: Db, name: string, self: number | null) {
  const holder = await repo.findBrandByName(trx, name);
  if (holder && holder.id !== self) throw badRequest(brandTaken(name));
}

export async function createBrand(db: Db, input: BrandInput, staffId: number) {
  return db.transaction().execute(async (trx) => {
    await requireFreeBrandName(trx, input.name, null);
    // A brand of that name saved beside this one passed the check too: the key decides.
    const id = await uniquely(
      () => repo.insertBrand(trx, input),
      [[repo.BRAND_NAME, brandTaken(input.name)]],
    );
    await recordAudit(trx, {
      staffId,
      action: 'brand.create',
      target: `brand:${id}`,
      after: input,
    });
    await bumpCatalogueVersion(trx);
    return { id };
  });
}

export async function updateBrand(db: Db, id: number, input: BrandInput, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findBrand(trx, id);
    if (!before) throw notFound('品牌不存在');
    await requireFreeBrandName(trx, input.name, id);
    await uniquely(
      () => repo.updateBrand(trx, id, input),
      [[repo.BRAND_NAME, brandTaken(input.name)]],
    );
    await recordAudit(trx, {
      staffId,
      action: 'brand.update',
      target: `brand:${id}`,
      before,
      after: input,
    });
    await bumpCatalogueVersion(trx);
  });
}

export async function deleteBrand(db: Db, id: number, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findBrand(trx, id);
    if (!before) throw notFound('品牌不存在');
    if ((await repo.productIdsOfBrand(trx, id)).length > 0) {
      throw badRequest('该品牌下还有商品，不能删除');
    }
    await repo.deleteBrand(trx, id);
    await recordAudit(trx, { staffId, action: 'brand.delete', target: `brand:${id}`, before });
    await bumpCatalogueVersion(trx);
  });
}
