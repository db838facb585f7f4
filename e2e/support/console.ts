import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { call, encryptPassword } from './auth';
import type { Paged, ProductCard } from './storefront';

/** Demo staff of the seeded shop. */
export const STAFF = {
  admin: { account: 'admin', password: 'Admin#123456' },
  warehouse: { account: 'warehouse', password: 'Ware#123456' },
  finance: { account: 'finance', password: 'Fin#123456' },
  /** A second finance member, who confirms the first one's money-routing changes. */
  finance2: { account: 'finance2', password: 'Fin2#123456' },
  operator: { account: 'operator', password: 'Oper#123456' },
  compliance: { account: 'compliance', password: 'Comp#123456' },
} as const;

/**
 * Clicks the option with `text` in the open antd Select dropdown. The dropdown opens in motion:
 * antd lays it out first where it is not yet aligned under its field (the page's top corner) and
 * then slides it in; on a busy machine a click in that moment presses on the option and releases
 * where it no longer is, so nothing is chosen. This waits until the dropdown has stopped moving.
 */
export async function chooseOption(page: Page, text: string | RegExp): Promise<void> {
  const option = page.locator('.ant-select-item-option', { hasText: text });
  const dropdown = page.locator('.ant-select-dropdown:visible').filter({ has: option });
  await expect(dropdown).not.toHaveClass(/ant-slide-(up|down)/);
  await dropdown.locator(option).click();
}

/** Logs a staff member in through the console's login form. */
export async function consoleLogin(
  page: Page,
  who: { account: string; password: string },
): Promise<void> {
  await page.goto('/console/login');
  await page.getByPlaceholder('账号').fill(who.account);
  await page.getByPlaceholder('密码').fill(who.password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/\/console\/login/);
  await expect(page.getByTestId('staff-menu')).toBeVisible();
}

/** A staff token through the API, for setting up data. */
export async function staffToken(
  request: APIRequestContext,
  who: { account: string; password: string },
): Promise<string> {
  const res = await call<{ token: string }>(request, 'post', '/manage/v1/staff/access', {
    account: who.account,
    password: await encryptPassword(request, who.password),
  });
  return res.token;
}

/** Orders the member's cart lines by the API, delivered to one Beijing address, no invoice. */
export async function orderCartLines(
  request: APIRequestContext,
  token: string,
  cartIds: number[],
  payType: number,
): Promise<{ id: number; number: string; amount: number }> {
  const { order } = await call<{ order: { id: number; number: string; amount: number } }>(
    request,
    'post',
    '/client/v1/orders',
    {
      deliveryUsername: '王五',
      deliveryPhone: '13912345678',
      deliveryRegionCode: '110000,110100,110101',
      deliveryAddress: '北京市东城区测试路 8 号',
      invoiceType: 3,
      payType,
      userRemark: '',
      cartIds,
    },
    token,
  );
  return order;
}

/**
 * Places an order of `quantity` units of a priced pack that one warehouse holds at least that
 * many of, for the member holding `token`; answers the order and the warehouse.
 */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  opts: { payType: number; quantity: number },
): Promise<{ id: number; number: string; amount: number; storeName: string }> {
  const list = await call<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    token,
  );
  const pack = list.records
    .flatMap((p) => p.materials)
    .find(
      (m) => m.userPrice !== null && m.stocks.some((s) => s.materialCount >= opts.quantity + 5),
    );
  if (!pack) throw new Error('no priced pack with stock');
  const store = pack.stocks.find((s) => s.materialCount >= opts.quantity + 5)!;
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: opts.quantity, type: 2 },
    token,
  );
  const order = await orderCartLines(request, token, [line.id], opts.payType);
  return { ...order, storeName: store.storeName };
}
