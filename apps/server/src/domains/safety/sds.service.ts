import type { Readable } from 'node:stream';
import { SDS_LANGUAGE_LABEL, type SdsLanguage } from '@labshop/shared';
import type { ManageSds, SdsEntry } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { uniquely } from '../../db/unique.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './sds.repository.ts';
import {
  isPdf,
  openSdsFile,
  removeSdsFile,
  saveSdsFile,
  sdsPath,
  SDS_MAX_BYTES,
} from './sds-files.ts';

const PRODUCT_MISSING = '商品不存在';
const SDS_MISSING = '安全技术说明书不存在';
export const NOT_PDF = '安全技术说明书须为 PDF 文件';

/** A revision date may be today's in any time zone, never later (a typo, or a wrong year). */
const REVISED_AT_SLACK_MS = 24 * 60 * 60 * 1000;

/** The public address of one version of a product's sheet. */
export const sdsUrl = (productId: number, language: string, version: string) =>
  `/client/v1/products/${productId}/sds/${language}/${encodeURIComponent(version)}`;

/** The staff address of a version: off-sale products' sheets too. */
const staffUrl = (productId: number, language: string, version: string) =>
  `/manage/v1/products/${productId}/sds/${language}/${encodeURIComponent(version)}`;

type SheetRow = Awaited<ReturnType<typeof repo.currentSheets>>[number];

const toEntry = (r: SheetRow): SdsEntry => ({
  language: r.language as SdsLanguage,
  version: r.version,
  revisedAt: r.revisedAt,
  url: sdsUrl(r.productId, r.language, r.version),
});

/**
 * The current sheets of these products by product id, Chinese first: what the product page and
 * the search card link. One query whatever the number of products.
 */
export async function currentSdsOf(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, SdsEntry[]>> {
  const bySheet = new Map<number, SdsEntry[]>();
  for (const row of await repo.currentSheets(db, [...new Set(productIds)])) {
    const list = bySheet.get(row.productId) ?? [];
    list.push(toEntry(row));
    bySheet.set(row.productId, list);
  }
  return bySheet;
}

/** A product the storefront shows; others answer 404 as the product page does. */
async function shownProduct(db: Db, productId: number) {
  const product = await repo.findProduct(db, productId);
  if (!product || product.onSale !== 1) throw notFound(PRODUCT_MISSING);
  return product;
}

/** GET /client/v1/products/{id}/sds: the current sheet per language. */
export async function publicSds(db: Db, productId: number): Promise<SdsEntry[]> {
  await shownProduct(db, productId);
  return (await currentSdsOf(db, [productId])).get(productId) ?? [];
}

export interface SdsDownload {
  stream: Readable;
  size: number;
  name: string;
}

async function download(
  db: Db,
  files: FileStore,
  product: { id: number; number: string },
  language: SdsLanguage,
  version: string,
): Promise<SdsDownload> {
  const row = await repo.findVersion(db, product.id, language, version);
  if (!row) throw notFound(SDS_MISSING);
  const opened = await openSdsFile(files, row.file);
  return { ...opened, name: `${product.number}-SDS-${language}-${row.version}.pdf` };
}

/**
 * One version of a sheet, for anyone (the storefront's links): the current one and every version
 * it superseded, of a product the storefront shows.
 */
export async function openPublicSds(
  db: Db,
  files: FileStore,
  productId: number,
  language: SdsLanguage,
  version: string,
): Promise<SdsDownload> {
  const product = await shownProduct(db, productId);
  return download(db, files, product, language, version);
}

/** One version of a sheet for staff, whether the product is on sale or not. */
export async function openStaffSds(
  db: Db,
  files: FileStore,
  productId: number,
  language: SdsLanguage,
  version: string,
): Promise<SdsDownload> {
  const product = await repo.findProduct(db, productId);
  if (!product) throw notFound(PRODUCT_MISSING);
  return download(db, files, product, language, version);
}

/** GET /manage/v1/products/{id}/sds: every version, newest first per language. */
export async function staffSds(db: Db, productId: number): Promise<ManageSds[]> {
  if (!(await repo.findProduct(db, productId))) throw notFound(PRODUCT_MISSING);
  const rows = await repo.allSheets(db, productId);
  const seen = new Set<string>();
  return rows.map((r) => {
    // Rows come newest first within a language: the first one of each is current.
    const current = !seen.has(r.language);
    seen.add(r.language);
    return {
      id: r.id,
      language: r.language as SdsLanguage,
      version: r.version,
      revisedAt: r.revisedAt,
      url: staffUrl(r.productId, r.language, r.version),
      current,
      createTime: r.createdAt,
      staffName: r.staffName ?? '',
    };
  });
}

export interface SdsUpload {
  language: SdsLanguage;
  version: string;
  revisedAt: number;
}

const versionTaken = (language: SdsLanguage, version: string) =>
  `${SDS_LANGUAGE_LABEL[language]}安全技术说明书 ${version} 版已上传，新版本请使用新的版本号`;

/**
 * Checks an upload against what is stored before its file is written: the revision date is not
 * in the future nor before the current sheet's (a new version supersedes, it never goes back),
 * and the version is new.
 */
export async function checkUpload(db: Db, productId: number, input: SdsUpload, at: number) {
  if (input.revisedAt > at + REVISED_AT_SLACK_MS) throw badRequest('修订日期不能晚于今天');
  const [current, same] = await Promise.all([
    repo.findCurrent(db, productId, input.language),
    repo.findVersion(db, productId, input.language, input.version),
  ]);
  if (same) throw badRequest(versionTaken(input.language, input.version));
  if (current && input.revisedAt < current.revisedAt) {
    throw badRequest(`修订日期早于当前版本（${current.version} 版），请确认是否为新版本`);
  }
}

/**
 * Stores a new version of a product's sheet in a language; it becomes the current one at once
 * (docs/safety.md). The file is written first and the row after; a refused or failed row removes
 * the file again. The same version sent twice at once is stored once: the unique index has the
 * last word, and the second upload gets the 400 the check gives.
 */
export async function uploadSds(
  db: Db,
  files: FileStore,
  productId: number,
  input: SdsUpload & { data: Buffer },
  staffId: number,
): Promise<{ id: number }> {
  if (!isPdf(input.data)) throw badRequest(NOT_PDF);
  if (input.data.length > SDS_MAX_BYTES) {
    throw badRequest(`文件过大，最大 ${SDS_MAX_BYTES / 1024 / 1024} MB`);
  }
  const product = await repo.findProduct(db, productId);
  if (!product) throw notFound(PRODUCT_MISSING);
  const t = now();
  await checkUpload(db, productId, input, t);
  const file = sdsPath(product.number, input.language, input.version);
  await saveSdsFile(files, file, input.data);
  try {
    return await recordSheet(db, { product, file, input, staffId, at: t });
  } catch (err) {
    await removeSdsFile(files, file);
    throw err;
  }
}

/** The row of a stored file, its audit entry and the catalogue version, in one transaction. */
export async function recordSheet(
  db: Db,
  s: {
    product: { id: number; number: string };
    file: string;
    input: SdsUpload;
    staffId: number;
    at: number;
  },
): Promise<{ id: number }> {
  const { product, input } = s;
  const id = await uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        const id = await repo.insertSheet(trx, {
          productId: product.id,
          language: input.language,
          version: input.version,
          revisedAt: input.revisedAt,
          file: s.file,
          staffId: s.staffId,
          createdAt: s.at,
        });
        await recordAudit(trx, {
          staffId: s.staffId,
          action: 'product.sds-upload',
          target: `product:${product.id}`,
          after: {
            id,
            language: input.language,
            version: input.version,
            revisedAt: input.revisedAt,
          },
        });
        // The product page and the search cards carry the current sheets.
        await bumpCatalogueVersion(trx);
        return id;
      }),
    [
      [
        { table: 'safety_data_sheets', columns: ['product_id', 'language', 'version'] },
        versionTaken(input.language, input.version),
      ],
    ],
  );
  return { id };
}

/** On-sale hazardous products without a current Chinese SDS (the dashboard's count). */
export function missingChineseSdsCount(db: Db): Promise<number> {
  return repo.countMissingChineseSheets(db);
}

/**
 * The part of a package's delivery notice that links the safety data sheets of its hazardous
 * products (docs/safety.md): one line per product with its current sheets' addresses, or a
 * line saying it has none yet; '' for a package of no hazardous product.
 */
export async function deliverySdsText(db: Db, deliveryId: number): Promise<string> {
  const products = await repo.hazardousProductsOfDelivery(db, deliveryId);
  if (products.length === 0) return '';
  const sheets = await currentSdsOf(
    db,
    products.map((p) => p.id),
  );
  const lines = products.map((p) => {
    const of = sheets.get(p.id) ?? [];
    if (of.length === 0) return `${p.name}：安全技术说明书尚未上传，请联系我们索取`;
    return `${p.name}：${of.map((s) => `${SDS_LANGUAGE_LABEL[s.language]} ${s.url}`).join('；')}`;
  });
  return `\n\n本包裹含危险化学品，使用前请阅读其安全技术说明书（SDS）：\n${lines.join('\n')}`;
}
