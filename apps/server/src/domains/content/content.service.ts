import { LITERATURE_ENABLE_LABEL } from '@labshop/shared';
import type { Company, ContentDetail, ContentItem, Link } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { parseStringRecord } from '../../lib/json-text.ts';
import { readSettings } from '../../lib/settings.repository.ts';
import * as repo from './content.repository.ts';

export async function company(db: Db): Promise<Company> {
  const [stored, licenceText] = await readSettings(db, ['company', 'licences']);
  const value = parseStringRecord(stored ?? '{}');
  const licences = parseStringRecord(licenceText ?? '{}');
  return {
    name: value.name ?? '',
    tel: value.tel ?? '',
    email: value.email ?? '',
    address: value.address ?? '',
    // The licences setting (站点设置 > 经营许可) holds the numbers; a shop that entered its
    // licence with the company details before keeps showing that one until staff set it there.
    hazardLicence: licences.hazardLicence || (value.hazardLicence ?? ''),
    precursorRecord: licences.precursorRecord ?? '',
  };
}

export function links(db: Db, cid: string, size: number): Promise<Link[]> {
  return repo.listLinks(db, cid, size);
}

type ItemRow = Awaited<ReturnType<typeof repo.pageContents>>['records'][number];

const toItem = (row: ItemRow): ContentItem => ({
  id: row.id,
  slug: row.slug,
  model: row.model,
  title: row.title,
  summary: row.summary,
  top: row.top,
  attributes: parseStringRecord(row.attributes),
  createTime: row.createdAt,
});

const extra = () => ({ enable: { ...LITERATURE_ENABLE_LABEL } });

export async function listContents(
  db: Db,
  query: repo.ContentFilter & { page: number; size: number },
) {
  const { records, total } = await repo.pageContents(db, query, query.page, query.size);
  return {
    records: records.map(toItem),
    current: query.page,
    size: query.size,
    total,
    extra: extra(),
  };
}

/** A content item by numeric id or by slug (registerlogin, privacy-policy, about ...). */
export async function contentDetail(db: Db, idOrSlug: string): Promise<ContentDetail> {
  const row = await repo.findContent(
    db,
    /^\d+$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug },
  );
  if (!row) throw notFound('内容不存在');
  return { ...toItem(row), info: row.info, extra: extra() };
}
