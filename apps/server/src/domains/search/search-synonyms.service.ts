import type { SynonymInput } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { uniquely } from '../../db/unique.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';
import { recordAudit } from '../audit/index.ts';
import { normalize } from './search.text.ts';
import * as repo from './search-synonyms.repository.ts';

/**
 * Search synonyms as the staff keep them: one expansion per term. Terms are stored normalized
 * (as the search looks them up), so ACN and acn are one entry. Every write moves the catalogue
 * version: cached search answers from before it are not served again.
 */

function normalized(input: SynonymInput) {
  const term = normalize(input.term);
  const expansion = input.expansion.trim();
  if (term === normalize(expansion)) throw badRequest('搜索词与对应的商品用词不能相同');
  return { term, expansion };
}

export const listSynonyms = (db: Db) => repo.listSynonyms(db);

const termTaken = (term: string) => `搜索词已存在：${term}`;

async function requireFreeTerm(trx: Db, term: string) {
  await repo.lockTerm(trx, term);
  if ((await repo.findSynonyms(trx, term)).length > 0) throw badRequest(termTaken(term));
}

/** The same entry saved beside this one passed the check too: the key decides. */
const insertSynonym = (trx: Db, row: { term: string; expansion: string }) =>
  uniquely(
    () => repo.insertSynonym(trx, row.term, row.expansion),
    [[repo.SYNONYM_KEY, termTaken(row.term)]],
  );

export async function createSynonym(db: Db, input: SynonymInput, staffId: number) {
  const row = normalized(input);
  await db.transaction().execute(async (trx) => {
    await requireFreeTerm(trx, row.term);
    await insertSynonym(trx, row);
    await recordAudit(trx, {
      staffId,
      action: 'search-synonym.create',
      target: `search-synonym:${row.term}`,
      after: row,
    });
    await bumpCatalogueVersion(trx);
  });
  return row;
}

/** Replaces the entry of `term` (its term may change too). */
export async function updateSynonym(db: Db, term: string, input: SynonymInput, staffId: number) {
  const key = normalize(term);
  const row = normalized(input);
  await db.transaction().execute(async (trx) => {
    const before = await repo.findSynonyms(trx, key);
    if (before.length === 0) throw notFound('搜索词不存在');
    if (row.term !== key) await requireFreeTerm(trx, row.term);
    await repo.deleteSynonyms(trx, key);
    await insertSynonym(trx, row);
    await recordAudit(trx, {
      staffId,
      action: 'search-synonym.update',
      target: `search-synonym:${key}`,
      before,
      after: row,
    });
    await bumpCatalogueVersion(trx);
  });
}

export async function deleteSynonym(db: Db, term: string, staffId: number) {
  const key = normalize(term);
  await db.transaction().execute(async (trx) => {
    const before = await repo.findSynonyms(trx, key);
    if (before.length === 0) throw notFound('搜索词不存在');
    await repo.deleteSynonyms(trx, key);
    await recordAudit(trx, {
      staffId,
      action: 'search-synonym.delete',
      target: `search-synonym:${key}`,
      before,
    });
    await bumpCatalogueVersion(trx);
  });
}
