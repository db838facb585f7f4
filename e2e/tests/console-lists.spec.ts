import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { call, createMember } from '../support/auth';
import { consoleLogin, placeOrder, STAFF, staffToken } from '../support/console';
import { firstSheetXml } from '../support/xlsx';

/**
 * The staff's lists sort on the server by the column clicked, kept in the URL; finance takes the
 * payments of a period away as a sheet (docs/console.md, "Lists").
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** The order numbers the list shows, top to bottom. */
const listedNumbers = (page: Page) =>
  page.locator('.ant-table-tbody tr.ant-table-row a[href*="/orders/"]').allInnerTexts();

test('staff sort the order list by 应付金额 both ways, and 重置 drops the sort', async ({
  page,
  request,
}) => {
  // Three orders of a new member, so the list filtered to that member holds only them.
  const member = await createMember(request);
  const orders = [];
  for (const quantity of [2, 1, 3]) {
    orders.push(await placeOrder(request, member.session.token, { payType: 1, quantity }));
  }
  const byAmount = [...orders]
    .sort((a, b) => a.amount - b.amount || a.id - b.id)
    .map((o) => o.number);

  await consoleLogin(page, STAFF.operator);
  await page.goto(`/console/orders?phone=${member.phone}`);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(3);
  const amountHeader = page.locator('th', { hasText: '应付金额' });

  await amountHeader.click();
  await expect(page).toHaveURL(/[?&]sort=amount(&|$)/);
  await expect.poll(() => listedNumbers(page)).toEqual(byAmount);

  await amountHeader.click();
  await expect(page).toHaveURL(/[?&]sort=-amount(&|$)/);
  await expect.poll(() => listedNumbers(page)).toEqual([...byAmount].reverse());

  // A reload keeps the sort, as it keeps the filters.
  await page.reload();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => listedNumbers(page)).toEqual([...byAmount].reverse());

  await page.getByRole('button', { name: '重置' }).click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(amountHeader).not.toHaveAttribute('aria-sort', /ing$/);
});

test('finance downloads the payments of today, the transfer it confirmed among them', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 1 });
  const finance = await staffToken(request, STAFF.finance);
  await call(
    request,
    'post',
    `/manage/v1/orders/${order.id}/payment`,
    { amount: order.amount, reference: order.number },
    finance,
  );

  await consoleLogin(page, STAFF.finance);
  await page.goto('/console/orders');
  await page.getByRole('button', { name: '导出收款记录' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '收付款日期' });
  // Today in China, the shop's time zone (the browser runs in Asia/Shanghai).
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  // Today as the first and the last day, picked in the calendar.
  await dialog.locator('.ant-picker-range input').first().click();
  const todayCell = page.locator(
    '.ant-picker-dropdown .ant-picker-cell-today.ant-picker-cell-in-view',
  );
  await todayCell.first().click();
  // The first click sets the first day and moves the focus to the last: the second waits for it
  // (on a slow machine it came too soon, and the last day stayed empty).
  await expect(dialog.locator('.ant-picker-range input').nth(1)).toBeFocused();
  await todayCell.first().click();
  await expect(dialog.locator('.ant-picker-range input').nth(1)).toHaveValue(today);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '导出' }).click();
  const file = await download;
  const compact = today.replaceAll('-', '');
  expect(file.suggestedFilename()).toBe(`收款记录_${compact}-${compact}.xlsx`);

  const sheet = firstSheetXml(await readFile(await file.path()));
  expect(sheet).toContain(order.number);
  expect(sheet).toContain('银行转账');
  expect(sheet).toContain(order.amount.toFixed(2));
});
