import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember } from '../support/auth';
import { chooseOption, consoleLogin, placeOrder, STAFF, staffToken } from '../support/console';

/**
 * The warehouse on a phone (docs/console.md, "On a phone"): a worker logs in at 390 px, finds a
 * paid order in the order list (a card with what they look for), opens the ship dialog, ships
 * from the proposed warehouse with a named lot, and reads the package's lot and expiry in full.
 */
test.use({ viewport: { width: 390, height: 844 } });

const WIDTH = 390;
const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

/** The element lies within the screen's width. */
async function onScreen(label: string, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  expect(box, label).not.toBeNull();
  expect(box!.x, `${label} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label} ends on the screen`).toBeLessThanOrEqual(WIDTH);
}

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    WIDTH,
  );

test('a warehouse worker ships a paid order from a phone: found in the list, proposed warehouse, named lot, lot and expiry in full', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 2 });
  const finance = await staffToken(request, STAFF.finance);
  await call(
    request,
    'post',
    `/manage/v1/orders/${order.id}/payment`,
    { amount: order.amount, reference: order.number },
    finance,
  );

  // A fresh lot of the ordered pack arrives in the first warehouse, which then holds the whole
  // order: the dialog proposes it, and the worker names the lot.
  const warehouse = await staffToken(request, STAFF.warehouse);
  const detail = await call<{ goodsList: { materialId: number; name: string }[] }>(
    request,
    'get',
    `/manage/v1/orders/${order.id}`,
    undefined,
    warehouse,
  );
  const line = detail.goodsList[0]!;
  const { stores } = await call<{ stores: { id: number; name: string }[] }>(
    request,
    'get',
    `/manage/v1/orders/${order.id}/stocks`,
    undefined,
    warehouse,
  );
  const store = stores[0]!;
  const lot = `PH${Date.now().toString().slice(-9)}`;
  const expiry = new Date();
  expiry.setFullYear(expiry.getFullYear() + 2);
  const expire = expiry.toISOString().slice(0, 10);
  await call(
    request,
    'post',
    '/manage/v1/stock/receipts',
    { storeId: store.id, materialId: line.materialId, lotNumber: lot, expire, quantity: 10 },
    warehouse,
  );

  await consoleLogin(page, STAFF.warehouse);
  await page.goto('/console/orders');
  // The order number and state stay in view; the rarer filters wait behind 更多筛选.
  await expect(page.getByRole('button', { name: '更多筛选' })).toBeVisible();
  await expect(page.getByPlaceholder('会员/收货手机号')).toBeHidden();
  await page.getByPlaceholder('订单号').fill(order.number);
  await page.getByRole('button', { name: '查询' }).click();
  const card = page.getByTestId('order-card').filter({ hasText: order.number });
  await expect(card).toHaveCount(1);
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  // What the worker looks for, on the card: state, amount, units and the day.
  await expect(card).toContainText('待发货');
  await expect(card).toContainText(`￥${order.amount.toFixed(2)}`);
  await expect(card).toContainText('2 件');
  await expect(card).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await onScreen('the order card', card);
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('orders.png'), fullPage: true });

  await card.getByRole('link', { name: order.number }).click();
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await onScreen('the order state', page.getByTestId('order-status'));
  await page.screenshot({ path: test.info().outputPath('detail.png') });
  await page.getByRole('button', { name: '发货', exact: true }).click();
  const ship = modal(page, '发货');
  const shipLine = ship.getByTestId('ship-line');
  // Proposed before any tap: the warehouse that holds the order.
  await expect(shipLine.getByRole('combobox', { name: `发货仓库 ${line.name}` })).toBeVisible();
  await expect(shipLine.locator('.ant-select').first()).toContainText(store.name);
  await ship.getByLabel('快递公司').fill('顺丰速运');
  await ship.getByLabel('快递单号').fill(`SF-PH-${lot}`);
  await shipLine.getByRole('combobox', { name: `批号 ${line.name}` }).click();
  await chooseOption(page, `${lot}（至 ${expire}`);
  await expect(shipLine.getByTestId('ship-line-lot')).toHaveText(`批号 ${lot}，有效期至 ${expire}`);
  for (const [label, element] of [
    ['the dialog', ship],
    ['the warehouse', shipLine.getByRole('combobox', { name: `发货仓库 ${line.name}` })],
    ['the lot', shipLine.getByRole('combobox', { name: `批号 ${line.name}` })],
    ['the quantity', shipLine.getByRole('spinbutton')],
    ['the lot and expiry', shipLine.getByTestId('ship-line-lot')],
    ['确定', ship.getByRole('button', { name: '确定' })],
  ] as const) {
    await onScreen(label, element);
  }
  await noSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath('ship.png') });

  await ship.getByRole('button', { name: '确定' }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('运输中');
  const shipped = page.getByTestId('console-package').getByTestId('package-line');
  await expect(shipped).toHaveCount(1);
  await expect(shipped).toContainText(store.name);
  await expect(shipped).toContainText(lot);
  await expect(shipped).toContainText(expire);
  await shipped.getByText(expire).scrollIntoViewIfNeeded();
  await onScreen('the lot', shipped.getByText(lot));
  await onScreen('the expiry', shipped.getByText(expire));
  await onScreen(
    'the tracking number',
    page.getByTestId('console-package').getByText(`SF-PH-${lot}`),
  );
  await noSidewaysScroll(page);
  await page.getByTestId('console-package').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('package.png') });
});
