import type { Db } from '../../db/database.ts';
import * as users from './user.repository.ts';

/*
 * The member account a PunchOut connection's sessions shop as (docs/punchout.md, "Who shops").
 * Its account is an address under the reserved `.invalid` domain (RFC 2606), so it can never
 * receive a code, and its password hash is no scrypt hash, so nobody can log in with it: the
 * only way in is a start link from the buyer's procurement system.
 */

/** A stored hash checkPassword never accepts (lib/password.ts reads only `scrypt$…`). */
const NO_PASSWORD = 'punchout$no-login';

export async function createPunchoutMember(
  db: Db,
  member: { key: string; name: string; company: string; at: number },
): Promise<number> {
  const account = `punchout-${member.key}@punchout.invalid`;
  const row = await users.insertUser(db, {
    account,
    phone: null,
    email: account,
    passwordHash: NO_PASSWORD,
    at: member.at,
  });
  await users.updateBasic(
    db,
    row.id,
    { name: member.name, company: member.company, telephone: '' },
    member.at,
  );
  return row.id;
}
