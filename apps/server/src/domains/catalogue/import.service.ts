import type { ImportProgress, ImportResult } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import type { Sheet } from '../../lib/sheets.ts';
import { recordAudit } from '../audit/index.ts';
import { afterCatalogueWrite } from '../search/index.ts';
import { planImport } from './import.plan.ts';
import { Progress } from './import.progress.ts';
import { applyPlan } from './import.write.ts';

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
    /** Whether the staff may change stock counts (`product.stock`); see planImport. */
    mayCountStock: boolean;
    /** Told how many rows are checked, then written, then that the index is updated. */
    onProgress?: (p: ImportProgress) => void;
  },
): Promise<ImportResult> {
  const progress = new Progress(options.onProgress, sheet.rows.length);
  if (options.dryRun) return (await planImport(db, sheet, progress, options.mayCountStock)).result;
  return db.transaction().execute(async (trx) => {
    const { products, result: planned } = await planImport(
      trx,
      sheet,
      progress,
      options.mayCountStock,
    );
    if (planned.failed.length > 0) return planned;
    const result = {
      ...planned,
      created: planned.wouldCreate,
      updated: planned.wouldUpdate,
      unchanged: planned.wouldLeaveUnchanged,
    };
    const touched = await applyPlan(trx, products, options.staffId, now(), progress);
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
