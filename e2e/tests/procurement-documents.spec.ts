import fs from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, toast, type Member } from '../support/auth';
import { consoleLogin, STAFF, staffToken } from '../support/console';
import type { Paged, ProductCard } from '../support/storefront';

/**
 * Lab procurement after the order (docs/procurement.md sections 2, 3 and 5): 再次购买 refills the
 * cart; finance attaches the e-fapiao and the buyer downloads it, the order confirmation and the
 * 报销材料 ZIP; staff quote a bulk inquiry directly; the company seal is uploaded in the console
 * and printed on the quote PDF.
 */
test.use({ viewport: { width: 1440, height: 900 } });

interface OrderGoods {
  name: string;
  pack: string;
  quantityPurchase: number;
}

/** A pack of the demo catalogue with a member price and units in a warehouse. */
async function pricedPack(request: APIRequestContext, token: string) {
  const list = await call<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    token,
  );
  for (const product of list.records) {
    const pack = product.materials.find(
      (m) => m.userPrice !== null && m.stocks.some((s) => s.materialCount >= 10),
    );
    if (pack && product.number) return { product, pack };
  }
  throw new Error('no priced pack with stock in the demo catalogue');
}

/**
 * An order of `quantity` units paid by bank transfer (confirmed by finance through the API),
 * asking for an ordinary VAT fapiao; answers the order's id, number and lines.
 */
async function paidOrder(request: APIRequestContext, member: Member, quantity: number) {
  const token = member.session.token;
  const { pack } = await pricedPack(request, token);
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity, type: 2 },
    token,
  );
  const { order } = await call<{ order: { id: number; number: string; amount: number } }>(
    request,
    'post',
    '/client/v1/orders',
    {
      deliveryUsername: '赵老师',
      deliveryPhone: '13912345678',
      deliveryRegionCode: '110000,110100,110108',
      deliveryAddress: '北京市海淀区颐和园路 5 号化学楼',
      invoiceType: 1,
      invoiceCompanyName: '某大学化学与分子工程学院',
      invoiceTaxpayerIdentificationNumber: '110108123456789',
      invoiceEmail: member.account,
      payType: 1,
      userRemark: '',
      cartIds: [line.id],
    },
    token,
  );
  const finance = await staffToken(request, STAFF.finance);
  await call(
    request,
    'post',
    `/manage/v1/orders/${order.id}/payment`,
    { amount: order.amount, reference: order.number },
    finance,
  );
  const detail = await call<{ goodsList: OrderGoods[] }>(
    request,
    'get',
    `/client/v1/user/orders/${order.id}`,
    undefined,
    token,
  );
  return { ...order, goods: detail.goodsList };
}

/** Clicks a download control; answers the saved bytes, the file name and the answer's type. */
async function download(page: Page, pathPart: string, click: () => Promise<void>) {
  const [file, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(pathPart)),
    click(),
  ]);
  expect(answer.status()).toBe(200);
  return {
    name: file.suggestedFilename(),
    type: answer.headers()['content-type'] ?? '',
    bytes: await fs.readFile(await file.path()),
  };
}

test('再次购买 on a past order puts its lines back in the cart', async ({ page, request }) => {
  const member = await createMember(request);
  const order = await paidOrder(request, member, 3);
  const [line] = order.goods;
  expect(line).toBeDefined();

  await signIn(page, member.session, `/order/${order.id}`);
  await expect(page.getByTestId('order-detail')).toContainText(line?.name ?? '');
  await page.getByTestId('order-reorder').click();
  await expect(toast(page, '已加入购物车 1 种商品')).toBeVisible();

  await page.goto('/cart');
  const cartLine = page.getByTestId('cart-line').filter({ hasText: line?.name ?? '' });
  await expect(cartLine).toHaveCount(1);
  await expect(cartLine).toContainText(line?.pack ?? '');
  await expect(cartLine.getByLabel('数量', { exact: true })).toHaveValue('3');
});

test('finance attaches the e-fapiao in the console; the buyer sees its number and downloads every document', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const member = await createMember(request);
  const order = await paidOrder(request, member, 2);
  const fapiaoNumber = `2411${Date.now().toString().slice(-12)}`;
  const fapiaoPdf = Buffer.from(
    '%PDF-1.4\n% e-fapiao of the journey\n1 0 obj <<>> endobj\n%%EOF\n',
  );

  const staff = await browser.newPage();
  await consoleLogin(staff, STAFF.finance);
  await staff.goto(`/console/orders/${order.id}`);
  await staff.getByRole('button', { name: '上传电子发票' }).click();
  const dialog = staff.getByRole('dialog', { name: '上传电子发票' });
  await dialog.getByLabel('发票号码').fill(fapiaoNumber);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'fapiao.pdf',
    mimeType: 'application/pdf',
    buffer: fapiaoPdf,
  });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(staff.getByText('发票已上传')).toBeVisible();
  await expect(dialog).toBeHidden();
  await staff.close();

  await signIn(page, member.session, `/order/${order.id}`);
  const detail = page.getByTestId('order-detail');
  await expect(detail).toContainText('已开票');
  await expect(detail).toContainText(fapiaoNumber);
  const documents = page.getByTestId('order-documents');

  const fapiao = await download(page, `/orders/${order.id}/fapiao`, () =>
    documents.getByRole('button', { name: '电子发票' }).click(),
  );
  expect(fapiao.type).toBe('application/pdf');
  expect(fapiao.bytes.equals(fapiaoPdf)).toBe(true);

  const confirmation = await download(page, '/documents/confirmation', () =>
    documents.getByRole('button', { name: '订单确认单' }).click(),
  );
  expect(confirmation.name).toBe(`订单确认单-${order.number}.pdf`);
  expect(confirmation.type).toBe('application/pdf');
  expect(confirmation.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The CJK font subset makes a real document well over a few kilobytes.
  expect(confirmation.bytes.length).toBeGreaterThan(5_000);

  const zip = await download(page, '/documents/reimbursement', () =>
    documents.getByRole('button', { name: '报销材料（ZIP）' }).click(),
  );
  expect(zip.name).toMatch(/\.zip$/);
  expect(zip.type).toBe('application/zip');
  expect(zip.bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  // Entry names are stored in UTF-8: the confirmation and the fapiao are in the archive.
  expect(zip.bytes.includes(Buffer.from('订单确认单'))).toBe(true);
  expect(zip.bytes.includes(Buffer.from(fapiaoNumber))).toBe(true);
});

test('staff make a priced quote straight from a bulk inquiry; the buyer sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(request);
  const token = member.session.token;
  const { product, pack } = await pricedPack(request, token);
  const contact = `询价${Date.now().toString().slice(-6)}`;
  await call(
    request,
    'post',
    '/client/v1/bulk-inquiry',
    {
      contact,
      phone: '13912345678',
      email: member.account,
      company: '某研究所分析测试中心',
      content: `${product.number} ${pack.pack} 需要 12 个，请报价`,
    },
    token,
  );

  await consoleLogin(page, STAFF.operator);
  await page.goto('/console/inbox?kind=inquiries');
  const row = page.getByRole('row').filter({ hasText: contact });
  await row.getByRole('button', { name: '生成报价' }).click();
  const dialog = page.getByRole('dialog', { name: '生成报价' });
  await expect(dialog).toContainText(`${product.number} ${pack.pack} 需要 12 个`);
  await expect(dialog).toContainText('询价会员');

  await dialog.getByLabel('添加商品').fill(product.number);
  const quantity = dialog.getByLabel(`${product.number} ${pack.pack} 数量`);
  // The options are replaced when a later search answers; a click on a replaced one is lost,
  // as a person would see and click again.
  const option = page
    .locator('.ant-select-item-option')
    .filter({ hasText: `${product.number} ${product.name} ${pack.pack}（` });
  await expect(async () => {
    if (!(await quantity.isVisible())) await option.click({ timeout: 5_000 });
    await expect(quantity).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 40_000 });
  await quantity.fill('12');
  await dialog.getByLabel(`${product.number} ${pack.pack} 报价单价`).fill('9.5');
  await expect(dialog).toContainText('商品合计：¥114.00');
  await dialog.getByLabel('报价备注').fill('批量价，含税');
  await dialog.getByRole('button', { name: '生成报价' }).click();

  await expect(page).toHaveURL(/\/console\/quotes\/\d+$/);
  const quoteId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText('已报价', { exact: true })).toBeVisible();
  await expect(page.getByText(/批量询价 #\d+/)).toBeVisible();
  await expect(page.getByRole('cell', { name: pack.pack, exact: true })).toBeVisible();

  const quote = await call<{ status: string; goodsAmount: number; staffRemark: string }>(
    request,
    'get',
    `/client/v1/quotes/${quoteId}`,
    undefined,
    token,
  );
  expect(quote).toMatchObject({ status: 'quoted', goodsAmount: 114, staffRemark: '批量价，含税' });
});

test('the company seal is uploaded in the settings and printed on quote PDFs', async ({
  page,
  request,
}) => {
  // A 1×1 PNG and a 1×1 GIF.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');

  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/settings?tab=seal');
  await expect(page.getByRole('tab', { name: '公司印章', selected: true })).toBeVisible();
  const input = page.locator('input[type=file]');
  await input.setInputFiles({ name: 'seal.gif', mimeType: 'image/gif', buffer: gif });
  await expect(page.getByText('印章图片须为 PNG 或 JPEG 格式')).toBeVisible();

  await input.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('变更已提交，须由另一位财务或管理员确认后生效')).toBeVisible();
  // The seal is money routing: it is printed once another finance or admin member confirms it.
  const pending = page.getByRole('alert').filter({ hasText: '公司印章有一项待确认的变更' });
  await expect(pending.getByRole('img', { name: '印章' })).toHaveAttribute(
    'src',
    /^\/files\/uploads\/.+\.png$/,
  );
  const finance = await staffToken(request, STAFF.finance);
  const changes = await call<Array<{ id: number; status: string }>>(
    request,
    'get',
    '/manage/v1/settings/changes?key=seal',
    undefined,
    finance,
  );
  const proposed = changes.find((c) => c.status === 'pending')!;
  await call(
    request,
    'post',
    `/manage/v1/settings/changes/${proposed.id}/confirm`,
    undefined,
    finance,
  );
  await page.reload();
  await expect(pending).toHaveCount(0);
  const image = page.getByRole('img', { name: '公司印章' });
  await expect(image).toHaveAttribute('src', /^\/files\/uploads\/.+\.png$/);
  await expect(page.getByRole('button', { name: '更换印章' })).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  const served = await request.get(src);
  expect(served.status()).toBe(200);
  expect((await served.body()).equals(png)).toBe(true);

  // The seal is printed at the seller's signature of a priced quote PDF.
  const member = await createMember(request);
  const { pack } = await pricedPack(request, member.session.token);
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 1, type: 2 },
    member.session.token,
  );
  const { id } = await call<{ id: number }>(
    request,
    'post',
    '/client/v1/quotes',
    { cartIds: [line.id], remark: '' },
    member.session.token,
  );
  const quotePdf = async () => {
    const pdf = await request.get(`/client/v1/quotes/${id}/pdf`, {
      headers: { Authorization: member.session.token },
    });
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    return (await pdf.body()).toString('latin1');
  };
  // A quote still 待报价 is no offer: it is not sealed until staff price it.
  expect(await quotePdf()).not.toContain('/Subtype /Image');
  const quote = await call<{ lines: Array<{ id: number }> }>(
    request,
    'get',
    `/client/v1/quotes/${id}`,
    undefined,
    member.session.token,
  );
  const operator = await staffToken(request, STAFF.operator);
  await call(
    request,
    'put',
    `/manage/v1/quotes/${id}`,
    {
      lines: quote.lines.map((l) => ({ id: l.id, unitPrice: 10 })),
      validUntil: Date.now() + 30 * 24 * 60 * 60 * 1000,
      remark: '',
    },
    operator,
  );
  expect(await quotePdf()).toContain('/Subtype /Image');
});
