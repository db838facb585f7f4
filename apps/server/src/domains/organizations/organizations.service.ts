import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { insertMember, insertOrg } from './organizations.repository.ts';

export interface NewOrg {
  name: string;
  uscc?: string;
}

/** Creates an organization with the caller as its first admin, in one transaction. */
export async function createOrg(db: Db, userId: number, input: NewOrg): Promise<{ id: number }> {
  const at = now();
  return db.transaction().execute(async (trx) => {
    const id = await insertOrg(trx, {
      name: input.name,
      uscc: input.uscc ?? '',
      approvalOver: null,
      createdBy: userId,
      createdAt: at,
      updatedAt: at,
    });
    await insertMember(trx, { orgId: id, userId, role: 'admin', createdAt: at });
    return { id };
  });
}
