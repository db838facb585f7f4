import { expect, test } from '../support/test';
import { consoleLogin, staffToken, STAFF } from '../support/console';
import { apiData, type Paged, type ProductCard } from '../support/storefront';

/**
 * Safety data sheets (docs/safety.md): staff upload a new Chinese version of a hazardous
 * product's SDS in the product form; the product page and the search card link it at once, the
 * old version stays downloadable, and the warehouse prints the product's safety label.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** A one-page PDF of a few bytes: the shop checks the first bytes, never parses it. */
const SHEET = Buffer.from('%PDF-1.4\n% 乙腈 安全技术说明书 2.0 版（测试）\n%%EOF\n');

test('staff upload a new SDS version; the product page and the search card link it', async ({
  page,
  request,
}) => {
  const found = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
    key: '乙腈',
    page: 1,
    size: 50,
  });
  const product = found.records.find((p) => p.name === '乙腈');
  if (!product) throw new Error('the demo has no 乙腈');

  await consoleLogin(page, STAFF.admin);
  await page.goto(`/console/products/${product.id}`);
  const section = page.getByTestId('sds-section');
  // The demo's own sheet, version 1.0, is current.
  await expect(section.getByRole('row').filter({ hasText: '当前版本' })).toContainText('1.0');
  await section.getByLabel('版本号').fill('2.0');
  const date = section.getByPlaceholder('YYYY-MM-DD');
  await date.click();
  await date.fill('2025-06-01');
  await date.press('Enter');
  await section.locator('input[type="file"]').setInputFiles({
    name: '乙腈SDS.pdf',
    mimeType: 'application/pdf',
    buffer: SHEET,
  });
  await section.getByRole('button', { name: '上传新版本' }).click();
  await expect(page.getByText('安全技术说明书已上传')).toBeVisible();
  await expect(section.getByRole('row').filter({ hasText: '当前版本' })).toContainText('2.0');
  await expect(section.getByRole('row').filter({ hasText: '已被新版本取代' })).toContainText('1.0');
  await section.screenshot({ path: test.info().outputPath('console-sds-section.png') });

  await page.goto(`/products/${product.id}`);
  const link = page.getByTestId('sds-links').getByRole('link', { name: '中文 SDS（2.0 版）' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toBe(`/client/v1/products/${product.id}/sds/zh/2.0`);
  const file = await request.get(href);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).equals(SHEET)).toBe(true);
  const old = await request.get(`/client/v1/products/${product.id}/sds/zh/1.0`);
  expect(old.status()).toBe(200);
  expect((await old.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.goto(`/search?name=${encodeURIComponent('乙腈')}`);
  const card = page.getByTestId('search-result').filter({ has: page.locator(`a[href="${href}"]`) });
  await expect(card.first()).toBeVisible();
  await card.first().screenshot({ path: test.info().outputPath('search-card-sds.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/products/${product.id}`);
  await page.getByTestId('sds-links').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('sds-links')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('product-sds-390.png'), fullPage: false });
});

test('the warehouse prints a hazardous pack’s safety label with its lot', async ({ request }) => {
  const found = await apiData<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
    key: '乙醚',
    page: 1,
    size: 50,
  });
  const ether = found.records.find((p) => p.name === '乙醚');
  const pack = ether?.materials[0];
  if (!ether || !pack) throw new Error('the demo has no 乙醚');
  const token = await staffToken(request, STAFF.warehouse);
  const label = await request.get(
    `/manage/v1/products/${ether.id}/label?materialId=${pack.id}&lotNumber=L20250301`,
    { headers: { Authorization: token } },
  );
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toBe('application/pdf');
  expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
