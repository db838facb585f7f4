import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createOrg, findOrg, memberRole } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function member(account: string): Promise<number> {
  const row = await ctx.db
    .insertInto('users')
    .values({
      account,
      phone: account,
      email: null,
      passwordHash: 'x',
      name: account,
      company: '',
      telephone: '',
      avatar: '',
      balance: 0,
      passwordUpdatedAt: 0,
      createdAt: 0,
      updatedAt: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('organizations face', () => {
  it('creates an organization whose creator is its admin; others have no role', async () => {
    const owner = await member('13800000001');
    const other = await member('13800000002');
    const { id } = await createOrg(ctx.db, owner, { name: '复旦大学化学系王课题组' });
    expect((await findOrg(ctx.db, id))?.name).toBe('复旦大学化学系王课题组');
    expect(await memberRole(ctx.db, id, owner)).toBe('admin');
    expect(await memberRole(ctx.db, id, other)).toBeNull();
    expect(await findOrg(ctx.db, id + 999)).toBeUndefined();
  });
});
