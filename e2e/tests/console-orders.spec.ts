import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn } from '../support/auth';
import {
  chooseOption,
  consoleLogin,
  orderCartLines,
  placeOrder,
  STAFF,
  staffToken,
} from '../support/console';
import type { Paged, ProductCard } from '../support/storefront';

/**
 * Staff journeys on orders: logging in, confirming a bank transfer, shipping one order in two
 * packages; the buyer then sees both packages and their tracking on /order/{id}.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

test('staff log in and see only the areas their roles allow', async ({ page }) => {
  await page.goto('/console/orders');
  await expect(page).toHaveURL(/\/console\/login/);
  await page.getByPlaceholder('账号').fill('warehouse');
  await page.getByPlaceholder('密码').fill('Wrong#123456');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();

  await consoleLogin(page, STAFF.warehouse);
  const menu = page.getByRole('menu');
  await expect(menu.getByText('订单管理')).toBeVisible();
  await expect(menu.getByText('会员管理')).toHaveCount(0);
  await page.getByTestId('staff-menu').click();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/\/console\/login/);

  await consoleLogin(page, STAFF.admin);
  await expect(page.getByRole('menu').getByText('会员管理')).toBeVisible();
});

test('finance confirms a transfer; the warehouse ships it in two packages the buyer can track', async ({
  page,
  request,
  browser,
}) => {
  // Three people in two browsers: give the journey room on a busy machine.
  test.setTimeout(180_000);
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 2 });

  await consoleLogin(page, STAFF.finance);
  await page.goto(`/console/orders?number=${order.number}`);
  await page.getByRole('link', { name: order.number }).click();
  await expect(page.getByTestId('order-status')).toHaveText('待处理');
  await page.getByRole('button', { name: '确认收款' }).click();
  // By keyboard alone: the dialog opens with its first field focused and Enter submits it.
  const pay = modal(page, '确认银行转账到账');
  await expect(pay.getByLabel('到账金额（元）')).toBeFocused();
  await page.keyboard.type(String(order.amount));
  await pay.getByLabel('转账附言/参考号').fill(order.number);
  await pay.getByLabel('转账附言/参考号').press('Enter');
  await expect(page.getByText('已确认收款')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  // The history says what changed, in Chinese.
  await expect(page.getByText('订单状态：待处理 → 待发货')).toBeVisible();
  await expect(page.getByRole('cell', { name: '收款', exact: true })).toBeVisible();

  const warehouse = await browser.newPage();
  await consoleLogin(warehouse, STAFF.warehouse);
  await warehouse.goto(`/console/orders/${order.id}`);
  for (const [carrier, tracking] of [
    ['顺丰速运', 'SF-E2E-1'],
    ['中通快递', 'ZT-E2E-2'],
  ] as const) {
    await warehouse.getByRole('button', { name: '发货', exact: true }).click();
    const ship = modal(warehouse, '发货');
    if (carrier === '顺丰速运') {
      // The packing slip of what is still to ship, printed before packing.
      const slip = warehouse.waitForEvent('download');
      await ship.getByRole('button', { name: '打印装箱单' }).click();
      expect((await slip).suggestedFilename()).toBe(`装箱单-${order.number}.pdf`);
    }
    await ship.getByLabel('快递公司').fill(carrier);
    await ship.getByLabel('快递单号').fill(tracking);
    await ship.getByRole('combobox', { name: /^发货仓库 / }).click();
    await chooseOption(warehouse, order.storeName);
    await ship.getByRole('spinbutton').fill('1');
    await ship.getByRole('button', { name: '确定' }).click();
    await expect(ship).toBeHidden();
  }
  await expect(warehouse.getByTestId('order-status')).toHaveText('运输中');
  await expect(warehouse.getByTestId('console-package')).toHaveCount(2);
  await expect(warehouse.getByRole('button', { name: '发货', exact: true })).toHaveCount(0);
  const note = warehouse.waitForEvent('download');
  await warehouse
    .getByTestId('console-package')
    .nth(0)
    .getByRole('button', { name: '送货单' })
    .click();
  expect((await note).suggestedFilename()).toMatch(
    new RegExp(`^送货单-${order.number}-\\d+\\.pdf$`),
  );

  await warehouse
    .getByTestId('console-package')
    .nth(1)
    .getByRole('button', { name: '添加物流记录' })
    .click();
  const track = modal(warehouse, '添加物流记录');
  await track.getByLabel('物流信息').fill('快件已由仓库发出');
  await track.getByRole('button', { name: '确定' }).click();
  await expect(warehouse.getByTestId('console-package').nth(1)).toContainText('快件已由仓库发出');

  await signIn(page, member.session, `/order/${order.id}`);
  const packages = page.getByTestId('package');
  await expect(packages).toHaveCount(2);
  await expect(packages.nth(0)).toContainText('SF-E2E-1');
  await expect(packages.nth(1)).toContainText('ZT-E2E-2');
  await expect(packages.nth(1)).toContainText('快件已由仓库发出');
});

test("重置 empties the filter boxes, the next 查询 finds an order by its phone's last four digits, and its region reads in names", async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 1 });

  await consoleLogin(page, STAFF.finance);
  await page.goto('/console/orders?number=NO-SUCH-ORDER');
  const numberBox = page.getByPlaceholder('订单号');
  await expect(numberBox).toHaveValue('NO-SUCH-ORDER');
  await page.getByRole('button', { name: '重置' }).click();
  await expect(numberBox).toHaveValue('');

  await page.getByPlaceholder('会员/收货手机号').fill(member.phone.slice(-4));
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page).not.toHaveURL(/number=/);
  // What the list shows, finance takes away for reconciliation.
  const sheet = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 Excel' }).click();
  expect((await sheet).suggestedFilename()).toBe('订单.xlsx');

  await page.getByRole('link', { name: order.number }).click();
  // The warehouse writes labels from names, not from the codes 110000,110100,110101.
  await expect(page.getByTestId('delivery-region')).toHaveText(/^北京市 (市辖区 )?东城区$/);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the warehouse reads the order detail: facts on one line, no sideways page scroll', async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 1 });
    await consoleLogin(page, STAFF.warehouse);
    await page.goto(`/console/orders/${order.id}`);
    const payType = page.getByText('银行转账', { exact: true });
    await expect(payType).toBeVisible();
    // One line of text (it used to stack one character per line).
    const box = await payType.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(30);
    expect(box?.width ?? 0).toBeGreaterThan(40);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      390,
    );
  });

  test('the warehouse ships from a phone: the ship dialog fits the screen, every box within reach', async ({
    page,
    request,
  }) => {
    const member = await createMember(request);
    const order = await placeOrder(request, member.session.token, { payType: 1, quantity: 2 });
    await call(
      request,
      'post',
      `/manage/v1/orders/${order.id}/payment`,
      { amount: order.amount, reference: order.number },
      await staffToken(request, STAFF.finance),
    );

    await consoleLogin(page, STAFF.warehouse);
    await page.goto(`/console/orders/${order.id}`);
    await page.getByRole('button', { name: '发货', exact: true }).click();
    const ship = modal(page, '发货');
    await expect(ship.getByLabel('快递公司')).toBeFocused();
    const within = async (label: string, box: Awaited<ReturnType<Locator['boundingBox']>>) => {
      expect(box, label).not.toBeNull();
      expect(box!.x, `${label} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${label} ends on the screen`).toBeLessThanOrEqual(390);
    };
    await within('the dialog', await ship.boundingBox());

    await ship.getByLabel('快递公司').fill('顺丰速运');
    await ship.getByLabel('快递单号').fill('SF-PHONE-1');
    const line = ship.getByTestId('ship-line');
    // The warehouse holding the line is proposed, so its lot choice shows at once.
    const lotChoice = line.getByRole('combobox').nth(1);
    await expect(line.locator('.ant-select').first()).toContainText(/（库存 [1-9]\d*）/);
    await expect(lotChoice).toBeVisible();
    // The quantity column used to be cut off at this width.
    const quantity = line.getByRole('spinbutton');
    await expect(quantity).toHaveValue('2');
    await within('the quantity box', await quantity.boundingBox());
    await within('the lot choice', await lotChoice.boundingBox());
    await within('确定', await ship.getByRole('button', { name: '确定' }).boundingBox());
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      390,
    );

    await ship.getByRole('button', { name: '确定' }).click();
    await expect(ship).toBeHidden();
    await expect(page.getByTestId('order-status')).toHaveText('运输中');
    await expect(page.getByTestId('console-package')).toContainText('SF-PHONE-1');
  });
});

/**
 * A pack of the demo product `name` priced for the member (visitors see no member price) that
 * one warehouse holds at least `quantity` of.
 */
async function packOf(request: APIRequestContext, token: string, name: string, quantity: number) {
  const found = await call<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products',
    { key: name, page: 1, size: 20 },
    token,
  );
  const product = found.records.find((p) => p.name === name);
  const pack = product?.materials.find(
    (m) => m.userPrice !== null && m.stocks.some((s) => s.materialCount >= quantity),
  );
  if (!product || !pack) throw new Error(`${name}: no priced pack with stock in the demo`);
  return { productId: product.id, pack };
}

const shots = process.env.E2E_SHOTS;

test('运输类别: the warehouse keeps the rules per class, the product form its pack fields, and the ship dialog one class per package with its carriers', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // 1. The rules as the demo sets them, the server's refusal shown on the page, nothing saved.
  await consoleLogin(page, STAFF.warehouse);
  await page.getByRole('menu').getByText('运输类别').click();
  const dangerous = page.getByTestId('shipping-class-dangerous');
  await expect(dangerous.getByLabel('附加运费 危险品')).toHaveValue('80.00');
  await expect(dangerous).toContainText('危险品专线');
  await expect(dangerous).toContainText('西藏自治区（540000）');
  await expect(page.getByTestId('shipping-class-frozen')).toContainText('顺丰速运');
  if (shots) await page.screenshot({ path: `${shots}/shipping-classes.png`, fullPage: true });
  await page.getByRole('button', { name: '添加承运商' }).click();
  await page.getByLabel('承运商 5', { exact: true }).fill('顺丰速运');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('shipping-rules-error')).toContainText('承运商重复：顺丰速运');
  await page.getByLabel('删除承运商 5').click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(page.getByTestId('shipping-rules-error')).toHaveCount(0);

  // 2. A cold pack's class in the product form; a dangerous one asks for its numbers.
  const member = await createMember(request);
  const token = member.session.token;
  const cold = await packOf(request, token, '甲基异噻唑啉酮', 3);
  const admin = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1440, height: 900 } });
  await consoleLogin(admin, STAFF.admin);
  await admin.goto(`/console/products/${cold.productId}`);
  const packRow = admin.getByTestId('pack-0');
  // The form waits for the product and the warehouses.
  await expect(packRow).toBeVisible({ timeout: 30_000 });
  await expect(
    packRow.locator('.ant-select').filter({ has: admin.getByLabel('运输类别 1') }),
  ).toContainText('冷藏（2-8 °C，冰袋）');
  await expect(packRow.getByLabel('UN编号 1')).toHaveCount(0);
  await packRow.getByLabel('运输类别 1').click();
  await chooseOption(admin, '危险品');
  await expect(packRow.getByLabel('UN编号 1')).toBeVisible();
  await expect(packRow.getByLabel('危险类别 1')).toBeVisible();
  await expect(packRow.getByLabel('货期 1')).toBeVisible();
  await admin.getByRole('button', { name: '保存', exact: true }).click();
  await expect(admin.getByText('UN 编号格式应为 UN 加四位数字，如 UN1155')).toBeVisible();
  if (shots) await admin.screenshot({ path: `${shots}/product-pack-fields.png`, fullPage: true });
  await admin.close();

  // 3. An order of a normal and a cold pack ships as two packages, each with its carriers.
  const hot = await call<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    token,
  );
  const normal = hot.records
    .filter((p) => p.name !== '甲基异噻唑啉酮')
    .flatMap((p) => p.materials)
    .find((m) => m.userPrice !== null && m.stocks.some((s) => s.materialCount >= 3));
  if (!normal) throw new Error('no priced hot pack with stock');
  const cartIds = [];
  for (const materialId of [normal.id, cold.pack.id]) {
    const line = await call<{ id: number }>(
      request,
      'put',
      '/client/v1/cart',
      { materialId, quantity: 1, type: 2 },
      token,
    );
    cartIds.push(line.id);
  }
  const order = await orderCartLines(request, token, cartIds, 1);
  await call(
    request,
    'post',
    `/manage/v1/orders/${order.id}/payment`,
    { amount: order.amount, reference: order.number },
    await staffToken(request, STAFF.finance),
  );

  await page.goto(`/console/orders/${order.id}`);
  await page.getByRole('button', { name: '发货', exact: true }).click();
  const ship = modal(page, '发货');
  await expect(ship).toContainText('不同运输类别的商品不能同装一个包裹，请分开发货');
  await expect(ship.getByTestId('ship-line')).toHaveCount(1);
  await ship.getByText(/^冷藏（2-8 °C，冰袋）（1 种商品）$/).click();
  await expect(ship.getByTestId('ship-line')).toContainText('甲基异噻唑啉酮');
  // Only the cold package's carriers are offered; another is refused in the server's words.
  await ship.getByLabel('快递公司').click();
  const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(offered).toHaveText(['顺丰速运', '自提']);
  if (shots) await page.screenshot({ path: `${shots}/ship-dialog-carriers.png` });
  await ship.getByLabel('快递公司').fill('中通快递');
  await ship.getByLabel('快递单号').fill('ZT-COLD-1');
  await ship.getByRole('button', { name: '确定' }).click();
  await expect(ship).toContainText('冷藏（2-8 °C，冰袋）包裹只能由以下承运商发运：顺丰速运、自提');
  await ship.getByLabel('快递公司').fill('');
  await ship.getByLabel('快递公司').click();
  await chooseOption(page, '顺丰速运');
  await ship.getByRole('button', { name: '确定' }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByTestId('console-package')).toHaveCount(1);
  await expect(page.getByTestId('console-package')).toContainText('顺丰速运');

  // The normal package is what is left, with the normal class's carriers.
  await page.getByRole('button', { name: '发货', exact: true }).click();
  await expect(ship.getByTestId('ship-line')).toHaveCount(1);
  await expect(ship).not.toContainText('不同运输类别的商品不能同装一个包裹');
  await ship.getByLabel('快递公司').fill('中通快递');
  await ship.getByLabel('快递单号').fill('ZT-NORMAL-1');
  await ship.getByRole('button', { name: '确定' }).click();
  await expect(ship).toBeHidden();
  await expect(page.getByTestId('console-package')).toHaveCount(2);
  await expect(page.getByTestId('order-status')).toHaveText('运输中');
});
