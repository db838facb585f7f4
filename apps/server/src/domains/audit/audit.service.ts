import type { Paged } from '@labshop/shared';
import type { AuditRecord } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import * as repo from './audit.repository.ts';

type AuditRow = Awaited<ReturnType<typeof repo.auditOf>>[number];

const toAuditRecord = (r: AuditRow): AuditRecord => ({
  id: r.id,
  staffId: r.staffId,
  staff: r.name ? `${r.name}（${r.account ?? ''}）` : `#${r.staffId}`,
  action: r.action,
  target: r.target,
  before: r.before,
  after: r.after,
  createTime: r.createdAt,
});

export async function listAudit(
  db: Db,
  q: { target: string; staffId?: number | undefined; page: number; size: number },
): Promise<Paged<AuditRecord>> {
  const { rows, total } = await repo.pageAudit(db, q, q);
  return { records: rows.map(toAuditRecord), current: q.page, size: q.size, total };
}

export async function historyOf(db: Db, target: string): Promise<AuditRecord[]> {
  return (await repo.auditOf(db, target)).map(toAuditRecord);
}
