import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { pruneExpiredCodes } from '../domains/account/index.ts';
import { pruneStaleData } from './prune.ts';
import { pruneExpiredSessions, REVOKED_KEPT_MS } from '../domains/session/index.ts';

const DAY = 24 * 60 * 60 * 1000;

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

describe('the hourly clean-up', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('drops retry answers, cart-to-order records and staff sessions past their day, and only those', async () => {
    const t = Date.now();
    const old = t - DAY - 60_000;
    const fresh = t - 60_000;
    await ctx.db
      .insertInto('idempotencyKeys')
      .values([
        { id: 'old-key', fingerprint: 'f', statusCode: 200, answer: 'a', createdAt: old },
        { id: 'fresh-key', fingerprint: 'f', statusCode: 200, answer: 'a', createdAt: fresh },
      ])
      .execute();
    await ctx.db
      .insertInto('orderCarts')
      .values([
        { userId: 1, cartKey: '1,2', orderId: 1, createdAt: old },
        { userId: 1, cartKey: '3', orderId: 2, createdAt: fresh },
      ])
      .execute();
    const staff = (tokenHash: string, expiresAt: number, revokedAt: number | null) => ({
      staffId: 1,
      tokenHash,
      expiresAt,
      maxUntil: expiresAt + DAY,
      revokedAt,
      createdAt: expiresAt - DAY,
    });
    await ctx.db
      .insertInto('staffSessions')
      .values([
        staff('idle-long-ago', old, null),
        staff('logged-out-long-ago', t + 60_000, old),
        staff('idle-just-now', fresh, null),
        staff('live', t + 60_000, null),
      ])
      .execute();

    await pruneStaleData(ctx.db);

    const keys = await ctx.db.selectFrom('idempotencyKeys').select('id').execute();
    expect(keys.map((k) => k.id)).toEqual(['fresh-key']);
    const carts = await ctx.db.selectFrom('orderCarts').select('cartKey').execute();
    expect(carts.map((c) => c.cartKey)).toEqual(['3']);
    const sessions = await ctx.db
      .selectFrom('staffSessions')
      .select('tokenHash')
      .orderBy('tokenHash')
      .execute();
    expect(sessions.map((s) => s.tokenHash)).toEqual(['idle-just-now', 'live']);
  });
});
