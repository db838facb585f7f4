import { expect, test } from '../support/test';
import { apiData, type Paged, type ProductCard } from '../support/storefront';

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('product list', () => {
  test('loads 20 at a time near the bottom until a short page ends the list', async ({
    page,
    request,
  }) => {
    const first = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
      tag: 'hot',
      page: 1,
      size: 20,
    });
    expect(first.total).toBeGreaterThan(20);
    const pages: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/client/v1/products/part')) {
        pages.push((r.postDataJSON() as { page: number }).page);
      }
    });

    await page.goto('/products');
    await expect(page.getByRole('tab', { name: '热门' })).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByTestId('product-grid').getByRole('link');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText(first.records[0]!.name);
    await expect(page.getByText('没有更多了')).toHaveCount(0);

    const end = page.getByText('没有更多了');
    for (let loaded = 20; loaded < first.total; loaded += 20) {
      await page.mouse.wheel(0, 100_000);
      await expect(cards).toHaveCount(Math.min(loaded + 20, first.total));
    }
    await page.mouse.wheel(0, 100_000);
    await expect(end).toBeVisible();
    await expect(cards).toHaveCount(first.total);
    // The first page came inside the page itself (docs/api.md, "Answers inside the page"); the
    // others were asked in order, each once, and nothing after the short one.
    expect(pages).toEqual(
      Array.from({ length: Math.ceil((first.total + 1) / 20) - 1 }, (_, i) => i + 2),
    );
  });

  test('the 最新 tab lists new products', async ({ page, request }) => {
    const fresh = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
      tag: 'new',
      page: 1,
      size: 20,
    });
    await page.goto('/products');
    await page.getByRole('tab', { name: '最新' }).click();
    await expect(page).toHaveURL(/\/products\?tag=new$/);
    await expect(page.getByRole('tab', { name: '最新' })).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByTestId('product-grid').getByRole('link');
    await expect(cards.first()).toContainText(fresh.records[0]!.name);
    await expect(cards).toHaveCount(Math.min(20, fresh.total));
  });
});
