import { expect, test } from '../support/test';
import {
  apiData,
  loginAsDemo,
  priceText,
  stockText,
  urlEndsWith,
  type Paged,
  type ProductCard,
  type ProductDetail,
} from '../support/storefront';

test.use({ viewport: { width: 1366, height: 900 } });

/** A lot of the demo catalogue that has a certificate of analysis. */
const COA_SAMPLE = { productNumber: 'YF16001', lotNumber: '20250815' };

/** A demo product with related products and extra attributes, as a visitor sees it. */
async function richProduct(request: Parameters<typeof apiData>[0]) {
  const part = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products/part', {
    tag: 'hot',
    page: 1,
    size: 40,
  });
  for (const card of part.records) {
    const detail = await apiData<ProductDetail>(request, 'get', `/client/v1/products/${card.id}`);
    if (detail.relationItems.length > 0 && detail.summary && detail.attributes.length > 2)
      return detail;
  }
  throw new Error('no demo product with related products, summary and attributes');
}

test.describe('product page', () => {
  test('on a phone, 商品详情 and 相关产品 come with the page and their code only when scrolled to', async ({
    page,
    request,
  }) => {
    const product = await richProduct(request);
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const deferredCode = () => scripts.filter((u) => /product-detail-more/.test(u));
    await page.goto(`/products/${product.id}`);
    await page.waitForLoadState('networkidle');

    // The server's markup is there, below the screen, neither hydrated nor its code loaded.
    const related = page.getByRole('region', { name: '相关产品' });
    const firstLink = related.getByRole('link').first();
    const hydrated = () =>
      firstLink.evaluate((el: object) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
    await expect(related.getByRole('link')).toHaveCount(product.relationItems.length);
    await expect(page.getByTestId('product-facts')).toContainText(product.cas);
    expect(deferredCode()).toEqual([]);
    expect(await hydrated()).toBe(false);

    // Scrolled to, it loads and is hydrated: a related product opens in the app, no new page.
    await page.evaluate('window.__samePage = true');
    await related.scrollIntoViewIfNeeded();
    await expect.poll(() => deferredCode().length).toBe(1);
    await expect.poll(hydrated).toBe(true);
    const target = product.relationItems[0]!;
    await firstLink.click();
    await expect(page).toHaveURL(new RegExp(`/products/${target.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);
    expect(await page.evaluate('window.__samePage')).toBe(true);
  });

  test('shows breadcrumb, names, facts, pack sizes, related products and page meta', async ({
    page,
    request,
  }) => {
    const product = await richProduct(request);
    await page.goto(`/products/${product.id}`);

    const crumbs = page.getByRole('navigation', { name: '面包屑' });
    await expect(crumbs).toHaveText(`首页>${product.categoryTitle}>${product.name}`);
    await expect(crumbs.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    if (product.nameEn) await expect(page.getByText(product.nameEn).first()).toBeVisible();

    const attrs = page.getByTestId('product-attributes');
    await expect(attrs).toContainText(`CAS号${product.cas || '--'}`);
    await expect(attrs).toContainText(`货号${product.number}`);
    await expect(attrs).toContainText(`品牌${product.brandName || '--'}`);

    const rows = page.getByTestId('pack-table').locator('tbody tr');
    await expect(rows).toHaveCount(product.materials.length);
    for (const [i, m] of product.materials.entries()) {
      await expect(rows.nth(i)).toContainText(m.pack);
      await expect(rows.nth(i)).toContainText(stockText(m, 'product'));
      await expect(rows.nth(i)).toContainText(priceText(m.price));
      await expect(rows.nth(i).getByRole('link', { name: '登录查看' })).toHaveAttribute(
        'href',
        `/login?redirect=${encodeURIComponent(`/products/${product.id}`)}`,
      );
    }

    // Extra attributes come from the JSON attributes text.
    const extra = Object.entries(JSON.parse(product.attributes) as Record<string, unknown>).filter(
      ([, v]) => typeof v === 'string' && v.trim(),
    );
    expect(extra.length).toBeGreaterThan(0);
    const facts = page.getByTestId('product-facts');
    for (const [label, value] of extra) {
      await expect(facts).toContainText(`${label}${String(value).trim()}`);
    }

    await expect(page).toHaveTitle(
      new RegExp(`^${product.name.replace(/[()[\]\\.*+?^$|{}]/g, '\\$&')}`),
    );
    await expect(page.locator('meta[name=description]')).toHaveAttribute(
      'content',
      product.summary,
    );

    const related = page.getByRole('region', { name: '相关产品' });
    await expect(related.getByRole('link')).toHaveCount(product.relationItems.length);
    const target = product.relationItems[0]!;
    await related.getByRole('link').first().click();
    await expect(page).toHaveURL(urlEndsWith(`/products/${target.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);

    // Visitors have no browsing history panel.
    await expect(page.getByRole('region', { name: '浏览历史' })).toHaveCount(0);
  });

  test('COA dialog asks for a lot number and lists certificates or says none were found', async ({
    page,
    request,
  }) => {
    const product = await richProduct(request);
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'COA 查询' }).click();
    const dialog = page.getByRole('dialog', { name: 'COA 分析证书查询' });
    await expect(dialog).toContainText(product.number);

    await dialog.getByRole('button', { name: '查询' }).click();
    await expect(page.getByText('请输入批号')).toBeVisible();

    const sent = page.waitForRequest((r) => r.url().endsWith('/yifanglab-client/v1/coa'));
    await dialog.getByRole('textbox', { name: '批号' }).fill('NOLOT000');
    await dialog.getByRole('button', { name: '查询' }).click();
    expect((await sent).postDataJSON()).toEqual({
      productNumber: product.number,
      lotNumber: 'NOLOT000',
    });
    await expect(dialog.getByText('未查询到相关分析证书。')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('COA dialog lists a certificate with its download link', async ({ page, request }) => {
    const known = await apiData<Array<{ name: string; url: string }>>(
      request,
      'post',
      '/yifanglab-client/v1/coa',
      COA_SAMPLE,
    );
    expect(known.length).toBeGreaterThan(0);
    const found = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
      key: COA_SAMPLE.productNumber,
      page: 1,
      size: 20,
    });
    const product = found.records.find((p) => p.number === COA_SAMPLE.productNumber)!;
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'COA 查询' }).click();
    const dialog = page.getByRole('dialog', { name: 'COA 分析证书查询' });
    await dialog.getByRole('textbox', { name: '批号' }).fill(COA_SAMPLE.lotNumber);
    await dialog.getByRole('textbox', { name: '批号' }).press('Enter');
    const download = dialog.getByRole('link', { name: '下载' });
    await expect(download).toHaveCount(known.length);
    // Certificate links are signed per lookup, so the dialog's own link is the one to fetch.
    await expect(download.first()).toHaveAttribute('href', /\/coa\/file\?token=/);
    await expect(dialog).toContainText(known[0]!.name);
    const pdf = await request.get((await download.first().getAttribute('href'))!);
    expect(pdf.ok()).toBe(true);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
  });

  test('members see member prices and their browsing history', async ({ page, request }) => {
    const token = await loginAsDemo(page, request);
    const product = await richProduct(request);
    const other = product.relationItems[0]!;
    const memberView = await apiData<ProductDetail>(
      request,
      'get',
      `/client/v1/products/${product.id}`,
      undefined,
      token,
    );

    // The server's first view is anonymous; the view is recorded by the member's own call, made
    // once the app takes over, so the journey waits for that call before it moves on.
    const viewed = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/client/v1/products/${other.id}` && r.ok(),
    );
    await page.goto(`/products/${other.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.name);
    await viewed;
    await page.goto(`/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);

    const rows = page.getByTestId('pack-table').locator('tbody tr');
    for (const [i, m] of memberView.materials.entries()) {
      await expect(rows.nth(i)).toContainText(priceText(m.userPrice));
      await expect(rows.nth(i).getByRole('link', { name: '登录查看' })).toHaveCount(0);
    }

    const history = page.getByRole('region', { name: '浏览历史' });
    await expect(history.getByRole('link', { name: new RegExp(other.name) })).toBeVisible();
    expect(await history.getByRole('link').count()).toBeLessThanOrEqual(8);
  });

  test('an unknown product says so', async ({ page }) => {
    await page.goto('/products/987654321');
    await expect(page.getByText('商品不存在或已下架')).toBeVisible();
  });
});
