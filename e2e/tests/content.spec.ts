import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';

/** Page expression: how far the page scrolls sideways (0 when it fits the viewport). */
const HORIZONTAL_OVERFLOW =
  'document.documentElement.scrollWidth - document.documentElement.clientWidth';

interface Envelope<T> {
  code: number;
  data: T;
}
interface LiteratureItem {
  id: number;
  title: string;
  top: number;
  attributes: Record<string, string>;
}
interface LiteraturePage {
  records: LiteratureItem[];
  total: number;
  extra: { enable: Record<string, string> };
}

async function apiData<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  data?: object,
) {
  const res = method === 'get' ? await request.get(path) : await request.post(path, { data });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Envelope<T>).data;
}

test.describe('about page', () => {
  test('shows the intro, hot classifications, contact details and the message form', async ({
    page,
    request,
  }) => {
    const company = await apiData<{ name: string; tel: string; email: string; address: string }>(
      request,
      'get',
      '/client/v1/system/company',
    );
    const top = await apiData<Array<{ id: number; title: string }>>(
      request,
      'get',
      '/client/v1/categories/children?pid=0',
    );
    const standards = top.find((c) => c.title === '标准品');
    expect(standards).toBeDefined();
    const detail = await apiData<{ children: Array<{ title: string }> }>(
      request,
      'get',
      `/client/v1/categories/${standards!.id}`,
    );
    expect(detail.children.length).toBeGreaterThan(0);

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: '关于我们' })).toBeVisible();
    const intro = page.getByRole('region', { name: '公司简介' });
    await expect(intro.locator('p').first()).toBeVisible();
    await expect(intro.locator('script')).toHaveCount(0);

    const hot = page.getByRole('region', { name: '热门分类' });
    await expect(hot.getByRole('heading', { name: detail.children[0]!.title })).toBeVisible();
    await expect(hot.getByRole('button', { name: '下一组' })).toBeVisible();

    const contact = page.getByRole('region', { name: '联系我们' });
    for (const value of [company.name, company.tel, company.email, company.address]) {
      await expect(contact.getByText(value || '--').first()).toBeVisible();
    }
    await expect(page.locator('#message').getByRole('form', { name: '在线留言' })).toBeVisible();
  });

  test('the floating message link jumps to the message form', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('complementary', { name: '在线客服' })
      .getByRole('link', { name: '留言' })
      .click();
    await expect(page).toHaveURL(/\/about#message$/);
    await expect(page.getByRole('form', { name: '在线留言' })).toBeInViewport();
  });
});

test.describe('literature', () => {
  test('fades items that are not in force and opens a detail page', async ({ page, request }) => {
    const first = await apiData<LiteraturePage>(request, 'post', '/client/v1/contents', {
      model: 'literature',
      page: 1,
      size: 10,
    });
    expect(first.total).toBeGreaterThan(0);

    // Find a page holding both an item in force ('1') and one that is not.
    let pageNo = 1;
    let records = first.records;
    while (!(
      records.some((r) => r.attributes.enable === '1') &&
      records.some((r) => r.attributes.enable !== '1')
    )) {
      pageNo += 1;
      expect(pageNo).toBeLessThanOrEqual(Math.ceil(first.total / 10));
      records = (
        await apiData<LiteraturePage>(request, 'post', '/client/v1/contents', {
          model: 'literature',
          page: pageNo,
          size: 10,
        })
      ).records;
    }
    const inForce = records.find((r) => r.attributes.enable === '1')!;
    const faded = records.find((r) => r.attributes.enable !== '1')!;

    await page.goto(pageNo > 1 ? `/literature?page=${pageNo}` : '/literature');
    const list = page.getByRole('list', { name: '文献列表' });
    await expect(list.getByRole('listitem')).toHaveCount(records.length);
    const inForceRow = list.getByRole('listitem').filter({ hasText: inForce.title });
    const fadedRow = list.getByRole('listitem').filter({ hasText: faded.title });
    await expect(inForceRow).toHaveCSS('opacity', '1');
    await expect(fadedRow).toHaveCSS('opacity', '0.5');
    const statusName = first.extra.enable[faded.attributes.enable ?? ''];
    if (statusName) await expect(fadedRow.getByText(statusName, { exact: true })).toBeVisible();
    if (faded.attributes.standard_number) {
      await expect(
        fadedRow.getByText(faded.attributes.standard_number, { exact: true }),
      ).toBeVisible();
    }

    await inForceRow.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/literature/${inForce.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: inForce.title })).toBeVisible();
    if (inForce.attributes.promulgate) {
      const facts = page.getByRole('article').locator('header dl');
      await expect(facts.getByText(inForce.attributes.promulgate, { exact: true })).toBeVisible();
    }
  });

  test('pages through the list', async ({ page, request }) => {
    const first = await apiData<LiteraturePage>(request, 'post', '/client/v1/contents', {
      model: 'literature',
      page: 2,
      size: 10,
    });
    test.skip(first.records.length === 0, 'the seed has a single page of literature');
    await page.goto('/literature');
    await page.getByRole('navigation', { name: '分页' }).getByRole('button', { name: '2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(
      page
        .getByRole('list', { name: '文献列表' })
        .getByText(first.records[0]!.title, { exact: true }),
    ).toBeVisible();
  });
});

test.describe('articles', () => {
  test('shows an article by its slug from a footer link', async ({ page, request }) => {
    const article = await apiData<{ title: string }>(
      request,
      'get',
      '/client/v1/contents/registerlogin',
    );
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: '注册登录' }).click();
    await expect(page).toHaveURL(/\/article\/registerlogin$/);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await expect(page.getByRole('article').locator('p').first()).toBeVisible();
  });

  test('shows 暂无数据 for an unknown article', async ({ page }) => {
    await page.goto('/article/no-such-article');
    await expect(page.getByRole('article').getByText('暂无数据')).toBeVisible();
  });
});

test.describe('narrow screens', () => {
  for (const path of [
    '/about',
    '/literature',
    '/certificate',
    '/bulk-inquiry',
    '/article/productorder',
    '/survey',
  ]) {
    test(`${path} has no horizontal scroll at 390 px`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate<number>(HORIZONTAL_OVERFLOW);
      expect(overflow).toBe(0);
    });
  }
});
