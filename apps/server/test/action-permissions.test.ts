import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION_PERMISSION,
  ROLES,
  ResultCode,
  STAFF_ACTIONS,
  hasPermission,
  mayTake,
  type Permission,
  type StaffAction,
} from '@labshop/shared';
import type { ManageOrderDetail, ManageProduct } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from './helpers.ts';
import { createMember } from './fixtures/account.ts';
import { insertStock, insertStore } from './fixtures/catalogue.ts';
import { createStaff, type StaffMember } from './fixtures/manage.ts';
import { multipart } from './fixtures/multipart.ts';
import { auth, insertCartLine, insertPack, orderBody } from './fixtures/orders.ts';

/**
 * The action matrix (docs/console.md, "Who may press what"): every money or stock action of
 * ACTION_PERMISSION is taken by each role on an object in the state the action needs. A role the
 * table allows gets it done; any other role gets 403/603 and nothing changes. The console shows
 * each button from the same table (order-detail-page.test.tsx), so what a role sees is what it
 * may press. manage-permissions.test.ts walks the routes' own guards; this walks the actions,
 * including the two behind one route (取消订单 of an unpaid and of a paid order) and stock
 * figures sent through the product form and the import.
 */
let ctx: TestContext;
let admin: StaffMember;
let store: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createStaff(ctx.db, ['admin']);
  store = await insertStore(ctx.db, { name: '矩阵仓' });
});
afterAll(async () => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const as = (staff: { token: string }, method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(staff), ...(payload ? { payload } : {}) });

async function ok(staff: { token: string }, method: Method, url: string, payload?: object) {
  const res = await as(staff, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res;
}

/** A member's order of two units of a fresh pack in stock (member price null: 待确认). */
async function placeOrder(opts: { payType?: number; unpriced?: boolean; invoice?: boolean } = {}) {
  const member = await createMember(ctx, { balanceFen: 1_000_000 });
  const materialId = await insertPack(ctx.db, opts.unpriced ? null : 10_000);
  await insertStock(ctx.db, materialId, store, 10);
  const cartId = await insertCartLine(ctx.db, member.userId, materialId, 2);
  const invoice = opts.invoice
    ? {
        invoiceType: 1,
        invoiceCompanyName: '某研究所',
        invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
        invoiceEmail: 'fp@example.com',
      }
    : {};
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([cartId], { payType: opts.payType ?? 1, ...invoice }),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { id } = body<{ order: { id: number } }>(res).data.order;
  return { id, member, materialId, detail: () => detailOf(id) };
}

const detailOf = async (id: number) =>
  body<ManageOrderDetail>(await ok(admin, 'GET', `/manage/v1/orders/${id}`)).data;

/** A balance-paid order (paid at ordering), optionally shipped in one package by admin. */
async function paidOrder(opts: { shipped?: boolean; invoice?: boolean } = {}) {
  const order = await placeOrder({ payType: 4, invoice: opts.invoice });
  if (!opts.shipped) return { ...order, deliveryId: 0 };
  const line = (await order.detail()).goodsList[0]!;
  await ok(admin, 'POST', `/manage/v1/orders/${order.id}/deliveries`, {
    carrier: '顺丰速运',
    trackingNumber: `SF${order.id}`,
    goods: [{ orderGoodsId: line.id, quantity: 2, storeId: store }],
  });
  const deliveryId = (await order.detail()).deliveries[0]!.id;
  return { ...order, deliveryId };
}

/** What the actions change, counted: a refusal must leave every figure as it was. */
async function snapshot(): Promise<string> {
  const count = (table: 'deliveries' | 'stockMovements' | 'balanceRecords' | 'orderPayments') =>
    ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  const orders = await ctx.db
    .selectFrom('orders')
    .select(['id', 'status', 'payStatus', 'amount', 'refundedAmount', 'invoiceNumber'])
    .orderBy('id')
    .execute();
  const users = await ctx.db.selectFrom('users').select(['id', 'balance']).orderBy('id').execute();
  const stock = await ctx.db
    .selectFrom('materialStocks')
    .select(['materialId', 'storeId', 'count'])
    .orderBy('materialId')
    .orderBy('storeId')
    .execute();
  const tracks = await ctx.db.selectFrom('deliveries').select(['id', 'track']).execute();
  const settingChanges = await ctx.db
    .selectFrom('settingChanges')
    .select(['id', 'status'])
    .orderBy('id')
    .execute();
  return JSON.stringify({
    settingChanges,
    orders,
    users,
    stock,
    tracks,
    deliveries: await count('deliveries'),
    movements: await count('stockMovements'),
    balance: await count('balanceRecords'),
    payments: await count('orderPayments'),
  });
}

const FAKE_PDF = Buffer.from('%PDF-1.4\n% e-fapiao\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

interface Scenario {
  /** Permissions the route asks besides the action's own (the product form is a catalogue screen). */
  route?: Permission;
  /** Makes an object in the state the action needs; answers how to take the action on it. */
  prepare: () => Promise<(staff: StaffMember) => ReturnType<typeof as>>;
}

const SCENARIOS: Record<StaffAction, Scenario> = {
  'order.price': {
    prepare: async () => {
      const o = await placeOrder({ unpriced: true });
      const line = (await o.detail()).goodsList[0]!;
      return (s) =>
        as(s, 'PUT', `/manage/v1/orders/${o.id}/prices`, {
          goods: [{ orderGoodsId: line.id, price: 88 }],
        });
    },
  },
  'order.edit': {
    prepare: async () => {
      const o = await placeOrder();
      const line = (await o.detail()).goodsList[0]!;
      return (s) =>
        as(s, 'PUT', `/manage/v1/orders/${o.id}`, {
          goods: [{ orderGoodsId: line.id, quantity: 1, price: 90 }],
        });
    },
  },
  'order.refund': {
    prepare: async () => {
      const o = await paidOrder({ shipped: true });
      return (s) =>
        as(s, 'POST', `/manage/v1/orders/${o.id}/refunds`, { amount: 1.5, reason: '少发一支' });
    },
  },
  'order.complete': {
    prepare: async () => {
      const o = await paidOrder({ shipped: true });
      return (s) => as(s, 'POST', `/manage/v1/orders/${o.id}/complete`);
    },
  },
  'order.cancelUnpaid': {
    prepare: async () => {
      const o = await placeOrder();
      return (s) => as(s, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '客户不要了' });
    },
  },
  'order.cancelPaid': {
    prepare: async () => {
      const o = await paidOrder();
      return (s) => as(s, 'POST', `/manage/v1/orders/${o.id}/cancel`, { reason: '缺货退款' });
    },
  },
  'order.confirmPayment': {
    prepare: async () => {
      const o = await placeOrder();
      const d = await o.detail();
      return (s) =>
        as(s, 'POST', `/manage/v1/orders/${o.id}/payment`, {
          amount: d.amount,
          reference: d.transferReference,
        });
    },
  },
  'order.invoice': {
    prepare: async () => {
      const o = await paidOrder({ invoice: true });
      return (s) =>
        as(s, 'PUT', `/manage/v1/orders/${o.id}/invoice`, {
          invoiceNumber: '04400001',
          issuedAt: Date.UTC(2026, 1, 3),
        });
    },
  },
  'order.fapiao': {
    prepare: async () => {
      const o = await paidOrder({ invoice: true });
      return (s) => {
        const form = multipart(
          { number: '24110000000012345678' },
          { filename: 'fp.pdf', data: FAKE_PDF, contentType: 'application/pdf' },
        );
        return ctx.app.inject({
          method: 'POST',
          url: `/manage/v1/orders/${o.id}/fapiao`,
          headers: { ...auth(s), ...form.headers },
          payload: form.payload,
        });
      };
    },
  },
  'order.ship': {
    prepare: async () => {
      const o = await paidOrder();
      const line = (await o.detail()).goodsList[0]!;
      return (s) =>
        as(s, 'POST', `/manage/v1/orders/${o.id}/deliveries`, {
          carrier: '顺丰速运',
          trackingNumber: `SF-M${o.id}`,
          goods: [{ orderGoodsId: line.id, quantity: 1, storeId: store }],
        });
    },
  },
  'order.cancelDelivery': {
    prepare: async () => {
      const o = await paidOrder({ shipped: true });
      return (s) =>
        as(s, 'POST', `/manage/v1/orders/${o.id}/deliveries/${o.deliveryId}/cancel`, {
          reason: '发错货',
        });
    },
  },
  'order.track': {
    prepare: async () => {
      const o = await paidOrder({ shipped: true });
      return (s) =>
        as(s, 'POST', `/manage/v1/orders/${o.id}/deliveries/${o.deliveryId}/tracks`, {
          context: '已揽收',
        });
    },
  },
  'stock.adjust': {
    prepare: async () => {
      const materialId = await insertPack(ctx.db, 10_000);
      await insertStock(ctx.db, materialId, store, 5);
      return (s) =>
        as(s, 'POST', '/manage/v1/stock/adjustments', {
          materialId,
          storeId: store,
          reason: 'counted',
          quantity: 3,
          remark: '盘点',
        });
    },
  },
  'product.stock': {
    route: 'catalogue',
    prepare: async () => {
      const materialId = await insertPack(ctx.db, 10_000);
      await insertStock(ctx.db, materialId, store, 5);
      const { productId } = await ctx.db
        .selectFrom('materials')
        .select('productId')
        .where('id', '=', materialId)
        .executeTakeFirstOrThrow();
      const product = body<ManageProduct>(
        await ok(admin, 'GET', `/manage/v1/products/${productId}`),
      ).data;
      return (s) =>
        as(s, 'PUT', `/manage/v1/products/${productId}`, {
          ...productBody(product),
          materials: product.materials.map((m) => ({
            id: m.id,
            pack: m.pack,
            price: m.price,
            userPrice: m.userPrice,
            onSale: m.onSale,
            stocks: [{ storeId: store, materialCount: 9 }],
          })),
        });
    },
  },
  'member.balance': {
    prepare: async () => {
      const member = await createMember(ctx);
      return (s) =>
        as(s, 'POST', `/manage/v1/members/${member.userId}/balance`, {
          amount: 10,
          remark: '补差价',
        });
    },
  },
  'setting.propose': {
    prepare: async () => {
      await closePendingBank();
      return (s) => as(s, 'PUT', '/manage/v1/settings/bank', newBank());
    },
  },
  'setting.confirm': {
    // Proposed by another admin: nobody confirms their own change.
    prepare: async () => {
      await closePendingBank();
      const proposed = await ok(admin, 'PUT', '/manage/v1/settings/bank', newBank());
      const { id } = body<{ id: number }>(proposed).data;
      return (s) => as(s, 'POST', `/manage/v1/settings/changes/${id}/confirm`);
    },
  },
};

let accountSeq = 0;
/** A bank account not used before, so that proposing it is a change. */
const newBank = () => {
  accountSeq += 1;
  return {
    accountName: '矩阵科技有限公司',
    bankName: '招商银行',
    accountNumber: `62220000${accountSeq}`,
  };
};

/** Closes a pending bank change left by an earlier scenario: one may be pending at a time. */
const closePendingBank = () =>
  ctx.db
    .updateTable('settingChanges')
    .set({ status: 'withdrawn', pendingKey: null })
    .where('pendingKey', '=', 'bank')
    .execute();

/** The product's own fields as the product form sends them back. */
function productBody(p: ManageProduct) {
  const {
    id: _id,
    createTime: _c,
    updateTime: _u,
    inchiKey: _k,
    relationItems,
    materials: _m,
    ...fields
  } = p;
  return { ...fields, relationItems: relationItems.map((r) => r.id) };
}

describe('action matrix: role × action, allowed exactly as ACTION_PERMISSION says', () => {
  it('names a scenario for every action and one permission for each', () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual([...STAFF_ACTIONS].sort());
    for (const action of STAFF_ACTIONS) expect(typeof ACTION_PERMISSION[action]).toBe('string');
  });

  for (const role of ROLES) {
    it(`${role}: takes the actions its roles allow; the others are refused and change nothing`, async () => {
      const staff = await createStaff(ctx.db, [role]);
      for (const action of STAFF_ACTIONS) {
        const scenario = SCENARIOS[action];
        const take = await scenario.prepare();
        const allowed =
          mayTake([role], action) &&
          (scenario.route === undefined || hasPermission([role], scenario.route));
        const before = await snapshot();
        const res = await take(staff);
        if (allowed) {
          expect(res.statusCode, `${action} as ${role}: ${res.body}`).toBe(200);
          expect(await snapshot(), `${action} as ${role} changed something`).not.toBe(before);
        } else {
          expect([res.statusCode, body(res).code], `${action} as ${role}: ${res.body}`).toEqual([
            403,
            ResultCode.FORBIDDEN,
          ]);
          expect(await snapshot(), `${action} as ${role} changed nothing`).toBe(before);
        }
      }
    });
  }
});

describe('stock figures from staff who may not count stock', () => {
  it('a product saved by the operator keeps its stock; an unchanged figure is no change', async () => {
    const operator = await createStaff(ctx.db, ['operator']);
    const materialId = await insertPack(ctx.db, 10_000);
    await insertStock(ctx.db, materialId, store, 5);
    const { productId } = await ctx.db
      .selectFrom('materials')
      .select('productId')
      .where('id', '=', materialId)
      .executeTakeFirstOrThrow();
    const product = body<ManageProduct>(
      await ok(admin, 'GET', `/manage/v1/products/${productId}`),
    ).data;
    const save = (count: number | null) =>
      as(operator, 'PUT', `/manage/v1/products/${productId}`, {
        ...productBody(product),
        name: '改名后的甲醇',
        materials: product.materials.map((m) => ({
          id: m.id,
          pack: m.pack,
          price: m.price,
          userPrice: m.userPrice,
          onSale: m.onSale,
          stocks: count === null ? [] : [{ storeId: store, materialCount: count }],
        })),
      });
    expect((await save(5)).statusCode).toBe(200);
    expect((await save(null)).statusCode).toBe(200);
    const refused = await save(50);
    expect(refused.statusCode).toBe(403);
    const after = body<ManageProduct>(
      await ok(admin, 'GET', `/manage/v1/products/${productId}`),
    ).data;
    expect(after.name).toBe('改名后的甲醇');
    expect(after.materials[0]!.stocks).toMatchObject([{ storeId: store, materialCount: 5 }]);
  });

  it("the operator's import fails the rows whose stock columns differ from the book", async () => {
    const operator = await createStaff(ctx.db, ['operator']);
    const materialId = await insertPack(ctx.db, 10_000, { pack: '5mL' });
    await insertStock(ctx.db, materialId, store, 5);
    const { number } = await ctx.db
      .selectFrom('materials')
      .innerJoin('products', 'products.id', 'materials.productId')
      .select('products.number')
      .where('materials.id', '=', materialId)
      .executeTakeFirstOrThrow();
    const csv = (count: number) =>
      Buffer.from(`货号,包装,市场价,库存-矩阵仓\n${number},5mL,600,${count}\n`);
    const upload = (who: StaffMember, count: number) => {
      const form = multipart({}, { filename: 'p.csv', data: csv(count), contentType: 'text/csv' });
      return ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/products/import',
        headers: { ...auth(who), ...form.headers },
        payload: form.payload,
      });
    };
    const same = await upload(operator, 5);
    expect(same.statusCode, same.body).toBe(200);
    const refused = await upload(operator, 7);
    expect(refused.statusCode).toBe(400);
    expect(body<{ failed: { row: number; msg: string }[] }>(refused).data.failed).toEqual([
      {
        row: 2,
        msg: '没有库存权限：本行库存与当前库存不同，库存请由仓库在库存管理中调整',
      },
    ]);
    const stock = await ctx.db
      .selectFrom('materialStocks')
      .select('count')
      .where('materialId', '=', materialId)
      .executeTakeFirstOrThrow();
    expect(Number(stock.count)).toBe(5);
    expect((await upload(admin, 7)).statusCode).toBe(200);
  });
});
