import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/** Page expression: how far the page scrolls sideways (0 when it fits the viewport). */
const HORIZONTAL_OVERFLOW =
  'document.documentElement.scrollWidth - document.documentElement.clientWidth';

/** A seeded certificate of analysis (apps/server/src/seed). */
const COA = { productNumber: 'YF11001', lotNumber: '20250312' };

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').getByText(text, { exact: true });

/**
 * Submits and expects an error toast. Error toasts are throttled to one per second and the same
 * message may repeat, so the page clock first runs past the earlier toasts until none is left.
 */
async function expectRejected(page: Page, submit: () => Promise<void>, message: string) {
  await page.clock.fastForward(3500);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await submit();
  await expect(toast(page, message)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test.describe('COA lookup', () => {
  test('requires both numbers, finds a seeded certificate and reports an unknown lot', async ({
    page,
    request,
  }) => {
    await page.goto('/certificate');
    const form = page.getByRole('form', { name: '分析证书查询' });
    const number = form.getByPlaceholder('请输入商品货号');
    const lot = form.getByPlaceholder('请输入商品批号');
    const search = () => form.getByRole('button', { name: '查询' }).click();

    await expectRejected(page, search, '请输入商品货号');
    await number.fill(COA.productNumber);
    await expectRejected(page, search, '请输入商品批号');

    await lot.fill(COA.lotNumber);
    await search();
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toBeVisible();
    const link = row.getByRole('link', { name: '下载' });
    await expect(link).toHaveAttribute('target', '_blank');
    const href = await link.getAttribute('href');
    // A signed link handed out by the lookup, not a guessable file path.
    expect(href).toMatch(/\/coa\/file\?token=/);
    const pdf = await request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');

    await lot.fill('NO-SUCH-LOT-0000');
    await expectRejected(page, search, '未查询到相关分析证书。');
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

test.describe('about page message', () => {
  test('checks phone and email, then sends the message and clears the form', async ({ page }) => {
    await page.goto('/about#message');
    const form = page.getByRole('form', { name: '在线留言' });
    await expect(form).toBeInViewport();
    const submit = () => form.getByRole('button', { name: '提交留言' }).click();

    await form.getByLabel('联系人').fill('张工');
    await expectRejected(page, submit, '请输入手机号');
    await form.getByLabel('手机号').fill('12800000000');
    await expectRejected(page, submit, '手机号格式有误');
    await form.getByLabel('手机号').fill('13912345678');
    await expectRejected(page, submit, '请输入邮箱');
    await form.getByLabel('邮箱').fill('zhang@example');
    await expectRejected(page, submit, '邮箱格式有误');
    await form.getByLabel('邮箱').fill('zhang@example.com');
    await expectRejected(page, submit, '请输入留言内容');

    await form.getByLabel('留言内容').fill('请问甲醇标准溶液是否有 1000 μg/mL 规格？');
    await submit();
    await expect(toast(page, '留言提交成功')).toBeVisible();
    await expect(form.getByLabel('联系人')).toHaveValue('');
    await expect(form.getByLabel('手机号')).toHaveValue('');
    await expect(form.getByLabel('留言内容')).toHaveValue('');
  });
});

test.describe('bulk inquiry', () => {
  test('requires every field with valid phone and email, then submits and clears', async ({
    page,
  }) => {
    await page.goto('/bulk-inquiry');
    const form = page.getByRole('form', { name: '批量询价' });
    const submit = () => form.getByRole('button', { name: '提交询价' }).click();

    await expectRejected(page, submit, '请输入联系人');
    await form.getByLabel('联系人').fill('李经理');
    await form.getByLabel('手机号').fill('1391234567');
    await expectRejected(page, submit, '手机号格式有误');
    await form.getByLabel('手机号').fill('13912345678');
    await form.getByLabel('邮箱').fill('li@lab');
    await expectRejected(page, submit, '邮箱格式有误');
    await form.getByLabel('邮箱').fill('li@lab.com.cn');
    await expectRejected(page, submit, '请输入单位名称');
    await form.getByLabel('单位名称').fill('某市食品检验所');
    await expectRejected(page, submit, '请输入询价内容');

    await form.getByLabel('询价内容').fill('乙腈 HPLC 级 4L × 20 瓶，请报价');
    await submit();
    await expect(toast(page, '提交成功')).toBeVisible();
    await expect(form.getByLabel('联系人')).toHaveValue('');
    await expect(form.getByLabel('询价内容')).toHaveValue('');
  });
});

test.describe('survey check-in', () => {
  test('shows one message for any invalid field, then the check-in number and time', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/survey');
    // Outside the main layout: no shop header or footer.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    const form = page.getByRole('form', { name: '活动签到' });
    const submit = () => form.getByRole('button', { name: '立即签到' }).click();

    await expectRejected(page, submit, '请检查表单填写是否正确');
    await form.getByLabel('姓名').fill('王');
    await form.getByLabel('手机号').fill('13712345678');
    await form.getByLabel('邮箱').fill('wang@example.org');
    await form.getByLabel('单位名称').fill('某检测研究院');
    await form.getByLabel('部门').fill('质量控制部');
    await expectRejected(page, submit, '请检查表单填写是否正确');
    await expect(form.getByLabel('姓名')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('手机号')).toHaveAttribute('aria-invalid', 'false');

    await form.getByLabel('姓名').fill('王小明');
    await expect(form.getByLabel('姓名')).toHaveAttribute('aria-invalid', 'false');
    await form.getByLabel('邮箱').fill('wang@example');
    await expectRejected(page, submit, '请检查表单填写是否正确');

    await form.getByLabel('邮箱').fill('wang@example.org');
    const [response] = await Promise.all([
      page.waitForResponse('**/yifanglab-client/v1/survey'),
      submit(),
    ]);
    const { data } = (await response.json()) as { data: { number: string; time: number } };
    const done = page.getByRole('status').filter({ hasText: '签到成功' });
    await expect(done).toBeVisible();
    await expect(done.getByText(data.number, { exact: true })).toBeVisible();
    // The browser runs in Asia/Shanghai (UTC+8, no daylight saving): YYYY-MM-DD HH:mm:ss there.
    const shanghai = new Date(data.time + 8 * 3_600_000)
      .toISOString()
      .slice(0, 19)
      .replace('T', ' ');
    await expect(done.getByText(shanghai, { exact: true })).toBeVisible();
    expect(await page.evaluate<number>(HORIZONTAL_OVERFLOW)).toBe(0);
  });
});
