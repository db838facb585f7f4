import { expect, test } from '@playwright/test';
import { apiData, priceText, type Paged, type ProductCard } from '../support/storefront';

/**
 * The server sends each crawled page with its own text for crawlers that run no JavaScript; in a
 * browser the app takes over that same page and works as before.
 */
async function pricedProduct(request: Parameters<typeof apiData>[0]): Promise<ProductCard> {
  const part = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
    tag: 'hot',
    page: 1,
    size: 20,
  });
  const card = part.records.find((p) => p.cas && p.materials.some((m) => m.price !== null));
  if (!card) throw new Error('no priced demo product with a CAS number');
  return card;
}

test.describe('pages for crawlers', () => {
  test('without JavaScript a product page shows its names, CAS and market prices', async ({
    browser,
    request,
  }) => {
    const product = await pricedProduct(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/products/${product.id}`);
    await expect(page).toHaveTitle(`${product.name} - 一方标准品商城`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByText(product.cas, { exact: true })).toBeVisible();
    const priced = product.materials.find((m) => m.price !== null);
    await expect(
      page.getByRole('cell', { name: priceText(priced?.price ?? null) }).first(),
    ).toBeVisible();
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
      'href',
      new RegExp(`/products/${product.id}$`),
    );
    await context.close();
  });

  test('with JavaScript the app takes over the product page without a layout shift', async ({
    page,
    request,
  }) => {
    const product = await pricedProduct(request);
    await page.addInitScript(`
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__layoutShift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    `);
    await page.goto(`/products/${product.id}`);
    // One heading: the app's. The server's copy inside <noscript> is never laid out.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(page.getByTestId('pack-table').locator('tbody tr')).toHaveCount(
      product.materials.length,
    );
    await expect(page).toHaveTitle(`${product.name} - 一方标准品商城`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate<number>('window.__layoutShift')).toBeLessThan(0.1);

    // The app is in charge: client navigation works from the server-sent page.
    await page
      .getByRole('navigation', { name: '面包屑' })
      .getByRole('link', { name: '首页' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: '新品上架' })).toBeVisible();
  });

  test('without JavaScript a search shows its results; with it the app shows the same', async ({
    browser,
    page,
  }) => {
    const url = `/search?name=${encodeURIComponent('苯甲酸')}`;
    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(url);
    await expect(plain).toHaveTitle('苯甲酸 搜索结果 - 一方标准品商城');
    // Other journeys may add products of the same name; the seeded one is among them.
    await expect(plain.getByRole('link', { name: '苯甲酸', exact: true }).first()).toBeVisible();
    await context.close();

    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('苯甲酸');
    await expect(page.getByTestId('pack-table').first()).toBeVisible();
  });

  test('sitemap and robots are served', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(await robots.text()).toContain('/sitemap.xml');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).toMatch(/<loc>[^<]+\/products\/\d+<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/literature\/\d+<\/loc>/);
    expect(sitemap).toContain('/article/registerlogin</loc>');
  });
});
