import crypto from 'node:crypto';
import { expect, test } from '../support/test';
import { call, createMember, signIn, toast } from '../support/auth';
import { STAFF, staffToken } from '../support/console';
import {
  horizontalOverflow,
  type Material,
  type Paged,
  type ProductCard,
} from '../support/storefront';

/**
 * Shipping classes and lead times on the storefront (docs/shipping.md): a buyer sees 预计发货 of a
 * made-to-order pack on the product page and in the cart, orders it with a frozen standard
 * (奥美拉唑, -20 ℃ on dry ice) and ordinary 甲醇, sees the confirm page split them into two
 * packages with their freight, is refused a 西藏 address (the demo does not send frozen goods there), orders to
 * Beijing and finds the packages' classes and 预计发货 on the order. A pack with neither stock
 * nor a lead time (库存不足) stays in the cart unchosen and goes by its own 删除 button.
 */
test.use({ viewport: { width: 1440, height: 900 } });

type Pack = Material & { expectedShipDate: string | null };
type Product = Omit<ProductCard, 'materials'> & { materials: Pack[] };

interface Preview {
  packages: { shippingClass: string; freight: number | null; lines: { name: string }[] }[];
  freight: number | null;
  amount: number | null;
}

const yuan = (v: number | null) => (v === null ? '待确认' : `￥${v.toFixed(2)}`);
const REFUSAL = '冷冻（-20 °C，干冰）商品不能发往所选地区，请更换收货地址或移除这些商品';

async function product(request: Parameters<typeof call>[0], name: string): Promise<Product> {
  const found = await call<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
    key: name,
    page: 1,
    size: 20,
  });
  const card = found.records.find((p) => p.name === name);
  if (!card) throw new Error(`the demo has no ${name}`);
  return call<Product>(request, 'get', `/client/v1/products/${card.id}`);
}

test('two packages with their freight, an excluded region refused, 预计发货 from product page to order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await createMember(request);
  const token = member.session.token;
  const address = (name: string, region: object, line: string) =>
    call(
      request,
      'post',
      '/client/v1/user/address',
      { name, phone: '13700002222', region: JSON.stringify(region), address: line },
      token,
    );
  await address(
    '王老师',
    {
      province: { key: '110000', value: '北京市' },
      city: { key: '110100', value: '北京市' },
      area: { key: '110108', value: '海淀区' },
    },
    '中关村北大街 10 号',
  );
  await address(
    '扎西老师',
    {
      province: { key: '540000', value: '西藏自治区' },
      city: { key: '540100', value: '拉萨市' },
      area: { key: '540102', value: '城关区' },
    },
    '江苏路 1 号',
  );

  // A made-to-order pack: no stock, a lead time; the server dates it.
  let waiting: { product: Product; pack: Pack } | undefined;
  for (const name of ['维生素D3', '左甲状腺素钠']) {
    const p = await product(request, name);
    const pack = p.materials.find((m) => m.expectedShipDate !== null);
    if (pack) {
      waiting = { product: p, pack };
      break;
    }
  }
  if (!waiting) throw new Error('no demo pack without stock has a lead time');
  const date = waiting.pack.expectedShipDate!;
  const omeprazole = await product(request, '奥美拉唑');
  const frozen = omeprazole.materials.find((m) => m.stocks.some((s) => s.materialCount >= 1));
  if (!frozen) throw new Error('奥美拉唑 has no pack in stock');
  const methanol = await product(request, '甲醇');
  const ordinary = methanol.materials.find((m) => m.stocks.some((s) => s.materialCount >= 1));
  if (!ordinary) throw new Error('甲醇 has no pack in stock');

  // 1. The product page: 预计发货 under the pack's stock.
  await signIn(page, member.session, `/products/${waiting.product.id}`);
  const row = page
    .getByTestId('pack-table')
    .getByRole('row')
    .filter({ hasText: waiting.pack.pack });
  await expect(row.first().getByTestId('expected-ship')).toHaveText(`预计发货：${date}`);
  await page
    .getByTestId('pack-table')
    .screenshot({ path: test.info().outputPath('product-expected-ship.png') });

  // 2. The cart: the made-to-order line says when it ships.
  for (const m of [waiting.pack, frozen, ordinary]) {
    await call(
      request,
      'put',
      '/client/v1/cart',
      { materialId: m.id, quantity: 1, type: 2 },
      token,
    );
  }
  const lines = await call<{ id: number }[]>(request, 'get', '/client/v1/cart', undefined, token);
  const expected = await call<Preview>(
    request,
    'post',
    '/client/v1/orders/preview',
    {
      deliveryUsername: '王老师',
      deliveryPhone: '13700002222',
      deliveryRegionCode: '110000,110100,110108',
      deliveryAddress: '中关村北大街 10 号',
      invoiceType: 3,
      payType: 1,
      cartIds: lines.map((l) => l.id),
    },
    token,
  );
  await page.goto('/cart');
  await expect(page.getByTestId('expected-ship')).toHaveText([`预计发货：${date}`]);
  // The cart's 运费 is the server's, for the default address (Beijing): the frozen package's
  // surcharge included, which no browser rule knows.
  await page.getByRole('checkbox', { name: '全选' }).first().click();
  await expect(page.getByTestId('cart-freight')).toHaveText(yuan(expected.freight));
  await expect(page.getByTestId('cart-payable')).toHaveText(yuan(expected.amount));
  await page.screenshot({ path: test.info().outputPath('cart-expected-ship.png') });

  // 3. The confirm page: 西藏 is refused in the server's words.
  await page.evaluate(
    `localStorage.setItem('selectCartId', '${JSON.stringify(lines.map((l) => l.id))}')`,
  );
  await page.goto('/confirm');
  const preview = page.getByTestId('package-preview');
  await page.getByTestId('address-option').filter({ hasText: '拉萨市' }).click();
  await expect(preview.getByTestId('package-refusal')).toHaveText(REFUSAL);
  await expect(preview.getByTestId('package')).toHaveCount(0);

  // Beijing: two packages, ordinary and frozen, with the server's freight.
  await page.getByTestId('address-option').filter({ hasText: '海淀区' }).click();
  const packages = preview.getByTestId('package');
  await expect(packages).toHaveCount(2);
  expect(expected.packages.map((p) => p.shippingClass)).toEqual(['normal', 'frozen']);
  await expect(packages.nth(0)).toContainText('包裹 1 · 普通');
  await expect(packages.nth(0)).toContainText('甲醇');
  await expect(packages.nth(1)).toContainText('包裹 2 · 冷冻（-20 °C，干冰）');
  await expect(packages.nth(1)).toContainText('奥美拉唑');
  // The made-to-order line, in the package of its class, says when it ships.
  await expect(preview.getByTestId('expected-ship')).toHaveText([`预计发货：${date}`]);
  // The demo's frozen surcharge is 60 yuan a package; the base rule rides on the first.
  await expect(packages.nth(1).getByTestId('package-freight')).toHaveText('运费：￥60.00');
  await expect(packages.nth(0).getByTestId('package-freight')).toHaveText(
    `运费：${yuan(expected.packages[0]!.freight)}`,
  );
  await expect(preview.getByTestId('package-freight-total')).toHaveText(yuan(expected.freight));
  await expect(page.getByTestId('confirm-freight')).toHaveText(yuan(expected.freight));
  await preview.screenshot({ path: test.info().outputPath('confirm-packages.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await preview.scrollIntoViewIfNeeded();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('confirm-packages-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // 4. The order: its freight is the preview's; the detail names the classes and 预计发货.
  await page.getByRole('radio', { name: '银行转账' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByTestId('order-success')).toContainText('提交成功');
  await expect(page.getByTestId('order-amount')).toHaveText(yuan(expected.amount));
  await page.getByRole('link', { name: '查看订单' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  const detail = page.getByTestId('order-detail');
  const frozenLines = expected.packages[1]!.lines.length;
  await expect(detail.getByTestId('shipping-class')).toHaveText(
    Array.from({ length: frozenLines }, () => '冷冻（-20 °C，干冰）'),
  );
  await expect(detail.getByTestId('expected-ship')).toHaveText([`预计发货：${date}`]);
  await detail.screenshot({ path: test.info().outputPath('order-detail-shipping.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('order-detail-390.png'), fullPage: true });
});

test('a line 库存不足 stays in the cart unchosen and is deleted by its own button', async ({
  page,
  request,
}) => {
  // A pack with neither stock nor a lead time (docs/shipping.md, "库存不足").
  const admin = await staffToken(request, STAFF.admin);
  const number = `SHORT-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const { id } = await call<{ id: number }>(
    request,
    'post',
    '/manage/v1/products',
    {
      name: `缺货标准品 ${number}`,
      number,
      brandName: '',
      materials: [{ pack: '5mL', price: 100, userPrice: 80, stocks: [] }],
    },
    admin,
  );
  const [pack] = (await call<Product>(request, 'get', `/client/v1/products/${id}`)).materials;
  const member = await createMember(request);
  await call(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack!.id, quantity: 1, type: 1 },
    member.session.token,
  );

  await signIn(page, member.session, '/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: number });
  await expect(line.getByTestId('cart-line-out-of-stock')).toHaveText('库存不足，暂不可订购');
  await expect(line.getByRole('checkbox')).toBeDisabled();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);
  await line.screenshot({ path: test.info().outputPath('cart-out-of-stock-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  await line.getByRole('button', { name: `删除 缺货标准品 ${number} 5mL` }).click();
  await expect(page.getByText('确定删除所选商品？')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(page.getByText('购物车是空的')).toBeVisible();
  const cart = await call<unknown[]>(
    request,
    'get',
    '/client/v1/cart',
    undefined,
    member.session.token,
  );
  expect(cart).toEqual([]);
});
