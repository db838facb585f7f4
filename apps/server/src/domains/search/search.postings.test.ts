import { describe, expect, it } from 'vitest';
import { RANK_SPAN } from './search.repository.ts';
import {
  improveBy,
  intersect,
  listOf as fromColumns,
  type PostingList,
} from './search.postings.ts';

/** A list from [id, rank, brand] rows in any order, read as the index stores them. */
function listOf(rows: ReadonlyArray<readonly [number, number, number]>): PostingList {
  const stored = [...rows].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return fromColumns({
    packed: stored.map(([id, rank]) => id * RANK_SPAN + rank),
    brands: stored.map((r) => r[2]),
  });
}

const rowsOf = (l: PostingList) => [...l.ids].map((id, i) => [id, l.ranks[i], l.brands[i]]);

/** A deterministic pseudo-random generator, so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('listOf', () => {
  it('turns postings stored in (rank, product id) order into product id order', () => {
    const next = lcg(7);
    for (const n of [0, 1, 2, 1000]) {
      const rows = new Map<number, [number, number, number]>();
      for (let i = 0; i < n; i++) {
        // Ids up to the largest product id a list holds (Int32Array).
        const id = 1 + Math.floor(next() * (2 ** 31 - 2));
        rows.set(id, [id, Math.floor(next() * RANK_SPAN), Math.floor(next() * 50)]);
      }
      const expected = [...rows.values()].sort((a, b) => a[0] - b[0]);
      expect(rowsOf(listOf([...rows.values()]))).toEqual(expected);
    }
  });

  it('keeps a product posted at two ranks once per rank, the better rank first', () => {
    expect(
      rowsOf(
        listOf([
          [5, 3, 1],
          [5, 2, 1],
          [4, 6, 2],
        ]),
      ),
    ).toEqual([
      [4, 6, 2],
      [5, 2, 1],
      [5, 3, 1],
    ]);
  });
});

describe('intersect', () => {
  it('keeps the products of every list at their weakest rank, with their brand', () => {
    const a = listOf([
      [1, 2, 10],
      [4, 3, 11],
      [9, 5, 12],
      [12, 2, 13],
    ]);
    const b = listOf([
      [4, 5, 11],
      [9, 2, 12],
      [13, 2, 14],
    ]);
    expect(rowsOf(intersect([a, b]))).toEqual([
      [4, 5, 11],
      [9, 5, 12],
    ]);
    expect(rowsOf(intersect([b, a]))).toEqual(rowsOf(intersect([a, b])));
    expect(rowsOf(intersect([a, listOf([])]))).toEqual([]);
    expect(intersect([]).ids).toHaveLength(0);
  });

  it('leaves its input lists as they were (they are cached)', () => {
    const a = listOf([
      [1, 2, 1],
      [2, 6, 1],
    ]);
    const b = listOf([[2, 3, 1]]);
    intersect([a, b]);
    expect(rowsOf(a)).toEqual([
      [1, 2, 1],
      [2, 6, 1],
    ]);
    expect(rowsOf(b)).toEqual([[2, 3, 1]]);
  });

  it('agrees with a plain set intersection on lopsided random lists', () => {
    const next = lcg(42);
    for (let round = 0; round < 50; round++) {
      const lists = [5, 300, 20_000].map((n) => {
        const rows = new Map<number, [number, number, number]>();
        const span = 1 + Math.floor(next() * 40_000);
        for (let i = 0; i < n; i++) {
          const id = 1 + Math.floor(next() * span);
          rows.set(id, [id, 2 + Math.floor(next() * 5), id % 7]);
        }
        return [...rows.values()];
      });
      const expected = lists[0]!
        .filter(([id]) => lists.every((l) => l.some((r) => r[0] === id)))
        .map(([id, , brand]) => [
          id,
          Math.max(...lists.map((l) => l.find((r) => r[0] === id)![1])),
          brand,
        ])
        .sort((a, b) => a[0]! - b[0]!);
      expect(rowsOf(intersect(lists.map(listOf)))).toEqual(expected);
    }
  });
});

describe('improveBy', () => {
  it('lowers the rank of the products the better list holds, only to a better rank', () => {
    const found = listOf([
      [3, 4, 1],
      [5, 4, 1],
      [8, 2, 1],
    ]);
    improveBy(
      found,
      listOf([
        [1, 2, 1],
        [5, 2, 1],
        [8, 5, 1],
      ]),
    );
    expect(rowsOf(found)).toEqual([
      [3, 4, 1],
      [5, 2, 1],
      [8, 2, 1],
    ]);
  });
});
