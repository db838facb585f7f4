import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn } from '../support/auth';
import { chooseOption, consoleLogin, STAFF } from '../support/console';

/**
 * Staff journeys on members and the inbox: finance adjusts a balance that the member then sees
 * in /userinfo/3-1; an operator answers a bulk inquiry and closes it.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

test('a balance adjustment by finance appears in the member balance records', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  await consoleLogin(page, STAFF.finance);
  await page.getByRole('menu').getByText('会员管理').click();
  await page.getByPlaceholder('手机号 / 邮箱 / 姓名 / 公司').fill(member.account);
  await page.getByRole('button', { name: '查询' }).click();
  await page.getByRole('link', { name: member.account }).click();
  await expect(page.getByTestId('member-balance')).toHaveText('￥0.00');

  await page.getByRole('button', { name: '调整余额' }).click();
  const dialog = modal(page, '调整余额');
  await dialog.getByLabel('调整金额（元）').fill('88.8');
  await dialog.getByLabel('调整原因').fill('线下汇款充值');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('member-balance')).toHaveText('￥88.80');
  await expect(page.getByRole('cell', { name: '线下汇款充值' })).toBeVisible();

  await signIn(page, member.session, '/userinfo/3-1');
  await expect(page.getByText('线下汇款充值')).toBeVisible();
  await expect(page.getByText('88.80').first()).toBeVisible();
});

test('an operator answers a bulk inquiry and closes it', async ({ page, request }) => {
  const company = `询价单位-${crypto.randomBytes(3).toString('hex')}`;
  await call(request, 'post', '/client/v1/bulk-inquiry', {
    contact: '吴十',
    phone: '13912340010',
    email: 'wu10@example.com',
    company,
    content: '批量采购甲醇标准溶液 100 支',
  });

  await consoleLogin(page, STAFF.operator);
  await page.getByRole('menu').getByText('消息中心').click();
  await page.getByRole('tab', { name: '批量询价' }).click();
  // The tab follows the address, which the router updates in a transition: searching before
  // it has switched would search the tab left behind.
  await expect(page.getByRole('tab', { name: '批量询价' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByPlaceholder('联系人 / 电话 / 单位').fill(company);
  await page.getByPlaceholder('联系人 / 电话 / 单位').press('Enter');
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('新');

  await row.getByRole('button', { name: '处理' }).click();
  const dialog = modal(page, '处理');
  await dialog.getByText('已完成').click();
  await dialog.getByLabel('负责人').click();
  await chooseOption(page, '运营专员');
  await dialog.getByLabel('内部备注').fill('已电话回复报价，客户确认');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已完成');
  await expect(row).toContainText('已电话回复报价，客户确认');
  await expect(row).toContainText('运营专员');
});

test('a custom request shows one status: 新 until staff give the result, then that result', async ({
  page,
  request,
}) => {
  const company = `定制单位-${crypto.randomBytes(3).toString('hex')}`;
  await call(request, 'post', '/client/v1/customized', {
    goodsList: [
      { name: '定制混标', cas: '67-56-1', pack: '1mL', expectDeliveryTime: 30, quantity: 2 },
    ],
    company,
    contact: '郑十一',
    phone: '13912340011',
  });

  await consoleLogin(page, STAFF.operator);
  await page.goto('/console/inbox?kind=customized');
  await page.getByPlaceholder('联系人 / 电话 / 单位').fill(company);
  await page.getByPlaceholder('联系人 / 电话 / 单位').press('Enter');
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  const status = row.locator('.ant-tag');
  await expect(status).toHaveText(['新']);

  await row.getByRole('button', { name: '结果' }).click();
  const dialog = modal(page, '定制处理结果');
  await dialog.getByLabel('回复会员（会员在定制详情中可见）').fill('可以定制，货期 30 天');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toBeHidden();
  await expect(status).toHaveText(['已处理']);
});
