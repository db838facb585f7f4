import crypto from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember, signIn, toast, type Member } from '../support/auth';
import { chooseOption, consoleLogin, STAFF } from '../support/console';
import {
  addCampusAddress,
  horizontalOverflow,
  type Paged,
  type ProductCard,
} from '../support/storefront';

/**
 * Organizations (docs/organizations.md): a PI creates the 课题组, adds a buyer and a safety
 * officer, sets approval over ¥1,000 with 双人双签 and a 经费卡; staff verify the organization.
 * Its safety officer uploads the 课题组's own documents (单位资质), compliance staff approve them;
 * the buyer orders 乙醚 (易制毒 第二类) for it on the 经费卡, the PI approves and the safety
 * officer co-signs, the buyer pays, the warehouse ships, and the 经费卡 shows the amount used.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = process.env.E2E_TMP ?? '/tmp';

/** YYYY-MM-DD in China time, `days` from now. */
const chinaDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

const RECORD = '第二类、第三类易制毒化学品购买备案证明';
const ETHER_CAS = '60-29-7';

/** A one-page PDF, as a scanned document would be sent. */
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

const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ hasText: title });

async function staffPage(browser: Browser, who: { account: string; password: string }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await consoleLogin(page, who);
  return page;
}

/** Sends the 单位资质 upload form; the holder is the organization's name, not to be changed. */
async function uploadOrgDocument(
  page: Page,
  doc: { kind: string; number: string; holder: string; substance?: [string, string, string] },
) {
  const form = page.getByTestId('qualification-form');
  await form.getByLabel('证件类型').selectOption({ label: doc.kind });
  await form.getByLabel('证件编号').fill(doc.number);
  await expect(form.getByLabel('持证单位')).toHaveValue(doc.holder);
  await expect(form.getByLabel('持证单位')).not.toBeEditable();
  await form.getByLabel('有效期至').fill(chinaDay(365));
  if (doc.substance) {
    const [cas, quantity, unit] = doc.substance;
    await form.getByLabel('CAS号', { exact: true }).fill(cas);
    await form.getByLabel('数量', { exact: true }).fill(quantity);
    await form.getByLabel('单位', { exact: true }).selectOption(unit);
  }
  await form
    .getByLabel('证件文件')
    .setInputFiles({ name: `${doc.number}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: '提交审核' }).click();
  await expect(
    page.getByTestId('qualification-list').getByRole('row').filter({ hasText: doc.number }),
  ).toContainText('待审核');
}

/** Compliance staff approve the pending document with this number in the console. */
async function approveDocument(staff: Page, number: string) {
  await staff.goto('/console/compliance');
  await staff
    .getByRole('row')
    .filter({ hasText: number })
    .getByRole('button', { name: '审核' })
    .click();
  const drawer = staff.locator('.ant-drawer').filter({ hasText: '证件审核' });
  await expect(drawer).toContainText(number);
  await drawer.getByText('通过', { exact: true }).click();
  await drawer.getByRole('button', { name: '提交' }).click();
  await expect(drawer).toBeHidden();
}

/**
 * The demo catalogue's 乙醚 pack, how many make an order of at least ¥1,000, and the packages
 * that ship them (no warehouse holds that many alone: each ships what it holds).
 */
async function etherOrder(request: Parameters<typeof call>[0], token: string) {
  const found = await call<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products',
    { key: '乙醚', page: 1, size: 20 },
    token,
  );
  const ether = found.records.find((p) => p.name === '乙醚' && p.cas === ETHER_CAS);
  const pack = ether?.materials.find((m) => m.userPrice !== null);
  if (!pack) throw new Error('乙醚 is not in the demo catalogue with a price');
  const count = Math.ceil(1000 / (pack.userPrice as number));
  const packages: { storeName: string; quantity: number }[] = [];
  let left = count;
  for (const store of [...pack.stocks].sort((x, y) => y.materialCount - x.materialCount)) {
    const quantity = Math.min(left, store.materialCount);
    if (quantity > 0) packages.push({ storeName: store.storeName, quantity });
    left -= quantity;
  }
  if (left > 0) throw new Error('乙醚 has too little stock for an order over ¥1,000');
  return { pack, count, packages };
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

test('a PI sets up the 课题组: members, approval over ¥1,000, 双人双签, a 经费卡; staff verify it', async ({
  page,
  request,
  browser,
}) => {
  // Four members and three staff in their own browsers, on a busy machine.
  test.setTimeout(420_000);
  const [pi, buyer, safety] = await Promise.all([
    createMember(request),
    createMember(request),
    createMember(request),
  ]);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const name = `E2E化学学院${tag}课题组`;

  // The PI creates the 课题组 and becomes its 管理员.
  await signIn(page, pi.session, '/userinfo/5-1');
  await expect(page.getByText('暂未加入任何单位')).toBeVisible();
  const create = page.getByTestId('org-create');
  await create.getByLabel('单位名称').fill(name);
  await create.getByRole('button', { name: '创建单位' }).click();
  await expect(toast(page, '创建成功')).toBeVisible();
  const orgPage = page.getByTestId('org-page');
  await expect(orgPage.getByRole('heading', { name })).toBeVisible();
  await expect(orgPage).toContainText('我的角色：管理员');
  await expect(orgPage).toContainText('未认证');

  // 成员: a buyer by phone, a safety officer by email; the last admin cannot leave.
  const add = page.getByTestId('member-add');
  await add.getByLabel('成员账号').fill(buyer.phone);
  await add.getByLabel('新成员角色').selectOption({ label: '采购员' });
  await add.getByRole('button', { name: '添加成员' }).click();
  await expect(toast(page, '已添加成员')).toBeVisible();
  await add.getByLabel('成员账号').fill(safety.account);
  await add.getByLabel('新成员角色').selectOption({ label: '安全员' });
  await add.getByRole('button', { name: '添加成员' }).click();
  const members = page.getByTestId('member-list');
  await expect(members.getByRole('row')).toHaveCount(4);
  await expect(members.getByLabel(`${safety.account} 的角色`)).toHaveValue('safety');
  await members.getByRole('row').filter({ hasText: pi.account }).getByRole('button').click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '单位至少需要一名管理员')).toBeVisible();
  await expect(members.getByRole('row')).toHaveCount(4);

  // 审批规则: orders from ¥1,000 wait for an approver, regulated ones for the safety officer too.
  await openTab(page, '审批规则');
  await page.getByLabel('审批金额（元）').fill('1000');
  await page.getByLabel('含管制化学品的订单须安全员审批（双人双签）').check();
  await page.getByRole('button', { name: '保存规则' }).click();
  await expect(page.getByTestId('org-rules')).toContainText('订单金额达到 ¥1000.00 须审批人审批');
  await expect(page.getByTestId('org-rules')).toContainText('双人双签');

  // 经费卡: ¥20,000 valid for a year, nothing used yet.
  await openTab(page, '经费卡');
  const form = page.getByTestId('budget-form');
  await form.getByLabel('经费卡号').fill(`KY${tag}`);
  await form.getByLabel('经费名称').fill('国家自然科学基金面上项目');
  await form.getByLabel('经费金额').fill('20000');
  await form.getByLabel('有效期开始').fill(chinaDay(-1));
  await form.getByLabel('有效期结束').fill(chinaDay(365));
  await form.getByRole('button', { name: '添加经费卡' }).click();
  const row = page.getByTestId('budget-row').filter({ hasText: `KY${tag}` });
  await expect(row).toContainText('￥20000.00');
  await expect(row.getByTestId('budget-used')).toHaveText('￥0.00');
  await page.screenshot({ path: `${SHOTS}/org-budgets-1280.png`, fullPage: true });

  // On a phone the tabs and the tables scroll inside the page, which itself does not.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: `${SHOTS}/org-budgets-390.png`, fullPage: true });
  await openTab(page, '成员');
  await page.screenshot({ path: `${SHOTS}/org-members-390.png`, fullPage: true });

  // The buyer sees the organization with their role.
  const buyerPage = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(buyerPage, buyer.session, '/userinfo/5-1');
  await expect(buyerPage.getByTestId('org-list')).toContainText(name);
  await expect(buyerPage.getByTestId('org-list')).toContainText('我的角色：采购员');
  await buyerPage.screenshot({ path: `${SHOTS}/org-list-390.png`, fullPage: true });
  await buyerPage.close();

  // Staff with members verify it after checking its 营业执照.
  const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await consoleLogin(staff, STAFF.admin);
  await staff.goto('/console/organizations');
  await staff.getByRole('link', { name }).click();
  await staff.getByRole('button', { name: '通过认证' }).click();
  const modal = staff.locator('.ant-modal').filter({ hasText: '通过单位认证' });
  await modal.getByLabel('备注').fill('已核对营业执照');
  await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(staff.getByRole('button', { name: '取消认证' })).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/console-org-1280.png`, fullPage: true });
  await staff.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByTestId('org-page')).toContainText('已认证');

  await orderForTheOrganization({ page, request, browser, pi, buyer, safety, name, tag });
});

/**
 * The second half: the organization's documents, an order of 乙醚 for it on the 经费卡, the two
 * signatures, the payment, the shipment and the budget's use.
 */
async function orderForTheOrganization(p: {
  page: Page;
  request: Parameters<typeof call>[0];
  browser: Browser;
  pi: Member;
  buyer: Member;
  safety: Member;
  name: string;
  tag: string;
}) {
  const { page, request, browser, pi, buyer, safety, name, tag } = p;
  const orgs = await call<{ id: number; name: string }[]>(
    request,
    'get',
    '/client/v1/orgs',
    undefined,
    pi.session.token,
  );
  const orgId = orgs.find((o) => o.name === name)?.id;
  if (!orgId) throw new Error('the organization is not listed');
  const licenceNo = `91110000E2E${tag}`;
  const recordNo = `(京)3S11000000${tag}`;

  // 单位资质: the safety officer uploads the 课题组's licence and 备案证明 in its name.
  const officer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(officer, safety.session, `/userinfo/5-1?org=${orgId}&tab=documents`);
  await expect(officer.getByRole('tab', { name: '单位资质' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(officer.getByText('暂无单位资质')).toBeVisible();
  await uploadOrgDocument(officer, { kind: '营业执照', number: licenceNo, holder: name });
  await uploadOrgDocument(officer, {
    kind: RECORD,
    number: recordNo,
    holder: name,
    substance: [ETHER_CAS, '100', 'L'],
  });

  const compliance = await staffPage(browser, STAFF.compliance);
  await approveDocument(compliance, licenceNo);
  await approveDocument(compliance, recordNo);
  await compliance.close();

  await officer.reload();
  const record = officer
    .getByTestId('qualification-list')
    .getByRole('row')
    .filter({ hasText: recordNo });
  await expect(record).toContainText('已通过');
  await expect(record).toContainText(name);
  await officer.screenshot({ path: `${SHOTS}/org-documents-1280.png`, fullPage: true });
  await officer.setViewportSize({ width: 390, height: 844 });
  await expect(record).toBeVisible();
  expect(await horizontalOverflow(officer)).toBe(0);
  await officer.screenshot({ path: `${SHOTS}/org-documents-390.png`, fullPage: true });

  // The buyer orders enough 乙醚 to pass ¥1,000 for the 课题组 on its 经费卡, paying by Alipay.
  const token = buyer.session.token;
  await addCampusAddress(request, token, '李同学');
  const { pack, count, packages } = await etherOrder(request, token);
  await call(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: count, type: 2 },
    token,
  );
  const shop = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(shop, buyer.session, '/cart');
  const all = shop.getByRole('checkbox', { name: '全选' }).first();
  await expect(shop.getByTestId('cart-line').first()).toBeVisible();
  await all.click();
  await expect(all).toHaveAttribute('aria-checked', 'true');
  await shop.getByRole('button', { name: '去结算' }).click();
  await expect(shop).toHaveURL(/\/confirm$/);
  const buyerSection = shop.getByTestId('buyer-section');
  await buyerSection.getByRole('radio', { name }).click();
  await buyerSection.getByLabel('经费卡').selectOption({ value: `KY${tag}` });
  await expect(buyerSection.getByTestId('budget-remaining')).toContainText('20000.00');
  await shop.getByRole('radio', { name: '支付宝' }).check();
  await shop.getByRole('button', { name: '提交订单' }).click();
  await expect(shop.getByTestId('order-success')).toContainText('订单待审批');
  const placed = await call<Paged<{ id: number; number: string; amount: number }>>(
    request,
    'get',
    '/client/v1/user/orders?size=10',
    undefined,
    token,
  );
  const order = placed.records[0];
  if (!order) throw new Error('the order is not listed');
  expect(order.amount).toBeGreaterThanOrEqual(1000);
  // The order took its quantity off the 课题组's 备案证明, not the buyer's (who holds none).
  await officer.reload();
  await expect(record).not.toContainText(`${ETHER_CAS}：100 / 100 L`);

  // Pending: the buyer cannot pay yet.
  await shop.goto(`/order/${order.id}`);
  await expect(shop.getByTestId('pay-panel')).toContainText('订单待审批，审批通过后方可付款');

  // 双人双签: the PI approves, then the safety officer co-signs.
  for (const [who, decider] of [
    [page, 'PI'],
    [officer, 'safety'],
  ] as const) {
    if (decider === 'safety') await officer.setViewportSize({ width: 1280, height: 900 });
    await who.goto(`/userinfo/5-1?org=${orgId}&tab=approvals`);
    const item = who.getByTestId('approval-item').filter({ hasText: order.number });
    await item.getByLabel('审批意见').fill(decider === 'PI' ? '同意采购' : '已核对备案证明');
    await item.getByRole('button', { name: '同意' }).click();
    await expect(toast(who, '已同意')).toBeVisible();
    await expect(item).toHaveCount(0);
  }
  await officer.close();

  // The buyer pays by Alipay (the local imitation's cashier).
  await shop.goto(`/order/${order.id}`);
  await shop.getByTestId('pay-panel').getByRole('button', { name: '支付宝付款' }).click();
  await expect(shop.getByRole('heading', { name: '支付宝收银台（模拟）' })).toBeVisible();
  await shop.getByRole('button', { name: '确认付款' }).click();
  await expect(shop).toHaveURL(new RegExp(`/order/${order.id}$`));
  await expect(shop.getByTestId('order-detail').getByTestId('order-status')).toHaveText('待发货');

  // The warehouse ships it by the licensed line, a package from each warehouse holding it.
  const warehouse = await staffPage(browser, STAFF.warehouse);
  await warehouse.goto(`/console/orders/${order.id}`);
  for (const [i, part] of packages.entries()) {
    await warehouse.getByRole('button', { name: '发货', exact: true }).click();
    const ship = modal(warehouse, '发货');
    await ship.getByLabel('快递公司').fill('危险品专线');
    await ship.getByLabel('快递单号').fill(`WX-${tag}-${i + 1}`);
    await ship.getByRole('combobox', { name: /^发货仓库 / }).click();
    await chooseOption(warehouse, part.storeName);
    await ship.getByRole('spinbutton').fill(String(part.quantity));
    await ship.getByRole('button', { name: '确定' }).click();
    await expect(ship).toBeHidden();
  }
  await expect(warehouse.getByTestId('order-status')).toHaveText('运输中');
  await warehouse.close();
  await shop.close();

  // The 经费卡 shows the order's amount used.
  await page.goto(`/userinfo/5-1?org=${orgId}&tab=budgets`);
  const row = page.getByTestId('budget-row').filter({ hasText: `KY${tag}` });
  await expect(row.getByTestId('budget-used')).toHaveText(`￥${order.amount.toFixed(2)}`);
}
