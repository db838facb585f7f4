import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn } from '../support/auth';
import { consoleLogin, placeOrder, STAFF, staffToken } from '../support/console';

/**
 * 部分退款 (docs/console.md, "Orders"): finance gives back part of an order paid from the
 * balance; the member sees the refund in the balance history and on the order. And a WeChat
 * payment that paid nothing of its order goes back in full (docs/payments.md).
 */
test.use({ viewport: { width: 1440, height: 900 } });

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

/** A new member whose balance finance topped up with ¥100,000. */
async function memberWithBalance(request: APIRequestContext) {
  const member = await createMember(request);
  const finance = await staffToken(request, STAFF.finance);
  const found = await call<{ records: { id: number }[] }>(
    request,
    'get',
    `/manage/v1/members?key=${encodeURIComponent(member.account)}`,
    undefined,
    finance,
  );
  await call(
    request,
    'post',
    `/manage/v1/members/${found.records[0]!.id}/balance`,
    { amount: 100_000, remark: '线下汇款充值' },
    finance,
  );
  return member;
}

test('finance refunds part of a balance-paid order; the member sees it in the balance history', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A new member each attempt, so a retry never meets the first attempt's refund.
  const member = await memberWithBalance(request);
  const order = await placeOrder(request, member.session.token, { payType: 4, quantity: 1 });

  await consoleLogin(page, STAFF.finance);
  await page.goto(`/console/orders/${order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await page.getByRole('button', { name: '部分退款' }).click();
  const dialog = modal(page, '部分退款');
  await expect(dialog.getByTestId('refundable-amount')).toContainText(
    `可退金额 ￥${order.amount.toFixed(2)}`,
  );
  // More than two decimals is refused, not rounded.
  await dialog.getByLabel('退款金额（元）').fill('1.005');
  await dialog.getByLabel('退款原因').fill('缺货一瓶');
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await expect(dialog.getByText('金额最多两位小数')).toBeVisible();
  await dialog.getByLabel('退款金额（元）').fill('1.23');
  await dialog.getByRole('button', { name: '确认退款' }).click();
  await expect(page.getByText('退款成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('refunded-amount')).toHaveText('已退款合计 ￥1.23');
  await expect(page.getByRole('cell', { name: '缺货一瓶', exact: true })).toBeVisible();
  // The order's history names the refund in Chinese.
  await expect(page.getByRole('cell', { name: '退款', exact: true })).toBeVisible();
  await expect(page.getByText('原因：缺货一瓶', { exact: true })).toBeVisible();

  await signIn(page, member.session, '/userinfo/3-1');
  const refund = page
    .getByTestId('balance-record')
    .filter({ hasText: `订单 ${order.number} 部分退款` });
  await expect(refund.getByTestId('balance-amount')).toHaveText('+￥1.23');

  await page.goto(`/order/${order.id}`);
  await expect(page.getByTestId('order-refund')).toContainText('缺货一瓶');
  await expect(page.getByTestId('order-refunds')).toContainText('已退款合计 ￥1.23');
});

test('finance gives back a WeChat payment that came after the order was paid from the balance', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const member = await memberWithBalance(request);
  // The buyer opens a WeChat code, pays from the balance instead, then scans the code too.
  const order = await placeOrder(request, member.session.token, { payType: 2, quantity: 1 });
  const pay = (payType: number) =>
    call(
      request,
      'post',
      `/client/v1/user/orders/${order.id}/payment`,
      { payType, device: 'pc' },
      member.session.token,
    );
  await pay(2);
  await pay(4);
  const paid = await fetch(`${process.env.E2E_GATEWAY_URL ?? ''}/control/wechat/pay`, {
    method: 'POST',
    body: new URLSearchParams({ out_trade_no: order.number }),
  });
  expect(await paid.json()).toMatchObject({ status: 204 });

  await consoleLogin(page, STAFF.finance);
  await page.goto(`/console/orders/${order.id}`);
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  const card = page.locator('.ant-card').filter({ hasText: '线上支付与退款' });
  // The order was paid from the balance: no 原路退款 of the order, only this payment's refund.
  await expect(card.getByRole('button', { name: '原路退款' })).toHaveCount(0);
  const row = card.getByRole('row').filter({ hasText: order.number });
  await expect(row).toContainText('未计入订单');
  await row.getByRole('button', { name: '退还此笔' }).click();
  const dialog = modal(page, '退还未计入订单的付款');
  await expect(dialog).toContainText(`付款 ${order.number}（￥${order.amount.toFixed(2)}）`);
  // The console opens dialogs without an animation (apps/console/src/app/provider.tsx): the
  // moment its text is there it has no zoom step left to pass (read once, not waited for).
  expect(await dialog.getAttribute('class')).not.toMatch(/ant-zoom/);
  await dialog.getByRole('button', { name: '全额原路退回' }).click();
  await expect(dialog.getByText('请输入退款原因')).toBeVisible();
  await dialog.getByLabel('退款原因').fill('重复付款');
  await dialog.getByRole('button', { name: '全额原路退回' }).click();
  await expect(page.getByText('退款已提交')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('cell', { name: '重复付款（未计入订单的付款）' })).toBeVisible();
  await expect(row.getByRole('button', { name: '退还此笔' })).toHaveCount(0);
  // The order itself is untouched: still paid, nothing refunded of it.
  await expect(page.getByTestId('order-status')).toHaveText('待发货');
  await expect(page.getByTestId('refunded-amount')).toHaveCount(0);
});
