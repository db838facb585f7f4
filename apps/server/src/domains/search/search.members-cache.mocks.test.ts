import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProductCard } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { indexProducts } from './search.indexer.ts';
import type * as SearchService from './search.service.ts';
import { bumpCatalogueVersion } from '../../lib/catalogue-version.ts';

/** Every search the server runs, counted: a kept answer runs none. */
const searches = vi.hoisted(() => ({ count: 0 }));
vi.mock('./search.service.ts', async (importOriginal) => {
  const real = await importOriginal<typeof SearchService>();
  return {
    ...real,
    searchProducts: (...args: Parameters<typeof real.searchProducts>) => {
      searches.count += 1;
      return real.searchProducts(...args);
    },
  };
});

let ctx: TestContext;
let member: Member;

const search = (authorization?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products',
    payload: { key: '缓存测试品', page: 1, size: 20 },
    headers: authorization ? { authorization } : {},
  });
const firstPack = (res: Awaited<ReturnType<typeof search>>) =>
  body<{ records: ProductCard[] }>(res).data.records[0]?.materials[0];

beforeAll(async () => {
  ctx = await createTestContext({ CATALOGUE_CACHE: '1' });
  member = await createMember(ctx);
  const p = await insertProduct(ctx.db, {
    name: '缓存测试品',
    materials: [{ pack: '10mg', price: 10_000, userPrice: 8_000 }],
  });
  await indexProducts(ctx.db, [p.id]);
});
afterAll(async () => ctx.close());

describe("members' cached search answers", () => {
  it("keeps them apart from visitors', for valid tokens only, without an ETag", async () => {
    const bearer = `Bearer ${member.token}`;
    searches.count = 0;
    // A visitor's answer kept first is never a member's, nor a member's a visitor's.
    expect(firstPack(await search())).toMatchObject({ price: 100, userPrice: null });
    const mine = await search(bearer);
    expect(firstPack(mine)).toMatchObject({ price: 100, userPrice: 80 });
    expect(mine.headers.etag).toBeUndefined();
    expect(searches.count).toBe(2);
    expect(firstPack(await search())?.userPrice).toBeNull();
    expect(searches.count).toBe(2);
    // A token that is not valid browses as a visitor, and reads no member's answer.
    expect(firstPack(await search('Bearer not-a-token'))?.userPrice).toBeNull();
    expect(searches.count).toBe(3);

    // Every member gets the answer kept for members, without searching again ...
    const other = await createMember(ctx);
    for (const token of [member.token, other.token]) {
      const kept = await search(`Bearer ${token}`);
      expect(kept.body).toBe(mine.body);
      expect(kept.headers.etag).toBeUndefined();
    }
    expect(searches.count).toBe(3);
    // ... until the catalogue changes.
    await bumpCatalogueVersion(ctx.db);
    expect(firstPack(await search(bearer))?.userPrice).toBe(80);
    expect(searches.count).toBe(4);
  });
});
