import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  apiData,
  loginAsDemo,
  priceText,
  stockText,
  storageItem,
  urlEndsWith,
  type Paged,
  type ProductCard,
} from '../support/storefront';

interface Brand {
  id: number;
  name: string;
  count: number;
}

const search = (request: APIRequestContext, key: string, page = 1, brandId: number | null = null) =>
  apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
    key,
    brandId,
    page,
    size: 20,
  });

const searchBox = (page: Page) => page.getByRole('searchbox', { name: '搜索商品' });
const results = (page: Page) => page.getByTestId('search-result');

/** A term of the demo catalogue with more than one page of results from at least two brands. */
async function broadTerm(request: APIRequestContext) {
  const keys = await apiData<Array<{ keyword: string }>>(
    request,
    'get',
    '/client/v1/products/search-keys',
  );
  for (const key of ['标准品', '标准溶液', ...keys.map((k) => k.keyword)]) {
    const [first, brands] = await Promise.all([
      search(request, key),
      apiData<Brand[]>(request, 'post', '/client/v1/products/brands', { key }),
    ]);
    if (first.total > 20 && brands.length >= 2) return { key, first, brands };
  }
  throw new Error('the demo catalogue has no term with two pages and two brands');
}

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('search', () => {
  test('the header box searches, remembers the term and lists the results', async ({
    page,
    request,
  }) => {
    const keys = await apiData<Array<{ keyword: string }>>(
      request,
      'get',
      '/client/v1/products/search-keys',
    );
    const term = keys[0]!.keyword;
    const expected = await search(request, term);
    expect(expected.total).toBeGreaterThan(0);

    await page.goto('/');
    await searchBox(page).fill(`  ${term} `);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(urlEndsWith(`/search?name=${encodeURIComponent(term)}`));
    expect(await storageItem(page, 'searchValue')).toBe(term);
    await expect(page.getByText(`共找到 ${expected.total} 个商品`)).toBeVisible();
    await expect(results(page)).toHaveCount(Math.min(20, expected.total));
    await expect(results(page).first().getByRole('heading')).toContainText(
      expected.records[0]!.name,
    );
  });

  test('an empty search is refused with a toast', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('   ');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByText('请输入搜索内容')).toBeVisible();
    await expect(page).toHaveURL(urlEndsWith('/'));
  });

  test('hot keywords under the box search for themselves', async ({ page, request }) => {
    const keys = await apiData<Array<{ keyword: string }>>(
      request,
      'get',
      '/client/v1/products/search-keys',
    );
    expect(keys.length).toBeGreaterThan(1);
    await page.goto('/');
    const hot = page.getByLabel('热门搜索');
    await expect(hot.getByRole('link').first()).toHaveText(keys[0]!.keyword);
    const key = keys[1]!.keyword;
    await hot.getByRole('link', { name: key, exact: true }).click();
    await expect(page).toHaveURL(urlEndsWith(`/search?name=${encodeURIComponent(key)}`));
    await expect(searchBox(page)).toHaveValue(key);
    await expect(results(page).first()).toBeVisible();
  });

  test('brand filter narrows the results and pages move through them', async ({
    page,
    request,
  }) => {
    const { key, first, brands } = await broadTerm(request);
    await page.goto(`/search?name=${encodeURIComponent(key)}`);
    await expect(page.getByText(`共找到 ${first.total} 个商品`)).toBeVisible();
    await expect(results(page)).toHaveCount(20);

    const pager = page.getByRole('navigation', { name: '分页' });
    const secondPage = await search(request, key, 2);
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(results(page).first().getByRole('heading')).toContainText(
      secondPage.records[0]!.name,
    );

    const filter = page.getByRole('group', { name: '品牌筛选' });
    await expect(filter.getByRole('button')).toHaveCount(brands.length + 1);
    const brand = brands[1]!;
    const filtered = await search(request, key, 1, brand.id);
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/client/v1/products',
    );
    await filter.getByRole('button', { name: new RegExp(`^${brand.name}`) }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      key,
      brandId: brand.id,
      page: 1,
      size: 20,
    });
    await expect(
      filter.getByRole('button', { name: new RegExp(`^${brand.name}`) }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`共找到 ${filtered.total} 个商品`)).toBeVisible();
    const shown = await results(page).count();
    expect(shown).toBe(Math.min(20, filtered.total));
    for (let i = 0; i < shown; i++) {
      await expect(results(page).nth(i).getByText(`品牌：${brand.name}`)).toBeVisible();
    }

    await filter.getByRole('button', { name: '全部' }).click();
    await expect(page.getByText(`共找到 ${first.total} 个商品`)).toBeVisible();
    await expect(page).not.toHaveURL(/brandId=/);
  });

  test('result cards show the product facts, pack sizes and visitor prices', async ({
    page,
    request,
  }) => {
    const { key, first } = await broadTerm(request);
    const product = first.records[0]!;
    await page.goto(`/search?name=${encodeURIComponent(key)}`);
    const card = results(page).first();
    await expect(card.getByRole('heading')).toContainText(product.name);
    await expect(card.getByText(`货号：${product.number}`)).toBeVisible();
    await expect(card.getByRole('img').first()).toBeVisible();

    const rows = card.getByTestId('pack-table').locator('tbody tr');
    await expect(rows).toHaveCount(product.materials.length);
    for (const [i, m] of product.materials.entries()) {
      const row = rows.nth(i);
      await expect(row).toContainText(m.pack);
      await expect(row).toContainText(stockText(m, 'search'));
      await expect(row).toContainText(priceText(m.price));
      const login = row.getByRole('link', { name: '登录查看' });
      await expect(login).toHaveAttribute(
        'href',
        `/login?redirect=${encodeURIComponent(`/search?name=${encodeURIComponent(key)}`)}`,
      );
    }

    // CAS numbers are links to their own search.
    const withCas = first.records.find((p) => p.cas)!;
    const casCard = results(page).filter({ hasText: withCas.number });
    await casCard.getByRole('button', { name: withCas.cas, exact: true }).click();
    await expect(page).toHaveURL(urlEndsWith(`/search?name=${encodeURIComponent(withCas.cas)}`));
    await expect(searchBox(page)).toHaveValue(withCas.cas);
    await expect(results(page).filter({ hasText: withCas.number })).toHaveCount(1);
  });

  test('members see member prices on result cards', async ({ page, request }) => {
    const token = await loginAsDemo(page, request);
    const { key } = await broadTerm(request);
    const member = await apiData<Paged<ProductCard>>(
      request,
      'post',
      '/client/v1/products',
      { key, page: 1, size: 20 },
      token,
    );
    const product = member.records[0]!;
    await page.goto(`/search?name=${encodeURIComponent(key)}`);
    const rows = results(page).first().getByTestId('pack-table').locator('tbody tr');
    await expect(rows).toHaveCount(product.materials.length);
    for (const [i, m] of product.materials.entries()) {
      await expect(rows.nth(i).getByRole('link', { name: '登录查看' })).toHaveCount(0);
      await expect(rows.nth(i)).toContainText(priceText(m.userPrice));
    }
  });

  test('related substances search by their name', async ({ page, request }) => {
    const { key } = await broadTerm(request);
    const relations = await apiData<Array<{ id: number; name: string }>>(
      request,
      'post',
      '/client/v1/products/relations',
      { key },
    );
    expect(relations.length).toBeGreaterThan(0);
    await page.goto(`/search?name=${encodeURIComponent(key)}`);
    const list = page.getByRole('navigation', { name: '相关物质' });
    await expect(list.getByRole('button')).toHaveCount(Math.min(30, relations.length));
    const target = relations[0]!.name;
    await list.getByRole('button', { name: target, exact: true }).click();
    await expect(page).toHaveURL(urlEndsWith(`/search?name=${encodeURIComponent(target)}`));
    await expect(results(page).first()).toBeVisible();
  });

  test('a term without hits says 暂无相关', async ({ page }) => {
    await page.goto(`/search?name=${encodeURIComponent('无此物质zzqx')}`);
    await expect(page.getByText('暂无相关').last()).toBeVisible();
    await expect(results(page)).toHaveCount(0);
  });
});
