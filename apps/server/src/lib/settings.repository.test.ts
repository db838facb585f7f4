import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { readSetting, readSettings, writeSetting } from './settings.repository.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('readSettings', () => {
  it('answers each key in the order asked, undefined where never set', async () => {
    await writeSetting(ctx.db, 'test.read-a', 'A');
    await writeSetting(ctx.db, 'test.read-b', 'B');
    expect(await readSettings(ctx.db, ['test.read-b', 'test.unset', 'test.read-a'])).toEqual([
      'B',
      undefined,
      'A',
    ]);
    expect(await readSetting(ctx.db, 'test.unset')).toBeUndefined();
  });

  it('reads the value as stored now, though the query was compiled before', async () => {
    const keys = ['test.read-c', 'test.read-d'];
    expect(await readSettings(ctx.db, keys)).toEqual([undefined, undefined]);
    await writeSetting(ctx.db, 'test.read-d', 'first');
    expect(await readSettings(ctx.db, keys)).toEqual([undefined, 'first']);
    await writeSetting(ctx.db, 'test.read-d', 'second');
    expect(await readSetting(ctx.db, 'test.read-d')).toBe('second');
    expect(await readSettings(ctx.db, keys)).toEqual([undefined, 'second']);
  });
});
