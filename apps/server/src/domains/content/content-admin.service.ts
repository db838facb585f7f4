import type { z } from 'zod';
import type { ContentInput, Licences, linkInput } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { uniquely } from '../../db/unique.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { recordAudit } from '../audit/index.ts';
import { parseStringRecord } from '../../lib/json-text.ts';
import { readSetting, writeSetting } from '../../lib/settings.repository.ts';
import * as repo from './content-admin.repository.ts';
import { sanitizeRichText } from './sanitize.ts';

type ContentRow = NonNullable<Awaited<ReturnType<typeof repo.findContent>>>;

const toContent = (r: Omit<ContentRow, 'info'>) => ({
  id: r.id,
  cid: r.cid,
  model: r.model,
  slug: r.slug ?? '',
  title: r.title,
  summary: r.summary,
  top: r.top === 1,
  attributes: parseStringRecord(r.attributes),
  sort: r.sort,
  published: r.published === 1,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

export async function listContents(
  db: Db,
  q: { model?: string | undefined; key?: string | undefined; page: number; size: number },
) {
  const { records, total } = await repo.pageContents(db, q, q.page, q.size);
  return { records: records.map(toContent), current: q.page, size: q.size, total };
}

export async function getContent(db: Db, id: number) {
  const row = await repo.findContent(db, id);
  if (!row) throw notFound('内容不存在');
  return { ...toContent(row), info: row.info };
}

function contentRow(input: ContentInput) {
  return {
    model: input.model,
    slug: input.slug === '' ? null : input.slug,
    cid: input.cid ?? null,
    title: input.title,
    summary: input.summary,
    info: sanitizeRichText(input.info),
    top: input.top ? 1 : 0,
    attributes: JSON.stringify(input.attributes),
    sort: input.sort,
    published: input.published ? 1 : 0,
  };
}

const slugTaken = (slug: string) => `标识已被使用：${slug}`;

async function requireFreeSlug(trx: Db, slug: string, self: number | null) {
  if (slug === '') return;
  const holder = await repo.slugHolder(trx, slug);
  if (holder !== undefined && holder !== self) throw badRequest(slugTaken(slug));
}

export async function createContent(db: Db, input: ContentInput, staffId: number) {
  return db.transaction().execute(async (trx) => {
    await requireFreeSlug(trx, input.slug, null);
    const at = now();
    const row = contentRow(input);
    // A content of that slug saved beside this one passed the check too: the key decides.
    const id = await uniquely(
      () => repo.insertContent(trx, { ...row, createdAt: at, updatedAt: at }),
      [[repo.CONTENT_SLUG, slugTaken(input.slug)]],
    );
    await recordAudit(trx, {
      staffId,
      action: 'content.create',
      target: `content:${id}`,
      after: row,
    });
    await bumpCatalogueVersion(trx);
    return { id };
  });
}

export async function updateContent(db: Db, id: number, input: ContentInput, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findContent(trx, id);
    if (!before) throw notFound('内容不存在');
    await requireFreeSlug(trx, input.slug, id);
    const row = contentRow(input);
    await uniquely(
      () => repo.updateContent(trx, id, { ...row, updatedAt: now() }),
      [[repo.CONTENT_SLUG, slugTaken(input.slug)]],
    );
    await recordAudit(trx, {
      staffId,
      action: 'content.update',
      target: `content:${id}`,
      before,
      after: row,
    });
    await bumpCatalogueVersion(trx);
  });
}

export async function publishContent(db: Db, id: number, published: boolean, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findContent(trx, id);
    if (!before) throw notFound('内容不存在');
    await repo.updateContent(trx, id, { published: published ? 1 : 0, updatedAt: now() });
    await recordAudit(trx, {
      staffId,
      action: published ? 'content.publish' : 'content.unpublish',
      target: `content:${id}`,
      before: { published: before.published === 1 },
      after: { published },
    });
    await bumpCatalogueVersion(trx);
  });
}

export async function deleteContent(db: Db, id: number, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findContent(trx, id);
    if (!before) throw notFound('内容不存在');
    await repo.deleteContent(trx, id);
    await recordAudit(trx, { staffId, action: 'content.delete', target: `content:${id}`, before });
    await bumpCatalogueVersion(trx);
  });
}

// ---- banners and links ------------------------------------------------------------------------

type LinkInput = z.infer<typeof linkInput>;
type LinkRow = NonNullable<Awaited<ReturnType<typeof repo.findLink>>>;
const toLink = (r: LinkRow) => ({ ...r, published: r.published === 1 });

export async function listLinks(db: Db, cid: string | undefined) {
  return (await repo.listLinks(db, cid)).map(toLink);
}

const linkRow = (input: LinkInput) => ({ ...input, published: input.published ? 1 : 0 });

export async function createLink(db: Db, input: LinkInput, staffId: number) {
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertLink(trx, linkRow(input));
    await recordAudit(trx, { staffId, action: 'link.create', target: `link:${id}`, after: input });
    await bumpCatalogueVersion(trx);
    return { id };
  });
}

export async function updateLink(db: Db, id: number, input: LinkInput, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findLink(trx, id);
    if (!before) throw notFound('链接不存在');
    await repo.updateLink(trx, id, linkRow(input));
    await recordAudit(trx, {
      staffId,
      action: 'link.update',
      target: `link:${id}`,
      before,
      after: input,
    });
    await bumpCatalogueVersion(trx);
  });
}

export async function publishLink(db: Db, id: number, published: boolean, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findLink(trx, id);
    if (!before) throw notFound('链接不存在');
    await repo.updateLink(trx, id, { published: published ? 1 : 0 });
    await recordAudit(trx, {
      staffId,
      action: published ? 'link.publish' : 'link.unpublish',
      target: `link:${id}`,
      before: { published: before.published === 1 },
      after: { published },
    });
    await bumpCatalogueVersion(trx);
  });
}

export async function deleteLink(db: Db, id: number, staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await repo.findLink(trx, id);
    if (!before) throw notFound('链接不存在');
    await repo.deleteLink(trx, id);
    await recordAudit(trx, { staffId, action: 'link.delete', target: `link:${id}`, before });
    await bumpCatalogueVersion(trx);
  });
}

// ---- hot search keys ---------------------------------------------------------------------------

export async function searchKeys(db: Db) {
  return (await repo.listSearchKeys(db)).map((k) => k.keyword);
}

/** Replaces the hot search keywords with the given list, in that order. */
export async function saveSearchKeys(db: Db, keywords: readonly string[], staffId: number) {
  await db.transaction().execute(async (trx) => {
    const before = await searchKeys(trx);
    await repo.replaceSearchKeys(trx, keywords);
    await recordAudit(trx, {
      staffId,
      action: 'search-keys.update',
      target: 'search-keys',
      before,
      after: keywords,
    });
    await bumpCatalogueVersion(trx);
  });
}

/** The footer's licence numbers as staff last saved them (empty until then). */
export async function licences(db: Db): Promise<Licences> {
  const v = parseStringRecord((await readSetting(db, 'licences')) ?? '{}');
  return { hazardLicence: v.hazardLicence ?? '', precursorRecord: v.precursorRecord ?? '' };
}

/** Saves the footer's licence numbers (an ordinary content setting), audited. */
export async function saveLicences(db: Db, value: Licences, staffId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await licences(trx);
    await writeSetting(trx, 'licences', JSON.stringify(value));
    await recordAudit(trx, {
      staffId,
      action: 'setting.licences',
      target: 'setting:licences',
      before,
      after: value,
    });
    // Every page's footer shows them, and pages and company info are kept per catalogue version.
    await bumpCatalogueVersion(trx);
  });
}
