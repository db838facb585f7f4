import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, toast, type Member } from '../support/auth';
import { chooseOption, consoleLogin, STAFF } from '../support/console';
import { pdfText } from '../support/pdf';
import {
  addCampusAddress,
  horizontalOverflow,
  priceText,
  type Paged,
  type ProductCard,
} from '../support/storefront';

/**
 * Contract prices and credit (docs/contract-prices-credit.md): catalogue staff give a 课题组 a
 * contract price for a demo pack and finance opens its credit (月结) in the console; its PI
 * chooses the 课题组 in the header's 采购身份 and sees the 合同价 in search, on the product page
 * and in the cart, orders on 月结, and the order waits unpaid at 待发货; the 课题组's 对账单 lists
 * it and its PDF names it; finance imports the bank's statement with the 课题组's payment,
 * confirms the matched row, and the order is paid and settled.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = process.env.E2E_TMP ?? '/tmp';

/** YYYY-MM-DD in China time, `days` from now. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

interface Regulated extends ProductCard {
  regulation: { categories: unknown[] };
}

/** A hot demo product with no regulatory class and a priced pack that one warehouse holds. */
async function plainPricedPack(request: APIRequestContext, token: string) {
  const list = await call<Paged<Regulated>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'hot', page: 1, size: 20 },
    token,
  );
  for (const product of list.records) {
    if (product.regulation.categories.length > 0 || !product.number) continue;
    const pack = product.materials.find(
      (m) =>
        m.userPrice !== null && m.userPrice >= 1 && m.stocks.some((s) => s.materialCount >= 10),
    );
    if (pack) return { product, pack, member: pack.userPrice as number };
  }
  throw new Error('no unregulated priced pack with stock in the demo catalogue');
}

async function staffPage(browser: Browser, who: { account: string; password: string }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await consoleLogin(page, who);
  return page;
}

/** Catalogue staff make the price list in the console's 合同价 screen. */
async function givePriceList(
  browser: Browser,
  list: { name: string; orgName: string; number: string; pack: string; price: number },
) {
  const staff = await staffPage(browser, STAFF.operator);
  await staff.goto('/console/price-lists');
  await staff.getByRole('button', { name: '新建合同价' }).click();
  const modal = staff.locator('.ant-modal').filter({ hasText: '新建合同价' });
  await modal.getByLabel('名称').fill(list.name);
  await modal.getByRole('combobox', { name: '适用单位' }).fill(list.orgName);
  await chooseOption(staff, list.orgName);
  await modal.getByPlaceholder('开始日期').click();
  await modal.getByPlaceholder('开始日期').fill(chinaDay(-1));
  await modal.getByPlaceholder('开始日期').press('Enter');
  await modal.getByPlaceholder('结束日期').fill(chinaDay(90));
  await modal.getByPlaceholder('结束日期').press('Enter');
  await modal.getByRole('button', { name: '添加一行' }).click();
  await modal.getByRole('combobox', { name: '规格' }).fill(list.number);
  await chooseOption(staff, `${list.number} ${list.pack}（`);
  await modal.getByLabel('合同价').fill(String(list.price));
  await modal.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(modal).toBeHidden();
  await expect(staff.getByRole('row').filter({ hasText: list.name })).toContainText('生效');
  await staff.close();
}

/** Finance open the organization's credit on its 信用额度 card. */
async function openCredit(browser: Browser, orgId: number) {
  const finance = await staffPage(browser, STAFF.finance);
  await finance.goto(`/console/organizations/${orgId}`);
  const card = finance.locator('.ant-card').filter({ hasText: '信用额度' }).first();
  await expect(card).toContainText('未开通月结');
  await card.getByLabel('信用额度（元）').fill('5000');
  await card.getByLabel('账期（天）').fill('30');
  await card.getByRole('button', { name: /保\s*存/ }).click();
  await expect(card).toContainText('￥5000.00');
  await expect(card).toContainText('30 天');
  await finance.close();
}

async function chooseBuyingFor(page: Page, orgName: string) {
  const select = page.getByRole('combobox', { name: '采购身份' });
  await expect(select.locator('option')).toHaveText(['个人', orgName]);
  await select.selectOption({ label: orgName });
  await expect(select).toHaveValue(/^\d+$/);
}

test('a 课题组 buys at its 合同价 on 月结, reads its 对账单, and a bank statement settles it', async ({
  page,
  request,
  browser,
}) => {
  // Three staff and a member in their own browsers, on a busy machine.
  test.setTimeout(300_000);
  const pi: Member = await createMember(request);
  const token = pi.session.token;
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const orgName = `E2E合同价${tag}课题组`;
  // Creating the 课题组 and the address book are the organizations journey's (organizations.spec.ts).
  const { id: orgId } = await call<{ id: number }>(
    request,
    'post',
    '/client/v1/orgs',
    { name: orgName },
    token,
  );
  await addCampusAddress(request, token, '李同学');
  const { product, pack, member } = await plainPricedPack(request, token);
  const contract = Math.max(0.5, Math.floor(member * 80) / 100);
  const quantity = 2;

  await givePriceList(browser, {
    name: `E2E合同价${tag}`,
    orgName,
    number: product.number,
    pack: `${product.name} ${pack.pack}`,
    price: contract,
  });
  await openCredit(browser, orgId);

  // As 个人 the PI sees the member price only.
  await signIn(page, pi.session, `/search?name=${encodeURIComponent(product.number)}`);
  await expect(page.getByTestId('pack-table').first()).toContainText(priceText(member));
  await expect(page.getByTestId('contract-price')).toHaveCount(0);

  // The PI buys for the 课题组: the search answer now carries its 合同价.
  await chooseBuyingFor(page, orgName);
  const searchPrice = page.getByTestId('contract-price');
  await expect(searchPrice).toHaveCount(1);
  await expect(searchPrice).toHaveText(priceText(contract));
  const searchRow = page.getByTestId('pack-table').getByRole('row').filter({ has: searchPrice });
  await expect(searchRow).toContainText('合同价');
  await expect(searchRow.locator('del')).toHaveText(priceText(member));
  await page.screenshot({ path: `${SHOTS}/contract-search-1280.png`, fullPage: true });

  // The choice is the storefront's: the product page shows it, and a reload keeps it.
  await page.goto(`/products/${product.id}`);
  await page.reload();
  await expect(page.getByRole('combobox', { name: '采购身份' })).toHaveValue(String(orgId));
  const row = page
    .getByTestId('pack-table')
    .getByRole('row')
    .filter({ has: page.getByTestId('contract-price') });
  await expect(row.getByTestId('contract-price')).toHaveText(priceText(contract));
  await expect(row.locator('del')).toHaveText(priceText(member));
  await row.getByLabel('数量', { exact: true }).fill(String(quantity));
  await row.getByRole('button', { name: '加入购物车' }).click();
  await expect(toast(page, '加入购物车成功')).toBeVisible();

  // The cart line pays the 合同价, and so does its total.
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: product.name });
  await expect(line.getByTestId('contract-price')).toContainText(priceText(contract));
  await expect(line.locator('del')).toHaveText(priceText(member));
  const all = page.getByRole('checkbox', { name: '全选' }).first();
  await all.click();
  await expect(all).toHaveAttribute('aria-checked', 'true');
  const goods = Math.round(contract * quantity * 100) / 100;
  await expect(page.getByTestId('cart-goods')).toHaveText(priceText(goods));
  await page.screenshot({ path: `${SHOTS}/contract-cart-1280.png`, fullPage: true });

  // The confirm page starts from the 课题组 and offers 月结.
  await page.getByRole('button', { name: '去结算' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(
    page.getByTestId('buyer-section').getByRole('radio', { name: orgName }),
  ).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('confirm-goods')).toHaveText(priceText(goods));
  await page.getByRole('radio', { name: '月结' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByTestId('order-success')).toBeVisible();

  const placed = await call<
    Paged<{ id: number; number: string; amount: number; payType: number; status: number }>
  >(request, 'get', '/client/v1/user/orders?size=10', undefined, token);
  const order = placed.records[0];
  if (!order) throw new Error('the order is not listed');
  expect(order.payType).toBe(5);
  expect(order.status).toBe(2);
  await page.goto(`/order/${order.id}`);
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-status')).toHaveText('待发货');
  await expect(detail).toContainText(/支付状态\s*未支付/);

  // The 课题组's 对账单 lists the order, and its PDF names it.
  await page.goto(`/userinfo/5-1?org=${orgId}&tab=statements`);
  const statement = page.getByTestId('statements-tab');
  const statementRow = statement.getByRole('row').filter({ hasText: order.number });
  await expect(statementRow).toContainText('待结算');
  await expect(statementRow).toContainText(priceText(order.amount));
  const download = page.waitForEvent('download');
  await statement.getByRole('button', { name: '下载 PDF' }).click();
  const file = await (await download).path();
  const text = (await pdfText(await fs.readFile(file))).replace(/\s+/g, '');
  expect(text).toContain(order.number);
  expect(text).toContain(orgName);

  // Finance import the bank's export: the 课题组 paid the order's amount.
  const csv = [
    '交易日期,贷方金额,对方户名,对方账号,摘要',
    `${chinaDay(0)},${order.amount.toFixed(2)},${orgName},6222020200001234567,货款`,
  ].join('\r\n');
  const finance = await staffPage(browser, STAFF.finance);
  await finance.goto('/console/bank-statements');
  await finance.locator('input[type=file]').setInputFiles({
    name: `流水-${tag}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const matched = finance.locator('.ant-card').filter({ hasText: '已匹配 1 行（共 1 行）' });
  const matchRow = matched.getByRole('row').filter({ hasText: order.number });
  await expect(matchRow).toContainText(priceText(order.amount));
  await expect(matchRow).toContainText(orgName);
  await matchRow.getByRole('checkbox').check();
  await matched.getByRole('button', { name: '确认收款（1）' }).click();
  await expect(matchRow).toContainText('已确认');
  await finance.screenshot({ path: `${SHOTS}/contract-bank-1280.png`, fullPage: true });
  await finance.close();

  // The order is paid, and the 对账单 says it is settled.
  await page.goto(`/order/${order.id}`);
  await expect(page.getByTestId('order-detail')).toContainText(/支付状态\s*已支付/);
  await page.goto(`/userinfo/5-1?org=${orgId}&tab=statements`);
  await expect(
    page.getByTestId('statements-tab').getByRole('row').filter({ hasText: order.number }),
  ).toContainText('已结清');

  // On a phone the header's 采购身份 fits, and 个人 goes back to member prices.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/search?name=${encodeURIComponent(product.number)}`);
  const select = page.getByRole('combobox', { name: '采购身份' });
  await expect(select).toBeVisible();
  await expect(page.getByTestId('contract-price')).toHaveText(priceText(contract));
  expect(await horizontalOverflow(page)).toBe(0);
  // The 合同价 fits its pack row's card too.
  const box = await page.getByTestId('contract-price').boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390 - 16);
  await page.screenshot({ path: `${SHOTS}/contract-header-390.png`, fullPage: true });
  await select.selectOption({ label: '个人' });
  await expect(page.getByTestId('contract-price')).toHaveCount(0);
  await expect(page.getByTestId('pack-table').first()).toContainText(priceText(member));

  // A visitor naming the 课题组 gets neither its contract price nor member prices.
  const visitor = await request.post('/client/v1/products', {
    data: { key: product.number, page: 1, size: 20 },
    headers: { 'X-Org-Id': String(orgId) },
  });
  const answer = (await visitor.json()) as { code: number; data: Paged<ProductCard> };
  expect(answer.code).toBe(0);
  const seen = answer.data.records.find((p) => p.id === product.id);
  expect(seen?.materials.length).toBeGreaterThan(0);
  for (const m of seen?.materials ?? []) {
    expect(m.userPrice).toBeNull();
    expect(m).not.toHaveProperty('contractPrice');
  }
});
