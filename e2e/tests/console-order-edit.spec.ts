import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn } from '../support/auth';
import { consoleLogin, placeOrder, STAFF, staffToken } from '../support/console';

/**
 * 修改订单: staff correct a buyer's unpaid order (fewer units, a new unit price and freight); the
 * console previews the new total, the server's totals show on the detail and in its 操作记录, and
 * the buyer's order page shows the corrected line and amount. Each attempt places its own order.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

test('an operator lowers an unpaid order and reprices it; the buyer sees the new amount', async ({
  page,
  request,
  browser,
}) => {
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 3 });

  await consoleLogin(page, STAFF.operator);
  await page.goto(`/console/orders/${order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('待处理');
  await page.getByRole('button', { name: '修改订单' }).click();
  const dialog = modal(page, '修改订单');
  const quantity = dialog.getByRole('spinbutton').first();
  const price = dialog.getByRole('spinbutton').nth(1);

  // Raising a quantity is not an edit: the box stops at what was ordered.
  await expect(quantity).toHaveAttribute('aria-valuemax', '3');
  // More than two decimals is refused with the server's message, never rounded.
  await price.fill('12.345');
  await dialog.getByRole('button', { name: '保存修改' }).click();
  await expect(dialog.getByText('金额最多两位小数')).toBeVisible();

  await quantity.fill('2');
  await price.fill('12.34');
  await dialog.getByLabel('运费（元，留空按商城规则计算）').fill('5');
  // 2 × 12.34 + 5.00
  await expect(dialog.getByTestId('order-edit-total')).toContainText('￥29.68');
  await dialog.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByText('订单已修改')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The server's totals and the change in the order's 操作记录, in Chinese.
  const facts = page.locator('.ant-descriptions').first();
  await expect(facts).toContainText('￥24.68');
  await expect(facts).toContainText('￥5.00');
  await expect(facts).toContainText('￥29.68');
  const history = page.locator('.ant-table-row').filter({ hasText: '修改订单' });
  await expect(history).toContainText(`金额：${order.amount} → 29.68`);
  await expect(history).toContainText('运费：');
  await expect(history).toContainText('×2 ￥12.34');

  // The buyer's order page shows the corrected line and amount.
  const buyer = await browser.newPage();
  await signIn(buyer, member.session, `/order/${order.id}`);
  await expect(buyer.getByTestId('order-amount')).toContainText('29.68');
  await expect(buyer.getByTestId('order-detail')).toContainText('12.34');
  await buyer.close();
});

test("a dialog opened before a colleague saved is refused, and the detail shows the colleague's change", async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 3 });

  await consoleLogin(page, STAFF.operator);
  await page.goto(`/console/orders/${order.id}`);
  await page.getByRole('button', { name: '修改订单' }).click();
  const dialog = modal(page, '修改订单');
  await dialog.getByRole('spinbutton').first().fill('2');

  // Meanwhile a colleague lowers the order to one unit at ￥8.00 (through the API, as another tab).
  const colleague = await staffToken(request, STAFF.admin);
  const detail = await call<{ version: number; goodsList: { id: number }[] }>(
    request,
    'get',
    `/manage/v1/orders/${order.id}`,
    undefined,
    colleague,
  );
  await call(
    request,
    'put',
    `/manage/v1/orders/${order.id}`,
    {
      goods: [{ orderGoodsId: detail.goodsList[0]!.id, quantity: 1, price: 8 }],
      version: detail.version,
    },
    colleague,
  );

  await dialog.getByRole('button', { name: '保存修改' }).click();
  await expect(page.getByText('订单已被他人修改，请刷新后重新填写')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  // The detail has refreshed to the colleague's order, which stays as they saved it.
  const facts = page.locator('.ant-descriptions').first();
  await expect(facts).toContainText('￥8.00');
  await page.getByRole('button', { name: '修改订单' }).click();
  await expect(modal(page, '修改订单').getByRole('spinbutton').first()).toHaveValue('1');
});
