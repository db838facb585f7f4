import { expect, test } from '../support/test';
import { apiData, withoutPageAnswers, type Paged, type ProductCard } from '../support/storefront';

/**
 * When the API cannot be reached, pages say that loading failed and offer 重试, never that the
 * product does not exist or that nothing was found.
 */
test.use({ viewport: { width: 1366, height: 900 } });

test('the product page offers a retry while the API is down, then shows the product', async ({
  page,
  request,
}) => {
  const list = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
    tag: 'hot',
    page: 1,
    size: 1,
  });
  const product = list.records[0]!;
  await withoutPageAnswers(page);
  await page.route(`**/client/v1/products/${product.id}`, (route) => route.abort('failed'));
  await page.goto(`/products/${product.id}`);
  const failed = page.getByRole('alert').filter({ hasText: '加载失败，请检查网络后重试' });
  await expect(failed).toBeVisible();
  await expect(page.getByText('商品不存在或已下架')).toHaveCount(0);

  await page.unroute(`**/client/v1/products/${product.id}`);
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: product.name }).first()).toBeVisible();
});

test('home product sections offer a retry while the API is down, not an empty shelf', async ({
  page,
}) => {
  await withoutPageAnswers(page);
  await page.route('**/client/v1/products/part', (route) => route.abort('failed'));
  await page.goto('/');
  for (const title of ['新品上架', '热销商品']) {
    const section = page.getByRole('region', { name: title });
    await expect(
      section.getByRole('alert').filter({ hasText: '加载失败，请检查网络后重试' }),
    ).toBeVisible();
  }
  await expect(page.getByText('暂无数据')).toHaveCount(0);

  await page.unroute('**/client/v1/products/part');
  const hot = page.getByRole('region', { name: '热销商品' });
  await hot.getByRole('button', { name: '重试' }).click();
  await expect(hot.getByRole('alert')).toHaveCount(0);
  await expect(hot.getByRole('listitem').first()).toBeVisible();
  await expect(hot.getByRole('link').filter({ hasText: /\S/ }).nth(1)).toBeVisible();
});

test('an unknown product still says it does not exist', async ({ page }) => {
  await page.goto('/products/999999999');
  await expect(page.getByText('商品不存在或已下架')).toBeVisible();
});

test('search offers a retry instead of 暂无相关 while the API is down', async ({ page }) => {
  await withoutPageAnswers(page);
  await page.route('**/client/v1/products', (route) => route.abort('failed'));
  await page.goto('/search?name=%E7%94%B2%E9%86%87');
  const failed = page.getByRole('alert').filter({ hasText: '加载失败' });
  await expect(failed).toBeVisible();
  await expect(page.getByText('暂无相关')).toHaveCount(0);
  await page.unroute('**/client/v1/products');
  await failed.getByRole('button', { name: '重试' }).click();
  await expect(page.getByText(/共找到/)).toBeVisible();
});

test('/products loads more with a button where the scroll trigger cannot fire', async ({
  page,
  request,
}) => {
  const totals = await Promise.all(
    (['hot', 'new'] as const).map(async (tag) => {
      const first = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
        tag,
        page: 1,
        size: 20,
      });
      return { tag, total: first.total };
    }),
  );
  const tag = totals.find((t) => t.total > 20);
  if (!tag) throw new Error('no product list with a second page');
  await page.addInitScript('delete window.IntersectionObserver;');
  await page.goto(`/products?tag=${tag.tag}`);
  const cards = page.getByTestId('product-grid').locator('li');
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: '加载更多' }).click();
  await expect(cards).toHaveCount(Math.min(40, tag.total));
});
