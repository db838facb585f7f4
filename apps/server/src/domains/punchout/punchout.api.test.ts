import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PunchoutMessage, PunchoutReturnForm } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { auth, insertCartLine } from '../../../test/fixtures/orders.ts';
import { createOrg } from '../organizations/index.ts';
import { child, children, parseXml, textAt } from './xml.ts';

/*
 * PunchOut through HTTP (docs/punchout.md): a buyer system's setup, the one-time start link, the
 * returned cart, and purchase orders made once, on SQLite and (TEST_DATABASE_URL) PostgreSQL.
 */

let ctx: TestContext;
let operator: StaffMember;
let warehouse: StaffMember;
let orgId: number;
let plain: { number: string; pack: string; materialId: number };
let regulated: { number: string; pack: string };

const SECRET = 'abracadabra-0123';
const IDENTITY = `AN${Date.now()}`;
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The guide's setup request, sent as this test's buyer system. */
const setupXml = (secret = SECRET, returnUrl = 'https://procure.example.com/return') =>
  fixture('setup-request.xml')
    .replaceAll('AN01000002792', IDENTITY)
    .replace('abracadabra', secret)
    .replace('https://procure.example.com/punchout/return?session=77', returnUrl);

const orderXml = (po: string, part: string, quantity = 2, price = '128.00') =>
  fixture('order-request.xml')
    .replaceAll('AN01000002792', IDENTITY)
    .replace('abracadabra', SECRET)
    .replace('PO-2026-0042', po)
    .replace('A001/100mg', part)
    .replace('quantity="2"', `quantity="${quantity}"`)
    .replace('<Money currency="CNY">128.00</Money>', `<Money currency="CNY">${price}</Money>`);

const postXml = (xml: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/punchout/cxml',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    payload: xml,
  });

const statusOf = (xml: string) => child(parseXml(xml), 'Response', 'Status');

let connectionId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator'], '运营甲');
  warehouse = await createStaff(ctx.db, ['warehouse'], '库管甲');
  const admin = await createMember(ctx);
  orgId = (await createOrg(ctx.db, admin.userId, { name: '分析测试中心' })).id;
  const p = await insertProduct(ctx.db, {
    name: '乙腈',
    materials: [{ pack: '100mL', userPrice: 12_000 }],
  });
  const r = await insertProduct(ctx.db, {
    name: '乙醚',
    cas: '60-29-7',
    regulationCategory: 'precursor-2',
    materials: [{ pack: '500mL', userPrice: 5_000 }],
  });
  const numbers = await ctx.db
    .selectFrom('products')
    .select(['id', 'number'])
    .where('id', 'in', [p.id, r.id])
    .execute();
  const numberOf = (id: number) => numbers.find((n) => n.id === id)?.number ?? '';
  plain = { number: numberOf(p.id), pack: '100mL', materialId: p.materialIds[0] ?? 0 };
  regulated = { number: numberOf(r.id), pack: '500mL' };
});
afterAll(async () => ctx.close());

const createConnection = (who: StaffMember, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/punchout/connections',
    headers: auth(who),
    payload,
  });

const ordersOfPo = (po: string) =>
  ctx.db
    .selectFrom('orders')
    .select(['id', 'userId', 'poNumber'])
    .where('poNumber', '=', po)
    .execute();

async function startSession(): Promise<string> {
  const res = await postXml(setupXml());
  const url = textAt(parseXml(res.body), 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL');
  const token = new URL(url).searchParams.get('token') ?? '';
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/punchout/start',
    payload: { token },
  });
  expect(started.statusCode, started.body).toBe(200);
  return body<{ token: string }>(started).data.token;
}

describe('connections', () => {
  it('are made by staff with the members permission, the secret never answered', async () => {
    const refused = await createConnection(warehouse, {
      orgId,
      protocol: 'cxml',
      fromDomain: 'NetworkID',
      fromIdentity: IDENTITY,
      sharedSecret: SECRET,
      allowedReturnHosts: ['procure.example.com'],
    });
    expect(refused.statusCode).toBe(403);

    const res = await createConnection(operator, {
      orgId,
      protocol: 'cxml',
      fromDomain: 'NetworkID',
      fromIdentity: IDENTITY,
      sharedSecret: SECRET,
      allowedReturnHosts: ['procure.example.com'],
    });
    expect(res.statusCode, res.body).toBe(200);
    connectionId = body<{ id: number }>(res).data.id;

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/punchout/connections',
      headers: auth(operator),
    });
    expect(list.body).not.toContain(SECRET);
    expect(body<{ id: number; enabled: boolean }[]>(list).data).toContainEqual(
      expect.objectContaining({ id: connectionId, enabled: true, orgId }),
    );
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select(['action', 'after'])
      .where('target', '=', `punchout-connection:${connectionId}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['punchout.connection.create']);
    expect(audit[0]?.after).not.toContain(SECRET);
  });

  it('refuse bad input in Chinese and an unknown organization', async () => {
    const bad = await createConnection(operator, {
      orgId,
      protocol: 'edi',
      fromIdentity: '',
      sharedSecret: 'short',
      allowedReturnHosts: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toMatch(/[\u4e00-\u9fa5]/);
    const noOrg = await createConnection(operator, {
      orgId: 999_999,
      protocol: 'cxml',
      fromDomain: 'NetworkID',
      fromIdentity: `${IDENTITY}-x`,
      sharedSecret: SECRET,
      allowedReturnHosts: ['procure.example.com'],
    });
    expect(noOrg.statusCode).toBe(404);
    expect(body(noOrg).msg).toBe('单位不存在');
  });
});

describe('cXML setup', () => {
  it('answers good credentials with a one-time StartPage link', async () => {
    const res = await postXml(setupXml());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/xml');
    expect(statusOf(res.body)?.attributes.code).toBe('200');
    const url = textAt(parseXml(res.body), 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL');
    expect(new URL(url).pathname).toBe('/punchout/start');
  });

  it('answers a wrong secret or an unknown sender with 401', async () => {
    for (const xml of [
      setupXml('wrong-secret-000'),
      setupXml().replaceAll(IDENTITY, 'AN-nobody'),
    ]) {
      const res = await postXml(xml);
      expect(res.statusCode).toBe(401);
      expect(statusOf(res.body)?.attributes.code).toBe('401');
      expect(statusOf(res.body)?.text).toBe('采购系统凭据错误');
    }
  });

  it('refuses a return URL outside the allowed hosts', async () => {
    const res = await postXml(setupXml(SECRET, 'https://evil.example.net/return'));
    expect(res.statusCode).toBe(400);
    expect(statusOf(res.body)?.text).toBe('返回地址的主机不在允许列表中');
  });

  it('answers malformed, hostile and oversized documents in cXML, never a 500', async () => {
    for (const [xml, code] of [
      ['<cXML><Header>', 400],
      [fixture('billion-laughs.xml'), 400],
      [fixture('external-entity.xml'), 400],
      [`<cXML>${'<x>1</x>'.repeat((10 * 1024 * 1024) / 8)}</cXML>`, 413],
    ] as const) {
      const res = await postXml(xml);
      expect(res.statusCode).toBe(code);
      expect(statusOf(res.body)?.attributes.code).toBe(String(code));
      expect(statusOf(res.body)?.text).toMatch(/[\u4e00-\u9fa5]/);
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/punchout/cxml',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(400);
    expect(statusOf(json.body)?.attributes.code).toBe('400');
  });
});

describe('the punchout session', () => {
  it('opens once from its start link', async () => {
    const res = await postXml(setupXml());
    const url = textAt(parseXml(res.body), 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL');
    const token = new URL(url).searchParams.get('token') ?? '';
    const start = () =>
      ctx.app.inject({ method: 'POST', url: '/client/v1/punchout/start', payload: { token } });
    const first = await start();
    expect(first.statusCode, first.body).toBe(200);
    // The storefront names the connection's organization for its prices.
    expect(body<{ orgId: number }>(first).data.orgId).toBe(orgId);
    const again = await start();
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe('登录链接无效或已使用，请从采购系统重新进入');

    const member = { token: body<{ token: string }>(first).data.token };
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/punchout/session',
      headers: auth(member),
    });
    expect(body(session).data).toEqual({
      protocol: 'cxml',
      buyerSystem: IDENTITY,
      orgName: '分析测试中心',
      operation: 'create',
      returnUrl: 'https://procure.example.com/return',
      enabled: true,
    });
  });

  it('returns the cart as a PunchOutOrderMessage at the server’s prices', async () => {
    const token = await startSession();
    const member = await ctx.db
      .selectFrom('punchoutConnections')
      .select('memberId')
      .where('id', '=', connectionId)
      .executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('cartItems').where('userId', '=', member.memberId).execute();
    await insertCartLine(ctx.db, member.memberId, plain.materialId, 3);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/punchout/return',
      headers: auth({ token }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const form = body<PunchoutReturnForm>(res).data;
    expect(form.action).toBe('https://procure.example.com/return');
    const message = parseXml(form.fields.find((f) => f.name === 'cxml-urlencoded')?.value ?? '');
    const order = child(message, 'Message', 'PunchOutOrderMessage');
    expect(textAt(order, 'BuyerCookie')).toBe('34234234ADFSDF234234');
    expect(textAt(order, 'PunchOutOrderMessageHeader', 'Total', 'Money')).toBe('360.00');
    const [item] = children(order, 'ItemIn');
    expect(item?.attributes.quantity).toBe('3');
    expect(textAt(item, 'ItemID', 'SupplierPartID')).toBe(`${plain.number}/100mL`);
    expect(textAt(item, 'ItemDetail', 'UnitPrice', 'Money')).toBe('120.00');
  });

  it('refuses to return a cart with a line that cannot be ordered (库存不足)', async () => {
    const token = await startSession();
    const { memberId } = await ctx.db
      .selectFrom('punchoutConnections')
      .select('memberId')
      .where('id', '=', connectionId)
      .executeTakeFirstOrThrow();
    const short = await insertProduct(ctx.db, {
      name: '无货标准品',
      materials: [{ pack: '1mL', userPrice: 5_000, leadTimeDays: null }],
    });
    await ctx.db.deleteFrom('cartItems').where('userId', '=', memberId).execute();
    await insertCartLine(ctx.db, memberId, plain.materialId, 1);
    await insertCartLine(ctx.db, memberId, short.materialIds[0] ?? 0, 1);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/punchout/return',
      headers: auth({ token }),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('库存不足：无货标准品 1mL，暂不可订购');
    const kept = await ctx.db
      .selectFrom('punchoutSessions')
      .select('returnedCart')
      .where('connectionId', '=', connectionId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(kept.returnedCart).toBeNull();
    await ctx.db.deleteFrom('cartItems').where('userId', '=', memberId).execute();
  });

  it('edit reopens the cart the buyer’s system sends back; create starts empty', async () => {
    const { memberId } = await ctx.db
      .selectFrom('punchoutConnections')
      .select('memberId')
      .where('id', '=', connectionId)
      .executeTakeFirstOrThrow();
    const cart = () =>
      ctx.db
        .selectFrom('cartItems')
        .select(['materialId', 'quantity'])
        .where('userId', '=', memberId)
        .execute();
    const itemOut =
      `<ItemOut quantity="4"><ItemID><SupplierPartID>${plain.number}/${plain.pack}</SupplierPartID>` +
      '</ItemID></ItemOut><ItemOut quantity="1"><ItemID><SupplierPartID>GONE/1g</SupplierPartID>' +
      '</ItemID></ItemOut>';
    const edit = setupXml()
      .replace('operation="create"', 'operation="edit"')
      .replace('</PunchOutSetupRequest>', `${itemOut}</PunchOutSetupRequest>`);
    expect((await postXml(edit)).statusCode).toBe(200);
    expect(await cart()).toEqual([{ materialId: plain.materialId, quantity: 4 }]);
    expect((await postXml(setupXml())).statusCode).toBe(200);
    expect(await cart()).toEqual([]);
  });

  it('is refused to a member outside punchout', async () => {
    const other = await createMember(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/punchout/return',
      headers: auth(other),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('当前不是采购系统会话');
  });
});

describe('OrderRequest', () => {
  const part = () => `${plain.number}/${plain.pack}`;

  it('makes one order for a PO number, however often it is sent', async () => {
    const po = `PO-${Date.now()}`;
    const first = await postXml(orderXml(po, part()));
    expect(first.statusCode, first.body).toBe(200);
    expect(statusOf(first.body)?.attributes.code).toBe('200');
    const again = await postXml(orderXml(po, part()));
    expect(again.statusCode).toBe(200);
    const orders = await ordersOfPo(po);
    expect(orders).toHaveLength(1);
    const goods = await ctx.db
      .selectFrom('orderGoods')
      .select(['price', 'quantityPurchase'])
      .where('orderId', '=', orders[0]?.id ?? 0)
      .execute();
    // The returned cart said 120.00 and the PO 128.00: the shop charges its own, the lower.
    expect(goods).toEqual([{ price: 12_000, quantityPurchase: 2 }]);
  });

  it('charges the returned cart’s price when today’s is higher', async () => {
    await ctx.db
      .updateTable('materials')
      .set({ userPrice: 15_000 })
      .where('id', '=', plain.materialId)
      .execute();
    const po = `PO-${Date.now()}-low`;
    expect((await postXml(orderXml(po, part()))).statusCode).toBe(200);
    const [order] = await ordersOfPo(po);
    const goods = await ctx.db
      .selectFrom('orderGoods')
      .select('price')
      .where('orderId', '=', order?.id ?? 0)
      .execute();
    expect(goods).toEqual([{ price: 12_000 }]);
    await ctx.db
      .updateTable('materials')
      .set({ userPrice: 12_000 })
      .where('id', '=', plain.materialId)
      .execute();
  });

  it('prices the returned cart and the PO at the organization’s contract price', async () => {
    const t = Date.now();
    const list = await ctx.db
      .insertInto('priceLists')
      .values({
        name: '合同价',
        validFrom: t - 60_000,
        validUntil: t + 3_600_000,
        createdBy: operator.id,
        createdAt: t,
        updatedAt: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('priceListOrgs').values({ listId: list.id, orgId }).execute();
    await ctx.db
      .insertInto('priceListLines')
      .values({ listId: list.id, materialId: plain.materialId, price: 10_000, minQuantity: 1 })
      .execute();
    try {
      const token = await startSession();
      const { memberId } = await ctx.db
        .selectFrom('punchoutConnections')
        .select('memberId')
        .where('id', '=', connectionId)
        .executeTakeFirstOrThrow();
      await ctx.db.deleteFrom('cartItems').where('userId', '=', memberId).execute();
      await insertCartLine(ctx.db, memberId, plain.materialId, 1);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/punchout/return',
        headers: auth({ token }),
      });
      const form = body<PunchoutReturnForm>(res).data;
      const message = parseXml(form.fields.find((f) => f.name === 'cxml-urlencoded')?.value ?? '');
      const [item] = children(child(message, 'Message', 'PunchOutOrderMessage'), 'ItemIn');
      expect(textAt(item, 'ItemDetail', 'UnitPrice', 'Money')).toBe('100.00');

      const goodsOfPo = async (po: string) => {
        expect((await postXml(orderXml(po, part()))).statusCode).toBe(200);
        const [order] = await ordersOfPo(po);
        return ctx.db
          .selectFrom('orderGoods')
          .select(['price', 'priceSource'])
          .where('orderId', '=', order?.id ?? 0)
          .execute();
      };
      // Today's contract price, the returned cart's too.
      expect(await goodsOfPo(`PO-${Date.now()}-contract`)).toEqual([
        { price: 10_000, priceSource: 'contract' },
      ]);
      // The list ended since: the PO still pays the returned cart's contract price, as such.
      await ctx.db.deleteFrom('priceListLines').where('listId', '=', list.id).execute();
      expect(await goodsOfPo(`PO-${Date.now()}-returned`)).toEqual([
        { price: 10_000, priceSource: 'contract' },
      ]);
    } finally {
      await ctx.db.deleteFrom('priceListLines').where('listId', '=', list.id).execute();
      await ctx.db.deleteFrom('priceListOrgs').where('listId', '=', list.id).execute();
      await ctx.db.deleteFrom('priceLists').where('id', '=', list.id).execute();
    }
  });

  it('makes one order when the same PO arrives five times at once', async () => {
    const po = `PO-${Date.now()}-race`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postXml(orderXml(po, part()))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await ordersOfPo(po)).toHaveLength(1);
  });

  it('refuses a regulated line without documents and makes nothing', async () => {
    const po = `PO-${Date.now()}-reg`;
    const res = await postXml(orderXml(po, `${regulated.number}/${regulated.pack}`));
    expect(res.statusCode).toBe(400);
    expect(statusOf(res.body)?.attributes.code).toBe('400');
    // The compliance rule's own refusal, naming the product (docs/compliance.md).
    expect(statusOf(res.body)?.text).toContain('乙醚');
    expect(await ordersOfPo(po)).toEqual([]);
    expect(
      await ctx.db.selectFrom('punchoutOrders').select('id').where('poNumber', '=', po).execute(),
    ).toEqual([]);
  });

  it('refuses an unknown part', async () => {
    const res = await postXml(orderXml(`PO-${Date.now()}-x`, 'NOPE/1g'));
    expect(res.statusCode).toBe(400);
    expect(statusOf(res.body)?.text).toBe('商品 NOPE/1g 不存在或已下架');
  });
});

describe('OCI 4.0', () => {
  const USER = `oci-${Date.now()}`;

  it('opens a session from the login and returns NEW_ITEM fields', async () => {
    const made = await createConnection(operator, {
      orgId,
      protocol: 'oci',
      fromDomain: 'ignored',
      fromIdentity: USER,
      sharedSecret: SECRET,
      allowedReturnHosts: ['srm.example.com:8443'],
    });
    expect(made.statusCode, made.body).toBe(200);
    const hook = encodeURIComponent('https://srm.example.com:8443/sap/bc/gui/hook');
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/punchout/oci?USERNAME=${USER}&PASSWORD=wrong&HOOK_URL=${hook}`,
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).toBe('采购系统凭据错误');

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/punchout/oci',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `USERNAME=${USER}&PASSWORD=${SECRET}&HOOK_URL=${hook}`,
    });
    expect(login.statusCode, login.body).toBe(303);
    const location = new URL(String(login.headers.location), 'http://shop');
    expect(location.pathname).toBe('/punchout/start');
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/punchout/start',
      payload: { token: location.searchParams.get('token') },
    });
    const token = body<{ token: string }>(started).data.token;
    const { memberId } = await ctx.db
      .selectFrom('punchoutConnections')
      .select('memberId')
      .where('fromIdentity', '=', USER)
      .executeTakeFirstOrThrow();
    await insertCartLine(ctx.db, memberId, plain.materialId, 2);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/punchout/return',
      headers: auth({ token }),
    });
    const form = body<PunchoutReturnForm>(res).data;
    expect(form.action).toBe('https://srm.example.com:8443/sap/bc/gui/hook');
    expect(Object.fromEntries(form.fields.map((f) => [f.name, f.value]))).toEqual({
      'NEW_ITEM-DESCRIPTION[1]': '乙腈 100mL',
      'NEW_ITEM-QUANTITY[1]': '2',
      'NEW_ITEM-UNIT[1]': 'EA',
      'NEW_ITEM-PRICE[1]': '120.00',
      'NEW_ITEM-CURRENCY[1]': 'CNY',
      'NEW_ITEM-VENDORMAT[1]': `${plain.number}/100mL`,
      'NEW_ITEM-MATGROUP[1]': '12000000',
      'NEW_ITEM-LEADTIME[1]': '7',
    });
  });
});

describe('messages and disabling', () => {
  it('keeps every message in and out, secrets masked', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/punchout/messages?connectionId=${connectionId}`,
      headers: auth(operator),
    });
    expect(res.statusCode, res.body).toBe(200);
    const messages = body<PunchoutMessage[]>(res).data;
    expect(new Set(messages.map((m) => m.kind))).toEqual(
      new Set([
        'PunchOutSetupRequest',
        'PunchOutSetupRequest Response',
        'PunchOutOrderMessage',
        'OrderRequest',
        'OrderRequest Response',
      ]),
    );
    expect(res.body).not.toContain(SECRET);
    expect(res.body).toContain('<SharedSecret>***</SharedSecret>');
  });

  it('a disabled connection is refused with 403, and audited', async () => {
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/punchout/connections/${connectionId}/disable`,
      headers: auth(operator),
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await postXml(setupXml());
    expect(res.statusCode).toBe(403);
    expect(statusOf(res.body)?.text).toBe('该采购系统对接已停用');
    await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/punchout/connections/${connectionId}/enable`,
      headers: auth(operator),
    });
    expect((await postXml(setupXml())).statusCode).toBe(200);
  });
});
