import crypto from 'node:crypto';
import { expect, test } from '../support/test';
import { call, createMember, signIn } from '../support/auth';
import { consoleLogin, staffToken, STAFF } from '../support/console';
import type { Paged, ProductCard } from '../support/storefront';

/**
 * Classes from the reference lists (docs/compliance.md section 2): a product imported by its
 * CAS alone carries every class the lists give it (高锰酸钾: 易制毒第三类 and 易制爆), the
 * console shows where each came from, and a buyer without a business licence is refused it with
 * the documents both classes need named.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('staff import 7722-64-7 and see both classes; a buyer without a licence is refused it, both documents named', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const number = `E2E-KMNO4-${tag}`;
  const name = `高锰酸钾（导入${tag}）`;

  // 1. Staff import one row with no class: the CAS decides.
  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/import');
  // The page's other upload takes a zip of safety data sheets.
  await page.locator('input[type="file"][accept=".csv,.xlsx"]').setInputFiles({
    name: 'kmno4.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        '货号,包装,中文名称,CAS号,市场价,会员价,库存-北京仓',
        `${number},500g,${name},7722-64-7,80,60,20`,
      ].join('\n'),
    ),
  });
  await page.getByRole('button', { name: '试导入' }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('新增 1 行');
  await page.getByRole('button', { name: '确认导入' }).click();
  await expect(summary).toContainText('导入完成');

  // 2. The product form shows both classes and where each came from.
  const token = await staffToken(request, STAFF.admin);
  const list = await call<{ records: { id: number; number: string }[] }>(
    request,
    'get',
    `/manage/v1/products?key=${encodeURIComponent(number)}&size=20`,
    undefined,
    token,
  );
  const product = list.records.find((r) => r.number === number);
  if (!product) throw new Error(`${number} was not imported`);
  await page.goto(`/console/products/${product.id}`);
  const classes = page.getByTestId('regulation-category');
  await expect(classes).toContainText('易制爆危险化学品');
  await expect(classes).toContainText('易制毒化学品（第三类）');
  const sources = page.getByTestId('regulation-sources');
  await expect(sources).toContainText('《易制爆危险化学品名录（2017年版）》 9.3');
  await expect(sources).toContainText('《易制毒化学品管理条例》附表（2005） 3-4');
  await expect(sources).toContainText('可信度 B');
  await expect(page.getByLabel('管制信息')).toHaveValue('易制爆危险化学品、易制毒化学品（第三类）');

  // 3. A buyer without documents is refused it: the cart names both documents, and so does the
  // order's refusal.
  const member = await createMember(request);
  const buyerToken = member.session.token;
  await call(
    request,
    'put',
    '/client/v1/user/info/basic',
    { company: `E2E名录${tag}化工有限公司`, name: '测试会员', telephone: '010-12345678' },
    buyerToken,
  );
  const found = await call<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
    key: number,
    page: 1,
    size: 20,
  });
  const card = found.records.find((p) => p.number === number);
  if (!card) throw new Error(`${number} is not on sale`);
  const { regulation } = card as unknown as { regulation: { categories: string[] } };
  expect(regulation.categories).toEqual(['explosive-precursor', 'precursor-3']);
  const pack = card.materials[0];
  if (!pack) throw new Error('the imported pack is not sold');
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 1, type: 2 },
    buyerToken,
  );

  await signIn(page, member.session, '/cart');
  const blocked = page
    .getByTestId('cart-line')
    .filter({ hasText: name })
    .getByTestId('cart-line-blocked');
  await expect(blocked).toContainText('个人不得购买');
  await expect(blocked).toContainText('营业执照');
  await expect(blocked).toContainText('第二类、第三类易制毒化学品购买备案证明');

  const refused = await request.post('/client/v1/orders', {
    headers: { Authorization: buyerToken },
    data: {
      deliveryUsername: '王五',
      deliveryPhone: '13912345678',
      deliveryRegionCode: '110000,110100,110101',
      deliveryAddress: '北京市东城区测试路 8 号',
      invoiceType: 3,
      payType: 1,
      userRemark: '',
      cartIds: [line.id],
      purposes: [{ materialId: pack.id, purpose: '水质分析' }],
    },
  });
  expect(refused.status()).toBe(400);
  const msg = ((await refused.json()) as { msg: string }).msg;
  expect(msg).toContain(name);
  expect(msg).toContain('营业执照');
  expect(msg).toContain('备案证明');
});
