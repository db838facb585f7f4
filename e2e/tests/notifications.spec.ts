import crypto from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn } from '../support/auth';
import { consoleLogin, STAFF } from '../support/console';
import { apiData, type Paged, type ProductCard } from '../support/storefront';

/**
 * Notifications (docs/notifications.md): a new member places an order, the header's unread count
 * goes up, the member opens 消息, reads the message, and the count goes down; staff answer an
 * inquiry by email and find the message in the outbox, and preview a template with an order.
 */
test.use({ viewport: { width: 1366, height: 900 } });

const region = JSON.stringify({
  province: { key: '110000', value: '北京市' },
  city: { key: '110100', value: '市辖区' },
  area: { key: '110101', value: '东城区' },
});

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
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 1, type: 1 },
    token,
  );
  return line.id;
}

test('an order raises the unread count; reading the message lowers it', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  const token = member.session.token;
  await call(
    request,
    'post',
    '/client/v1/user/address',
    { name: '张三', phone: '13912345678', region, address: '某路 1 号', isDefault: true },
    token,
  );
  const lineId = await cartLineWithPrice(request, token);

  await signIn(page, member.session, '/');
  const bell = page.getByTestId('messages-button');
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('unread-count')).toHaveCount(0);

  await page.evaluate(`localStorage.setItem('selectCartId', '[${lineId}]')`);
  await page.goto('/confirm');
  await expect(page.getByTestId('checkout-lines').locator('li')).toHaveCount(1);
  await page.getByRole('radio', { name: /银行转账/ }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^\d{20}$/);

  await page.goto('/');
  await expect(page.getByTestId('unread-count')).toHaveText('1');
  await expect(bell).toHaveAttribute('aria-label', '消息，1 条未读');

  await bell.click();
  await expect(page).toHaveURL(/\/userinfo\/4-1$/);
  const message = page.getByTestId('member-message');
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(`订单 ${number} 已提交`);
  await expect(message.getByLabel('未读')).toHaveCount(1);

  await message.getByRole('button').first().click();
  await expect(message).toContainText(`订单 ${number} 已提交，金额`);
  await expect(message.getByLabel('已读')).toHaveCount(1);
  await expect(page.getByTestId('unread-count')).toHaveCount(0);
  await expect(bell).toHaveAttribute('aria-label', '消息');

  await message.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/order\/\d+$/);
  await expect(page.getByTestId('order-detail')).toContainText(number);
});

test('staff answer a bulk inquiry by email, find it in the outbox, and preview a template', async ({
  page,
  request,
}) => {
  const email = `inq-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const company = `询价单位-${crypto.randomBytes(3).toString('hex')}`;
  await call(request, 'post', '/client/v1/bulk-inquiry', {
    contact: '郑十一',
    phone: '13912340011',
    email,
    company,
    content: '乙腈 HPLC 级 20 瓶',
  });

  await consoleLogin(page, STAFF.admin);
  await page.getByRole('menu').getByText('消息中心').click();
  await page.getByRole('tab', { name: '批量询价' }).click();
  await expect(page.getByRole('tab', { name: '批量询价' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByPlaceholder('联系人 / 电话 / 单位').fill(company);
  await page.getByPlaceholder('联系人 / 电话 / 单位').press('Enter');
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '答复' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '邮件答复' });
  await expect(dialog).toContainText('尚未答复');
  await dialog.getByLabel('答复内容（通过邮件发送给对方）').fill('您好，现货，报价已附。');
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog.locator('.ant-list-item')).toContainText('您好，现货，报价已附。');
  // The thread stays open for a further answer; close it.
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('menu').getByText('通知发送记录').click();
  await page.getByPlaceholder('收件人').fill(email);
  await page.getByPlaceholder('收件人').press('Enter');
  const sent = page.getByRole('row').filter({ hasText: email });
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('留言/询价答复');
  await expect(sent).toContainText('您的批量询价已有答复');

  await page.getByRole('menu').getByText('通知模板').click();
  await page.getByRole('listitem').filter({ hasText: '订单已提交' }).click();
  const subject = page.getByLabel('标题');
  await subject.fill('订单 {orderNumber} 收到 {nickname}');
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page.getByText('模板包含未知的占位符：{nickname}')).toBeVisible();
  await subject.fill('【{shopName}】订单 {orderNumber} 收到了');
  await page.getByRole('button', { name: '预览' }).click();
  await expect(page.getByText(/^预览：【.+】订单 \d{20} 收到了$/)).toBeVisible();
  await expect(page.getByText(/^使用订单 \d{20}$/)).toBeVisible();
});
