import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { horizontalOverflow, loginAsDemo, type Paged } from '../support/storefront';

/**
 * The demo member's balance records. Other files may pay with the same balance meanwhile, so the
 * page is compared with the API at the same moment rather than with fixed figures.
 */
test.use({ viewport: { width: 1366, height: 900 } });

interface BalanceRecord {
  id: number;
  type: number;
  business: number;
  amount: number;
  remark: string;
}

async function api<T>(request: APIRequestContext, path: string, token: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: token } });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${path}: ${body.msg}`).toBe(0);
  return body.data;
}

const records = (page: Page) => page.getByTestId('balance-record');
const yuan = (v: number) => `￥${v.toFixed(2)}`;

/** YYYY-MM-DD in China time, `days` from now. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

test('balance and records with type, business and date filters', async ({ page, request }) => {
  const token = await loginAsDemo(page, request);
  await page.goto('/userinfo/3-1');

  await expect(async () => {
    const { balance } = await api<{ balance: number }>(request, '/client/v1/user/info', token);
    await page.reload();
    await expect(page.getByTestId('current-balance')).toHaveText(yuan(balance), { timeout: 2000 });
  }).toPass();

  await expect(async () => {
    const all = await api<Paged<BalanceRecord>>(request, '/client/v1/user/finance', token);
    await page.reload();
    await expect(records(page)).toHaveCount(Math.min(all.total, 20), { timeout: 2000 });
  }).toPass();

  // The previous list stays on screen while a filter loads: wait for amounts of the other sign
  // to go rather than reading whatever is shown first.
  const amounts = records(page).getByTestId('balance-amount');
  await page.getByRole('combobox', { name: '收支类型' }).selectOption({ label: '收入' });
  await expect(amounts.filter({ hasText: /^-/ })).toHaveCount(0);
  await expect(amounts.first()).toBeVisible();
  for (const amount of await amounts.allTextContents()) expect(amount).toMatch(/^\+￥/);

  await page.getByRole('combobox', { name: '收支类型' }).selectOption({ label: '支出' });
  await expect(amounts.filter({ hasText: /^\+/ })).toHaveCount(0);
  await expect(
    page.getByTestId('balance-record').or(page.getByText('暂无数据')).first(),
  ).toBeVisible();
  for (const amount of await amounts.allTextContents()) expect(amount).toMatch(/^-￥/);

  await page.getByRole('button', { name: '重置' }).click();
  await page.getByRole('combobox', { name: '业务类型' }).selectOption({ label: '余额调整' });
  const initial = records(page).filter({ hasText: '初始余额' });
  await expect(initial).toHaveCount(1);
  await expect(initial.getByTestId('balance-amount')).toHaveText('+￥10000.00');
  await expect(initial).toContainText('余额调整');

  await page.getByLabel('开始日期').fill(chinaDay(1));
  await expect(page.getByText('暂无数据')).toBeVisible();
  await page.getByLabel('开始日期').fill(chinaDay(-45));
  await page.getByLabel('结束日期').fill(chinaDay(-35));
  await expect(initial).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(initial).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
});
