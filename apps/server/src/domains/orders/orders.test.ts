import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BalanceBusiness, BalanceType, OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { Order, OrderDetail, Shipment } from '@labshop/shared/schemas';
import type { Paged } from '@labshop/shared';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import {
  auth,
  insertCartLine,
  insertDelivery,
  insertPack,
  orderBody,
} from '../../../test/fixtures/orders.ts';
import { insertNumberedOrder } from './orders.service.ts';

type Created = { order: Order; bankTransfer: OrderDetail['bankTransfer'] };

describe('orders', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const submit = (m: Member, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/client/v1/orders', headers: auth(m), payload });
  const cartIdsOf = async (userId: number) =>
    (
      await ctx.db
        .selectFrom('cartItems')
        .select('id')
        .where('userId', '=', userId)
        .orderBy('id')
        .execute()
    ).map((r) => r.id);
  const ordersOf = (userId: number) =>
    ctx.db.selectFrom('orders').selectAll().where('userId', '=', userId).execute();
  const balanceOf = async (userId: number) =>
    (
      await ctx.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).balance;
  const createOrderFor = async (m: Member) => {
    const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_000));
    expect((await submit(m, orderBody([line]))).statusCode).toBe(200);
    return m;
  };
  const orderRow = (userId: number) => ({
    userId,
    deliveryUsername: '张三',
    deliveryPhone: '13800000000',
    deliveryRegionCode: '110101',
    deliveryAddress: '某街 1 号',
    goodsAmount: 1_000,
    freight: 2_000,
    amount: 3_000,
    count: 1,
    status: OrderStatus.PENDING,
    payType: PayType.WECHAT,
    payStatus: PayStatus.UNPAID,
    userRemark: '',
    invoiceType: 3,
    invoiceCompanyName: '',
    invoiceTaxpayerIdentificationNumber: '',
    invoiceEmail: '',
    invoiceRegisteredAddress: '',
    invoiceRegistrationTelephone: '',
    invoiceDepositBank: '',
    invoiceBankAccountNumber: '',
    paidAt: null,
    cancelledAt: null,
    createdAt: 0,
    updatedAt: 0,
  });
  const ledgerOf = (userId: number) =>
    ctx.db
      .selectFrom('balanceRecords')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();

  describe('pricing', () => {
    it('charges no freight from exactly ¥1,000 of goods and ¥20 below', async () => {
      const m = await createMember(ctx);
      const atLimit = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 25_000), 4);
      const res = await submit(m, orderBody([atLimit]));
      expect(res.statusCode).toBe(200);
      expect(body(res).msg).toBe('提交成功');
      expect(body<Created>(res).data.order).toMatchObject({
        goodsAmount: 1000,
        freight: 0,
        amount: 1000,
        count: 4,
      });

      const below = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 99_999), 1);
      const res2 = await submit(m, orderBody([below]));
      expect(body<Created>(res2).data.order).toMatchObject({
        goodsAmount: 999.99,
        freight: 20,
        amount: 1019.99,
      });
    });

    it('prices every line from the database and ignores client prices, totals, status and owner', async () => {
      const m = await createMember(ctx, { balanceFen: 0 });
      const other = await createMember(ctx);
      const a = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 12_345), 2);
      const b = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 500), 3);
      const res = await submit(
        m,
        orderBody([a, b], {
          amount: 0.01,
          goodsAmount: 0.01,
          freight: 0,
          price: 0.01,
          status: OrderStatus.COMPLETED,
          payStatus: PayStatus.PAID,
          userId: other.userId,
          count: 999,
          goodsList: [{ productId: 1, price: 0.01, quantityPurchase: 1 }],
        }),
      );
      expect(res.statusCode).toBe(200);
      const { order } = body<Created>(res).data;
      expect(order).toMatchObject({
        goodsAmount: 261.9,
        freight: 20,
        amount: 281.9,
        count: 5,
        status: OrderStatus.PENDING,
        payStatus: PayStatus.UNPAID,
      });
      expect(order.goodsList.map((g) => [g.price, g.quantityPurchase]).sort()).toEqual([
        [123.45, 2],
        [5, 3],
      ]);
      expect(await ordersOf(other.userId)).toEqual([]);
      expect((await ordersOf(m.userId)).map((o) => o.amount)).toEqual([28_190]);
      expect(await cartIdsOf(m.userId)).toEqual([]);
    });

    it('leaves the amount pending when a line has no member price and refuses balance payment', async () => {
      const m = await createMember(ctx, { balanceFen: 10_000_000 });
      const priced = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
      const inquiry = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, null));
      const refused = await submit(m, orderBody([priced, inquiry], { payType: PayType.BALANCE }));
      expect(refused.statusCode).toBe(400);
      expect(body(refused).msg).toBe('订单含询价商品，无法使用余额支付');
      expect(await cartIdsOf(m.userId)).toEqual([priced, inquiry]);
      expect(await balanceOf(m.userId)).toBe(10_000_000);

      const res = await submit(m, orderBody([priced, inquiry], { payType: PayType.BANK_TRANSFER }));
      const { order } = body<Created>(res).data;
      expect(order).toMatchObject({
        goodsAmount: null,
        freight: null,
        amount: null,
        status: 1,
        payStatus: 1,
      });
      expect(order.goodsList.map((g) => g.price).sort()).toEqual([10, null]);
    });
  });

  describe('validation', () => {
    it('refuses an amount beyond what the money columns hold and keeps the cart', async () => {
      const m = await createMember(ctx);
      const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 300_000), 9_999);
      const res = await submit(m, orderBody([line]));
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('订单金额超出上限，请分批下单或联系客服');
      expect(await cartIdsOf(m.userId)).toEqual([line]);
      expect(await ordersOf(m.userId)).toEqual([]);
    });

    it('refuses bad input with the spec messages and leaves the cart intact', async () => {
      const m = await createMember(ctx);
      const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
      const cases: [object, string][] = [
        [orderBody([line], { invoiceType: 1 }), '请填写发票信息。'],
        [
          orderBody([line], {
            invoiceType: 2,
            invoiceCompanyName: '某公司',
            invoiceTaxpayerIdentificationNumber: '91110000X',
            invoiceEmail: 'not-an-email',
          }),
          '收票邮箱有误',
        ],
        [
          orderBody([line], {
            invoiceType: 2,
            invoiceCompanyName: '某公司',
            invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
            invoiceEmail: 'fp@example.com',
          }),
          '增值税专用发票需填写注册地址、注册电话、开户银行和银行账号',
        ],
        [
          orderBody([line], {
            invoiceType: 1,
            invoiceCompanyName: '某公司',
            invoiceTaxpayerIdentificationNumber: '91110000123456789X',
            invoiceEmail: 'fp@example.com',
          }),
          '纳税人识别号有误',
        ],
        [orderBody([line], { payType: undefined }), '请选择支付方式'],
        [orderBody([line], { payType: 6 }), '请选择支付方式'],
        // 月结 is an organization's pay type (docs/contract-prices-credit.md).
        [orderBody([line], { payType: 5 }), '月结仅限为单位下单，请选择下单单位'],
        [orderBody([]), '未选择购买商品'],
        [orderBody([line], { deliveryPhone: '12345678901' }), '手机号格式有误'],
        [orderBody([line], { deliveryUsername: '  ' }), '请填写收货人'],
      ];
      for (const [payload, msg] of cases) {
        const res = await submit(m, payload);
        expect(res.statusCode, msg).toBe(400);
        expect(body(res).msg).toBe(msg);
      }
      expect(await cartIdsOf(m.userId)).toEqual([line]);
      expect(await ordersOf(m.userId)).toEqual([]);
    });

    it('stores invoice data unless no invoice is wanted', async () => {
      const m = await createMember(ctx);
      const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
      const res = await submit(
        m,
        orderBody([line], {
          invoiceType: 1,
          invoiceCompanyName: '某检测公司',
          invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
          invoiceEmail: 'fp@example.com',
          invoiceDepositBank: '工商银行',
          userRemark: '请尽快发货',
        }),
      );
      expect(body<Created>(res).data.order).toMatchObject({
        invoiceType: 1,
        invoiceCompanyName: '某检测公司',
        invoiceEmail: 'fp@example.com',
        userRemark: '请尽快发货',
        deliveryUsername: '张三',
        deliveryRegionCode: '110000,110100,110101',
      });
      const [row] = await ordersOf(m.userId);
      expect(row?.invoiceDepositBank).toBe('工商银行');

      const line2 = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
      const res2 = await submit(
        m,
        orderBody([line2], { invoiceType: 3, invoiceCompanyName: '不要' }),
      );
      expect(body<Created>(res2).data.order.invoiceCompanyName).toBe('');
    });
  });

  describe('payment', () => {
    it('pays by balance at once with a ledger row', async () => {
      const m = await createMember(ctx, { balanceFen: 100_000 });
      const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 3_000), 2);
      const res = await submit(m, orderBody([line], { payType: PayType.BALANCE }));
      expect(res.statusCode).toBe(200);
      const { order, bankTransfer } = body<Created>(res).data;
      expect(order).toMatchObject({
        amount: 80,
        status: OrderStatus.AWAITING_SHIPMENT,
        payStatus: PayStatus.PAID,
        payType: PayType.BALANCE,
      });
      expect(bankTransfer).toBeNull();
      expect(await balanceOf(m.userId)).toBe(92_000);
      expect(await ledgerOf(m.userId)).toMatchObject([
        {
          type: BalanceType.EXPENSE,
          business: BalanceBusiness.SHOPPING,
          amount: 8_000,
          balanceAfter: 92_000,
          orderId: order.id,
        },
      ]);
      const [row] = await ordersOf(m.userId);
      expect(row?.paidAt).toBeTypeOf('number');
    });

    it('refuses a balance payment the balance does not cover and changes nothing', async () => {
      // ¥30 of goods + ¥20 freight against ¥49.99.
      const m = await createMember(ctx, { balanceFen: 4_999 });
      const materialId = await insertPack(ctx.db, 3_000);
      const line = await insertCartLine(ctx.db, m.userId, materialId, 1);
      const res = await submit(m, orderBody([line], { payType: PayType.BALANCE }));
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('余额不足');
      expect(await balanceOf(m.userId)).toBe(4_999);
      expect(await ledgerOf(m.userId)).toEqual([]);
      expect(await ordersOf(m.userId)).toEqual([]);
      expect(
        await ctx.db
          .selectFrom('orderGoods')
          .selectAll()
          .where('materialId', '=', materialId)
          .execute(),
      ).toEqual([]);
      expect(await cartIdsOf(m.userId)).toEqual([line]);

      await ctx.db
        .updateTable('users')
        .set({ balance: 5_000 })
        .where('id', '=', m.userId)
        .execute();
      const exact = await submit(m, orderBody([line], { payType: PayType.BALANCE }));
      expect(exact.statusCode).toBe(200);
      expect(await balanceOf(m.userId)).toBe(0);
    });

    it('answers bank details and a transfer reference for bank transfer', async () => {
      const m = await createMember(ctx);
      const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
      const res = await submit(m, orderBody([line], { payType: PayType.BANK_TRANSFER }));
      const { order, bankTransfer } = body<Created>(res).data;
      expect(order).toMatchObject({ status: OrderStatus.PENDING, payStatus: PayStatus.UNPAID });
      expect(order.number).toMatch(/^\d{20}$/);
      expect(bankTransfer).toEqual({
        accountName: '--',
        bankName: '--',
        accountNumber: '--',
        reference: order.number,
      });

      await ctx.db
        .insertInto('settings')
        .values({
          key: 'bank',
          value: JSON.stringify({
            accountName: '某某科技有限公司',
            bankName: '招商银行',
            accountNumber: '6222000011112222',
          }),
        })
        .execute();
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders/${order.id}`,
        headers: auth(m),
      });
      expect(body<OrderDetail>(detail).data.bankTransfer).toEqual({
        accountName: '某某科技有限公司',
        bankName: '招商银行',
        accountNumber: '6222000011112222',
        reference: order.number,
      });
    });

    it('refuses WeChat and Alipay while their gateways are not configured and keeps the cart', async () => {
      const m = await createMember(ctx, { balanceFen: 1_000_000 });
      for (const payType of [PayType.WECHAT, PayType.ALIPAY]) {
        const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1000));
        const res = await submit(m, orderBody([line], { payType }));
        expect(res.statusCode).toBe(400);
        expect(body(res).msg).toBe('该支付方式暂未开通，请选择其他支付方式');
        expect(await cartIdsOf(m.userId)).toContain(line);
      }
      expect(await ordersOf(m.userId)).toEqual([]);
      expect(await balanceOf(m.userId)).toBe(1_000_000);
    });
  });

  describe('concurrency', () => {
    it('keeps the balance from going negative under 20 concurrent balance payments', async () => {
      const m = await createMember(ctx, { balanceFen: 10_000 });
      const lines: number[] = [];
      // ¥10 × 1 + ¥20 freight = ¥30 each; ¥100 covers exactly three.
      for (let i = 0; i < 20; i++)
        lines.push(await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_000)));
      const answers = await Promise.all(
        lines.map((id) => submit(m, orderBody([id], { payType: PayType.BALANCE }))),
      );
      const paid = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode !== 200);
      expect(paid).toHaveLength(3);
      expect(refused.map((r) => [r.statusCode, body(r).msg])).toEqual(
        Array(17).fill([400, '余额不足']),
      );

      const balance = await balanceOf(m.userId);
      expect(balance).toBe(1_000);
      const ledger = await ledgerOf(m.userId);
      expect(ledger).toHaveLength(3);
      expect(ledger.reduce((s, r) => s + r.amount, 0)).toBe(10_000 - balance);
      expect(ledger.map((r) => r.balanceAfter).sort((x, y) => y - x)).toEqual([
        7_000, 4_000, 1_000,
      ]);
      expect((await ordersOf(m.userId)).map((o) => o.payStatus)).toEqual([2, 2, 2]);

      const paidLineIds = new Set(
        answers.flatMap((r, i) => (r.statusCode === 200 ? [lines[i]] : [])),
      );
      expect(await cartIdsOf(m.userId)).toEqual(lines.filter((id) => !paidLineIds.has(id)));
    });

    it('makes one order of 5 concurrent submissions of one cart line and answers it to each', async () => {
      const m = await createMember(ctx, { balanceFen: 1_000_000 });
      const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_000), 2);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => submit(m, orderBody([line], { payType: PayType.BALANCE }))),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const numbers = new Set(answers.map((r) => body<Created>(r).data.order.number));
      expect(numbers.size).toBe(1);
      expect(await ordersOf(m.userId)).toHaveLength(1);
      expect(await ledgerOf(m.userId)).toHaveLength(1);
      expect(await balanceOf(m.userId)).toBe(1_000_000 - 4_000);
    });

    it('answers a repeated submission of the same lines, in any order, with the order made', async () => {
      const m = await createMember(ctx);
      const a = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_000));
      const b = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 2_000));
      const first = await submit(m, orderBody([a, b]));
      const again = await submit(m, orderBody([b, a]));
      expect(again.statusCode).toBe(200);
      expect(body<Created>(again).data.order.id).toBe(body<Created>(first).data.order.id);
      expect(body<Created>(again).data.bankTransfer).toEqual(
        body<Created>(first).data.bankTransfer,
      );
      // Part of those lines is not the same cart: that is still a changed cart.
      const partly = await submit(m, orderBody([a]));
      expect(partly.statusCode).toBe(400);
      expect(body(partly).msg).toBe('购物车商品已变化，请刷新后重试');
      expect(await ordersOf(m.userId)).toHaveLength(1);
    });

    it('runs one order for concurrent submissions with one Idempotency-Key', async () => {
      const m = await createMember(ctx, { balanceFen: 1_000_000 });
      const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_000), 1);
      const payload = orderBody([line], { payType: PayType.BALANCE });
      const send = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/client/v1/orders',
          headers: { ...auth(m), 'idempotency-key': 'order-attempt-0001' },
          payload,
        });
      const answers = await Promise.all([send(), send(), send()]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect(await ordersOf(m.userId)).toHaveLength(1);
      expect(await ledgerOf(m.userId)).toHaveLength(1);
    });

    it('draws another order number when the first one is taken', async () => {
      const m = await createMember(ctx);
      const taken = (await ordersOf((await createOrderFor(m)).userId))[0]!.number;
      const draws = [taken, taken, '20990101000000000001'];
      const made = await ctx.db
        .transaction()
        .execute((trx) =>
          insertNumberedOrder(trx, 'place', orderRow(m.userId), () => draws.shift() ?? 'unused'),
        );
      expect(made.number).toBe('20990101000000000001');
      expect(draws).toEqual([]);
      const numbers = (await ordersOf(m.userId)).map((o) => o.number).sort();
      expect(numbers).toEqual([taken, '20990101000000000001'].sort());
    });
  });

  describe('list, detail, cancel and deliveries', () => {
    let m: Member;
    const ids: Record<string, number> = {};
    const DAY = 86_400_000;
    const t0 = Date.UTC(2024, 0, 10, 4, 0, 0);

    beforeAll(async () => {
      m = await createMember(ctx, { balanceFen: 1_000_000 });
      const plan: [string, number, number][] = [
        ['bank', PayType.BANK_TRANSFER, t0],
        ['wechat', PayType.WECHAT, t0 + DAY],
        ['balance', PayType.BALANCE, t0 + 2 * DAY],
      ];
      for (const [key, payType, createdAt] of plan) {
        const line = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_000), 1);
        // WeChat Pay is not configured here: that order is placed by transfer, then switched.
        const placedAs = payType === PayType.WECHAT ? PayType.BANK_TRANSFER : payType;
        const res = await submit(m, orderBody([line], { payType: placedAs }));
        const id = body<Created>(res).data.order.id;
        ids[key] = id;
        await ctx.db
          .updateTable('orders')
          .set({ createdAt, payType })
          .where('id', '=', id)
          .execute();
      }
    });

    const listQuery = async (query: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders?${query}`,
        headers: auth(m),
      });
      expect(res.statusCode).toBe(200);
      return body<Paged<Order>>(res).data;
    };

    it('lists newest first with goods and paging', async () => {
      const page = await listQuery('page=1&size=2');
      expect(page.total).toBe(3);
      expect(page.size).toBe(2);
      expect(page.records.map((o) => o.id)).toEqual([ids.balance, ids.wechat]);
      expect(page.records[0]?.goodsList).toHaveLength(1);
      const page2 = await listQuery('page=2&size=2');
      expect(page2.records.map((o) => o.id)).toEqual([ids.bank]);
    });

    it('filters by status, pay type, pay status and whole-day date range', async () => {
      expect((await listQuery('status=2')).records.map((o) => o.id)).toEqual([ids.balance]);
      expect((await listQuery(`payType=${PayType.WECHAT}`)).records.map((o) => o.id)).toEqual([
        ids.wechat,
      ]);
      expect((await listQuery('payStatus=1')).records.map((o) => o.id)).toEqual([ids.balance]);
      expect((await listQuery('payStatus=0')).records.map((o) => o.id)).toEqual([
        ids.wechat,
        ids.bank,
      ]);
      const dayStart = t0 + DAY - 4 * 3_600_000;
      const dayEnd = dayStart + DAY - 1;
      expect(
        (await listQuery(`startTime=${dayStart}&endTime=${dayEnd}`)).records.map((o) => o.id),
      ).toEqual([ids.wechat]);
      expect((await listQuery(`startTime=${t0}&endTime=${t0}`)).records.map((o) => o.id)).toEqual([
        ids.bank,
      ]);
      const bad = await ctx.app.inject({
        method: 'GET',
        url: '/client/v1/user/orders?status=9',
        headers: auth(m),
      });
      expect(bad.statusCode).toBe(400);
    });

    it('answers the detail of an own order', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders/${ids.wechat}`,
        headers: auth(m),
      });
      expect(body<OrderDetail>(res).data).toMatchObject({
        id: ids.wechat,
        payType: PayType.WECHAT,
        bankTransfer: null,
        goodsList: [{ price: 10, quantityPurchase: 1, pack: '1mL' }],
      });
    });

    it('cancels only unpaid pending or awaiting orders', async () => {
      const cancel = (id: number | undefined) =>
        ctx.app.inject({ method: 'DELETE', url: `/client/v1/user/orders/${id}`, headers: auth(m) });
      const paid = await cancel(ids.balance);
      expect(paid.statusCode).toBe(400);
      expect(body(paid).msg).toBe('当前订单状态不可取消');

      const res = await cancel(ids.bank);
      expect(body(res)).toMatchObject({ code: 0, msg: '取消订单成功' });
      const row = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', ids.bank!)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe(OrderStatus.CANCELLED);
      expect(row.cancelledAt).toBeTypeOf('number');
      const again = await cancel(ids.bank);
      expect(body(again).msg).toBe('当前订单状态不可取消');

      await ctx.db
        .updateTable('orders')
        .set({ status: OrderStatus.SHIPPING })
        .where('id', '=', ids.wechat!)
        .execute();
      expect((await cancel(ids.wechat)).statusCode).toBe(400);
      await ctx.db
        .updateTable('orders')
        .set({ status: OrderStatus.PENDING })
        .where('id', '=', ids.wechat!)
        .execute();
    });

    it('answers the packages of an order with goods, stock origin and tracking', async () => {
      const goods = await ctx.db
        .selectFrom('orderGoods')
        .selectAll()
        .where('orderId', '=', ids.balance!)
        .executeTakeFirstOrThrow();
      const stocks = JSON.stringify([{ storeId: 1, storeName: '上海仓', materialCount: 1 }]);
      const first = await insertDelivery(ctx.db, ids.balance!, [
        { orderGoodsId: goods.id, quantityShipped: 1, stocks },
      ]);
      const second = await insertDelivery(ctx.db, ids.balance!, [], {
        trackingNumber: 'YT1',
        track: '[]',
      });
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/orders/${ids.balance}/deliveries`,
        headers: auth(m),
      });
      const shipments = body<Shipment[]>(res).data;
      expect(shipments.map((s) => s.id)).toEqual([first, second]);
      expect(shipments[0]).toMatchObject({
        company: '顺丰速运',
        trackingNumber: 'SF1234567890',
        goods: [
          {
            id: goods.id,
            name: goods.name,
            quantityShipped: 1,
            quantityPurchase: 1,
            stocks: [{ storeId: 1, storeName: '上海仓', materialCount: 1 }],
          },
        ],
      });
      expect(JSON.parse(shipments[0]!.track)).toEqual([
        { context: '已签收', ftime: '2024-05-02 10:00:00' },
      ]);
      expect(shipments[1]?.goods).toEqual([]);
    });

    it('refuses another member’s order, deliveries and cart lines for every verb and changes nothing', async () => {
      const intruder = await createMember(ctx, { balanceFen: 1_000_000 });
      const as = (method: 'GET' | 'DELETE', url: string) =>
        ctx.app.inject({ method, url, headers: auth(intruder) });
      for (const id of [ids.wechat, ids.balance]) {
        const detail = await as('GET', `/client/v1/user/orders/${id}`);
        expect(detail.statusCode).toBe(404);
        expect(body(detail).data).toBeNull();
        expect((await as('GET', `/client/v1/user/orders/${id}/deliveries`)).statusCode).toBe(404);
        expect((await as('DELETE', `/client/v1/user/orders/${id}`)).statusCode).toBe(404);
      }
      const wechat = await ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', ids.wechat!)
        .executeTakeFirstOrThrow();
      expect(wechat.status).toBe(OrderStatus.PENDING);
      expect((await listQuery('')).total).toBe(3);
      expect((await as('GET', '/client/v1/user/orders')).body).toContain('"total":0');

      const victimLine = await insertCartLine(ctx.db, m.userId, await insertPack(ctx.db, 1_000));
      const res = await submit(intruder, orderBody([victimLine], { payType: PayType.BALANCE }));
      expect(res.statusCode).toBe(400);
      expect(await cartIdsOf(m.userId)).toContain(victimLine);
      expect(await ordersOf(intruder.userId)).toEqual([]);
      expect(await balanceOf(intruder.userId)).toBe(1_000_000);
    });
  });
});
