import { expect, test } from '../support/test';
import {
  apiData,
  appTookOver,
  horizontalOverflow,
  storageItem,
  type Category,
  type Paged,
  type ProductCard,
} from '../support/storefront';

test.describe('main layout', () => {
  test('top bar, header and certificate badges', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByText('400-185-8866')).toBeVisible();
    await expect(header.getByRole('link', { name: '批量询价' })).toHaveAttribute(
      'href',
      '/bulk-inquiry',
    );
    await expect(header.getByRole('link', { name: '登录' })).toBeVisible();
    const badges = header.getByRole('link', { name: /ISO 17034:2016/ });
    await expect(badges).toHaveAttribute('href', '/article/certificate');
    await expect(badges).toContainText('ISO 9001:2015');
    await expect(header.getByRole('searchbox', { name: '搜索商品' })).toHaveAttribute(
      'placeholder',
      '名称 / 货号 / CAS号',
    );
    await expect(header.getByRole('link', { name: /购物车/ })).toBeVisible();
  });

  test('navigation lists 首页 and the top categories and remembers the chosen one', async ({
    page,
    request,
  }) => {
    const top = await apiData<Category[]>(request, 'get', '/client/v1/categories/children?pid=0');
    expect(top.length).toBeGreaterThan(1);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    const items = nav.getByRole('link');
    await expect(items).toHaveText(['首页', ...top.map((c) => c.title)]);
    await expect(nav.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');

    const target = top.find((c) => c.url.startsWith('/') && c.url !== '/') ?? top[0]!;
    // Before the app takes over the server's page, a link is a plain page load.
    await appTookOver(page, 'nav[aria-label="主导航"] a');
    await nav.getByRole('link', { name: target.title, exact: true }).click();
    await expect(nav.getByRole('link', { name: target.title, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await storageItem(page, 'activeId')).toBe(String(target.id));
  });

  test('footer promises, help links, contact details, QR code and legal line', async ({
    page,
    request,
  }) => {
    const company = await apiData<{ name: string; tel: string; email: string; address: string }>(
      request,
      'get',
      '/client/v1/system/company',
    );
    await page.goto('/');
    const footer = page.locator('footer');
    for (const promise of ['品类齐全', '正品保证', '多仓发货']) {
      await expect(footer.getByText(promise, { exact: true })).toBeVisible();
    }
    const links: Array<[string, string]> = [
      ['注册登录', '/article/registerlogin'],
      ['商品订购', '/article/productorder'],
      ['配送发货', '/article/distributionshipping'],
      ['COA 下载', '/certificate'],
      ['公司简介', '/about'],
      ['资质证书', '/article/certificate'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const section of ['购物指南', '下载中心', '关于我们', '联系我们']) {
      await expect(footer.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(footer.getByTestId('company-电话')).toHaveText(company.tel || '--');
    await expect(footer.getByTestId('company-邮箱')).toHaveText(company.email || '--');
    await expect(footer.getByTestId('company-地址')).toHaveText(company.address || '--');

    const qr = footer.getByRole('img', { name: '官方公众号二维码' });
    await qr.scrollIntoViewIfNeeded();
    await expect
      .poll(() => qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await expect(footer.getByText(/Copyright ©/)).toBeVisible();
    await expect(footer.getByText(/^京ICP备\d+号/)).toBeVisible();
    await expect(footer.getByText('危险化学品经营许可证')).toBeVisible();
    await expect(footer.getByText('营业执照')).toBeVisible();
  });

  test('floating customer service offers the hotline and the message form', async ({ page }) => {
    await page.goto('/');
    const service = page.getByRole('complementary', { name: '在线客服' });
    await expect(service.getByRole('link', { name: /客服/ })).toHaveAttribute(
      'href',
      'tel:4001858866',
    );
    await service.getByRole('link', { name: /留言/ }).click();
    await expect(page).toHaveURL(/\/about#message$/);
  });

  test('a 390 px screen never scrolls sideways on home, search and product pages', async ({
    browser,
    request,
  }) => {
    const part = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
      tag: 'hot',
      page: 1,
      size: 1,
    });
    const product = part.records[0]!;
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    for (const path of [
      '/',
      `/search?name=${encodeURIComponent(product.name)}`,
      `/products/${product.id}`,
    ]) {
      await page.goto(path);
      await expect(page.locator('footer')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate<number>('document.documentElement.scrollWidth'),
        path,
      ).toBeLessThanOrEqual(390);
      expect(await horizontalOverflow(page), path).toBe(0);
    }
    // The navigation scrolls inside itself instead of widening the page.
    const nav = page.getByRole('navigation', { name: '主导航' }).getByRole('list');
    const widths = await nav.evaluate((ul) => {
      const el = ul as unknown as { scrollWidth: number; clientWidth: number };
      return { scroll: el.scrollWidth, client: el.clientWidth };
    });
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await context.close();
  });
});
