import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn } from '../support/auth';
import { chooseOption, consoleLogin, STAFF, staffToken } from '../support/console';
import type { Paged, ProductCard } from '../support/storefront';

/**
 * Lots and expiry (docs/lots.md): the warehouse receives a new lot of a stocked pack through the
 * receipt screen (入库单), ships a member's paid order of that pack naming the lot in the ship
 * dialog, and the lot's recall list names the order; the buyer's order detail shows the lot
 * number and its expiry.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A priced pack of the demo catalogue with units in a warehouse: the product, pack and warehouse. */
async function stockedPack(request: APIRequestContext, token: string) {
  const list = await call<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    token,
  );
  for (const product of list.records) {
    for (const pack of product.materials) {
      const store = pack.stocks.find((s) => s.materialCount >= 5);
      if (pack.userPrice !== null && store && product.number) return { product, pack, store };
    }
  }
  throw new Error('no priced pack with stock in the demo catalogue');
}

/** An order of `quantity` units of the pack, paid by bank transfer and confirmed by finance. */
async function paidOrder(
  request: APIRequestContext,
  token: string,
  materialId: number,
  quantity: number,
) {
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId, quantity, type: 2 },
    token,
  );
  const { order } = await call<{ order: { id: number; number: string; amount: number } }>(
    request,
    'post',
    '/client/v1/orders',
    {
      deliveryUsername: '钱老师',
      deliveryPhone: '13912345678',
      deliveryRegionCode: '110000,110100,110108',
      deliveryAddress: '北京市海淀区中关村北一街 2 号',
      invoiceType: 3,
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
  return order;
}

test('the warehouse receives a lot, ships it by name and files its certificate; the buyer sees the lot, its expiry and certificate', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const member = await createMember(request);
  const { product, pack, store } = await stockedPack(request, member.session.token);
  const lot = `E2E${Date.now().toString().slice(-9)}`;
  const expiry = new Date();
  expiry.setFullYear(expiry.getFullYear() + 2);
  const expire = expiry.toISOString().slice(0, 10);

  // 1. 入库单: the new lot into the warehouse that stocks the pack.
  const staff = await browser.newPage();
  await consoleLogin(staff, STAFF.warehouse);
  await staff.goto('/console/stock');
  await staff.getByRole('button', { name: '入库' }).click();
  await expect(staff).toHaveURL(/\/console\/stock\/receipt/);
  await staff.getByLabel('入库仓库').click();
  await chooseOption(staff, exactly(store.storeName));
  await staff.getByLabel('供应商').fill('国家标准物质资源共享平台');
  const find = staff.getByRole('combobox', { name: '添加商品' });
  await find.fill(product.number);
  await chooseOption(staff, exactly(`${product.number} ${product.name} ${pack.pack}`));
  await staff.getByRole('combobox', { name: `批号 ${product.number}` }).fill(lot);
  const date = staff.getByLabel(`有效期至 ${product.number}`);
  await date.fill(expire);
  await date.press('Enter');
  await staff.getByRole('spinbutton', { name: `数量 ${product.number}` }).fill('10');
  await staff.getByRole('button', { name: '提交入库' }).click();

  // The saved receipt opens, ready to print.
  await expect(staff).toHaveURL(/\/console\/stock\/documents\/\d+$/);
  const receiptId = new URL(staff.url()).pathname.split('/').pop();
  await expect(staff.getByTestId('document-name')).toHaveText(`入库单 ${receiptId}`);
  const receiptLine = staff.getByRole('row').filter({ hasText: lot });
  await expect(receiptLine).toContainText(expire);
  await expect(receiptLine).toContainText('10');
  const pdf = staff.waitForEvent('download');
  await staff.getByRole('button', { name: '打印入库单' }).click();
  expect((await pdf).suggestedFilename()).toBe(`入库单-${receiptId}.pdf`);

  // 2. The member's paid order of that pack ships from the lot named in the ship dialog.
  const order = await paidOrder(request, member.session.token, pack.id, 2);
  await staff.goto(`/console/orders/${order.id}`);
  await staff.getByRole('button', { name: '发货', exact: true }).click();
  const ship = modal(staff, '发货');
  await ship.getByLabel('快递公司').fill('顺丰速运');
  await ship.getByLabel('快递单号').fill(`SF-LOT-${lot}`);
  await ship.getByRole('combobox', { name: `发货仓库 ${product.name}` }).click();
  await chooseOption(staff, store.storeName);
  const lotSelect = ship.getByRole('combobox', { name: `批号 ${product.name}` });
  // First-expiring first unless staff choose: the new lot lasts two years, so it is named.
  await expect(ship).toContainText('按效期先出 (FEFO)');
  await lotSelect.click();
  await chooseOption(staff, `${lot}（至 ${expire}`);
  await expect(ship.getByText(/确认发出剩余有效期不足/)).toHaveCount(0);
  await ship.getByRole('button', { name: '确定' }).click();
  await expect(ship).toBeHidden();
  const shipped = staff.getByTestId('console-package');
  await expect(shipped).toHaveCount(1);
  await expect(shipped).toContainText(lot);
  await expect(shipped).toContainText(expire);

  // 3. The lot's recall list names the order, and the warehouse attaches the lot's certificate.
  await staff.goto(`/console/lots?key=${lot}`);
  await staff.getByRole('row').filter({ hasText: lot }).first().click();
  await expect(staff.getByTestId('lot-number')).toHaveText(lot);
  await expect(staff.getByRole('link', { name: order.number })).toBeVisible();
  await staff.locator('.ant-drawer input[type=file]').setInputFiles({
    name: `COA-${lot}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% certificate of lot ${lot}\n%%EOF\n`),
  });
  await expect(staff.getByText('证书已上传')).toBeVisible();
  await staff.close();

  // 4. The buyer's order detail shows the lot, its expiry and the certificate of that lot.
  await signIn(page, member.session, `/order/${order.id}`);
  const delivered = page.getByTestId('package');
  await expect(delivered).toHaveCount(1);
  await expect(delivered).toContainText(lot);
  await expect(delivered).toContainText(expire);
  const certificate = delivered.getByRole('link', { name: '查看证书' });
  await expect(certificate).toHaveAttribute('href', /\/yifanglab-client\/v1\/coa\/file\?token=/);
  const file = await request.get((await certificate.getAttribute('href')) ?? '');
  expect(file.status()).toBe(200);
  expect((await file.body()).toString()).toContain(`certificate of lot ${lot}`);
});

test('a package shipped by mistake is cancelled: its units go back and the order ships again', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const { pack, store } = await stockedPack(request, member.session.token);
  const order = await paidOrder(request, member.session.token, pack.id, 1);
  const warehouse = await staffToken(request, STAFF.warehouse);
  const detail = await call<{ goodsList: { id: number }[] }>(
    request,
    'get',
    `/manage/v1/orders/${order.id}`,
    undefined,
    warehouse,
  );
  await call(
    request,
    'post',
    `/manage/v1/orders/${order.id}/deliveries`,
    {
      carrier: '顺丰速运',
      trackingNumber: `SF-UNDO-${order.number}`,
      goods: [{ orderGoodsId: detail.goodsList[0]!.id, quantity: 1, storeId: store.storeId }],
    },
    warehouse,
  );

  await consoleLogin(page, STAFF.warehouse);
  await page.goto(`/console/orders/${order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('运输中');
  const shipped = page.getByTestId('console-package');
  await shipped.getByRole('button', { name: '撤销发货' }).click();
  const dialog = modal(page, '撤销发货');
  await dialog.getByLabel('撤销原因').fill('发错仓库');
  await dialog.getByRole('button', { name: '确定撤销' }).click();
  await expect(dialog).toBeHidden();
  await expect(shipped.getByTestId('delivery-cancelled')).toBeVisible();
  await expect(page.getByTestId('delivery-cancel-reason')).toContainText('发错仓库');
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await expect(page.getByRole('button', { name: '发货', exact: true })).toBeVisible();
});
