import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { AppError } from '../lib/errors.ts';
import { isUniqueViolation, uniquely, type UniqueKey } from './unique.ts';

/** Real violations of the database under test (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
describe('unique violations', () => {
  let ctx: TestContext;
  const BRAND_NAME: UniqueKey = { table: 'brands', columns: ['name'] };
  const SYNONYM: UniqueKey = { table: 'search_synonyms', columns: ['term', 'expansion'] };

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.insertInto('brands').values({ name: '甲', sort: 1 }).execute();
    await ctx.db
      .insertInto('searchSynonyms')
      .values({ term: 'ipa', expansion: '异丙醇' })
      .execute();
  });
  afterAll(() => ctx.close());

  const failure = async (write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (err) {
      return err;
    }
    throw new Error('the write succeeded');
  };
  const duplicateBrand = () =>
    ctx.db.insertInto('brands').values({ name: '甲', sort: 2 }).execute();
  const duplicateSynonym = () =>
    ctx.db.insertInto('searchSynonyms').values({ term: 'ipa', expansion: '异丙醇' }).execute();

  it('tells a unique column and a primary key by their table and columns', async () => {
    const brand = await failure(duplicateBrand);
    expect(isUniqueViolation(brand)).toBe(true);
    expect(isUniqueViolation(brand, BRAND_NAME)).toBe(true);
    expect(isUniqueViolation(brand, SYNONYM)).toBe(false);
    expect(isUniqueViolation(brand, { table: 'brands', columns: ['sort'] })).toBe(false);

    const synonym = await failure(duplicateSynonym);
    expect(isUniqueViolation(synonym)).toBe(true);
    expect(isUniqueViolation(synonym, SYNONYM)).toBe(true);
    expect(isUniqueViolation(synonym, { table: 'search_synonyms', columns: ['term'] })).toBe(false);
    expect(isUniqueViolation(synonym, BRAND_NAME)).toBe(false);
  });

  it('is false for other errors', async () => {
    const notNull = await failure(() =>
      ctx.db
        .insertInto('brands')
        .values({ name: null as unknown as string, sort: 3 })
        .execute(),
    );
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('UNIQUE constraint failed: brands.name'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('answers the named key with its message as a 400 and lets the rest through', async () => {
    const mapped = await failure(() => uniquely(duplicateBrand, [[BRAND_NAME, '品牌已存在：甲']]));
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ httpStatus: 400, message: '品牌已存在：甲' });

    const other = await failure(() => uniquely(duplicateSynonym, [[BRAND_NAME, '品牌已存在：甲']]));
    expect(other).not.toBeInstanceOf(AppError);
    expect(isUniqueViolation(other, SYNONYM)).toBe(true);

    await expect(uniquely(async () => 7, [[BRAND_NAME, '品牌已存在：甲']])).resolves.toBe(7);
  });
});
