import crypto from 'node:crypto';
import { expect, test } from '../support/test';
import { call, createMember } from '../support/auth';
import { consoleLogin, staffToken, STAFF } from '../support/console';

/**
 * The five-day 易制爆 report (docs/compliance.md section 5.1): a unit buys 硝酸 with its business
 * licence and stated use, the warehouse ships it from its named lot, and compliance staff find
 * the line on 合规管理 > 易制爆报告 with its five days, then mark it reported after confirming.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('a shipped 易制爆 line is on the report with its five days and is marked reported once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = crypto.randomBytes(3).toString('hex').toUpperCase();
  const company = `E2E 易制爆检测中心${tag}`;

  // 1. A unit member with an approved business licence.
  const member = await createMember(request);
  const token = member.session.token;
  await call(
    request,
    'put',
    '/client/v1/user/info/basic',
    { company, name: '测试会员', telephone: '010-12345678' },
    token,
  );
  const upload = await request.post('/client/v1/user/qualifications', {
    headers: { Authorization: token },
    multipart: {
      file: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF },
      kind: 'business-licence',
      number: `91110000MA${tag}0001`,
      holder: company,
      validUntil: '2099-12-31',
    },
  });
  const uploaded = (await upload.json()) as { code: number; msg: string; data: { id: number } };
  expect(uploaded.code, uploaded.msg).toBe(0);
  const officer = await staffToken(request, STAFF.compliance);
  await call(
    request,
    'post',
    `/manage/v1/qualifications/${uploaded.data.id}/review`,
    { approve: true, reason: '' },
    officer,
  );

  // 2. It orders 硝酸 with its stated use; finance records the transfer; the warehouse ships.
  const admin = await staffToken(request, STAFF.admin);
  const products = await call<{ records: { id: number; name: string; number: string }[] }>(
    request,
    'get',
    `/manage/v1/products?key=${encodeURIComponent('硝酸')}&size=50`,
    undefined,
    admin,
  );
  const nitric = products.records.find((p) => p.name.startsWith('硝酸') && !p.name.includes('银'));
  if (!nitric) throw new Error('no 硝酸 in the demo catalogue');
  const detail = await call<{
    materials: { id: number; userPrice: number | null; stocks: { materialCount: number }[] }[];
  }>(request, 'get', `/client/v1/products/${nitric.id}`, undefined, token);
  const pack = detail.materials.find(
    (m) => m.userPrice !== null && m.stocks.some((s) => s.materialCount >= 2),
  );
  if (!pack) throw new Error('no 硝酸 pack in stock');
  const line = await call<{ id: number }>(
    request,
    'put',
    '/client/v1/cart',
    { materialId: pack.id, quantity: 1, type: 2 },
    token,
  );
  const placed = await call<{ order: { id: number; number: string; amount: number } }>(
    request,
    'post',
    '/client/v1/orders',
    {
      deliveryUsername: '王五',
      deliveryPhone: '13912345678',
      deliveryRegionCode: '110000,110100,110101',
      deliveryAddress: '测试路 8 号',
      invoiceType: 3,
      payType: 1,
      userRemark: '',
      cartIds: [line.id],
      purposes: [{ materialId: pack.id, purpose: '水质检测' }],
    },
    token,
  );
  const order = placed.order;
  const finance = await staffToken(request, STAFF.finance);
  await call(
    request,
    'post',
    `/manage/v1/orders/${order.id}/payment`,
    { amount: order.amount, reference: order.number },
    finance,
  );
  const warehouse = await staffToken(request, STAFF.warehouse);
  const full = await call<{ goodsList: { id: number; quantityPurchase: number }[] }>(
    request,
    'get',
    `/manage/v1/orders/${order.id}`,
    undefined,
    warehouse,
  );
  const stocks = await call<{
    stocks: { materialId: number; storeId: number; count: number }[];
  }>(request, 'get', `/manage/v1/orders/${order.id}/stocks`, undefined, warehouse);
  const store = stocks.stocks.find((s) => s.materialId === pack.id && s.count >= 1);
  if (!store) throw new Error('no warehouse holds the pack');
  await call(
    request,
    'post',
    `/manage/v1/orders/${order.id}/deliveries`,
    {
      carrier: '危险品专线',
      trackingNumber: `WX-${tag}`,
      goods: full.goodsList.map((g) => ({
        orderGoodsId: g.id,
        quantity: g.quantityPurchase,
        storeId: store.storeId,
      })),
    },
    warehouse,
  );

  // 3. Compliance staff see it waiting, on the report with its five days, and mark it reported.
  await consoleLogin(page, STAFF.compliance);
  await expect(page.getByTestId('compliance-badge')).toBeVisible();
  await page.goto('/console/compliance?tab=explosive');
  const row = page.getByTestId(`explosive-${order.number}`);
  await expect(row).toContainText('剩 5 天');
  await expect(row).toContainText(company);
  await expect(row).toContainText('水质检测');
  await expect(row).toContainText('北京市 东城区 测试路 8 号');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: '标记为已报告' }).click();
  await page.getByRole('button', { name: '标记', exact: true }).click();
  await expect(row).toBeHidden();
});
