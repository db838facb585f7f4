import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { seedDatabase } from './seed.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDatabase(ctx.db, ctx.config);
  // The whole demo catalogue: about a minute on a busy two-core machine.
}, 300_000);
afterAll(() => ctx.close());

const packsOf = (name: string) =>
  ctx.db
    .selectFrom('materials as m')
    .innerJoin('products as p', 'p.id', 'm.productId')
    .select(['m.shippingClass', 'm.unNumber', 'm.hazardClass', 'm.leadTimeDays'])
    .where('p.name', '=', name)
    .execute();

describe('the demo’s shipping classes', () => {
  it('ship 乙醚 as dangerous goods UN1155 class 3, the -20 ℃ standards frozen', async () => {
    const ether = await packsOf('乙醚');
    expect(ether.length).toBeGreaterThan(0);
    for (const p of ether) {
      expect(p).toMatchObject({ shippingClass: 'dangerous', unNumber: 'UN1155', hazardClass: '3' });
    }
    for (const p of await packsOf('奥美拉唑')) expect(p.shippingClass).toBe('frozen');
    for (const p of await packsOf('甲基异噻唑啉酮')) expect(p.shippingClass).toBe('cold');
    for (const p of await packsOf('维生素D3')) expect(p.leadTimeDays).toBe(14);
  });

  it('give every other pack a lead time of 7-30 days, so a pack out of stock can be ordered', async () => {
    const packs = await ctx.db.selectFrom('materials').select('leadTimeDays').execute();
    expect(packs.length).toBeGreaterThan(100);
    for (const p of packs) {
      expect(p.leadTimeDays).not.toBeNull();
      expect(p.leadTimeDays).toBeGreaterThanOrEqual(7);
      expect(p.leadTimeDays).toBeLessThanOrEqual(30);
    }
  });

  it('store the freight rules, with 危险品专线 licensed', async () => {
    const row = await ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'shipping.classes')
      .executeTakeFirstOrThrow();
    const rules = JSON.parse(row.value) as { carriers: { name: string; licensed: boolean }[] };
    expect(rules.carriers).toContainEqual({ name: '危险品专线', licensed: true });
  });
});
