import fs from 'node:fs';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, type Member } from '../support/auth';
import { E2E_DATA_DIR, E2E_PORT, E2E_TMP } from '../support/env';
import { apiData, type Paged, type ProductCard } from '../support/storefront';

/**
 * Paying unpaid orders against the local WeChat Pay and Alipay imitations that the global
 * setup started (their URLs and keys reach the shop by environment).
 */
test.use({ viewport: { width: 1366, height: 900 } });

const gatewayUrl = () => process.env.E2E_GATEWAY_URL ?? '';

interface Created {
  order: { id: number; number: string; amount: number | null };
}

/** A member with one unpaid order of a priced pack, placed through the API with `payType`. */
async function unpaidOrder(request: APIRequestContext, payType: number) {
  const member = await createMember(request);
  const token = member.session.token;
  const list = await apiData<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'new', page: 1, size: 20 },
    token,
  );
  const pack = list.records.flatMap((p) => p.materials).find((m) => m.userPrice !== null);
  if (!pack) throw new Error('no priced pack in the demo catalogue');
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 1, type: 1 },
    token,
  );
  const created = await call<Created>(
    request,
    'post',
    '/client/v1/orders',
    {
      deliveryUsername: '测试会员',
      deliveryPhone: '13912345678',
      deliveryRegionCode: '110000,110100,110101',
      deliveryAddress: '东城区某路 1 号',
      invoiceType: 3,
      payType,
      userRemark: '',
      cartIds: [line.id],
    },
    token,
  );
  return { member, order: created.order };
}

const openOrder = (page: Page, member: Member, id: number) =>
  signIn(page, member.session, `/order/${id}`);

test('WeChat Native: the QR code page moves on by itself once the imitation notifies', async ({
  page,
  request,
}) => {
  const { member, order } = await unpaidOrder(request, 2);
  await openOrder(page, member, order.id);
  const panel = page.getByTestId('pay-panel');
  await expect(panel).toContainText('剩余支付时间');
  await panel.getByRole('button', { name: '微信支付付款' }).click();
  const qr = page.getByTestId('wechat-qr');
  await expect(qr.getByRole('img', { name: '微信支付二维码' })).toBeVisible();
  await expect(qr).toContainText(order.number);
  await expect(qr).toContainText('剩余时间');

  const res = await fetch(`${gatewayUrl()}/control/wechat/pay`, {
    method: 'POST',
    body: new URLSearchParams({ out_trade_no: order.number }),
  });
  expect(await res.json()).toMatchObject({ status: 204 });

  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('待发货');
  await expect(detail).toContainText('已支付');
  await expect(page.getByTestId('pay-panel')).toHaveCount(0);
});

test('Alipay: the buyer goes to the gateway, pays and returns to a paid order', async ({
  page,
  request,
}) => {
  const { member, order } = await unpaidOrder(request, 3);
  await openOrder(page, member, order.id);
  await page.getByTestId('pay-panel').getByRole('button', { name: '支付宝付款' }).click();
  await expect(page).toHaveURL(new RegExp(`^${gatewayUrl()}/gateway\\.do\\?`));
  await expect(page.getByRole('heading', { name: '支付宝收银台（模拟）' })).toBeVisible();
  await expect(page.getByText(order.number)).toBeVisible();
  await page.getByRole('button', { name: '确认付款' }).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('待发货');
  await expect(detail).toContainText('支付宝');
  await expect(detail).toContainText('已支付');
});

test('an unpaid bank-transfer order shows the bank details, its reference and the deadline', async ({
  page,
  request,
}) => {
  const { member, order } = await unpaidOrder(request, 1);
  await signIn(page, member.session, '/userinfo/2-1');
  const card = page.getByTestId('order-card').filter({ hasText: order.number });
  await card.getByTestId('order-pay').click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  const bank = page.getByTestId('bank-transfer');
  await expect(bank).toContainText('转账信息');
  await expect(bank.getByTestId('transfer-reference')).toHaveText(order.number);
  await expect(bank.getByTestId('pay-deadline')).toContainText('前完成转账');
  await expect(bank.getByRole('button', { name: '复制转账备注' })).toBeVisible();
  // The other offered ways stay open: switching to WeChat shows its code.
  await page.getByTestId('pay-panel').getByRole('button', { name: '改用微信支付' }).click();
  await expect(page.getByTestId('wechat-qr')).toBeVisible();
});

test.describe('with the gateways switched off', () => {
  // A second instance of the shop on the same database, started without gateway settings.
  const port = E2E_PORT + 5;
  let child: ChildProcess;

  test.beforeAll(async () => {
    const log = fs.openSync(path.join(E2E_TMP, 'server-off.log'), 'a');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(WECHATPAY_|ALIPAY_|PAYMENT_)/.test(k)),
    );
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        JOBS: 'off',
      },
      stdio: ['ignore', log, log],
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/client/v1/system/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('second shop instance did not start');
  });
  test.afterAll(() => {
    child.kill('SIGTERM');
  });

  test('offers neither WeChat Pay nor Alipay and refuses them', async ({ page, request }) => {
    const { member, order } = await unpaidOrder(request, 1);
    const base = `http://127.0.0.1:${port}`;
    const methods = (await (await fetch(`${base}/client/v1/payments/methods`)).json()) as {
      data: unknown;
    };
    expect(methods.data).toEqual({ payTypes: [1, 4] });
    const refused = await fetch(`${base}/client/v1/user/orders/${order.id}/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: member.session.token },
      body: JSON.stringify({ payType: 2 }),
    });
    expect(refused.status).toBe(400);

    await page.goto(`${base}/login`);
    await page.evaluate(`(() => {
      const s = ${JSON.stringify(member.session)};
      localStorage.setItem('token', s.token);
      localStorage.setItem('exp', String(s.exp));
      localStorage.setItem('name', s.name);
      localStorage.setItem('account', s.account);
    })()`);
    await page.goto(`${base}/order/${order.id}`);
    const panel = page.getByTestId('pay-panel');
    await expect(panel.getByRole('button', { name: /余额支付/ })).toBeVisible();
    await expect(panel.getByRole('button', { name: /微信支付/ })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /支付宝/ })).toHaveCount(0);
  });
});
