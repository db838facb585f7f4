import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { keptFill, keptPerVersion } from './kept-per-version.ts';

describe('keptPerVersion', () => {
  it('keeps entries while the version holds, per database handle', async () => {
    const versions = new Map<Db, number>();
    const one = {} as Db;
    const other = {} as Db;
    versions.set(one, 1).set(other, 1);
    const kept = keptPerVersion<string, { n: number }>(
      'test entries',
      async (db) => versions.get(db) ?? 0,
      { max: 10 },
    );

    (await kept(one)).set('a', { n: 1 });
    expect((await kept(one)).get('a')).toEqual({ n: 1 });
    // Another database never sees the entry.
    expect((await kept(other)).get('a')).toBeUndefined();

    versions.set(one, 2);
    expect((await kept(one)).get('a')).toBeUndefined();
    (await kept(one)).set('a', { n: 2 });
    expect((await kept(one)).get('a')).toEqual({ n: 2 });
  });

  it('reports how full the latest cache of each kind is against its bound', async () => {
    const db = {} as Db;
    let version = 1;
    const bySize = keptPerVersion<string, string>('sized entries', async () => version, {
      maxSize: 100,
      sizeCalculation: (v) => v.length,
    });
    const byCount = keptPerVersion<string, string>('counted entries', async () => version, {
      max: 3,
    });
    (await bySize(db)).set('a', 'x'.repeat(30)).set('b', 'y'.repeat(50));
    (await byCount(db)).set('a', 'z');
    const fill = (name: string) => keptFill().find((f) => f.name === name);
    expect(fill('sized entries')).toEqual({
      name: 'sized entries',
      entries: 2,
      size: 80,
      bound: 100,
    });
    expect(fill('counted entries')).toEqual({
      name: 'counted entries',
      entries: 1,
      size: 1,
      bound: 3,
    });

    // A new version's empty cache is the one reported.
    version = 2;
    await bySize(db);
    expect(fill('sized entries')).toMatchObject({ entries: 0, size: 0 });
  });
});
