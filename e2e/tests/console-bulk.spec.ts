import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember } from '../support/auth';
import { chooseOption, consoleLogin, orderCartLines, STAFF, staffToken } from '../support/console';

/**
 * Bulk actions of the console's lists (docs/console.md, "Bulk actions"): the operator takes
 * selected products off sale and back and raises their price, which visitors see at once; the
 * warehouse ships several paid orders from one dialog, and the one that cannot ship is reported
 * with its reason. Every attempt makes its own products and orders under a fresh item number,
 * so the journey neither meets another's data nor trips over a retry's.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });
const fresh = () => crypto.randomBytes(4).toString('hex').toUpperCase();

/**
 * A product of one 1mL pack at 100 yuan (member 80) with `count` units in the first warehouse;
 * with none, a lead time of 14 days.
 */
async function createProduct(
  request: APIRequestContext,
  token: string,
  number: string,
  count: number,
) {
  const stores = await call<{ id: number; name: string }[]>(
    request,
    'get',
    '/manage/v1/stores',
    undefined,
    token,
  );
  const store = stores[0]!;
  const { id } = await call<{ id: number }>(
    request,
    'post',
    '/manage/v1/products',
    {
      name: `批量操作标准品 ${number}`,
      number,
      brandName: '',
      materials: [
        {
          pack: '1mL',
          price: 100,
          userPrice: 80,
          stocks: count > 0 ? [{ storeId: store.id, materialCount: count }] : [],
          // Without stock it is made to order, so it can be ordered (docs/shipping.md, 库存不足).
          ...(count > 0 ? {} : { leadTimeDays: 14 }),
        },
      ],
    },
    token,
  );
  return { id, store };
}

/** What a visitor reads of the product: its market price, or null once it is off sale. */
async function visitorPrice(request: APIRequestContext, id: number): Promise<number | null> {
  const res = await request.get(`/client/v1/products/${id}`);
  if (res.status() === 404) return null;
  const body = (await res.json()) as { data: { materials: { price: number | null }[] } };
  return body.data.materials[0]!.price;
}

test('the operator takes selected products off sale and back and raises their price', async ({
  page,
  request,
}) => {
  const admin = await staffToken(request, STAFF.admin);
  const prefix = `BULK-${fresh()}`;
  const a = await createProduct(request, admin, `${prefix}-A`, 0);
  const b = await createProduct(request, admin, `${prefix}-B`, 0);
  expect(await visitorPrice(request, a.id)).toBe(100);

  await consoleLogin(page, STAFF.operator);
  await page.goto(`/console/products?key=${prefix}`);
  const rows = page.locator('.ant-table-tbody tr').filter({ hasText: prefix });
  await expect(rows).toHaveCount(2);
  await page
    .getByRole('row', { name: `${prefix}-A` })
    .getByRole('checkbox')
    .check();
  await page
    .getByRole('row', { name: `${prefix}-B` })
    .getByRole('checkbox')
    .check();
  await expect(page.getByText('已选 2 个商品')).toBeVisible();

  await page.getByRole('button', { name: '批量下架' }).click();
  await modal(page, '批量下架').getByRole('button', { name: '确定下架' }).click();
  await expect(page.getByText('已下架 2 个商品')).toBeVisible();
  await expect(page.getByText('已选 0 个商品')).toBeVisible();
  expect(await visitorPrice(request, a.id)).toBeNull();
  expect(await visitorPrice(request, b.id)).toBeNull();

  await page
    .getByRole('row', { name: `${prefix}-A` })
    .getByRole('checkbox')
    .check();
  await page
    .getByRole('row', { name: `${prefix}-B` })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: '批量上架' }).click();
  await modal(page, '批量上架').getByRole('button', { name: '确定上架' }).click();
  await expect(page.getByText('已上架 2 个商品')).toBeVisible();
  expect(await visitorPrice(request, b.id)).toBe(100);

  await page
    .getByRole('row', { name: `${prefix}-A` })
    .getByRole('checkbox')
    .check();
  await page
    .getByRole('row', { name: `${prefix}-B` })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: '批量改价' }).click();
  const pricing = modal(page, '批量改价（已选 2 个商品）');
  // More than two decimals is refused with the server's own message, before anything is sent.
  await pricing.getByLabel('调整比例').fill('10.555');
  await pricing.getByRole('button', { name: '确定改价' }).click();
  await expect(pricing.getByText('请输入调整值（数字，最多两位小数）')).toBeVisible();
  expect(await visitorPrice(request, a.id)).toBe(100);
  await pricing.getByLabel('调整比例').fill('12.5');
  await pricing.getByRole('button', { name: '确定改价' }).click();
  await expect(page.getByText('已调整 2 个商品的价格')).toBeVisible();
  await expect(pricing).toBeHidden();
  expect(await visitorPrice(request, a.id)).toBe(112.5);
  expect(await visitorPrice(request, b.id)).toBe(112.5);
});

test('the warehouse ships several paid orders at once; the one without stock is reported', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await staffToken(request, STAFF.admin);
  const finance = await staffToken(request, STAFF.finance);
  const prefix = `SHIP-${fresh()}`;
  const stocked = await createProduct(request, admin, `${prefix}-A`, 5);
  const missing = await createProduct(request, admin, `${prefix}-B`, 0);
  const member = await createMember(request);

  /** A paid order of one unit of the product's pack. */
  const paidOrder = async (productId: number) => {
    const product = await call<{ materials: { id: number }[] }>(
      request,
      'get',
      `/manage/v1/products/${productId}`,
      undefined,
      admin,
    );
    const line = await call<{ id: number }>(
      request,
      'put',
      '/client/v1/cart',
      { materialId: product.materials[0]!.id, quantity: 1, type: 2 },
      member.session.token,
    );
    const order = await orderCartLines(request, member.session.token, [line.id], 1);
    await call(
      request,
      'post',
      `/manage/v1/orders/${order.id}/payment`,
      { amount: order.amount, reference: order.number },
      finance,
    );
    return order;
  };
  const first = await paidOrder(stocked.id);
  const second = await paidOrder(stocked.id);
  const noStock = await paidOrder(missing.id);

  await consoleLogin(page, STAFF.warehouse);
  await page.goto(`/console/orders?product=${prefix}`);
  for (const o of [first, second, noStock]) {
    await page.getByRole('row', { name: o.number }).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: '批量发货（3）' }).click();
  const dialog = modal(page, '批量发货（3 个订单）');
  await dialog.getByLabel('发货仓库').click();
  await chooseOption(page, stocked.store.name);
  await dialog.getByLabel('快递公司').fill('顺丰速运');
  for (const [i, o] of [first, second, noStock].entries()) {
    await dialog.getByLabel(`${o.number} 快递单号`).fill(`SF${prefix}${i}`);
  }
  await dialog.getByRole('button', { name: '确定发货' }).click();

  const result = modal(page, '批量发货结果');
  await expect(result.getByText('已发货 2 个订单')).toBeVisible();
  await expect(result.getByText('1 个订单未能发货')).toBeVisible();
  await expect(result.getByText(new RegExp(`${noStock.number}.*库存不足`))).toBeVisible();
  await result.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();

  for (const o of [first, second]) {
    await expect(page.getByRole('row', { name: o.number })).toContainText('运输中');
  }
  await expect(page.getByRole('row', { name: noStock.number })).toContainText('待发货');
  await page.getByRole('link', { name: first.number }).click();
  await expect(page.getByTestId('order-status')).toHaveText('运输中');
  // One package of everything the order owed, with the tracking number typed for it.
  await expect(page.getByText(`包裹 1：顺丰速运 SF${prefix}0`)).toBeVisible();
});
