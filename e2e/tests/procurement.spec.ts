import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, type Member } from '../support/auth';
import { consoleLogin, STAFF } from '../support/console';
import type { Paged, ProductCard } from '../support/storefront';

/**
 * Lab procurement (docs/procurement.md): a pasted list becomes cart lines; a cart becomes a
 * quote that staff price in the console; the buyer downloads the quote PDF and orders at the
 * quoted prices, then downloads the order confirmation.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** A product of the demo catalogue with a pack at a member price. */
async function pricedProduct(request: APIRequestContext, member: Member) {
  const list = await call<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    member.session.token,
  );
  for (const p of list.records) {
    const pack = p.materials.find((m) => m.userPrice !== null);
    if (pack && p.number) return { product: p, pack };
  }
  throw new Error('no priced product in the demo catalogue');
}

test('a pasted list is checked line by line and its good lines go to the cart', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const { product, pack } = await pricedProduct(request, member);
  await signIn(page, member.session, '/cart');
  await page.getByRole('link', { name: '快速下单' }).first().click();
  await expect(page).toHaveURL(/\/quick-order$/);

  await page
    .getByLabel('粘贴商品清单')
    .fill(`货号或CAS\t包装\t数量\n${product.number}\t${pack.pack}\t2\nNOPE-404\t1mL\t1`);
  await page.getByRole('button', { name: '识别商品' }).click();
  const preview = page.getByTestId('quick-preview');
  await expect(preview.getByRole('row')).toHaveCount(3);
  await expect(preview.getByRole('row').nth(1)).toContainText(product.name);
  await expect(preview.getByRole('row').nth(1)).toContainText('可加入');
  await expect(preview.getByRole('row').nth(2)).toContainText('未找到该货号或CAS');

  await page.getByRole('button', { name: '加入购物车（1 种）' }).click();
  const result = page.getByTestId('quick-result');
  await expect(result).toContainText('已加入购物车 1 种商品');
  await expect(result).toContainText('第 3 行：未找到该货号或CAS');
  await result.getByRole('link', { name: '去购物车结算' }).click();
  const line = page.getByTestId('cart-line').filter({ hasText: product.name });
  await expect(line).toHaveCount(1);
  await expect(line.getByLabel('数量', { exact: true })).toHaveValue('2');
});

test('a cart becomes a quote priced in the console; the buyer downloads it and orders at its prices', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const member = await createMember(request);
  const token = member.session.token;
  const { product, pack } = await pricedProduct(request, member);
  await call(
    request,
    'post',
    '/client/v1/user/address',
    {
      name: '李老师',
      phone: '13700001111',
      region: JSON.stringify({
        province: { key: '110000', value: '北京市' },
        city: { key: '110100', value: '北京市' },
        area: { key: '110108', value: '海淀区' },
      }),
      address: '颐和园路 5 号化学楼',
    },
    token,
  );
  await call(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 10, type: 2 },
    token,
  );

  await signIn(page, member.session, '/cart');
  await page.getByRole('checkbox', { name: '全选' }).first().click();
  await page.getByTestId('cart-quote').click();
  await expect(page).toHaveURL(/\/quote\/\d+$/);
  const quoteId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('quote-detail')).toContainText('待报价');

  const staff = await browser.newPage();
  await consoleLogin(staff, STAFF.admin);
  await staff.goto('/console/quotes');
  await staff.getByRole('link', { name: '报价', exact: true }).first().waitFor();
  await staff.goto(`/console/quotes/${quoteId}`);
  await staff.getByLabel(`${product.number} ${pack.pack} 报价单价`).fill('88.5');
  await expect(staff.getByText(/折（优惠|加价|原价/)).toBeVisible();
  await staff.getByLabel('报价备注').fill('含税含运费，现货');
  await staff.getByRole('button', { name: '提交报价' }).click();
  await expect(staff.getByText('已报价', { exact: true })).toBeVisible();
  await staff.close();

  await page.reload();
  await expect(page.getByTestId('quote-amount')).toHaveText('￥905.00');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载报价单 PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^报价单-BJ\d+\.pdf$/);
  const bytes = await fs.readFile(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: '按报价提交订单' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const detail = page.getByTestId('order-detail');
  await expect(detail).toContainText(product.name);
  await expect(detail).toContainText('905.00');
  const [confirmation] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('order-documents').getByRole('button', { name: '订单确认单' }).click(),
  ]);
  expect(confirmation.suggestedFilename()).toMatch(/^订单确认单-\d+\.pdf$/);

  await page.goto(`/quote/${quoteId}`);
  await expect(page.getByTestId('quote-detail')).toContainText('已下单');
  await expect(page.getByRole('button', { name: '按报价提交订单' })).toHaveCount(0);
});
