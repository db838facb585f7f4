import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PayType } from '@labshop/shared';
import type {
  LotDetail,
  LotRow,
  ManageOrderDetail,
  ProductDetail,
  Shipment,
  StockDocument,
} from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { whileHolding } from '../../../test/fixtures/concurrency.ts';
import { moveStock } from './stock.repository.ts';
import { chinaDate } from '../../lib/clock.ts';

// Lots and expiry (docs/lots.md): receipts, FEFO shipping, expired and short lots, the buyer's
// certificate link, transfers, stocktakes and the recall list. The ledger check that closes the
// context also checks that every lot's movements sum to its quantity.

let ctx: TestContext;
let warehouse: StaffMember;
let finance: StaffMember;
let storeA: number;
let storeB: number;
const today = chinaDate(Date.now());
const inDays = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  warehouse = await createStaff(ctx.db, ['warehouse']);
  finance = await createStaff(ctx.db, ['finance']);
  storeA = await insertStore(ctx.db, { name: '北京仓' });
  storeB = await insertStore(ctx.db, { name: '上海仓' });
});
afterAll(async () => ctx.close());

let keySeq = 0;
const as = (staff: StaffMember, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...auth(staff), 'idempotency-key': `lots-test-${++keySeq}` },
    ...(payload ? { payload } : {}),
  });

async function receive(
  materialId: number,
  storeId: number,
  lotNumber: string,
  expire: string,
  quantity: number,
) {
  const res = await as(warehouse, 'POST', '/manage/v1/stock/receipts', {
    materialId,
    storeId,
    lotNumber,
    expire,
    quantity,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
}

async function lotsOf(materialId: number, storeId: number) {
  const res = await as(
    warehouse,
    'GET',
    `/manage/v1/stock?storeId=${storeId}&materialId=${materialId}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return body<{
    records: {
      count: number;
      lots: { lotNumber: string; expire: string | null; quantity: number }[];
    }[];
  }>(res).data.records[0]!;
}

/** A balance-paid order of the pack: paid when placed, ready to ship. */
async function paidOrder(member: Member, materialId: number, quantity: number) {
  const cartId = await insertCartLine(ctx.db, member.userId, materialId, quantity);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([cartId], { payType: PayType.BALANCE }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = body<{ order: { id: number } }>(res).data.order.id;
  const detail = body<ManageOrderDetail>(
    await as(warehouse, 'GET', `/manage/v1/orders/${id}`),
  ).data;
  return { id, goodsId: detail.goodsList[0]!.id };
}

const shipBody = (goods: object[], extra: object = {}) => ({
  carrier: '顺丰速运',
  trackingNumber: `SF${++keySeq}`,
  goods,
  ...extra,
});

describe('receiving lots', () => {
  it('receives a lot into a warehouse as a receipt whose lines are its movements', async () => {
    const pack = await insertPack(ctx.db, 10_000);
    const res = await as(warehouse, 'POST', '/manage/v1/stock/receipts', {
      storeId: storeA,
      supplier: '坛墨质检',
      remark: '采购单 PO-1',
      lines: [
        { materialId: pack, lotNumber: 'B2', expire: inDays(700), quantity: 5 },
        { materialId: pack, lotNumber: 'A1', expire: inDays(400), quantity: 3 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = body<{ id: number }>(res).data.id;

    expect(await lotsOf(pack, storeA)).toMatchObject({
      count: 8,
      lots: [
        { lotNumber: 'A1', expire: inDays(400), quantity: 3 },
        { lotNumber: 'B2', expire: inDays(700), quantity: 5 },
      ],
    });
    const doc = body<StockDocument>(
      await as(warehouse, 'GET', `/manage/v1/stock/documents/${id}`),
    ).data;
    expect(doc).toMatchObject({ kind: 'receipt', storeName: '北京仓', supplier: '坛墨质检' });
    expect(doc.lines.map((l) => [l.lotNumber, l.expire, l.change])).toEqual([
      ['B2', inDays(700), 5],
      ['A1', inDays(400), 3],
    ]);
    // The printable receipt names its supplier, lots, expiries and quantities.
    const pdf = await as(warehouse, 'GET', `/manage/v1/stock/documents/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
    for (const part of ['入库单', '坛墨质检', 'B2', inDays(700), 'A1', inDays(400), '北京仓']) {
      expect(text).toContain(part);
    }
    const list = body<{ records: { id: number; units: number; lineCount: number }[] }>(
      await as(warehouse, 'GET', '/manage/v1/stock/documents?kind=receipt'),
    ).data.records;
    expect(list.find((d) => d.id === id)).toMatchObject({ units: 8, lineCount: 2 });
  });

  it('refuses an expired lot, a known lot with another expiry, 未分批 and a stranger', async () => {
    const pack = await insertPack(ctx.db, 10_000);
    await receive(pack, storeA, 'K1', inDays(300), 2);
    const tries = [
      [{ lotNumber: 'OLD', expire: inDays(-1) }, '已过期'],
      [{ lotNumber: 'K1', expire: inDays(301) }, '有效期'],
      [{ lotNumber: '未分批', expire: inDays(300) }, '未分批'],
      [{ lotNumber: '', expire: inDays(300) }, '批号'],
      [{ lotNumber: 'X', expire: '2026-02-30' }, '有效期'],
    ] as const;
    for (const [lot, msg] of tries) {
      const res = await as(warehouse, 'POST', '/manage/v1/stock/receipts', {
        materialId: pack,
        storeId: storeA,
        quantity: 1,
        ...lot,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    const denied = await as(finance, 'POST', '/manage/v1/stock/receipts', {
      materialId: pack,
      storeId: storeA,
      lotNumber: 'K2',
      expire: inDays(300),
      quantity: 1,
    });
    expect(denied.statusCode).toBe(403);
    // The same lot received again with its own expiry adds to it; nothing else changed.
    await receive(pack, storeA, 'K1', inDays(300), 1);
    expect(await lotsOf(pack, storeA)).toMatchObject({
      count: 3,
      lots: [{ lotNumber: 'K1', quantity: 3 }],
    });
  });

  it('receives once when the same receipt is sent twice at once', async () => {
    const pack = await insertPack(ctx.db, 10_000);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/stock/receipts',
        headers: { ...auth(warehouse), 'idempotency-key': 'same-receipt' },
        payload: {
          materialId: pack,
          storeId: storeA,
          lotNumber: 'D1',
          expire: inDays(500),
          quantity: 4,
        },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(body<{ id: number }>(a).data.id).toBe(body<{ id: number }>(b).data.id);
    expect((await lotsOf(pack, storeA)).count).toBe(4);
  });
});

describe('shipping from lots', () => {
  it('takes the first-expiring lots, splits a line over them and passes over expired ones', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    // An expired lot still on the shelf: it never ships.
    await moveStock(ctx.db, {
      materialId: pack,
      storeId: storeA,
      change: 5,
      reason: 'received',
      lot: { lotNumber: 'EXP', expire: inDays(-10) },
      createdAt: Date.now(),
    });
    await receive(pack, storeA, 'LATE', inDays(900), 10);
    await receive(pack, storeA, 'EARLY', inDays(400), 2);
    const member = await createMember(ctx, { balanceFen: 1_000_000 });
    const order = await paidOrder(member, pack, 5);

    const res = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order.id}/deliveries`,
      shipBody([{ orderGoodsId: order.goodsId, quantity: 5, storeId: storeA }]),
    );
    expect(res.statusCode, res.body).toBe(200);

    const detail = body<ManageOrderDetail>(
      await as(warehouse, 'GET', `/manage/v1/orders/${order.id}`),
    ).data;
    expect(detail.deliveries[0]!.goods.map((g) => [g.lotNumber, g.expire, g.quantity])).toEqual([
      ['EARLY', inDays(400), 2],
      ['LATE', inDays(900), 3],
    ]);
    expect(detail.deliveries[0]!.shortExpiryConfirmed).toBe(false);
    expect(detail.goodsList[0]!.quantityShipped).toBe(5);
    expect(await lotsOf(pack, storeA)).toMatchObject({
      count: 12,
      lots: [
        { lotNumber: 'EXP', quantity: 5 },
        { lotNumber: 'LATE', quantity: 7 },
      ],
    });
    // The movements name their lots.
    const moves = await ctx.db
      .selectFrom('stockMovements')
      .select(['lotNumber', 'change'])
      .where('materialId', '=', pack)
      .where('reason', '=', 'shipment')
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { lotNumber: 'EARLY', change: -2 },
      { lotNumber: 'LATE', change: -3 },
    ]);
  });

  it('ships a named lot, refuses an expired or unknown one and too many units', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await moveStock(ctx.db, {
      materialId: pack,
      storeId: storeA,
      change: 5,
      reason: 'received',
      lot: { lotNumber: 'GONE', expire: inDays(-1) },
      createdAt: Date.now(),
    });
    await receive(pack, storeA, 'N1', inDays(400), 2);
    await receive(pack, storeA, 'N2', inDays(800), 3);
    const member = await createMember(ctx, { balanceFen: 1_000_000 });
    const order = await paidOrder(member, pack, 4);
    const line = (extra: object) => ({
      orderGoodsId: order.goodsId,
      storeId: storeA,
      quantity: 1,
      ...extra,
    });

    const refused = [
      [line({ lotNumber: 'GONE' }), '已过期'],
      [line({ lotNumber: 'NOPE' }), '没有批次'],
      [line({ lotNumber: 'N1', quantity: 3 }), '库存不足'],
      // Without a lot, expired units do not count: N1 + N2 hold 5, not 10.
      [line({ quantity: 6 }), '超过'],
    ] as const;
    for (const [goods, msg] of refused) {
      const res = await as(
        warehouse,
        'POST',
        `/manage/v1/orders/${order.id}/deliveries`,
        shipBody([goods]),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    const order2 = await paidOrder(member, pack, 6);
    const tooMany = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order2.id}/deliveries`,
      shipBody([{ orderGoodsId: order2.goodsId, storeId: storeA, quantity: 6 }]),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).msg).toContain('库存不足');

    const ok = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order.id}/deliveries`,
      shipBody([line({ lotNumber: 'N2', quantity: 3 })]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await lotsOf(pack, storeA)).lots).toEqual([
      { lotNumber: 'GONE', expire: inDays(-1), quantity: 5 },
      { lotNumber: 'N1', expire: inDays(400), quantity: 2 },
    ]);
  });

  it('ships a lot short of the minimum shelf life only when confirmed, and records it', async () => {
    const admin = await createStaff(ctx.db, ['admin']);
    // A new shop has no minimum until staff set one.
    const unset = await as(warehouse, 'GET', '/manage/v1/settings/shelf-life');
    expect(body(unset)).toMatchObject({ code: 0, data: { minMonths: 0 } });
    const set = await as(admin, 'PUT', '/manage/v1/settings/shelf-life', { minMonths: 6 });
    expect(set.statusCode, set.body).toBe(200);
    const read = await as(warehouse, 'GET', '/manage/v1/settings/shelf-life');
    expect(body(read)).toMatchObject({ code: 0, data: { minMonths: 6 } });
    const wrong = await as(admin, 'PUT', '/manage/v1/settings/shelf-life', { minMonths: -1 });
    expect(wrong.statusCode).toBe(400);
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeB, 'SHORT', inDays(60), 3);
    const member = await createMember(ctx, { balanceFen: 1_000_000 });
    const order = await paidOrder(member, pack, 2);
    const goods = [{ orderGoodsId: order.goodsId, storeId: storeB, quantity: 2 }];

    const stocks = body<{
      lots: { lotNumber: string }[];
      shortBefore: string;
      minShelfLifeMonths: number;
    }>(await as(warehouse, 'GET', `/manage/v1/orders/${order.id}/stocks`)).data;
    expect(stocks.lots.map((l) => l.lotNumber)).toEqual(['SHORT']);
    expect(stocks.minShelfLifeMonths).toBe(6);
    expect(stocks.shortBefore > inDays(60)).toBe(true);

    const refused = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order.id}/deliveries`,
      shipBody(goods),
    );
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toContain('剩余有效期不足 6 个月');
    const shipped = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order.id}/deliveries`,
      shipBody(goods, { confirmShortExpiry: true }),
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const detail = body<ManageOrderDetail>(
      await as(warehouse, 'GET', `/manage/v1/orders/${order.id}`),
    ).data;
    expect(detail.deliveries[0]!.shortExpiryConfirmed).toBe(true);

    // With no minimum the same lot ships without a word.
    await as(admin, 'PUT', '/manage/v1/settings/shelf-life', { minMonths: 0 });
    const order2 = await paidOrder(member, pack, 1);
    const plain = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order2.id}/deliveries`,
      shipBody([{ orderGoodsId: order2.goodsId, storeId: storeB, quantity: 1 }]),
    );
    expect(plain.statusCode, plain.body).toBe(200);
    await as(admin, 'PUT', '/manage/v1/settings/shelf-life', { minMonths: 6 });
  });
});

describe('what the buyer sees', () => {
  it('shows the lot, its expiry and its certificate to the buyer only, and the next expiry on the product page', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    const { productId, number } = await ctx.db
      .selectFrom('materials as m')
      .innerJoin('products as p', 'p.id', 'm.productId')
      .select(['p.id as productId', 'p.number'])
      .where('m.id', '=', pack)
      .executeTakeFirstOrThrow();
    const productPage = async () =>
      body<ProductDetail>(
        await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${productId}` }),
      ).data.materials[0]!.expire;
    expect(await productPage()).toBeNull();

    await receive(pack, storeA, 'C1', inDays(500), 1);
    await receive(pack, storeB, 'C2', inDays(800), 5);
    expect(await productPage()).toBe(inDays(500));
    await ctx.db
      .insertInto('coaRecords')
      .values({
        productNumber: number.toLowerCase(),
        lotNumber: 'C1',
        name: '分析证书（批号 C1）',
        expire: inDays(500),
        file: 'coa/test-c1.pdf',
        createdAt: Date.now(),
      })
      .execute();

    const buyer = await createMember(ctx, { balanceFen: 1_000_000 });
    const order = await paidOrder(buyer, pack, 2);
    const shipped = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order.id}/deliveries`,
      shipBody([
        { orderGoodsId: order.goodsId, storeId: storeA, quantity: 1 },
        { orderGoodsId: order.goodsId, storeId: storeB, quantity: 1 },
      ]),
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    // C1 is gone: the next lot to ship is C2.
    expect(await productPage()).toBe(inDays(800));

    const res = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${order.id}/deliveries`,
      headers: auth(buyer),
    });
    expect(res.statusCode, res.body).toBe(200);
    const goods = body<Shipment[]>(res).data[0]!.goods;
    expect(goods.map((g) => [g.lotNumber, g.expire, g.quantityShipped])).toEqual([
      ['C1', inDays(500), 1],
      ['C2', inDays(800), 1],
    ]);
    expect(goods[0]!.coaUrl).toMatch(/^\/yifanglab-client\/v1\/coa\/file\?token=/);
    expect(goods[1]!.coaUrl).toBeNull();

    // The link opens the certificate's file route (the file itself is not on disk here).
    const file = await ctx.app.inject({ method: 'GET', url: goods[0]!.coaUrl! });
    expect(file.statusCode).not.toBe(400);

    const stranger = await createMember(ctx);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/user/orders/${order.id}/deliveries`,
      headers: auth(stranger),
    });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('C1');
  });
});

describe('expired stock', () => {
  it('is on hand but never for sale: the storefront and the console leave it out', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    const { productId } = await ctx.db
      .selectFrom('materials')
      .select('productId')
      .where('id', '=', pack)
      .executeTakeFirstOrThrow();
    await moveStock(ctx.db, {
      materialId: pack,
      storeId: storeA,
      change: 4,
      reason: 'received',
      lot: { lotNumber: 'OLD', expire: inDays(-30) },
      createdAt: Date.now(),
    });
    await receive(pack, storeA, 'NEW', inDays(300), 1);
    const page = body<ProductDetail>(
      await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${productId}` }),
    ).data.materials[0]!;
    expect(page.stocks).toEqual([{ storeId: storeA, storeName: '北京仓', materialCount: 1 }]);
    expect(page.expire).toBe(inDays(300));
    const row = body<{ records: { count: number; available: number }[] }>(
      await as(warehouse, 'GET', `/manage/v1/stock?storeId=${storeA}&materialId=${pack}`),
    ).data.records[0]!;
    expect(row).toMatchObject({ count: 5, available: 1 });
  });
});

describe('transfers and stocktakes', () => {
  it('moves a lot between warehouses as two movements of one transfer', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'T1', inDays(600), 5);
    const bad = [
      [{ toStoreId: storeA }, '不能相同'],
      [{ quantity: 6 }, '只有 5 件'],
      [{ lotNumber: 'NONE' }, '没有批次'],
    ] as const;
    const base = {
      materialId: pack,
      lotNumber: 'T1',
      fromStoreId: storeA,
      toStoreId: storeB,
      quantity: 2,
    };
    for (const [change, msg] of bad) {
      const res = await as(warehouse, 'POST', '/manage/v1/stock/transfers', { ...base, ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    const res = await as(warehouse, 'POST', '/manage/v1/stock/transfers', {
      ...base,
      remark: '补货',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await lotsOf(pack, storeA)).lots).toEqual([
      { lotNumber: 'T1', expire: inDays(600), quantity: 3 },
    ]);
    expect((await lotsOf(pack, storeB)).lots).toEqual([
      { lotNumber: 'T1', expire: inDays(600), quantity: 2 },
    ]);
    const doc = body<StockDocument>(
      await as(warehouse, 'GET', `/manage/v1/stock/documents/${body<{ id: number }>(res).data.id}`),
    ).data;
    expect(doc).toMatchObject({ kind: 'transfer', storeName: '北京仓', toStoreName: '上海仓' });
    expect(doc.lines.map((l) => [l.storeName, l.change])).toEqual([
      ['北京仓', -2],
      ['上海仓', 2],
    ]);
  });

  it('posts the differences of a counted sheet and leaves agreeing lines alone', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'S1', inDays(600), 5);
    await receive(pack, storeA, 'S2', inDays(700), 4);
    const sheet = await as(
      warehouse,
      'GET',
      `/manage/v1/stock/stocktake-sheet?storeId=${storeA}&format=xlsx`,
    );
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as string[]).slice(1)));
    expect(rows[0]).toEqual(['货号', '名称', '规格', '批号', '有效期至', '账面数量', '实盘数量']);
    expect(rows.some((r) => r[3] === 'S1' && r[5] === '5')).toBe(true);

    const missingExpiry = await as(warehouse, 'POST', '/manage/v1/stock/stocktakes', {
      storeId: storeA,
      remark: '月度盘点',
      lines: [{ materialId: pack, lotNumber: 'FOUND', counted: 1 }],
    });
    expect(missingExpiry.statusCode).toBe(400);
    expect(body(missingExpiry).msg).toContain('请填写有效期');

    const res = await as(warehouse, 'POST', '/manage/v1/stock/stocktakes', {
      storeId: storeA,
      remark: '月度盘点',
      lines: [
        { materialId: pack, lotNumber: 'S1', counted: 5 },
        { materialId: pack, lotNumber: 'S2', counted: 1 },
        { materialId: pack, lotNumber: 'FOUND', expire: inDays(200), counted: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ differences: number }>(res).data.differences).toBe(2);
    expect(await lotsOf(pack, storeA)).toMatchObject({
      count: 8,
      lots: [
        { lotNumber: 'FOUND', quantity: 2 },
        { lotNumber: 'S1', quantity: 5 },
        { lotNumber: 'S2', quantity: 1 },
      ],
    });
  });
});

describe('a stocktake overtaken by a movement (PostgreSQL)', () => {
  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'refuses a counted quantity that a movement committed during the posting would change',
    async () => {
      const pack = await insertPack(ctx.db, 1_000);
      await receive(pack, storeA, 'C1', inDays(600), 5);
      // The sheet counts 7 while 2 of the lot are written off: it would leave 5, not 7.
      const res = await whileHolding(
        ctx.db,
        async (trx) => {
          await moveStock(trx, {
            materialId: pack,
            storeId: storeA,
            change: -2,
            reason: 'damaged',
            lot: { lotNumber: 'C1', expire: inDays(600) },
            createdAt: Date.now(),
          });
        },
        () =>
          as(warehouse, 'POST', '/manage/v1/stock/stocktakes', {
            storeId: storeA,
            remark: '抽盘',
            lines: [{ materialId: pack, lotNumber: 'C1', counted: 7 }],
          }),
      );
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('批次 C1 的账面数量已变化，请重新盘点');
      expect((await lotsOf(pack, storeA)).lots).toEqual([
        { lotNumber: 'C1', expire: inDays(600), quantity: 3 },
      ]);
    },
  );
});

describe('the lot view', () => {
  it('lists lots by expiry, shows where a lot went and exports its recall list', async () => {
    const pack = await insertPack(ctx.db, 1_000);
    await receive(pack, storeA, 'R1', inDays(20), 3);
    await receive(pack, storeA, 'R2', inDays(80), 3);
    await moveStock(ctx.db, {
      materialId: pack,
      storeId: storeA,
      change: 1,
      reason: 'received',
      lot: { lotNumber: 'R0', expire: inDays(-3) },
      createdAt: Date.now(),
    });
    const page = async (q: string) =>
      body<{ records: LotRow[] }>(await as(warehouse, 'GET', `/manage/v1/stock/lots?${q}`))
        .data.records.filter((r) => r.materialId === pack)
        .map((r) => [r.lotNumber, r.daysLeft]);
    expect(await page('expiry=expired')).toEqual([['R0', -3]]);
    expect(await page('expiry=30')).toEqual([['R1', 20]]);
    expect(await page('expiry=90')).toEqual([
      ['R1', 20],
      ['R2', 80],
    ]);
    expect(await page(`key=R2&storeId=${storeA}`)).toEqual([['R2', 80]]);

    const expiring = body<{
      stores: { storeId: number; expired: number; within30: number; within90: number }[];
    }>(await as(warehouse, 'GET', '/manage/v1/stock/lots/expiring')).data.stores.find(
      (s) => s.storeId === storeA,
    )!;
    expect(expiring.expired).toBeGreaterThanOrEqual(1);
    expect(expiring.within30).toBeGreaterThanOrEqual(1);
    expect(expiring.within90).toBeGreaterThanOrEqual(2);

    const admin = await createStaff(ctx.db, ['admin']);
    await as(admin, 'PUT', '/manage/v1/settings/shelf-life', { minMonths: 0 });
    const member = await createMember(ctx, { balanceFen: 1_000_000 });
    const order = await paidOrder(member, pack, 2);
    const shipped = await as(
      warehouse,
      'POST',
      `/manage/v1/orders/${order.id}/deliveries`,
      shipBody([{ orderGoodsId: order.goodsId, storeId: storeA, quantity: 2, lotNumber: 'R2' }]),
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    await as(admin, 'PUT', '/manage/v1/settings/shelf-life', { minMonths: 6 });

    const lot = body<LotDetail>(
      await as(warehouse, 'GET', `/manage/v1/stock/lots/${pack}/R2`),
    ).data;
    expect(lot.stores).toEqual([{ storeId: storeA, storeName: '北京仓', quantity: 1 }]);
    expect(lot.receipts).toMatchObject([{ quantity: 3, storeName: '北京仓' }]);
    expect(lot.shipments).toMatchObject([{ orderId: order.id, consignee: '张三', quantity: 2 }]);

    const xlsx = await as(warehouse, 'GET', `/manage/v1/stock/lots/${pack}/R2/recall.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as string[]).slice(1)));
    expect(rows[0]![0]).toBe('订单号');
    expect(rows[1]).toContain('13912345678');
    expect(rows).toHaveLength(2);

    const missing = await as(warehouse, 'GET', `/manage/v1/stock/lots/${pack}/NOPE`);
    expect(missing.statusCode).toBe(404);

    // The warehouse attaches the lot's certificate from the lot: item, lot and expiry are the lot's.
    const attach = (lotNumber: string) => {
      const form = multipart({}, { filename: 'coa.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
      return ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/stock/lots/${pack}/${encodeURIComponent(lotNumber)}/coa`,
        headers: { ...form.headers, authorization: warehouse.token },
        payload: form.payload,
      });
    };
    const attached = await attach('R2');
    expect(attached.statusCode, attached.body).toBe(200);
    const after = body<LotDetail>(
      await as(warehouse, 'GET', `/manage/v1/stock/lots/${pack}/R2`),
    ).data;
    expect(after.coa).toMatchObject([{ expire: inDays(80) }]);
    expect((await page(`key=R2&storeId=${storeA}`)).length).toBe(1);
    await moveStock(ctx.db, {
      materialId: pack,
      storeId: storeA,
      change: 1,
      reason: 'received',
      createdAt: Date.now(),
    });
    const unbatched = await attach('未分批');
    expect(unbatched.statusCode).toBe(400);
    expect(body(unbatched).msg).toContain('未分批');
    expect((await attach('NOPE')).statusCode).toBe(404);
  });
});
