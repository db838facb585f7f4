import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { toast } from '../support/auth';
import {
  apiData,
  horizontalOverflow,
  loginAsDemo,
  type Paged,
  type ProductCard,
} from '../support/storefront';

/**
 * Orders of the seeded demo member: list filters, detail with logistics, balance payment and
 * cancelling. Only this file uses the demo member's cart, one test at a time; the balance is
 * shared with other files, so only changes are asserted.
 */
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 900 } });

interface Order {
  id: number;
  number: string;
  status: number;
  payType: number;
  payStatus: number;
  amount: number | null;
  createTime: number;
}
interface Shipment {
  id: number;
  company: string;
  trackingNumber: string;
  track: string;
}

const yuan = (v: number) => `￥${v.toFixed(2)}`;

async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'put' | 'post',
  path: string,
  token: string,
  data?: object,
): Promise<T> {
  const res = await request.fetch(path, {
    method: method.toUpperCase(),
    data,
    headers: { Authorization: token },
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}

const listOrders = (request: APIRequestContext, token: string, query = '') =>
  api<Paged<Order>>(request, 'get', `/client/v1/user/orders?size=100${query}`, token);

/** A pack with a member price, put in the demo cart; answers the cart line id. */
async function cartLineWithPrice(request: APIRequestContext, token: string): Promise<number> {
  const list = await apiData<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    token,
  );
  const pack = list.records.flatMap((p) => p.materials).find((m) => m.userPrice !== null);
  if (!pack) throw new Error('no pack with a member price');
  const line = await api<{ id: number }>(request, 'put', '/client/v1/cart', token, {
    materialId: pack.id,
    quantity: 1,
    type: 1,
  });
  return line.id;
}

const cards = (page: Page) => page.getByTestId('order-card');
const tab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: '订单状态' }).getByRole('tab', { name, exact: true });

/** YYYY-MM-DD in China time, `days` from now. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

let token: string;

test.beforeEach(async ({ page, request }) => {
  token = await loginAsDemo(page, request);
});

test('the order list filters by status, pay type, pay status and dates', async ({
  page,
  request,
}) => {
  const all = await listOrders(request, token);
  await page.goto('/userinfo/2-1');
  await expect(cards(page)).toHaveCount(Math.min(all.total, 20));
  await expect(tab(page, '全部')).toHaveAttribute('aria-selected', 'true');

  for (const [name, status] of [
    ['运输中', 3],
    ['已完成', 4],
    ['待处理', 1],
  ] as const) {
    const expected = await listOrders(request, token, `&status=${status}`);
    await tab(page, name).click();
    await expect(cards(page)).toHaveCount(expected.total);
    for (const card of await cards(page).all()) {
      await expect(card.getByTestId('order-status')).toHaveText(name);
    }
  }
  await tab(page, '已取消').click();
  const cancelled = await listOrders(request, token, '&status=5');
  if (cancelled.total === 0) await expect(page.getByText('暂无数据')).toBeVisible();
  else await expect(cards(page)).toHaveCount(cancelled.total);

  await tab(page, '全部').click();
  await page.getByRole('combobox', { name: '支付方式' }).selectOption({ label: '微信支付' });
  const wechat = await listOrders(request, token, '&payType=2');
  await expect(cards(page)).toHaveCount(wechat.total);
  for (const card of await cards(page).all()) await expect(card).toContainText('微信支付');

  await page.getByRole('button', { name: '重置' }).click();
  await page.getByRole('combobox', { name: '支付状态' }).selectOption({ label: '已支付' });
  const paid = await listOrders(request, token, '&payStatus=1');
  await expect(cards(page)).toHaveCount(paid.total);
  for (const card of await cards(page).all()) await expect(card).toContainText('已支付');
  await page.getByRole('combobox', { name: '支付状态' }).selectOption({ label: '未支付' });
  const unpaid = await listOrders(request, token, '&payStatus=0');
  await expect(cards(page)).toHaveCount(unpaid.total);
  for (const card of await cards(page).all()) await expect(card).toContainText('未支付');

  await page.getByRole('button', { name: '重置' }).click();
  await page.getByLabel('开始日期').fill(chinaDay(1));
  await expect(page.getByText('暂无数据')).toBeVisible();
  await page.getByLabel('开始日期').fill(chinaDay(-60));
  await page.getByLabel('结束日期').fill(chinaDay(0));
  await expect(cards(page)).toHaveCount(Math.min(all.total, 20));

  const first = all.records[0]!;
  await cards(page).first().getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${first.id}$`));
  await expect(page.getByTestId('order-detail')).toContainText(first.number);
});

test('the shipped demo order shows its packages and tracks; a pending one has no logistics', async ({
  page,
  request,
}) => {
  const shipped = (await listOrders(request, token, '&status=3')).records.at(-1)!;
  const deliveries = await api<Shipment[]>(
    request,
    'get',
    `/client/v1/user/orders/${shipped.id}/deliveries`,
    token,
  );
  expect(deliveries.length).toBeGreaterThan(0);
  await page.goto(`/order/${shipped.id}`);
  const logistics = page.getByTestId('logistics');
  await expect(logistics).toBeVisible();
  await expect(logistics.getByTestId('package')).toHaveCount(deliveries.length);
  const firstPackage = deliveries[0]!;
  const track = JSON.parse(firstPackage.track) as Array<{ context: string; ftime: string }>;
  const shown = logistics.getByTestId('package').first();
  await expect(shown).toContainText(firstPackage.trackingNumber);
  await expect(shown).toContainText(firstPackage.company);
  await expect(shown.getByTestId('track').locator('li')).toHaveCount(track.length);
  await expect(shown).toContainText(track[0]!.context);
  await expect(page.getByRole('button', { name: '取消订单' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1366, height: 900 });

  const completed = (await listOrders(request, token, '&status=4')).records.at(-1)!;
  await page.goto(`/order/${completed.id}`);
  await expect(page.getByTestId('logistics')).toBeVisible();

  const pending = (await listOrders(request, token, '&status=1')).records.at(-1)!;
  await page.goto(`/order/${pending.id}`);
  await expect(page.getByTestId('order-detail')).toContainText(pending.number);
  await expect(page.getByTestId('logistics')).toHaveCount(0);
});

test('pays by balance and the balance records show the payment', async ({ page, request }) => {
  const before = (await api<{ balance: number }>(request, 'get', '/client/v1/user/info', token))
    .balance;
  const lineId = await cartLineWithPrice(request, token);
  await page.goto('/');
  await page.evaluate(`localStorage.setItem('selectCartId', '[${lineId}]')`);
  await page.goto('/confirm');
  await expect(page.getByTestId('checkout-lines').locator('li')).toHaveCount(1);
  const balance = page.getByRole('radio', { name: /余额支付/ });
  await expect(balance).toBeEnabled();
  await expect(page.getByRole('radiogroup', { name: '支付方式' })).toContainText(yuan(before));
  await balance.check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByTestId('order-success')).toContainText('已使用余额支付');
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  const order = (await listOrders(request, token)).records.find((o) => o.number === number)!;
  expect(order.payStatus).toBe(2);
  expect(order.status).toBe(2);
  const amount = order.amount!;
  await expect(page.getByTestId('order-amount')).toHaveText(yuan(amount));

  const after = (await api<{ balance: number }>(request, 'get', '/client/v1/user/info', token))
    .balance;
  expect(Math.round((before - after) * 100)).toBe(Math.round(amount * 100));

  // The paid order cannot be cancelled.
  await page.goto(`/order/${order.id}`);
  await expect(page.getByTestId('order-detail')).toContainText('已支付');
  await expect(page.getByRole('button', { name: '取消订单' })).toHaveCount(0);

  await page.goto('/userinfo/3-1');
  const record = page.getByTestId('balance-record').filter({ hasText: number });
  await expect(record).toHaveCount(1);
  await expect(record.getByTestId('balance-amount')).toHaveText(`-${yuan(amount)}`);
  await expect(record).toContainText('购物扣款');
});

test('cancels a pending order after confirmation', async ({ page, request }) => {
  const lineId = await cartLineWithPrice(request, token);
  const created = await api<{ order: Order }>(request, 'post', '/client/v1/orders', token, {
    deliveryUsername: '演示用户',
    deliveryPhone: '13800000000',
    deliveryRegionCode: '110000,110000,110108',
    deliveryAddress: '中关村大街27号',
    invoiceType: 3,
    payType: 1,
    cartIds: [lineId],
  });
  await page.goto(`/order/${created.order.id}`);
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('待处理');
  await expect(detail).toContainText('转账信息');

  const dialog = page.getByRole('dialog', { name: '提示' });
  await page.getByRole('button', { name: '取消订单' }).click();
  await expect(dialog).toContainText('确定取消此订单？');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(detail.getByTestId('order-status')).toHaveText('待处理');

  await page.getByRole('button', { name: '取消订单' }).click();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '取消订单成功')).toBeVisible();
  await expect(detail.getByTestId('order-status')).toHaveText('已取消');
  await expect(page.getByRole('button', { name: '取消订单' })).toHaveCount(0);
  await expect(detail).not.toContainText('转账信息');

  await page.goto('/userinfo/2-1');
  await tab(page, '已取消').click();
  await expect(cards(page).filter({ hasText: created.order.number })).toHaveCount(1);
});
