import type { Db } from '../../db/database.ts';
import * as repo from './compliance.repository.ts';
import { counts as explosiveCounts } from './explosive-report.service.ts';

/**
 * What compliance staff are waiting on, for the console's start page (docs/compliance.md):
 * documents to review and 易制爆 lines to report, with those past their fifth day.
 */
export async function complianceCounts(db: Db, today: string, at: number) {
  const [pendingQualifications, explosive] = await Promise.all([
    repo.pendingQualificationCount(db, today),
    explosiveCounts(db, at),
  ]);
  return {
    pendingQualifications,
    explosiveReportsDue: explosive.due,
    explosiveReportsOverdue: explosive.overdue,
  };
}
