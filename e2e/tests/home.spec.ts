import { expect, test } from '../support/test';
import {
  apiData,
  appTookOver,
  urlEndsWith,
  type Category,
  type Paged,
  type ProductCard,
} from '../support/storefront';

interface Banner {
  id: number;
  title: string;
  img: string;
  url: string;
}

const STANDARDS = [
  '药品标准品',
  '食品检测标准品',
  '农药残留标准品',
  '兽药标准品',
  '日化标准品',
  '环境标准品',
  '天然提取物标准品',
];

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('home page', () => {
  test('banner carousel rotates every 8 s, follows the indicators and opens links in a new tab', async ({
    page,
    request,
  }) => {
    const banners = await apiData<Banner[]>(
      request,
      'get',
      '/client/v1/links?cid=yifanglabbanner&size=1000',
    );
    expect(banners.length).toBeGreaterThan(1);
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: '广告横幅' });
    const slides = carousel.locator('[data-active]');
    await expect(slides).toHaveCount(banners.length);
    const active = carousel.locator('[data-active="true"]');
    await expect(active.getByRole('img')).toHaveAttribute('alt', banners[0]!.title);

    await page.clock.runFor(8000);
    await expect(active.getByRole('img')).toHaveAttribute('alt', banners[1]!.title);

    const last = banners.length - 1;
    await carousel.getByRole('button', { name: `第 ${last + 1} 张` }).click();
    await expect(active.getByRole('img')).toHaveAttribute('alt', banners[last]!.title);
    await expect(carousel.getByRole('button', { name: `第 ${last + 1} 张` })).toHaveAttribute(
      'aria-current',
      'true',
    );

    const linked = banners.findIndex((b) => b.url);
    expect(linked).toBeGreaterThanOrEqual(0);
    await carousel.getByRole('button', { name: `第 ${linked + 1} 张` }).click();
    const link = active.getByRole('link');
    await expect(link).toHaveAttribute('href', banners[linked]!.url);
    await expect(link).toHaveAttribute('target', '_blank');
  });

  test('seven standards tiles lead to the search for their title', async ({ page, request }) => {
    const top = await apiData<Category[]>(request, 'get', '/client/v1/categories/children?pid=0');
    const standards = top.find((c) => c.title === '标准品');
    const children = standards
      ? await apiData<Category[]>(
          request,
          'get',
          `/client/v1/categories/children?pid=${standards.id}`,
        )
      : [];
    const expected = children.length ? children.slice(0, 7).map((c) => c.title) : STANDARDS;

    await page.goto('/');
    const tiles = page.getByRole('region', { name: /标准品分类/ }).getByRole('link');
    await expect(tiles).toHaveText(expected);
    await tiles.filter({ hasText: expected[2]! }).click();
    await expect(page).toHaveURL(urlEndsWith(`/search?name=${encodeURIComponent(expected[2]!)}`));
    await expect(page.getByRole('searchbox', { name: '搜索商品' })).toHaveValue(expected[2]!);
  });

  for (const [tag, title] of [
    ['new', '新品上架'],
    ['hot', '热销商品'],
  ] as const) {
    test(`${title} carousel shows ten products and shifts 250 px per click`, async ({
      page,
      request,
    }) => {
      const part = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
        tag,
        page: 1,
        size: 10,
      });
      expect(part.records.length).toBe(10);
      await page.goto('/');
      // The server's markup shows the carousel at once; its buttons work once the app has it.
      await appTookOver(page, `[data-testid="carousel-track-${tag}"]`);
      const section = page.getByRole('region', { name: new RegExp(title) });
      const track = page.getByTestId(`carousel-track-${tag}`);
      await expect(track.getByRole('link')).toHaveCount(10);
      await expect(track.getByRole('link').first()).toContainText(part.records[0]!.name);
      const prev = section.getByRole('button', { name: '上一个' });
      const next = section.getByRole('button', { name: '下一个' });
      await expect(prev).toBeDisabled();

      await next.click();
      await expect(track).toHaveCSS('transform', 'matrix(1, 0, 0, 1, -250, 0)');
      await next.click();
      await expect(track).toHaveCSS('transform', 'matrix(1, 0, 0, 1, -500, 0)');
      await prev.click();
      await expect(track).toHaveCSS('transform', 'matrix(1, 0, 0, 1, -250, 0)');

      // Five of ten are visible on a desktop screen, so five clicks reach the end.
      for (let i = 0; i < 4; i++) await next.click();
      await expect(next).toBeDisabled();
      await expect(track).toHaveCSS('transform', 'matrix(1, 0, 0, 1, -1250, 0)');

      await track.getByRole('link').last().click();
      await expect(page).toHaveURL(urlEndsWith(`/products/${part.records[9]!.id}`));
    });
  }

  test('advantages section', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: '我们的优势' });
    await expect(section.getByRole('listitem')).toHaveCount(4);
  });
});
