import { controlText } from '@labshop/shared';
import type { Db } from '../../db/database.ts';
import { parseCategories } from '../../lib/regulation-columns.ts';
import { afterCatalogueWrite } from '../search/index.ts';
import { LIST_ENTRIES, resolveClasses } from '../compliance/index.ts';
import * as repo from './list-classes.repository.ts';

/**
 * Brings the stored products up to the reference lists at start (docs/compliance.md section 2):
 * a product saved before the lists, or before an entry was added, gets the classes the lists give
 * its CAS, solute CAS or name, as its next save would, unless staff recorded why it carries
 * fewer. Without this a 剧毒 candidate stored earlier would sell freely until someone saved it.
 * Answers how many products changed; a second run changes none.
 */
export async function applyListClasses(db: Db): Promise<number> {
  const cas = [...new Set(LIST_ENTRIES.flatMap((e) => (e.cas ? [e.cas] : [])))];
  const names = LIST_ENTRIES.flatMap((e) => (e.cas === null ? [e.name] : []));
  const rows = await repo.productsOnLists(db, cas, names);
  const changed: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (const p of rows) {
      const stored = parseCategories(p.regulationCategories, p.regulationCategory);
      const classes = resolveClasses({
        name: p.name,
        cas: p.cas,
        soluteCas: p.soluteCas,
        input: undefined,
        stored: { categories: stored, reason: p.regulationReason },
      });
      const control = controlText(classes.categories, p.control);
      const text = JSON.stringify(classes.categories);
      if (text === JSON.stringify(stored) && control === p.control) continue;
      await repo.setClasses(trx, p.id, {
        regulationCategory: classes.categories[0] ?? null,
        regulationCategories: text,
        regulationReason: classes.reason,
        control,
      });
      changed.push(p.id);
    }
    if (changed.length > 0) await afterCatalogueWrite(trx, changed);
  });
  return changed.length;
}
