import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call } from '../support/auth';
import { STAFF, consoleLogin, staffToken } from '../support/console';
import { apiData, type Category } from '../support/storefront';

/**
 * Journeys of the console's site screens: the category tree drives the storefront navigation,
 * the company settings its footer (once a second finance member confirms a change), and the
 * rich-text editor its article pages.
 */

const mainNav = (page: Page) => page.getByRole('navigation', { name: '主导航' });

test('staff add a category below the tree; the storefront navigation shows it, ordered and removed as staff say', async ({
  page,
  request,
}) => {
  // Console and storefront in turn, several times: more than the default minute on a busy machine.
  test.slow();
  const top = await apiData<Category[]>(request, 'get', '/client/v1/categories/children?pid=0');
  const lastBefore = top.at(-1)!.title;

  await consoleLogin(page, STAFF.operator);
  await page.getByRole('menuitem', { name: '分类管理' }).click();
  await expect(page).toHaveURL(/\/console\/categories$/);

  await page.getByRole('button', { name: '新增顶级分类' }).click();
  const modal = page.getByRole('dialog', { name: '新增分类' });
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(modal.getByText('请输入分类名称')).toBeVisible();
  await modal.getByLabel('分类名称').fill('控制台导航分类');
  await modal.getByLabel('链接地址').fill('search?name=x');
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(modal.getByText('链接地址应以 / 或 http(s):// 开头，且不含空格')).toBeVisible();
  await modal.getByLabel('链接地址').fill('/search?name=E2E-category');
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('分类已创建')).toBeVisible();
  await expect(modal).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: '控制台导航分类' });
  await row.getByRole('button', { name: '添加下级' }).click();
  const child = page.getByRole('dialog', { name: '新增分类' });
  await child.getByLabel('分类名称').fill('控制台子分类');
  await child.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('row').filter({ hasText: '控制台子分类' })).toBeVisible();

  await page.goto('/');
  const link = mainNav(page).getByRole('link', { name: '控制台导航分类', exact: true });
  await expect(link).toHaveAttribute('href', '/search?name=E2E-category');
  let titles = await mainNav(page).getByRole('link').allTextContents();
  expect(titles.indexOf('控制台导航分类')).toBe(titles.indexOf(lastBefore) + 1);
  // The child is below it, not in the main navigation.
  expect(titles).not.toContain('控制台子分类');

  // One step up: before the category that was last, in the tree and then in the storefront.
  await page.goto('/console/categories');
  await page.getByRole('button', { name: '上移 控制台导航分类' }).click();
  await expect
    .poll(async () => {
      const rows = await page.getByRole('row').allTextContents();
      return (
        rows.findIndex((t) => t.includes('控制台导航分类')) <
        rows.findIndex((t) => t.includes(lastBefore))
      );
    })
    .toBe(true);
  await expect(page.getByRole('button', { name: '上移 控制台导航分类' })).toBeEnabled();
  await page.goto('/');
  await expect(mainNav(page).getByRole('link', { name: '控制台导航分类' })).toBeVisible();
  titles = await mainNav(page).getByRole('link').allTextContents();
  expect(titles.indexOf('控制台导航分类')).toBe(titles.indexOf(lastBefore) - 1);
  expect(titles).not.toContain('控制台子分类');

  // A category with children cannot go first; the child, then the category, can.
  await page.goto('/console/categories');
  const parentRow = page.getByRole('row').filter({ hasText: '控制台导航分类' });
  await expect(parentRow.getByRole('button', { name: '删除' })).toBeDisabled();
  await page
    .getByRole('row')
    .filter({ hasText: '控制台子分类' })
    .getByRole('button', { name: '删除' })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('row').filter({ hasText: '控制台子分类' })).toHaveCount(0);
  await parentRow.getByRole('button', { name: '删除' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('row').filter({ hasText: '控制台导航分类' })).toHaveCount(0);

  await page.goto('/');
  await expect(mainNav(page).getByRole('link', { name: lastBefore, exact: true })).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: '控制台导航分类' })).toHaveCount(0);
});

/**
 * Puts the company details back as they were (other journeys compare the footer with the seeded
 * ones): a pending change is withdrawn, and a change in force is undone by two staff, as any.
 */
async function restoreCompany(
  request: APIRequestContext,
  company: Record<string, string>,
  proposer: string,
  confirmer: string,
) {
  const changes = await call<Array<{ id: number; status: string }>>(
    request,
    'get',
    '/manage/v1/settings/changes?key=company',
    undefined,
    proposer,
  );
  for (const c of changes.filter((c) => c.status === 'pending')) {
    await call(
      request,
      'post',
      `/manage/v1/settings/changes/${c.id}/reject`,
      { reason: '' },
      proposer,
    );
  }
  const now = await call<Record<string, string>>(
    request,
    'get',
    '/manage/v1/settings/company',
    undefined,
    proposer,
  );
  if (Object.entries(company).every(([k, v]) => (now[k] ?? '') === v)) return;
  const { id } = await call<{ id: number }>(
    request,
    'put',
    '/manage/v1/settings/company',
    company,
    proposer,
  );
  await call(request, 'post', `/manage/v1/settings/changes/${id}/confirm`, undefined, confirmer);
}

test('finance proposes a new company phone; the storefront footer shows it once a second finance member confirms it', async ({
  page,
  request,
}) => {
  // Two staff in turn and the storefront twice: more than the default minute on a busy machine.
  test.slow();
  const company = await apiData<Record<string, string>>(
    request,
    'get',
    '/client/v1/system/company',
  );
  const footerPhone = page.locator('footer').getByTestId('company-电话');
  const admin = await staffToken(request, STAFF.admin);
  const second = await staffToken(request, STAFF.finance2);
  try {
    await consoleLogin(page, STAFF.finance);
    await page.getByRole('menuitem', { name: '站点设置' }).click();
    await expect(page.getByRole('tab', { name: '公司信息', selected: true })).toBeVisible();
    const phone = page.getByLabel('联系电话');
    await expect(phone).toHaveValue(company.tel!);
    await phone.fill('');
    await page.getByRole('button', { name: '提交变更' }).click();
    await expect(page.getByText('请输入联系电话')).toBeVisible();
    await page.getByLabel('邮箱').fill('not-an-email');
    await expect(page.getByText('邮箱格式有误')).toBeVisible();
    await page.getByLabel('邮箱').fill(company.email!);
    await phone.fill('010-6688-9900');
    await page.getByRole('button', { name: '提交变更' }).click();
    await expect(page.getByText('变更已提交，须由另一位财务或管理员确认后生效')).toBeVisible();
    await expect(
      page.getByText('这是您提交的变更，您本人不能确认，请另一位财务或管理员确认。'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: '确认生效' })).toHaveCount(0);

    // Until a second person confirms it, buyers see the phone in force.
    await page.goto('/');
    await expect(footerPhone).toHaveText(company.tel!);

    await page.goto('/console/settings');
    await page.getByTestId('staff-menu').click();
    await page.getByText('退出登录').click();
    await expect(page).toHaveURL(/\/console\/login/);
    await consoleLogin(page, STAFF.finance2);
    await page.getByRole('menuitem', { name: '站点设置' }).click();
    const pending = page.getByRole('alert').filter({ hasText: '公司信息有一项待确认的变更' });
    await expect(pending).toContainText('财务专员');
    const row = pending.getByRole('row').filter({ hasText: '联系电话' });
    await expect(row.getByRole('cell')).toHaveText(['联系电话', company.tel!, '010-6688-9900']);
    await pending.getByRole('button', { name: '确认生效' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('变更已确认生效')).toBeVisible();
    await expect(pending).toHaveCount(0);
    await expect(page.getByLabel('联系电话')).toBeVisible();

    await page.goto('/');
    await expect(footerPhone).toHaveText('010-6688-9900');
  } finally {
    await restoreCompany(request, company, admin, second);
  }
});

/** A 1×1 PNG, for the editor's picture upload. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('staff write an article with the editor (a heading, a table, a picture); the storefront article page shows it', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  // A retry writes its own article: the first attempt's slug is taken.
  const slug = `e2e-editor-${testInfo.retry}`;
  const title = `编辑器测试文章${testInfo.retry}号`;
  const token = await staffToken(request, STAFF.admin);
  await call(
    request,
    'post',
    '/manage/v1/contents',
    { model: 'article', slug, title, info: '<p>旧的正文</p>' },
    token,
  );

  await consoleLogin(page, STAFF.operator);
  await page.goto('/console/content?model=article');
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: '编辑' })
    .click();
  const modal = page.getByRole('dialog', { name: '编辑内容' });
  const surface = modal.locator('.ProseMirror');
  await expect(surface).toContainText('旧的正文');

  await surface.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await expect(surface).not.toContainText('旧的正文');
  await modal.getByRole('button', { name: 'H2' }).click();
  await page.keyboard.type('检测方法');
  await page.keyboard.press('Enter');
  await page.keyboard.type('按下表的条件测定。');
  await page.keyboard.press('Enter');
  await modal.getByRole('button', { name: '表格' }).click();
  await page.getByRole('menuitem', { name: '插入表格（3×3，含表头）' }).click();
  // Type once the table is there: keys sent before land in the paragraph above it.
  await expect(surface.locator('th')).toHaveCount(3);
  await page.keyboard.type('项目');
  await page.keyboard.press('Tab');
  await page.keyboard.type('限值');
  await page.keyboard.press('Tab');
  await page.keyboard.type('单位');
  await page.keyboard.press('Tab');
  await page.keyboard.type('铅');
  await page.keyboard.press('Tab');
  await page.keyboard.type('0.5');
  await page.keyboard.press('Tab');
  await page.keyboard.type('mg/kg');
  await expect(surface.locator('h2')).toHaveText('检测方法');
  await expect(surface.locator('th')).toHaveCount(3);

  await modal.getByTestId('rte-image-input').setInputFiles({
    name: '色谱图.png',
    mimeType: 'image/png',
    buffer: PIXEL_PNG,
  });
  await expect(surface.locator('img[src^="/files/uploads/"]')).toHaveCount(1);

  await modal.getByRole('button', { name: /确\s*定/ }).click();
  await expect(modal).toBeHidden();

  await page.goto(`/article/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '检测方法' })).toBeVisible();
  const table = page.locator('article table');
  await expect(table.getByRole('columnheader')).toHaveText(['项目', '限值', '单位']);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText(['铅', '0.5', 'mg/kg']);
  await expect(page.locator('article img[src^="/files/uploads/"]')).toHaveAttribute(
    'alt',
    '色谱图',
  );
  await expect(page.getByText('旧的正文')).toHaveCount(0);

  // Unpublished, the page is gone from the storefront; deleted, it is gone from the list.
  await page.goto('/console/content?model=article');
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: '取消发布' }).click();
  await expect(row.getByText('未发布')).toBeVisible();
  await page.goto(`/article/${slug}`);
  await expect(page.getByText('暂无数据')).toBeVisible();
  await expect(page.getByRole('heading', { name: '检测方法' })).toHaveCount(0);
  await page.goto('/console/content?model=article');
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(row).toHaveCount(0);
});

test('the menu shows each role only its screens: warehouse staff keep the warehouses, not the catalogue', async ({
  page,
}) => {
  await consoleLogin(page, STAFF.warehouse);
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: '仓库管理' })).toBeVisible();
  for (const hidden of ['分类管理', '品牌管理', '搜索同义词', '站点设置']) {
    await expect(menu.getByRole('menuitem', { name: hidden })).toHaveCount(0);
  }
  await page.goto('/console/categories');
  await expect(page.getByText('没有权限')).toBeVisible();

  await page.getByRole('menuitem', { name: '仓库管理' }).click();
  await page.getByRole('button', { name: '新增仓库' }).click();
  const modal = page.getByRole('dialog', { name: '新增仓库' });
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(modal.getByText('请输入仓库名称')).toBeVisible();
  await modal.getByLabel('仓库名称').fill('控制台测试仓');
  await modal.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('cell', { name: '控制台测试仓' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: '控制台测试仓' });
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('cell', { name: '控制台测试仓' })).toHaveCount(0);
});
