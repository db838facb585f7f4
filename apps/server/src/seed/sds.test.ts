import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../test/helpers.ts';
import { pdfText } from '../../test/fixtures/pdf-text.ts';
import { createStaff } from '../../test/fixtures/manage.ts';
import { buildCatalogue } from './catalogue.ts';
import { seedDatabase } from './seed.ts';
import { hazardousSpecs } from './sds.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDatabase(ctx.db, ctx.config);
});
afterAll(() => ctx.close());

describe('the demo’s safety data sheets', () => {
  it('give every hazardous demo product a current Chinese SDS, so none is flagged', async () => {
    const hazardous = hazardousSpecs(buildCatalogue());
    expect(hazardous.length).toBeGreaterThan(10);
    const rows = await ctx.db
      .selectFrom('safetyDataSheets')
      .select(['language', 'version'])
      .execute();
    expect(rows).toHaveLength(hazardous.length);
    expect(rows.every((r) => r.language === 'zh' && r.version === '1.0')).toBe(true);
    const admin = await createStaff(ctx.db, ['admin']);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/dashboard',
      headers: { authorization: admin.token },
    });
    expect(body<{ missingChineseSds: number }>(session).data.missingChineseSds).toBe(0);
  });

  it('is a Chinese PDF marked as a demo that names its product, downloadable from the product', async () => {
    const ether = await ctx.db
      .selectFrom('products')
      .select(['id'])
      .where('name', '=', '乙醚')
      .executeTakeFirstOrThrow();
    const listed = body<{ url: string }[]>(
      await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${ether.id}/sds` }),
    ).data;
    const file = await ctx.app.inject({ method: 'GET', url: listed[0]?.url ?? '' });
    expect(file.statusCode).toBe(200);
    const text = (await pdfText(file.rawPayload)).replace(/\s+/g, '');
    for (const part of [
      '化学品安全技术说明书',
      '演示文件',
      '乙醚',
      '60-29-7',
      'H224',
      '第16部分',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('set the labels’ emergency phone to the demo company’s line', async () => {
    const row = await ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'safety.emergencyPhone')
      .executeTakeFirst();
    expect(row?.value).toMatch(/^[\d-]+$/);
  });
});
