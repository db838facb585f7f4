import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';

export type OrgRole = 'buyer' | 'approver' | 'safety' | 'admin';

export async function findOrg(db: Db, orgId: number): Promise<Row<'organizations'> | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirst();
}

/** The member's role in the organization, or null for a non-member (routes answer 404). */
export async function memberRole(db: Db, orgId: number, userId: number): Promise<OrgRole | null> {
  const row = await db
    .selectFrom('orgMembers')
    .select('role')
    .where('orgId', '=', orgId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? (row.role as OrgRole) : null;
}

export async function insertOrg(db: Db, org: NewRow<'organizations'>): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values(org)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMember(db: Db, member: NewRow<'orgMembers'>): Promise<void> {
  await db.insertInto('orgMembers').values(member).execute();
}
