import { expect, test } from '../support/test';
import { call } from '../support/auth';
import { chooseOption, consoleLogin, staffToken, STAFF } from '../support/console';
import { apiData } from '../support/storefront';

/** The smallest valid PNG: one transparent pixel. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Catalogue journeys of the console: a product made by staff is found by the storefront's
 * search at once; a banner edited by staff shows on the home page.
 */
test.use({ viewport: { width: 1440, height: 900 } });

test('staff create a product with two packs and stock in two warehouses; the storefront finds it', async ({
  page,
}) => {
  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/products/new');
  await page.getByLabel('中文名称').fill('控制台新建硝酸银标准品');
  await page.getByLabel('货号').fill('E2E-CT-001');
  await page.getByLabel('CAS号', { exact: true }).fill('7761-88-8');
  // A brand not in the list is created only by picking 新建品牌「…」.
  await page.getByLabel('品牌').fill('控制台品牌');
  await chooseOption(page, '新建品牌「控制台品牌」');

  const first = page.getByTestId('pack-0');
  await first.getByLabel('包装').fill('10mL');
  await first.getByLabel('市场价（元）').fill('88.5');
  await first.getByLabel('会员价（元）').fill('66');
  const stocks = first.getByRole('spinbutton', { name: /库存$/ });
  await stocks.nth(0).fill('5');
  await stocks.nth(1).fill('3');

  await page.getByRole('button', { name: '添加包装' }).click();
  const second = page.getByTestId('pack-1');
  await second.getByLabel('包装').fill('100mL');
  await second.getByLabel('市场价（元）').fill('320');
  await second.getByRole('spinbutton', { name: /库存$/ }).nth(1).fill('2');

  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/products\/\d+$/);

  await page.goto(`/search?name=${encodeURIComponent('E2E-CT-001')}`);
  await expect(page.getByText('控制台新建硝酸银标准品').first()).toBeVisible();
  await expect(page.getByText('100mL').first()).toBeVisible();
});

test('staff edit the home banner; the home page shows it', async ({ page }) => {
  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/content/links');
  const row = page.getByRole('row').filter({ hasText: '首页横幅' }).first();
  await row.getByRole('button', { name: '编辑' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '编辑链接' });
  await modal.getByLabel('标题').fill('控制台修改的横幅标题');
  await modal.getByLabel('链接地址').fill('/search?name=E2E');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('cell', { name: '控制台修改的横幅标题' })).toBeVisible();

  await page.goto('/');
  const banner = page.getByAltText('控制台修改的横幅标题');
  await expect(banner).toBeAttached();
  await expect(page.locator('a[href="/search?name=E2E"]')).toHaveCount(1);
});

test('staff add a link with an uploaded picture, hide it, show it and delete it', async ({
  page,
  request,
}) => {
  // A group of its own, so the home page's banner journeys never see this link.
  const group = 'e2e-links';
  const published = async () =>
    (
      await apiData<Array<{ title: string; img: string }>>(
        request,
        'get',
        `/client/v1/links?cid=${group}&size=100`,
      )
    ).map((l) => l.title);

  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/content/links');
  await page.getByRole('button', { name: '新建' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '新建链接' });
  await modal.getByLabel('分组').fill(group);
  await modal.getByLabel('标题').fill('控制台上传图片的链接');
  await modal.locator('input[type="file"]').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
  });
  await expect(modal.getByLabel('图片地址')).toHaveValue(/\/files\//);
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(modal).toBeHidden();
  await expect.poll(published).toEqual(['控制台上传图片的链接']);

  const row = page.getByRole('row').filter({ hasText: '控制台上传图片的链接' });
  await row.getByRole('button', { name: '取消发布' }).click();
  await expect(row.getByText('未发布')).toBeVisible();
  await expect.poll(published).toEqual([]);

  await row.getByRole('button', { name: '发布', exact: true }).click();
  await expect(row.getByText('已发布')).toBeVisible();
  await expect.poll(published).toEqual(['控制台上传图片的链接']);

  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: '删除', exact: true }).last().click();
  await expect(row).toHaveCount(0);
  await expect.poll(published).toEqual([]);
});

test('staff import a small XLSX: the dry run lists the row, the import creates it', async ({
  page,
  request,
}) => {
  const token = await staffToken(request, STAFF.admin);
  const template = await request.get('/manage/v1/products/template?format=xlsx', {
    headers: { authorization: token },
  });
  expect(template.status()).toBe(200);

  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/import');
  // The page's other upload takes a zip of safety data sheets.
  await page.locator('input[type="file"][accept=".csv,.xlsx"]').setInputFiles({
    name: '商品导入模板.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await template.body(),
  });
  await page.getByRole('button', { name: '试导入' }).click();
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('新增 1 行');
  // The server streams its progress row by row; the last count stays after the run.
  await expect(page.getByTestId('import-progress')).toContainText('检查 1 / 1 行');
  await expect(page.getByRole('cell', { name: 'YF99001' })).toBeVisible();
  await page.getByRole('button', { name: '确认导入' }).click();
  await expect(summary).toContainText('导入完成');
  await expect(page.getByTestId('import-progress')).toContainText('写入 1 / 1 行');

  await page.goto(`/search?name=${encodeURIComponent('YF99001')}`);
  await expect(page.getByText('苯甲酸').first()).toBeVisible();
});

test('staff upload a certificate; the /certificate lookup finds it', async ({ page }) => {
  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/coa');
  await page.getByPlaceholder('有效期').click();
  await page.getByPlaceholder('有效期').fill('2030-12-31');
  await page.getByPlaceholder('有效期').press('Enter');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'YF11001-E2E2401.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% certificate\n%%EOF\n'),
  });
  await expect(page.getByLabel('批号')).toHaveValue('E2E2401');
  await page.getByRole('button', { name: '上传', exact: true }).click();
  await expect(page.getByText('已上传')).toBeVisible();

  await page.goto('/certificate');
  const form = page.getByRole('form', { name: '分析证书查询' });
  await form.getByPlaceholder('请输入商品货号').fill('YF11001');
  await form.getByPlaceholder('请输入商品批号').fill('E2E2401');
  await form.getByRole('button', { name: '查询' }).click();
  const row = page.getByRole('table').getByRole('row').nth(1);
  await expect(row).toContainText('2030-12-31');
});

test('the warehouse account follows every dashboard link; a low-stock pack opens on the stock page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await consoleLogin(page, STAFF.warehouse);
  await page.goto('/console/dashboard');
  const content = page.locator('.ant-layout-content');
  const lowStock = page.getByTestId('low-stock');
  await expect(lowStock.getByRole('row').nth(1)).toBeVisible();
  // The product form needs the catalogue permission: no link may lead there.
  await expect(content.locator('a[href*="/console/products"]')).toHaveCount(0);
  const hrefs: string[] = [];
  for (const link of await content.locator('a[href]').all()) {
    hrefs.push((await link.getAttribute('href')) ?? '');
  }
  expect(hrefs).toContain('/console/stock?state=low');
  // One link of each kind (the low-stock rows differ only in the pack they name).
  const kinds = new Map(hrefs.map((h) => [h.replace(/=\d+/g, '=n'), h]));
  for (const href of kinds.values()) {
    await page.goto(href);
    await expect(page.getByTestId('staff-menu')).toBeVisible();
    await expect(page.getByText('没有权限'), href).toHaveCount(0);
  }

  await page.goto('/console/dashboard');
  const row = lowStock.getByRole('row').nth(1);
  const number = (await row.getByRole('cell').nth(1).textContent()) ?? '';
  await row.getByRole('link', { name: '调整库存' }).click();
  await expect(page).toHaveURL(/\/console\/stock\?state=low&materialId=\d+/);
  const packRows = content.locator('.ant-table-tbody tr.ant-table-row');
  await expect(packRows).toHaveCount(1);
  await expect(packRows.first()).toContainText(number);

  await packRows.first().getByRole('button', { name: '调整' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '调整库存' });
  await modal.getByLabel('数量').fill('50');
  await modal.getByLabel('原因').fill('到货入库');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(modal).toBeHidden();
  // Enough units now: the pack leaves the low-stock list.
  await expect(packRows).toHaveCount(0);
});

test('staff paste a SMILES into the product form: a wrong formula is refused, an empty one filled; the product page shows the InChIKey', async ({
  page,
}) => {
  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/products/new');
  await page.getByLabel('中文名称').fill('控制台结构式苯甲酸');
  await page.getByLabel('货号').fill('E2E-ST-001');
  await page.getByTestId('pack-0').getByLabel('包装').fill('1g');
  await page.getByLabel('SMILES 或 Mol 文件').fill('OC(=O)c1ccccc1');
  await page.getByLabel('分子式').fill('C6H6');
  await page.getByRole('button', { name: '识别结构' }).click();
  await expect(page.getByText('分子式与结构式不符：结构式的分子式为 C7H6O2')).toBeVisible();
  // Saving with the wrong formula is refused by the server too, with the same message.
  await page.getByRole('button', { name: '保存' }).click();
  await expect(
    page.locator('.ant-message').getByText('分子式与结构式不符：结构式的分子式为 C7H6O2'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/console\/products\/new$/);

  await page.getByLabel('分子式').fill('');
  await page.getByLabel('分子量').fill('');
  await page.getByRole('button', { name: '识别结构' }).click();
  await expect(page.getByLabel('分子式')).toHaveValue('C7H6O2');
  await expect(page.getByLabel('分子量')).toHaveValue('122.12');
  await expect(page.getByTestId('structure')).toContainText('WPYMKLBDIGXBTP-UHFFFAOYSA-N');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/console\/products\/\d+$/);
  const id = /\/products\/(\d+)$/.exec(page.url())?.[1];

  await page.goto(`/products/${id}`);
  await expect(page.getByText('WPYMKLBDIGXBTP-UHFFFAOYSA-N')).toBeVisible();
});

test('a product form left open while the warehouse received stock keeps the receipt; a count changed in it is refused', async ({
  page,
  request,
}) => {
  const token = await staffToken(request, STAFF.admin);
  const staffCall = <T>(method: 'get' | 'post', path: string, data?: object) =>
    call<T>(request, method, path, data, token);
  const [store] = await staffCall<Array<{ id: number; name: string }>>('get', '/manage/v1/stores');
  const { id } = await staffCall<{ id: number }>('post', '/manage/v1/products', {
    name: '表单库存并发测试品',
    number: 'E2E-CT-STK',
    materials: [
      {
        pack: '25mg',
        price: 50,
        userPrice: 40,
        stocks: [{ storeId: store!.id, materialCount: 5 }],
      },
    ],
  });
  const count = async () => {
    const p = await staffCall<{
      materials: Array<{ id: number; stocks: Array<{ storeId: number; materialCount: number }> }>;
    }>('get', `/manage/v1/products/${id}`);
    return { packId: p.materials[0]!.id, n: p.materials[0]!.stocks[0]!.materialCount };
  };
  const receive = async (quantity: number) =>
    staffCall('post', '/manage/v1/stock/adjustments', {
      materialId: (await count()).packId,
      storeId: store!.id,
      reason: 'received',
      quantity,
      remark: '到货',
    });

  await consoleLogin(page, STAFF.admin);
  await page.goto(`/console/products/${id}`);
  await expect(page.getByLabel('中文名称')).toHaveValue('表单库存并发测试品');
  const stock = page.getByTestId('pack-0').getByRole('spinbutton', { name: /库存$/ }).first();
  await expect(stock).toHaveValue('5');

  // The warehouse receives 4 while the form is open; saving another field keeps them.
  await receive(4);
  await page.getByLabel('中文名称').fill('表单库存并发测试品（改名）');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  expect((await count()).n).toBe(9);
  // The form reloads with 9; another receipt arrives, and a count typed over it is refused.
  await expect(stock).toHaveValue('9');
  await receive(1);
  await stock.fill('12');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(
    page.getByText(`25mg（${store!.name}）的库存已变化（现为 10），请刷新后重新填写`),
  ).toBeVisible();
  expect((await count()).n).toBe(10);
});
