import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { withoutPageAnswers } from '../support/storefront';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: '搜索商品' });
const results = (page: Page) => page.getByTestId('search-result');

test.describe('structure search', () => {
  test('a pasted SMILES is drawn and finds the product containing it', async ({ page }) => {
    await page.goto('/search');
    await page.getByRole('link', { name: '结构搜索' }).click();
    await expect(page).toHaveURL(/tab=structure/);
    const editor = page.getByTestId('structure-editor');
    await expect(editor.locator('canvas').first()).toBeVisible();

    await page.getByLabel('SMILES（可粘贴或在上方绘制）').fill('CC(=O)Oc1ccccc1C(=O)O');
    await page.getByRole('button', { name: '搜索结构' }).click();

    await expect(page).toHaveURL(/smiles=CC/);
    const first = results(page).first();
    await expect(first.getByRole('heading', { name: /阿司匹林/ })).toBeVisible();
    // The card's picture is the depiction of the substance's own structure.
    await expect(first.locator('img').first()).toHaveAttribute(
      'src',
      /\/files\/structures\/BSYNRYMUTXBXSQ-UHFFFAOYSA-N\.svg/,
    );
  });

  test('similarity search lists the most similar product first', async ({ page }) => {
    await page.goto('/search?tab=structure');
    await page.getByLabel('SMILES（可粘贴或在上方绘制）').fill('CC(=O)Nc1ccc(O)cc1');
    await page.getByLabel('相似性搜索').check();
    await page.getByRole('button', { name: '搜索结构' }).click();
    await expect(
      results(page)
        .first()
        .getByRole('heading', { name: /对乙酰氨基酚/ }),
    ).toBeVisible();
  });
});

test.describe('formula search', () => {
  test('a molecular formula typed in lower case finds the substance, shown with subscripts', async ({
    page,
  }) => {
    await page.goto('/');
    await searchBox(page).fill('c9h8o4');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?name=c9h8o4/);
    // The results arrive after the address changes: wait for them, not for a snapshot.
    await expect(
      results(page)
        .getByRole('heading', { name: /阿司匹林/ })
        .first(),
    ).toBeVisible();
    const formula = results(page).first().getByLabel('C9H8O4');
    await expect(formula.locator('sub')).toHaveText(['9', '8', '4']);
  });
});

test.describe('product page', () => {
  test('shows the structure first, with SMILES and InChIKey', async ({ page }) => {
    await page.goto('/search?name=%E9%98%BF%E5%8F%B8%E5%8C%B9%E6%9E%97');
    await results(page).getByRole('link', { name: '阿司匹林' }).first().click();
    const facts = page.getByTestId('product-facts');
    await expect(facts).toContainText('CC(=O)Oc1ccccc1C(=O)O');
    await expect(facts).toContainText('BSYNRYMUTXBXSQ-UHFFFAOYSA-N');
    await expect(page.locator('img[src*="/files/structures/"]').first()).toBeVisible();
  });
});

test.describe('text search that understands lab buyers', () => {
  test('pinyin and pinyin initials find the Chinese name', async ({ page }) => {
    await page.goto('/');
    await searchBox(page).fill('jiachun');
    await searchBox(page).press('Enter');
    await expect(results(page).first().getByRole('heading', { name: /甲醇/ })).toBeVisible();

    await searchBox(page).fill('benfen');
    await searchBox(page).press('Enter');
    // Waits for the new results: the first search's are still on the page for a moment.
    await expect(results(page).getByRole('heading', { name: /^苯酚/ }).first()).toBeVisible();
  });

  test('one request answers the results, brands and related substances; words combine, exact name first', async ({
    page,
  }) => {
    // The first view would come from the page's own answers; here the app asks the API itself.
    await withoutPageAnswers(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST' && path.startsWith('/client/v1/products')) asked.push(path);
    });
    await page.goto(`/search?name=${encodeURIComponent('甲 醇')}`);
    await expect(results(page).first().getByRole('heading', { name: /^甲醇/ })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '相关物质' }).getByRole('button', { name: '苯甲醇' }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: '品牌筛选' }).getByRole('button')).not.toHaveCount(
      0,
    );
    expect(asked).toEqual(['/client/v1/products']);

    await searchBox(page).fill('乙醇');
    await searchBox(page).press('Enter');
    await expect(
      results(page)
        .first()
        .getByRole('heading', { name: /^无水乙醇/ }),
    ).toBeVisible();
    await expect(results(page)).toHaveCount(3);

    await searchBox(page).fill('PAHs');
    await searchBox(page).press('Enter');
    await expect(page.getByText('共找到 16 个商品')).toBeVisible();
  });

  test('a CAS number with a wrong check digit offers the catalogue’s CAS', async ({ page }) => {
    // Aspirin is 50-78-2; 50-87-2 swaps two digits and fails the check digit.
    await page.goto('/search?name=50-87-2');
    const didYouMean = page.getByTestId('did-you-mean');
    await expect(didYouMean).toContainText('您是否要找');
    // Nothing found: the same block offers a bulk inquiry instead.
    const offer = didYouMean.locator('xpath=..');
    await expect(offer.getByRole('link', { name: '批量询价' })).toBeVisible();
    await didYouMean.getByRole('link', { name: '50-78-2' }).click();
    await expect(page).toHaveURL(/\/search\?name=50-78-2/);
    await expect(
      results(page)
        .first()
        .getByRole('heading', { name: /阿司匹林/ }),
    ).toBeVisible();
  });
});
