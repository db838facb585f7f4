import { createDatabase } from '../src/db/database.ts';
import { issueToken } from '../src/domains/session/index.ts';

/** The bench's member: no password anyone could log in with, only the tokens issued here. */
const ACCOUNT = '13900000000';

/**
 * A fresh token of the bench's member in the benchmark database (SQLite `file`, or PostgreSQL at
 * `databaseUrl`), creating the member the first time, so the search can be measured as members
 * send it (member prices, their own cached answers).
 */
export async function benchMemberToken(file: string, databaseUrl: string): Promise<string> {
  const db = createDatabase({ databaseUrl, sqliteFile: file });
  try {
    const t = Date.now();
    const found = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', ACCOUNT)
      .executeTakeFirst();
    const id =
      found?.id ??
      (
        await db
          .insertInto('users')
          .values({
            account: ACCOUNT,
            phone: ACCOUNT,
            email: null,
            passwordHash: '!',
            name: '压测会员',
            company: '',
            telephone: '',
            avatar: '',
            balance: 0,
            passwordUpdatedAt: t,
            createdAt: t,
            updatedAt: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    return (await issueToken(db, id)).token;
  } finally {
    await db.destroy();
  }
}
