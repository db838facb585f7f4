import fs from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, type Member } from '../support/auth';
import { consoleLogin, STAFF, staffToken } from '../support/console';
import { addCampusAddress, type Paged, type ProductCard } from '../support/storefront';
import { pdfText } from '../support/pdf';

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
  await addCampusAddress(request, token, '李老师');
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

test('a buyer with a 增值税专用发票 profile orders from a quote; the quoted line leaves the cart and the confirmation names the unit and the full address', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(request);
  const token = member.session.token;
  const { pack } = await pricedProduct(request, member);
  await call(
    request,
    'post',
    '/client/v1/user/address',
    {
      name: '王老师',
      phone: '13700002222',
      region: JSON.stringify({
        province: { key: '440000', value: '广东省' },
        city: { key: '440300', value: '深圳市' },
        area: { key: '440305', value: '南山区' },
      }),
      address: '科技园南区 8 栋 301',
      isDefault: true,
    },
    token,
  );
  await call(
    request,
    'put',
    '/client/v1/user/invoice',
    {
      invoiceType: 2,
      invoiceHeader: 'E2E 检测中心',
      invoiceEmail: 'fin@example.cn',
      taxpayerNumber: '91110000123456789Q',
      registerAddress: '深圳市南山区科技园南区 8 栋',
      registerTelephone: '0755-86000000',
      bankName: '招商银行深圳分行',
      bankAccount: '755900000000001',
    },
    token,
  );
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 2, type: 2 },
    token,
  );
  const { id } = await call<{ id: number }>(
    request,
    'post',
    '/client/v1/quotes',
    { cartIds: [line.id], remark: '' },
    token,
  );
  const quote = await call<{ lines: Array<{ id: number }> }>(
    request,
    'get',
    `/client/v1/quotes/${id}`,
    undefined,
    token,
  );
  await call(
    request,
    'put',
    `/manage/v1/quotes/${id}`,
    {
      lines: quote.lines.map((l) => ({ id: l.id, unitPrice: 50 })),
      validUntil: Date.now() + 30 * 24 * 60 * 60 * 1000,
      remark: '',
    },
    await staffToken(request, STAFF.operator),
  );

  await signIn(page, member.session, `/quote/${id}`);
  await expect(page.getByTestId('quote-order')).toContainText('增值税专用发票（E2E 检测中心）');
  await page.getByRole('button', { name: '按报价提交订单' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  const order = await call<{ invoiceType: number; invoiceCompanyName: string }>(
    request,
    'get',
    `/client/v1/user/orders/${orderId}`,
    undefined,
    token,
  );
  expect(order).toMatchObject({ invoiceType: 2, invoiceCompanyName: 'E2E 检测中心' });
  // The quoted pack left the cart with the order.
  expect(await call<unknown[]>(request, 'get', '/client/v1/cart', undefined, token)).toEqual([]);

  const [confirmation] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('order-documents').getByRole('button', { name: '订单确认单' }).click(),
  ]);
  const text = (await pdfText(await fs.readFile(await confirmation.path()))).replace(/\s+/g, '');
  expect(text).toContain('单位名称：E2E检测中心');
  expect(text).toContain('收货地址：广东省深圳市南山区科技园南区8栋301');
});
