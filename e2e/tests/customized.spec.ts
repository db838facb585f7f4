import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { toast } from '../support/auth';
import { horizontalOverflow, loginAsDemo } from '../support/storefront';

test.use({ viewport: { width: 1366, height: 900 } });

const goodsField = (page: Page, label: string, line: number) =>
  page.getByRole('textbox', { name: `${label} ${line}`, exact: true });

async function fillLine(page: Page, line: number, name: string, cas: string) {
  await goodsField(page, '商品名称', line).fill(name);
  await goodsField(page, 'CAS号', line).fill(cas);
  await goodsField(page, '规格', line).fill('100mg');
  await goodsField(page, '期望货期(天)', line).fill('20');
  await goodsField(page, '数量', line).fill('2');
}

/** YYYY-MM-DD in China time, `days` from now. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

test('visitors send a custom request with their contact details', async ({ page }) => {
  await page.goto('/customizing');
  await expect(page).toHaveURL(/\/customizing$/);
  await expect(page.getByRole('link', { name: '我的定制' })).toHaveCount(0);
  await fillLine(page, 1, '定制邻苯二甲酸酯混标', '84-74-2');
  await page.getByLabel('单位名称').fill('访客检测实验室');
  await page.getByLabel('联系人').fill('赵工');
  await page.getByLabel('联系电话').fill('13712345678');
  // The email is optional, but one that is given must be well formed.
  await page.getByLabel('邮箱').fill('zhao@');
  await page.getByRole('button', { name: '提交定制' }).click();
  await expect(toast(page, '邮箱格式有误')).toBeVisible();
  await page.getByLabel('邮箱').fill('');
  await page.getByRole('button', { name: '提交定制' }).click();
  await expect(toast(page, '提交成功，我们会尽快与您联系')).toBeVisible();
  await expect(page).toHaveURL(/\/customizing$/);
  await expect(page.getByLabel('联系人')).toHaveValue('');
});

test('creates a custom request, lists it and cancels it after confirmation', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await loginAsDemo(page, request);
  await page.goto('/customizing');
  // The member's profile fills the contact fields.
  await expect(page.getByLabel('联系人')).toHaveValue('演示用户');

  await page.getByRole('button', { name: '删除第 1 项' }).click();
  await page.getByRole('button', { name: '提交定制' }).click();
  await expect(toast(page, '请添加定制商品')).toBeVisible();

  await page.getByRole('button', { name: '+ 添加商品' }).click();
  await goodsField(page, '商品名称', 1).fill('氘代甲醇-d4');
  await page.clock.fastForward(1100);
  await page.getByRole('button', { name: '提交定制' }).click();
  await expect(toast(page, '请填写定制商品信息')).toBeVisible();

  await fillLine(page, 1, '氘代甲醇-d4', '811-98-3');
  await page.getByRole('button', { name: '+ 添加商品' }).click();
  await fillLine(page, 2, '多氯联苯混标', '1336-36-3');
  await page.getByLabel('联系电话').fill('1380000');
  await page.clock.fastForward(1100);
  await page.getByRole('button', { name: '提交定制' }).click();
  await expect(toast(page, '联系电话格式有误')).toBeVisible();
  await page.getByLabel('联系电话').fill('13800000000');
  await page.getByLabel('定制内容').fill('纯度 ≥ 99%，甲醇溶剂');
  await page.getByRole('button', { name: '提交定制' }).click();
  await expect(toast(page, '提交成功')).toBeVisible();

  await expect(page).toHaveURL(/\/customizing\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const detail = page.getByTestId('custom-detail');
  await expect(detail.getByTestId('custom-status')).toHaveText('待处理');
  await expect(detail).toContainText('氘代甲醇-d4');
  await expect(detail).toContainText('多氯联苯混标');
  await expect(detail).toContainText('期望货期：20 天');
  await expect(detail).toContainText('纯度 ≥ 99%，甲醇溶剂');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.goto('/userinfo/2-3');
  const item = page.getByTestId('custom-item').first();
  await expect(item).toContainText('氘代甲醇-d4');
  await expect(item.getByTestId('custom-status')).toHaveText('待处理');
  await page.getByLabel('开始日期').fill(chinaDay(1));
  await expect(page.getByText('暂无数据')).toBeVisible();
  await page.getByRole('button', { name: '重置' }).click();
  await item.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/customizing/${id}$`));

  const dialog = page.getByRole('dialog', { name: '提示' });
  await page.getByRole('button', { name: '取消定制' }).click();
  await expect(dialog).toContainText('确认取消此定制？');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '取消定制成功')).toBeVisible();
  await expect(detail.getByTestId('custom-status')).toHaveText('已取消');
  await expect(page.getByRole('button', { name: '取消定制' })).toHaveCount(0);

  await page.goto('/userinfo/2-3');
  await expect(
    page
      .getByTestId('custom-item')
      .filter({ hasText: '氘代甲醇-d4' })
      .first()
      .getByTestId('custom-status'),
  ).toHaveText('已取消');
});
