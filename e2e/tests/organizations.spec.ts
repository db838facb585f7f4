import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { createMember, signIn, toast } from '../support/auth';
import { consoleLogin, STAFF } from '../support/console';
import { horizontalOverflow } from '../support/storefront';

/**
 * Organizations (docs/organizations.md): a PI creates the 课题组, adds a buyer and a safety
 * officer, sets approval over ¥1,000 with 双人双签 and a 经费卡; staff verify the organization.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = process.env.E2E_TMP ?? '/tmp';

/** YYYY-MM-DD in China time, `days` from now. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('a PI sets up the 课题组: members, approval over ¥1,000, 双人双签, a 经费卡; staff verify it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const [pi, buyer, safety] = await Promise.all([
    createMember(request),
    createMember(request),
    createMember(request),
  ]);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const name = `E2E化学学院${tag}课题组`;

  // The PI creates the 课题组 and becomes its 管理员.
  await signIn(page, pi.session, '/userinfo/5-1');
  await expect(page.getByText('暂未加入任何单位')).toBeVisible();
  const create = page.getByTestId('org-create');
  await create.getByLabel('单位名称').fill(name);
  await create.getByRole('button', { name: '创建单位' }).click();
  await expect(toast(page, '创建成功')).toBeVisible();
  const orgPage = page.getByTestId('org-page');
  await expect(orgPage.getByRole('heading', { name })).toBeVisible();
  await expect(orgPage).toContainText('我的角色：管理员');
  await expect(orgPage).toContainText('未认证');

  // 成员: a buyer by phone, a safety officer by email; the last admin cannot leave.
  const add = page.getByTestId('member-add');
  await add.getByLabel('成员账号').fill(buyer.phone);
  await add.getByLabel('新成员角色').selectOption({ label: '采购员' });
  await add.getByRole('button', { name: '添加成员' }).click();
  await expect(toast(page, '已添加成员')).toBeVisible();
  await add.getByLabel('成员账号').fill(safety.account);
  await add.getByLabel('新成员角色').selectOption({ label: '安全员' });
  await add.getByRole('button', { name: '添加成员' }).click();
  const members = page.getByTestId('member-list');
  await expect(members.getByRole('row')).toHaveCount(4);
  await expect(members.getByLabel(`${safety.account} 的角色`)).toHaveValue('safety');
  await members.getByRole('row').filter({ hasText: pi.account }).getByRole('button').click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '单位至少需要一名管理员')).toBeVisible();
  await expect(members.getByRole('row')).toHaveCount(4);

  // 审批规则: orders from ¥1,000 wait for an approver, regulated ones for the safety officer too.
  await openTab(page, '审批规则');
  await page.getByLabel('审批金额（元）').fill('1000');
  await page.getByLabel('含管制化学品的订单须安全员审批（双人双签）').check();
  await page.getByRole('button', { name: '保存规则' }).click();
  await expect(page.getByTestId('org-rules')).toContainText('订单金额达到 ¥1000.00 须审批人审批');
  await expect(page.getByTestId('org-rules')).toContainText('双人双签');

  // 经费卡: ¥20,000 valid for a year, nothing used yet.
  await openTab(page, '经费卡');
  const form = page.getByTestId('budget-form');
  await form.getByLabel('经费卡号').fill(`KY${tag}`);
  await form.getByLabel('经费名称').fill('国家自然科学基金面上项目');
  await form.getByLabel('经费金额').fill('20000');
  await form.getByLabel('有效期开始').fill(chinaDay(-1));
  await form.getByLabel('有效期结束').fill(chinaDay(365));
  await form.getByRole('button', { name: '添加经费卡' }).click();
  const row = page.getByTestId('budget-row').filter({ hasText: `KY${tag}` });
  await expect(row).toContainText('￥20000.00');
  await expect(row.getByTestId('budget-used')).toHaveText('￥0.00');
  await page.screenshot({ path: `${SHOTS}/org-budgets-1280.png`, fullPage: true });

  // On a phone the tabs and the tables scroll inside the page, which itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/org-budgets-390.png`, fullPage: true });
  await openTab(page, '成员');
  await page.screenshot({ path: `${SHOTS}/org-members-390.png`, fullPage: true });

  // The buyer sees the organization with their role.
  const buyerPage = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(buyerPage, buyer.session, '/userinfo/5-1');
  await expect(buyerPage.getByTestId('org-list')).toContainText(name);
  await expect(buyerPage.getByTestId('org-list')).toContainText('我的角色：采购员');
  await buyerPage.screenshot({ path: `${SHOTS}/org-list-390.png`, fullPage: true });
  await buyerPage.close();

  // Staff with members verify it after checking its 营业执照.
  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await consoleLogin(staff, STAFF.admin);
  await staff.goto('/console/organizations');
  await staff.getByRole('link', { name }).click();
  await staff.getByRole('button', { name: '通过认证' }).click();
  const modal = staff.locator('.ant-modal').filter({ hasText: '通过单位认证' });
  await modal.getByLabel('备注').fill('已核对营业执照');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(staff.getByRole('button', { name: '取消认证' })).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/console-org-1280.png`, fullPage: true });
  await staff.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByTestId('org-page')).toContainText('已认证');
});
