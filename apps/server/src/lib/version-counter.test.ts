import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { createDatabase } from '../db/database.ts';
import { VERSION_TTL_MS, versionCounter } from './version-counter.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('versionCounter', () => {
  it('keeps each key apart: bumping one leaves the other as it was', async () => {
    const a = versionCounter('test.counter-a');
    const b = versionCounter('test.counter-b');
    const before = await b.read(ctx.db);
    const first = await a.bump(ctx.db);
    expect(await a.bump(ctx.db)).toBe(first + 1);
    expect(await a.read(ctx.db)).toBe(first + 1);
    expect(await b.read(ctx.db)).toBe(before);
  });

  it('another process sees a bump within the TTL, the bumping one at once', async () => {
    const writer = versionCounter('test.counter-c');
    // A second counter and handle on the same key stand for another process.
    const reader = versionCounter('test.counter-c');
    const other = createDatabase({
      databaseUrl: ctx.config.databaseUrl,
      sqliteFile: path.join(ctx.config.dataDir, 'test.sqlite'),
    });
    try {
      vi.useFakeTimers({ toFake: ['performance'] });
      const before = await reader.read(other);
      const bumped = await ctx.db.transaction().execute((trx) => writer.bump(trx));
      expect(bumped).toBe(before + 1);
      expect(await writer.read(ctx.db)).toBe(bumped);
      expect(await reader.read(other)).toBe(before);
      vi.advanceTimersByTime(VERSION_TTL_MS + 1);
      expect(await reader.read(other)).toBe(bumped);
    } finally {
      await other.destroy();
    }
  });
});
