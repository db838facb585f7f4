import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { createMember } from '../support/auth';
import { chooseOption, consoleLogin, placeOrder, STAFF } from '../support/console';

/**
 * The console's writes happen once: a double click on 确定 records one payment and ships one
 * package, and a write whose answer was lost is sent again with its Idempotency-Key, so the
 * server answers what it already did (docs/api.md, "Idempotency").
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

/** Counts the page's requests to one API path with the given method. */
function countRequests(page: Page, method: string, path: string) {
  const seen = { count: 0, keys: new Set<string>() };
  page.on('request', (req) => {
    if (req.method() !== method || new URL(req.url()).pathname !== path) return;
    seen.count += 1;
    seen.keys.add(req.headers()['idempotency-key'] ?? '');
  });
  return seen;
}

test('a double click records one payment and ships one package; a lost answer ships once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 2 });
  await consoleLogin(page, STAFF.admin);
  await page.goto(`/console/orders/${order.id}`);

  const payments = countRequests(page, 'POST', `/manage/v1/orders/${order.id}/payment`);
  await page.getByRole('button', { name: '确认收款' }).click();
  const pay = modal(page, '确认银行转账到账');
  await pay.getByLabel('到账金额（元）').fill(String(order.amount));
  await pay.getByLabel('转账附言/参考号').fill(order.number);
  await pay.getByRole('button', { name: '确定' }).dblclick();
  await expect(pay).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  expect(payments.count).toBe(1);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);

  const deliveriesPath = `/manage/v1/orders/${order.id}/deliveries`;
  const deliveries = countRequests(page, 'POST', deliveriesPath);
  const ship = async (tracking: string) => {
    await page.getByRole('button', { name: '发货', exact: true }).click();
    const dialog = modal(page, '发货');
    await dialog.getByLabel('快递公司').fill('顺丰速运');
    await dialog.getByLabel('快递单号').fill(tracking);
    await dialog.getByRole('combobox', { name: /^发货仓库 / }).click();
    await chooseOption(page, order.storeName);
    await dialog.getByRole('spinbutton').fill('1');
    return dialog;
  };
  const first = await ship('SF-DBL-1');
  await first.getByRole('button', { name: '确定' }).dblclick();
  await expect(first).toBeHidden();
  await expect(page.getByTestId('console-package')).toHaveCount(1);
  expect(deliveries.count).toBe(1);

  // The second package's answer is lost on the way back: the server shipped it, the browser saw
  // the connection drop. The client sends it again with the same key and is told what was done.
  let dropped = false;
  await page.route(`**${deliveriesPath}`, async (route) => {
    if (dropped) return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const second = await ship('SF-DBL-2');
  await second.getByRole('button', { name: '确定' }).click();
  await expect(second).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('运输中');
  await expect(page.getByTestId('console-package')).toHaveCount(2);
  expect(deliveries.count).toBe(3);
  expect(deliveries.keys.size).toBe(2);
  await expect(page.locator('.ant-message-error')).toHaveCount(0);
});
