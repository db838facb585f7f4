import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { pruneExpiredCodes } from '../account/verification.repository.ts';
import { pruneExpiredSessions, REVOKED_KEPT_MS } from './session.repository.ts';

describe('pruning expired sessions and codes', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const at = 10_000_000_000;

  it('deletes sessions past their renewal window or revoked over a day ago, and only those', async () => {
    const session = (tokenHash: string, renewableUntil: number, revokedAt: number | null) => ({
      userId: 1,
      tokenHash,
      expiresAt: renewableUntil - 1,
      renewableUntil,
      revokedAt,
      createdAt: 0,
    });
    await ctx.db
      .insertInto('sessions')
      .values([
        session('dead', at - 1, null),
        session('renewable', at + 1, null),
        session('revoked-long-ago', at + 1, at - REVOKED_KEPT_MS - 1),
        session('revoked-just-now', at + 1, at - 1),
      ])
      .execute();
    expect(await pruneExpiredSessions(ctx.db, at)).toBe(2);
    const left = await ctx.db
      .selectFrom('sessions')
      .select('tokenHash')
      .orderBy('tokenHash')
      .execute();
    expect(left.map((s) => s.tokenHash)).toEqual(['renewable', 'revoked-just-now']);
  });

  it('deletes codes past their expiry, used or not, and keeps live ones', async () => {
    const code = (target: string, expiresAt: number, consumedAt: number | null) => ({
      target,
      scene: 2,
      codeHash: 'x$y',
      attempts: 0,
      expiresAt,
      consumedAt,
      createdAt: expiresAt - 300_000,
    });
    await ctx.db
      .insertInto('verificationCodes')
      .values([
        code('expired', at - 1, null),
        code('used', at - 1, at - 2),
        code('live', at + 1, null),
      ])
      .execute();
    expect(await pruneExpiredCodes(ctx.db, at)).toBe(2);
    const left = await ctx.db.selectFrom('verificationCodes').select('target').execute();
    expect(left.map((c) => c.target)).toEqual(['live']);
  });
});
