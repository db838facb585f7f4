import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, toast } from '../support/auth';
import { chooseOption, consoleLogin, STAFF } from '../support/console';
import { addCampusAddress, type Paged, type ProductCard } from '../support/storefront';

/**
 * Controlled chemicals (docs/compliance.md): a buyer is refused 乙醚 (易制毒 第二类) until a
 * business licence and a 购买备案证明 are approved by compliance staff; then orders within the
 * document's quantity are accepted and beyond it refused, and the shipped line enters the
 * sales ledger (销售台账).
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** A 1×1 PNG: the server checks uploaded files by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF, as a scanned licence would be sent. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

const RECORD = '第二类、第三类易制毒化学品购买备案证明';
const ETHER_CAS = '60-29-7';

/** YYYY-MM-DD in China time, `days` from now. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** The last valid day of the uploaded documents: a year ahead. */
const VALID_UNTIL = chinaDay(365);

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

/**
 * Goes from the cart to the confirm page with every line chosen; the cart keeps the choice of
 * an order that was refused, so `chosen` says whether the lines are chosen already.
 */
async function checkout(page: Page, chosen = false): Promise<void> {
  await page.goto('/cart');
  const all = page.getByRole('checkbox', { name: '全选' }).first();
  await expect(page.getByTestId('cart-line').first()).toBeVisible();
  await expect(all).toHaveAttribute('aria-checked', String(chosen));
  if (!chosen) await all.click();
  await expect(all).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: '去结算' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
}

/** Fills and sends the upload form of /userinfo/1-5. */
async function upload(
  page: Page,
  doc: {
    kind: string;
    number: string;
    holder: string;
    file: 'pdf' | 'png';
    substance?: [string, string, string];
  },
): Promise<void> {
  const form = page.getByTestId('qualification-form');
  await form.getByLabel('证件类型').selectOption({ label: doc.kind });
  await form.getByLabel('证件编号').fill(doc.number);
  await form.getByLabel('持证单位').fill(doc.holder);
  await form.getByLabel('有效期至').fill(VALID_UNTIL);
  if (doc.substance) {
    const [cas, quantity, unit] = doc.substance;
    await form.getByLabel('CAS号', { exact: true }).fill(cas);
    await form.getByLabel('数量', { exact: true }).fill(quantity);
    await form.getByLabel('单位', { exact: true }).selectOption(unit);
  }
  await form.getByLabel('证件文件').setInputFiles({
    name: `${doc.number}.${doc.file}`,
    mimeType: doc.file === 'pdf' ? 'application/pdf' : 'image/png',
    buffer: doc.file === 'pdf' ? PDF : PNG,
  });
  await form.getByRole('button', { name: '提交审核' }).click();
  await expect(
    page.getByTestId('qualification-list').getByRole('row').filter({ hasText: doc.number }),
  ).toContainText('待审核');
  // The form is emptied for the next document and keeps the kind chosen.
  await expect(form.getByLabel('证件编号')).toHaveValue('');
  await expect(form.getByLabel('证件文件')).toHaveValue('');
  await expect(form.getByLabel('证件类型').locator('option:checked')).toHaveText(doc.kind);
}

/**
 * Compliance staff approve the member's pending document with this number in the console, its
 * file shown beside the form (a PDF in a frame of its own, a picture as it is).
 */
async function approve(staff: Page, number: string, file: 'pdf' | 'png'): Promise<void> {
  await staff.goto('/console/compliance');
  const row = staff.getByRole('row').filter({ hasText: number });
  await row.getByRole('button', { name: '审核' }).click();
  const drawer = staff.locator('.ant-drawer').filter({ hasText: '证件审核' });
  if (file === 'png') {
    await expect(drawer.getByRole('img', { name: '证件文件' })).toBeVisible();
  } else {
    await expect(drawer.locator('iframe[title="证件文件"]')).toBeVisible();
    // The frame holds the file itself, not the error page of a blocked frame.
    await expect.poll(() => staff.frames().some((f) => f.url().startsWith('blob:'))).toBe(true);
  }
  await expect(drawer).toContainText(number);
  await expect(drawer.getByRole('row').filter({ hasText: '有效期至' })).toHaveText(
    `有效期至${VALID_UNTIL}`,
  );
  await drawer.getByText('通过', { exact: true }).click();
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(drawer).toBeHidden();
  await expect(staff.getByRole('row').filter({ hasText: number })).toHaveCount(0);
}

async function staffPage(browser: Browser, who: { account: string; password: string }) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await consoleLogin(page, who);
  return page;
}

test('乙醚 is refused without documents, sold within the approved quantity, shipped and in the ledger', async ({
  page,
  request,
  browser,
}) => {
  // A buyer and three staff in four browsers on a busy machine.
  test.setTimeout(240_000);
  const member = await createMember(request);
  const token = member.session.token;
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const holder = `E2E合规${tag}化工有限公司`;
  const licenceNo = `91110000E2E${tag}`;
  const recordNo = `(京)3S11000000${tag}`;
  // The order's company is the account's (no invoice asked for) and must match the holder.
  await call(
    request,
    'put',
    '/client/v1/user/info/basic',
    { company: holder, name: '测试会员', telephone: '010-12345678' },
    token,
  );
  await addCampusAddress(request, token, '李老师');
  const found = await call<Paged<ProductCard>>(request, 'post', '/client/v1/products', {
    key: '乙醚',
    page: 1,
    size: 20,
  });
  const ether = found.records.find((p) => p.name === '乙醚' && p.cas === ETHER_CAS);
  if (!ether) throw new Error('乙醚 is not in the demo catalogue');
  const pack = ether.materials.find(
    (m) => m.pack === '500mL' && m.stocks.some((s) => s.materialCount >= 5),
  );
  if (!pack) throw new Error('乙醚 500mL has no stock');
  const store = pack.stocks.find((s) => s.materialCount >= 5)!;
  const line = (quantity: number) =>
    call(request, 'put', '/client/v1/cart', { materialId: pack.id, quantity, type: 2 }, token);

  // 1. Without documents: the product page, the cart and the order all say no.
  await signIn(page, member.session, `/products/${ether.id}`);
  const panel = page.getByTestId('regulation-panel');
  await expect(panel).toContainText('易制毒化学品（第二类）');
  await expect(panel).toContainText(`购买须提供审核通过的${RECORD}及单位营业执照`);
  await expect(page.getByTestId('regulation-status')).toContainText(`您尚无可用的${RECORD}`);

  await line(2);
  await page.goto('/cart');
  const blocked = page
    .getByTestId('cart-line')
    .filter({ hasText: '乙醚' })
    .getByTestId('cart-line-blocked');
  await expect(blocked).toContainText('个人不得购买');
  await expect(blocked).toContainText('营业执照');
  await checkout(page);
  await page.getByRole('radio', { name: '银行转账' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(toast(page, '「乙醚 500mL」属于易制毒化学品（第二类），个人不得购买')).toBeVisible();
  await expect(page.getByTestId('order-success')).toHaveCount(0);
  const none = await call<Paged<unknown>>(
    request,
    'get',
    '/client/v1/user/orders?size=10',
    undefined,
    token,
  );
  expect(none.total).toBe(0);

  // 2. The buyer uploads a business licence and a 备案证明 for 1 L of 乙醚.
  await page.goto('/cart');
  await blocked.getByRole('link', { name: '上传资质文件' }).click();
  await expect(page).toHaveURL(/\/userinfo\/1-5$/);
  await expect(page.getByText('暂无资质文件')).toBeVisible();
  await upload(page, { kind: '营业执照', number: licenceNo, holder, file: 'pdf' });
  await upload(page, {
    kind: RECORD,
    number: recordNo,
    holder,
    file: 'png',
    substance: [ETHER_CAS, '1', 'L'],
  });
  // Pending documents allow nothing yet.
  await page.goto('/cart');
  await expect(blocked).toBeVisible();

  // 3. Compliance staff approve both in the console.
  const compliance = await staffPage(browser, STAFF.compliance);
  await approve(compliance, licenceNo, 'pdf');
  await approve(compliance, recordNo, 'png');

  await page.goto('/userinfo/1-5');
  const record = page
    .getByTestId('qualification-list')
    .getByRole('row')
    .filter({ hasText: recordNo });
  await expect(record).toContainText('已通过');
  await expect(record).toContainText(`${ETHER_CAS}：1 / 1 L`);
  await page.goto(`/products/${ether.id}`);
  await expect(page.getByTestId('regulation-status')).toContainText(`您已有审核通过的${RECORD}。`);

  // 4. Two bottles of 500 mL are exactly the 1 L the document allows: the order goes through.
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line').filter({ hasText: '乙醚' })).toBeVisible();
  await expect(blocked).toHaveCount(0);
  await checkout(page, true);
  await page.getByRole('radio', { name: '银行转账' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByTestId('order-success')).toContainText('提交成功');
  const number = (await page.getByTestId('order-number').textContent()) ?? '';
  expect(number).toMatch(/^\d{20}$/);
  await page.goto('/userinfo/1-5');
  await expect(record).toContainText(`${ETHER_CAS}：0 / 1 L`);

  // 5. One more bottle is beyond the document: the cart marks it and the order is refused.
  await line(1);
  await page.goto('/cart');
  await expect(blocked).toContainText('超出');
  await checkout(page);
  await page.getByRole('radio', { name: '银行转账' }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(toast(page, `超出${RECORD}（编号 ${recordNo}）的剩余数量`)).toBeVisible();
  await expect(page.getByTestId('order-success')).toHaveCount(0);
  const orders = await call<Paged<{ id: number; number: string; amount: number }>>(
    request,
    'get',
    '/client/v1/user/orders?size=10',
    undefined,
    token,
  );
  expect(orders.records.map((o) => o.number)).toEqual([number]);
  const order = orders.records[0]!;

  // 6. Finance records the transfer; the warehouse ships both bottles.
  const finance = await staffPage(browser, STAFF.finance);
  await finance.goto(`/console/orders/${order.id}`);
  await expect(finance.getByTestId('order-status')).toHaveText('待处理');
  await finance.getByRole('button', { name: '确认收款' }).click();
  const pay = modal(finance, '确认银行转账到账');
  await pay.getByLabel('到账金额（元）').fill(String(order.amount));
  await pay.getByLabel('转账附言/参考号').fill(number);
  await pay.getByRole('button', { name: '确定' }).click();
  await expect(finance.getByTestId('order-status')).toHaveText('待发货');
  await finance.close();

  const warehouse = await staffPage(browser, STAFF.warehouse);
  await warehouse.goto(`/console/orders/${order.id}`);
  await warehouse.getByRole('button', { name: '发货', exact: true }).click();
  const ship = modal(warehouse, '发货');
  await ship.getByLabel('快递公司').fill('危险品专线');
  await ship.getByLabel('快递单号').fill(`WX-${tag}`);
  await ship.getByRole('combobox', { name: /^发货仓库 / }).click();
  await chooseOption(warehouse, store.storeName);
  await ship.getByRole('spinbutton').fill('2');
  await ship.getByRole('button', { name: '确定' }).click();
  await expect(ship).toBeHidden();
  await expect(warehouse.getByTestId('order-status')).toHaveText('运输中');
  await warehouse.close();

  // 7. The sales ledger shows the shipped line with the buyer and the document.
  await compliance.goto('/console/compliance?tab=ledger');
  const entry = compliance.getByRole('row').filter({ hasText: number });
  await expect(entry).toHaveCount(1);
  for (const text of [
    '乙醚',
    ETHER_CAS,
    '易制毒化学品（第二类）',
    '500mL × 2',
    '1 L',
    holder,
    '李老师 13700001111',
    recordNo,
    '仓库管理员',
  ]) {
    await expect(entry).toContainText(text);
  }
  await compliance.close();
});
