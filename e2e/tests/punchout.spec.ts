import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { call, createMember } from '../support/auth';
import { STAFF, chooseOption, consoleLogin } from '../support/console';
import { E2E_BASE_URL } from '../support/env';
import { apiData, storageItem, type Paged, type ProductCard } from '../support/storefront';

/**
 * PunchOut (docs/punchout.md): a buyer's procurement system, faked here by a small HTTP server,
 * sends a cXML PunchOutSetupRequest; its user follows the start link into the storefront, adds
 * two packs and returns the cart with 返回采购系统; the system receives the
 * PunchOutOrderMessage, sends the OrderRequest, and staff find the order with its 采购单号.
 */
test.describe.configure({ mode: 'serial' });
// The journey crosses the buyer's system, the storefront and the console: longer than one page.
test.setTimeout(180_000);

const SHOTS = '/tmp/pw-punchout-ui/shots';
const run = Date.now().toString(36);
const IDENTITY = `SAP Ariba E2E-${run}`;
const PO_NUMBER = `PO-E2E-${run}`;
const BUYER_COOKIE = `cookie-${run}`;

interface ReturnedItem {
  quantity: number;
  partId: string;
  unitPrice: number;
}

/** The procurement system: starts a session for its user and keeps the carts posted back. */
class FakeProcurementSystem {
  readonly received: string[] = [];
  private server = http.createServer((req, res) => void this.handle(req, res));
  secret = '';
  port = 0;

  get host() {
    return `127.0.0.1:${this.port}`;
  }

  async start() {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    this.port = (this.server.address() as AddressInfo).port;
  }

  stop() {
    return new Promise<void>((done) => this.server.close(() => done()));
  }

  private header() {
    return `<Header>
    <From><Credential domain="NetworkID"><Identity>${IDENTITY}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>labshop</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>${IDENTITY}</Identity>
      <SharedSecret>${this.secret}</SharedSecret></Credential><UserAgent>E2E Buyer</UserAgent></Sender>
  </Header>`;
  }

  private async post(xml: string) {
    const res = await fetch(`${E2E_BASE_URL}/punchout/cxml`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8' },
      body: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`,
    });
    return { status: res.status, text: await res.text() };
  }

  /** The user's 去供应商商城: the setup request, then the browser goes to the start page. */
  private async setup(): Promise<string> {
    const { text } = await this
      .post(`<cXML payloadID="${run}.setup@e2e" timestamp="2026-12-02T08:00:00+08:00">
  ${this.header()}
  <Request><PunchOutSetupRequest operation="create">
    <BuyerCookie>${BUYER_COOKIE}</BuyerCookie>
    <BrowserFormPost><URL>http://${this.host}/return</URL></BrowserFormPost>
    <Contact role="endUser"><Name xml:lang="zh-CN">王实验</Name><Email>lab.buyer@example.com</Email></Contact>
  </PunchOutSetupRequest></Request>
</cXML>`);
    expect(text).toContain('code="200"');
    const url = /<StartPage>\s*<URL>([^<]+)<\/URL>/.exec(text)?.[1];
    if (!url) throw new Error(`no start page in ${text}`);
    return url.replaceAll('&amp;', '&');
  }

  /** The purchase order the buyer's approval sends for the returned cart. */
  sendOrder(items: ReturnedItem[]) {
    const lines = items
      .map(
        (it, i) => `<ItemOut quantity="${it.quantity}" lineNumber="${i + 1}">
        <ItemID><SupplierPartID>${it.partId}</SupplierPartID></ItemID>
        <ItemDetail><UnitPrice><Money currency="CNY">${it.unitPrice.toFixed(2)}</Money></UnitPrice>
          <Description xml:lang="zh-CN">line ${i + 1}</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail>
      </ItemOut>`,
      )
      .join('');
    const address = `<Address addressID="LAB-301"><Name xml:lang="zh-CN">分析测试中心</Name>
      <PostalAddress><DeliverTo>王实验</DeliverTo><Street>科学大道 100 号</Street><City>上海市</City>
        <State>上海</State><PostalCode>200000</PostalCode><Country isoCountryCode="CN">中国</Country></PostalAddress>
      <Email>lab.buyer@example.com</Email>
      <Phone><TelephoneNumber><CountryCode isoCountryCode="CN">86</CountryCode><AreaOrCityCode>021</AreaOrCityCode><Number>55550000</Number></TelephoneNumber></Phone></Address>`;
    return this.post(`<cXML payloadID="${run}.order@e2e" timestamp="2026-12-02T09:00:00+08:00">
  ${this.header()}
  <Request><OrderRequest>
    <OrderRequestHeader orderID="${PO_NUMBER}" orderDate="2026-12-02T09:00:00+08:00" type="new">
      <ShipTo>${address}</ShipTo><BillTo>${address}</BillTo>
    </OrderRequestHeader>
    ${lines}
  </OrderRequest></Request>
</cXML>`);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const html = (code: number, body: string) => {
      res.writeHead(code, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><body>${body}</body></html>`,
      );
    };
    if (req.method === 'GET' && req.url === '/') {
      return html(200, '<h1>采购系统</h1><a href="/start">去供应商商城选购</a>');
    }
    if (req.method === 'GET' && req.url === '/start') {
      res.writeHead(302, { Location: await this.setup() });
      return res.end();
    }
    if (req.method === 'POST' && req.url === '/return') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      this.received.push(new URLSearchParams(body).get('cxml-urlencoded') ?? '');
      return html(200, '<h1>已收到供应商购物车</h1>');
    }
    html(404, 'not found');
  }
}

/** The ItemIn lines and the total of a PunchOutOrderMessage. */
function readOrderMessage(xml: string) {
  const items: ReturnedItem[] = [
    ...xml.matchAll(/<ItemIn\b[^>]*quantity="(\d+)"[\s\S]*?<\/ItemIn>/g),
  ].map(([item, quantity]) => ({
    quantity: Number(quantity),
    partId: /<SupplierPartID>([^<]+)<\/SupplierPartID>/.exec(item)?.[1] ?? '',
    unitPrice: Number(/<UnitPrice>\s*<Money[^>]*>([\d.]+)<\/Money>/.exec(item)?.[1]),
  }));
  const total = Number(/<Total>\s*<Money currency="CNY">([\d.]+)<\/Money>/.exec(xml)?.[1]);
  const cookie = /<BuyerCookie>([^<]*)<\/BuyerCookie>/.exec(xml)?.[1];
  return { items, total, cookie };
}

/** A product with at least two packs priced for a member. */
async function productWithTwoPacks(request: APIRequestContext, token: string) {
  for (let page = 1; page <= 5; page++) {
    const list = await apiData<Paged<ProductCard>>(
      request,
      'post',
      '/client/v1/products/part',
      { tag: 'hot', page, size: 20 },
      token,
    );
    const found = list.records.find(
      (p) => p.materials.filter((m) => m.userPrice !== null).length >= 2,
    );
    if (found) return found;
  }
  throw new Error('no product with two priced packs');
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });

const buyer = new FakeProcurementSystem();
let orgName = '';

test.beforeAll(async ({ request }) => {
  await buyer.start();
  const member = await createMember(request);
  orgName = `E2E 分析测试中心 ${run}`;
  await call(request, 'post', '/client/v1/orgs', { name: orgName }, member.session.token);
});

test.afterAll(() => buyer.stop());

test('staff add the connection in 采购系统对接; its secret is shown once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/punchout');
  await page.getByRole('button', { name: '新增对接' }).click();
  const dialog = page.getByRole('dialog', { name: '新增采购系统对接' });
  await dialog.getByLabel('采购单位').click();
  await dialog.getByLabel('采购单位').fill(orgName.slice(0, 12));
  await chooseOption(page, orgName);
  await dialog.getByLabel('身份（Identity）').fill(IDENTITY);
  await dialog.getByLabel('允许的返回地址主机').fill(buyer.host);
  await shoot(page, 'console-connection-form-1280');
  await dialog.getByRole('button', { name: '保存' }).click();

  const created = page.locator('.ant-modal', { hasText: '对接已创建' });
  await expect(created.getByText('共享密钥只显示这一次')).toBeVisible();
  buyer.secret = (await created.getByTestId('punchout-secret').textContent())?.trim() ?? '';
  expect(buyer.secret.length).toBeGreaterThanOrEqual(12);
  await shoot(page, 'console-secret-once-1280');
  await created.getByRole('button', { name: '我已保存密钥' }).click();

  const row = page.getByRole('row', { name: new RegExp(IDENTITY) });
  await expect(row).toContainText(orgName);
  await expect(row).toContainText('启用');
  await expect(page.getByText(buyer.secret)).toHaveCount(0);
  await shoot(page, 'console-connections-1280');
});

test('the buyer shops from the procurement system and returns the cart; the PO becomes an order', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`http://${buyer.host}/`);
  await page.getByRole('link', { name: '去供应商商城选购' }).click();
  const banner = page.getByTestId('punchout-banner');
  await expect(banner).toContainText(`您正在通过 ${IDENTITY} 采购系统为 ${orgName} 选购`);
  await shoot(page, 'storefront-banner-1280');

  const token = await storageItem(page, 'token');
  const product = await productWithTwoPacks(request, token ?? '');
  await page.goto(`/products/${product.id}`);
  await expect(banner).toBeVisible();
  const priced = product.materials.filter((m) => m.userPrice !== null).slice(0, 2);
  const rows = page.getByTestId('pack-table').locator('tbody tr');
  for (const m of priced) {
    await rows
      .filter({ hasText: m.pack })
      .first()
      .getByRole('button', { name: '加入购物车' })
      .click();
    await expect(page.getByText('加入购物车成功').last()).toBeVisible();
  }

  await page.goto('/cart');
  await expect(page.getByRole('button', { name: '返回采购系统' })).toBeVisible();
  await expect(page.getByRole('button', { name: '去结算' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '申请报价' })).toHaveCount(0);
  await shoot(page, 'storefront-cart-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'storefront-cart-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('button', { name: '返回采购系统' }).click();
  await expect(page.getByRole('heading', { name: '已收到供应商购物车' })).toBeVisible();
  expect(buyer.received).toHaveLength(1);
  const message = readOrderMessage(buyer.received[0] ?? '');
  expect(message.cookie).toBe(BUYER_COOKIE);
  expect(message.items).toHaveLength(2);
  for (const m of priced) {
    const item = message.items.find((it) => it.partId.endsWith(`/${m.pack}`));
    expect(item, `${m.pack} returned`).toBeTruthy();
    expect(item?.quantity).toBe(1);
    expect(item?.unitPrice).toBe(m.userPrice);
  }
  const sum = priced.reduce((s, m) => s + Math.round((m.userPrice ?? 0) * 100), 0) / 100;
  expect(message.total).toBe(sum);

  const ordered = await buyer.sendOrder(message.items);
  expect(ordered.text).toContain('code="200"');
  // The same purchase order again makes nothing new.
  const again = await buyer.sendOrder(message.items);
  expect(again.text).toContain('code="200"');

  await consoleLogin(page, STAFF.admin);
  await page.goto('/console/orders');
  const orderRow = page.locator('tbody tr', { hasText: PO_NUMBER });
  await expect(orderRow).toHaveCount(1);
  await shoot(page, 'console-orders-1280');
  await orderRow.getByRole('link').first().click();
  await expect(page.getByText(`采购单号`).first()).toBeVisible();
  await expect(page.getByText(PO_NUMBER).first()).toBeVisible();
  await shoot(page, 'console-order-detail-1280');

  await page.goto('/console/punchout');
  await page
    .getByRole('row', { name: new RegExp(IDENTITY) })
    .getByRole('button', { name: '消息' })
    .click();
  const drawer = page.locator('.ant-drawer', { hasText: '对接消息' });
  await expect(drawer.getByText('PunchOutOrderMessage').first()).toBeVisible();
  await shoot(page, 'console-messages-1280');
  await drawer
    .getByRole('row', { name: /OrderRequest/ })
    .filter({ hasText: '收到' })
    .first()
    .getByText('查看')
    .click();
  await expect(page.getByTestId('punchout-message-body')).toContainText(PO_NUMBER);
  await expect(page.getByTestId('punchout-message-body')).not.toContainText(buyer.secret);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'console-message-body-390');
});
