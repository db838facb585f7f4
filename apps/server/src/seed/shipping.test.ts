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
