import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  call,
  CodeScene,
  createMember,
  freshPhone,
  signIn,
  storedSession,
  toast,
  type Member,
} from '../support/auth';
import { readCode } from '../support/codes';
import { apiData, appTookOver, type Paged, type ProductCard } from '../support/storefront';

/**
 * A double click on a submitting control submits once: the control is disabled while the request
 * is in flight, and the request carries an Idempotency-Key the server answers once.
 */
test.use({ viewport: { width: 1366, height: 900 } });

/** Counts the page's requests to one API path with the given method. */
function countRequests(page: Page, method: string, path: string) {
  const seen = { count: 0 };
  page.on('request', (req) => {
    if (req.method() === method && new URL(req.url()).pathname === path) seen.count += 1;
  });
  return seen;
}

async function pricedPack(page: Page, member: Member) {
  const list = await apiData<Paged<ProductCard>>(
    page.request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    member.session.token,
  );
  const product = list.records.find((p) => p.materials.some((m) => m.userPrice !== null));
  if (!product) throw new Error('no product with a member price');
  return product;
}

test('a double click on 注册 registers once and logs the member in', async ({ page }) => {
  const phone = freshPhone();
  const registers = countRequests(page, 'POST', '/client/v1/user/register');
  await page.goto('/login?isRegister=1');
  await page.getByLabel('账号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('验证码').fill(await readCode(phone, CodeScene.REGISTER));
  await page.getByLabel('密码', { exact: true }).fill('Reg#2024pass');
  await page.getByLabel('确认密码').fill('Reg#2024pass');
  await page.getByLabel('我已阅读并同意').check();

  await page.getByRole('button', { name: '注册', exact: true }).dblclick();
  await expect(toast(page, '注册成功')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await storedSession(page)).account).toBe(phone);
  await expect(page.getByText('验证码已失效')).toHaveCount(0);
  expect(registers.count).toBe(1);
});

test('a double click on 加入购物车 adds the quantity once', async ({ page, request }) => {
  const member = await createMember(request);
  const product = await pricedPack(page, member);
  await signIn(page, member.session, `/products/${product.id}`);
  await appTookOver(page, '[data-testid="pack-table"]');
  const adds = countRequests(page, 'PUT', '/client/v1/cart');
  await page
    .getByTestId('pack-table')
    .getByRole('button', { name: '加入购物车' })
    .first()
    .dblclick();
  await expect(toast(page, '加入购物车成功')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const lines = await call<Array<{ quantity: number }>>(
    request,
    'get',
    '/client/v1/cart',
    undefined,
    member.session.token,
  );
  expect(lines.map((l) => l.quantity)).toEqual([1]);
  expect(adds.count).toBe(1);
});

test('a double click on 提交订单 makes one order and shows its success view', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const token = member.session.token;
  await call(
    request,
    'post',
    '/client/v1/user/address',
    {
      name: '周工',
      phone: '13700001111',
      region: JSON.stringify({
        province: { key: '440000', value: '广东省' },
        city: { key: '440300', value: '深圳市' },
        area: { key: '440305', value: '南山区' },
      }),
      address: '高新南七道 18 号',
    },
    token,
  );
  const product = await pricedPack(page, member);
  const pack = product.materials.find((m) => m.userPrice !== null)!;
  await call(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 1, type: 1 },
    token,
  );

  await signIn(page, member.session, '/cart');
  await page.getByRole('checkbox', { name: '全选' }).first().click();
  await page.getByRole('button', { name: '去结算' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await page.getByRole('radio', { name: '银行转账' }).check();
  const submits = countRequests(page, 'POST', '/client/v1/orders');
  await page.getByRole('button', { name: '提交订单' }).dblclick();

  await expect(page.getByTestId('order-success')).toContainText('提交成功');
  await expect(page.getByTestId('bank-transfer')).toBeVisible();
  await expect(page.getByText('未选择购买商品')).toHaveCount(0);
  await expect(page.getByText('购物车商品已变化')).toHaveCount(0);
  const orders = await call<Paged<{ id: number }>>(
    request,
    'get',
    '/client/v1/user/orders',
    undefined,
    token,
  );
  expect(orders.total).toBe(1);
  expect(submits.count).toBe(1);
});

test('a double click on 提交留言 sends the message once', async ({ page }) => {
  await page.goto('/about#message');
  const form = page.getByRole('form', { name: '在线留言' });
  await form.getByLabel('联系人').fill('张工');
  await form.getByLabel('手机号').fill('13912345678');
  await form.getByLabel('邮箱').fill('zhang@example.com');
  await form.getByLabel('留言内容').fill('请问甲醇标准溶液是否有 1000 μg/mL 规格？');
  const sends = countRequests(page, 'POST', '/client/v1/feedbacks');
  await form.getByRole('button', { name: '提交留言' }).dblclick();
  await expect(toast(page, '留言提交成功')).toBeVisible();
  await expect(form.getByLabel('联系人')).toHaveValue('');
  expect(sends.count).toBe(1);
});
