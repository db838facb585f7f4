import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { createMember } from '../support/auth';
import { consoleLogin, placeOrder, STAFF } from '../support/console';

/**
 * Bank transfers as they arrive (docs/console.md, "Orders"): finance pays two orders of one
 * company with one transfer from the order list, and records a transfer whose note does not match
 * with a reason. Every attempt makes its own member and orders, so a retry meets none of the first
 * attempt's data.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const yuan = (n: number) => Math.round(n * 100) / 100;

test('finance pays two orders with one transfer from the list; each names the shared transfer', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await createMember(request);
  const first = await placeOrder(request, member.session.token, { payType: 1, quantity: 1 });
  const second = await placeOrder(request, member.session.token, { payType: 1, quantity: 2 });
  const total = yuan(first.amount + second.amount);

  await consoleLogin(page, STAFF.finance);
  // The member's phone lists exactly this attempt's two orders.
  await page.goto(`/console/orders?phone=${member.phone}`);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  const merge = page.getByRole('button', { name: /合并确认收款/ });
  await expect(merge).toBeDisabled();
  for (const number of [first.number, second.number]) {
    await rows.filter({ hasText: number }).getByRole('checkbox').check();
  }
  await merge.click();

  const dialog = modal(page, '合并确认收款');
  await expect(dialog.getByTestId('merged-total')).toContainText(`￥${total.toFixed(2)}`);
  // A wrong amount is refused with the difference, and nothing is paid.
  await dialog.getByLabel('到账金额（元）').fill(String(yuan(total - 1)));
  await dialog.getByLabel('转账附言/流水号').fill(`${first.number} ${second.number}`);
  await dialog.getByLabel('付款方').fill('E2E 检测中心');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('少 1.00 元')).toBeVisible();
  await dialog.getByLabel('到账金额（元）').fill(String(total));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已确认收款，共 2 个订单')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(rows.filter({ hasText: '待发货' })).toHaveCount(2);
  await rows.filter({ hasText: first.number }).getByRole('link', { name: first.number }).click();
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  const note = page.getByTestId('payment-note');
  await expect(note).toContainText('合并转账');
  await expect(note).toContainText(`共 ￥${total.toFixed(2)}，2 个订单`);
  await expect(note).toContainText('付款方 E2E 检测中心');
  // The other order of the transfer is one click away, and names the same transfer.
  await note.getByRole('link', { name: new RegExp(second.number) }).click();
  await expect(page.getByTestId('order-number')).toHaveText(second.number);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await expect(page.getByTestId('payment-note')).toContainText(first.number);
  await expect(page.getByText('合并确认收款').first()).toBeVisible();
});

test('finance records a transfer whose note does not match, with the reason', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 1 });

  await consoleLogin(page, STAFF.finance);
  await page.goto(`/console/orders/${order.id}`);
  await page.getByRole('button', { name: '确认收款' }).click();
  const pay = modal(page, '确认银行转账到账');
  await pay.getByLabel('到账金额（元）').fill(String(order.amount));
  await pay.getByLabel('转账附言/参考号').fill('货款');
  await pay.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('转账参考号与订单不一致')).toBeVisible();

  await pay.getByRole('switch', { name: '备注不符，仍确认收款' }).click();
  await pay.getByRole('button', { name: '确定' }).click();
  await expect(pay.getByText('请填写备注不符仍确认收款的原因')).toBeVisible();
  await pay.getByLabel('原因').fill('客户附言写成货款，已电话核实');
  await pay.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已确认收款')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await expect(page.getByTestId('payment-note')).toContainText(
    '备注不符客户附言写成货款，已电话核实',
  );
  await expect(page.getByText('备注不符确认收款')).toBeVisible();
});
