import { afterAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import { staffDoor, storefrontDoor } from '../src/domains/index.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * The two doors (docs/api.md, "Two doors"): app.ts registers each door's routes files below its
 * prefix, so a file inside a door writes only the rest of a path. A route whose whole path names a
 * door twice was written with the prefix again and answers at an address nobody calls.
 */
const DOOR_PREFIXES = [storefrontDoor.prefix, staffDoor.prefix];

/** The door prefixes a path names, in order. */
const doorsIn = (url: string) =>
  DOOR_PREFIXES.flatMap((prefix) =>
    [...url.matchAll(new RegExp(`${prefix}(?=/|$)`, 'g'))].map((m) => [m.index, prefix] as const),
  )
    .sort(([a], [b]) => a - b)
    .map(([, prefix]) => prefix);

const ctx: TestContext = await createTestContext();
const seen: RouteOptions[] = [];
const app: App = await buildApp({ config: ctx.config, db: ctx.db, onRoute: (r) => seen.push(r) });
await app.ready();

afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('the two doors', () => {
  it('tells a path written with its door prefix again', () => {
    expect(doorsIn('/client/v1/user/orders')).toEqual(['/client/v1']);
    expect(doorsIn('/manage/v1/orders/:id')).toEqual(['/manage/v1']);
    expect(doorsIn('/client/v1/client/v1/user/orders')).toEqual(['/client/v1', '/client/v1']);
    expect(doorsIn('/manage/v1/client/v1/user')).toEqual(['/manage/v1', '/client/v1']);
    expect(doorsIn('/yifanglab-client/v1/coa')).toEqual([]);
  });

  it('registers every route at one door at most', () => {
    const twice = seen.map((r) => r.url).filter((url) => doorsIn(url).length > 1);
    expect(twice).toEqual([]);
  });

  it('registers the storefront and staff routes below their doors', () => {
    const urls = new Set(seen.map((r) => r.url));
    for (const url of ['/client/v1/user/orders', '/client/v1/products/:id', '/manage/v1/orders']) {
      expect(urls.has(url), url).toBe(true);
    }
    expect(urls.has('/user/orders')).toBe(false);
    expect(urls.has('/orders')).toBe(false);
  });
});
