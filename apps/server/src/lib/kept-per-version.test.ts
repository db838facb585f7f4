import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { keptPerVersion } from './kept-per-version.ts';

describe('keptPerVersion', () => {
  it('keeps entries while the version holds, per database handle', async () => {
    const versions = new Map<Db, number>();
    const one = {} as Db;
    const other = {} as Db;
    versions.set(one, 1).set(other, 1);
    const kept = keptPerVersion<string, { n: number }>(async (db) => versions.get(db) ?? 0, {
      max: 10,
    });

    (await kept(one)).set('a', { n: 1 });
    expect((await kept(one)).get('a')).toEqual({ n: 1 });
    // Another database never sees the entry.
    expect((await kept(other)).get('a')).toBeUndefined();

    versions.set(one, 2);
    expect((await kept(one)).get('a')).toBeUndefined();
    (await kept(one)).set('a', { n: 2 });
    expect((await kept(one)).get('a')).toEqual({ n: 2 });
  });
});
