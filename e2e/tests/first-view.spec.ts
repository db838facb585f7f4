import { expect, test, type Page } from '@playwright/test';
import {
  apiData,
  appTookOver,
  loginAsDemo,
  priceText,
  type Paged,
  type ProductCard,
} from '../support/storefront';

/**
 * A page's first view comes from the answers the server put in it (docs/api.md, "Answers inside
 * the page"): the app shows it without calling the API again, then works as usual.
 */
test.use({ viewport: { width: 1366, height: 900 } });

/** API calls the page makes, as `METHOD /path`. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/client/')) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

const firstHot = async (request: Parameters<typeof apiData>[0]) =>
  (
    await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
      tag: 'hot',
      page: 1,
      size: 1,
    })
  ).records[0]!;

test('a product page shows its product from the page, then its links work', async ({
  page,
  request,
}) => {
  const product = await firstHot(request);
  const calls = apiCalls(page);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(calls).not.toContain(`GET /client/v1/products/${product.id}`);
  expect(calls).not.toContain('GET /client/v1/categories/children');
  expect(calls).not.toContain('GET /client/v1/system/company');

  // The app has taken over: a client-side navigation loads the next page's data itself.
  await appTookOver(page, 'main h1');
  await page
    .getByRole('navigation', { name: '面包屑' })
    .getByRole('link', { name: '首页' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: '热销商品' })).toBeVisible();
  await expect.poll(() => calls).toContain('POST /client/v1/products/part');
});

test('a search page shows its results from the page; paging asks the API', async ({
  page,
  request,
}) => {
  const key = '苯';
  const first = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
    key,
    brandId: null,
    page: 1,
    size: 20,
  });
  test.skip(first.total <= 20, 'needs a second page of results');
  const calls = apiCalls(page);
  await page.goto(`/search?name=${encodeURIComponent(key)}`);
  await expect(page.getByText(`共找到 ${first.total} 个商品`)).toBeVisible();
  expect(calls).not.toContain('POST /client/v1/products');

  // The pager is the app's: a click on the server's markup before takeover does nothing.
  await appTookOver(page);
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/client/v1/products',
  );
  await page.getByRole('button', { name: '下一页' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ key, page: 2 });
});

test("a member's product page asks the API for member prices", async ({ page, request }) => {
  const product = await firstHot(request);
  await loginAsDemo(page, request);
  const calls = apiCalls(page);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The server's page is the visitors' view; the app, once started, asks for the member's.
  await expect.poll(() => calls).toContain(`GET /client/v1/products/${product.id}`);
  const priced = product.materials.find((m) => m.price !== null);
  if (priced) await expect(page.getByText(priceText(priced.price)).first()).toBeVisible();
});
