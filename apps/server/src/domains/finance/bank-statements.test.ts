import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BankStatementConfirmResult,
  BankStatementDetail,
  ManageOrderDetail,
} from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { encodeGbk } from '../../../test/fixtures/gbk.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { xlsxBomb } from '../../../test/fixtures/xlsx-bomb.ts';
import { writeXlsx } from '../../lib/sheets.ts';

// Bank statement import and confirmation through the API (docs/contract-prices-credit.md
// section 5), on SQLite and, with TEST_DATABASE_URL, PostgreSQL: the banks' files as they come,
// matches and their reasons, every confirmation once even when sent twice at once.

let ctx: TestContext;
let finance: StaffMember;
let operator: StaffMember;
let store: number;

beforeAll(async () => {
  ctx = await createTestContext();
  finance = await createStaff(ctx.db, ['finance'], '财务丙');
  operator = await createStaff(ctx.db, ['operator']);
  store = await insertStore(ctx.db, { name: '流水仓' });
});
afterAll(async () => ctx.close());

const HEADER = '交易日期,贷方金额,对方户名,对方账号,摘要';

/** A member's bank-transfer order of one pack; from 1,000 yuan the freight is free. */
async function placeOrder(member: Member, priceFen: number) {
  const materialId = await insertPack(ctx.db, priceFen);
  await insertStock(ctx.db, materialId, store, 10);
  const cartId = await insertCartLine(ctx.db, member.userId, materialId, 1);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/orders',
    headers: auth(member),
    payload: orderBody([cartId], { payType: 1 }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ order: { id: number; number: string; amount: number } }>(res).data.order;
}

const upload = (
  data: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  as = finance,
  idempotencyKey?: string,
) => {
  const form = multipart(fields, { filename, data });
  return ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/bank-statements',
    headers: {
      ...form.headers,
      ...auth(as),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    payload: form.payload,
  });
};

async function imported(data: Buffer, filename: string, fields: Record<string, string> = {}) {
  const res = await upload(data, filename, fields);
  expect(res.statusCode, res.body).toBe(200);
  return body<BankStatementDetail>(res).data;
}

const confirm = (id: number, rows: number[], as = finance) =>
  ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/bank-statements/${id}/confirm`,
    headers: auth(as),
    payload: { rows },
  });

const orderOf = async (id: number) =>
  body<ManageOrderDetail>(
    await ctx.app.inject({ method: 'GET', url: `/manage/v1/orders/${id}`, headers: auth(finance) }),
  ).data;

const count = async (table: 'bankStatements' | 'bankStatementRows' | 'orderPayments') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('importing a statement', () => {
  it('reads a GBK CSV and matches by reference, by amount and payer, and says why not', async () => {
    const buyer = await createMember(ctx, { name: '华东某大学化学系' });
    const byRef = await placeOrder(buyer, 123_450);
    const byName = await placeOrder(buyer, 200_100);
    const csv =
      `账号：6222000011112222,,,,\n${HEADER}\n` +
      `2026/06/01,"1,234.50",某公司,6222,货款 ${byRef.number.toLowerCase()}\n` +
      `20260602,"2,001.00",华东某大学化学系,6228,试剂款\n` +
      `2026年6月3日,-20.00,手续费,,汇款手续费\n` +
      `2026-06-04,"1,234.50",某公司,6222,${byRef.number}\n` +
      `2026-06-05,88.00,无名氏,1,无\n`;
    const got = await imported(encodeGbk(csv), '工行明细.csv');
    expect(got.rows).toBe(5);
    expect(got.matched).toEqual([
      expect.objectContaining({ row: 3, orderId: byRef.id, by: 'reference', amount: 1234.5 }),
      expect.objectContaining({
        row: 4,
        orderId: byName.id,
        by: 'amountAndName',
        number: byName.number,
        payerName: '华东某大学化学系',
        confirmed: false,
      }),
    ]);
    expect(got.unmatched).toEqual([
      { row: 5, msg: '非入账记录（退款或费用），不参与匹配' },
      { row: 6, msg: '对应订单已由前面的行匹配' },
      { row: 7, msg: '未找到对应的待付款订单' },
    ]);

    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/bank-statements/${got.id}`,
      headers: auth(finance),
    });
    const d = body<BankStatementDetail>(detail).data;
    expect(d).toMatchObject({ id: got.id, fileName: '工行明细.csv', staffName: '财务丙', rows: 5 });
    expect(d.lines.map((l) => [l.row, l.amount, l.orderNumber, l.msg])).toEqual([
      [3, 1234.5, byRef.number, ''],
      [4, 2001, byName.number, ''],
      [5, -20, '', '非入账记录（退款或费用），不参与匹配'],
      [6, 1234.5, '', '对应订单已由前面的行匹配'],
      [7, 88, '', '未找到对应的待付款订单'],
    ]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/bank-statements',
      headers: auth(finance),
    });
    expect(body<{ records: { id: number }[] }>(list).data.records[0]).toMatchObject({
      id: got.id,
      rows: 5,
      matched: 2,
    });
  });

  it('reads an XLSX with other headers through a column map', async () => {
    const buyer = await createMember(ctx, { name: '西部某研究所' });
    const o = await placeOrder(buyer, 300_700);
    const data = await writeXlsx([
      {
        name: '明细',
        headers: ['入账日', '收款', '付款方', '说明'],
        rows: [['2026-06-01', '3,007.00', '西部某研究所', '']],
      },
    ]);
    const refused = await upload(data, '建行.xlsx');
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe('未找到交易日期和金额列，请检查文件或填写列对应关系');
    const columns = JSON.stringify({
      date: '入账日',
      amount: '收款',
      payerName: '付款方',
      memo: '',
    });
    const got = await imported(data, '建行.xlsx', { columns });
    expect(got.matched).toMatchObject([{ row: 2, orderId: o.id, by: 'amountAndName' }]);
    const bad = await upload(data, '建行.xlsx', { columns: '{"date":' });
    expect(body(bad).msg).toBe('列对应关系格式有误');
  });

  it('leaves a row that fits two orders to staff', async () => {
    const buyer = await createMember(ctx, { name: '南方某检测公司' });
    await placeOrder(buyer, 400_300);
    await placeOrder(buyer, 400_300);
    const got = await imported(
      Buffer.from(`${HEADER}\n2026-06-01,4003.00,南方某检测公司,1,货款\n`),
      'a.csv',
    );
    expect(got.unmatched).toEqual([{ row: 2, msg: '金额与付款人对应多个订单，请人工核对' }]);
  });

  it('imports once when one upload is sent twice at once with its Idempotency-Key', async () => {
    const buyer = await createMember(ctx, { name: '东部某药检所' });
    await placeOrder(buyer, 512_300);
    const before = await count('bankStatements');
    const file = Buffer.from(`${HEADER}\n2026-06-01,5123.00,东部某药检所,1,货款\n`);
    const key = `statement-${Date.now()}`;
    const [a, b] = await Promise.all([
      upload(file, 'a.csv', {}, finance, key),
      upload(file, 'a.csv', {}, finance, key),
    ]);
    const answered = [a, b].filter((r) => r.statusCode === 200);
    expect(answered.length, `${a.body} ${b.body}`).toBeGreaterThan(0);
    const ids = new Set(answered.map((r) => body<{ id: number }>(r).data.id));
    expect(ids.size).toBe(1);
    expect(await count('bankStatements')).toBe(before + 1);
  });

  it('refuses an oversized file and a zip bomb in Chinese, storing nothing', async () => {
    const before = await count('bankStatements');
    const big = await upload(Buffer.alloc(11 * 1024 * 1024, 0x41), 'big.csv');
    expect(big.statusCode).toBe(400);
    expect(body(big).msg).toBe('银行流水文件不能超过 10 MB');
    const bomb = xlsxBomb({
      unpackedBytes: 300 * 1024 * 1024,
      row: '<row><c t="inlineStr"><is><t>2026-06-01</t></is></c><c><v>1</v></c></row>',
      declaredSize: 8 * 1024 * 1024,
    });
    const bombed = await upload(bomb, 'bomb.xlsx');
    expect(bombed.statusCode).toBe(400);
    expect(body(bombed).msg).toMatch(/[\u4e00-\u9fff]/);
    const lines = Array.from({ length: 20_001 }, (_, i) => `2026-06-01,${i + 1}.00,某,1,x`);
    const many = await upload(Buffer.from(`${HEADER}\n${lines.join('\n')}\n`), 'many.csv');
    expect(body(many).msg).toBe('银行流水不能超过 20000 行，请分段导出');
    const none = await upload(Buffer.alloc(0), 'empty.csv');
    expect(body(none).msg).toBe('请选择银行流水文件（CSV 或 XLSX）');
    expect(await count('bankStatements')).toBe(before);
  });

  it('is finance’s: other roles are refused and nothing is stored', async () => {
    const before = await count('bankStatementRows');
    const res = await upload(Buffer.from(`${HEADER}\n`), 'a.csv', {}, operator);
    expect(res.statusCode).toBe(403);
    expect((await confirm(1, [2], operator)).statusCode).toBe(403);
    expect(await count('bankStatementRows')).toBe(before);
  });
});

describe('confirming matched rows', () => {
  it('pays each chosen order once as a transfer confirmation, audited', async () => {
    const buyer = await createMember(ctx, { name: '北方某医院检验科' });
    const a = await placeOrder(buyer, 500_100);
    const b = await placeOrder(buyer, 500_200);
    const csv =
      `${HEADER}\n2026-06-01,5001.00,北方某医院检验科,1,${a.number}\n` +
      `2026-06-01,5002.00,北方某医院检验科,1,转账\n2026-06-01,-5.00,手续费,,费用\n`;
    const s = await imported(Buffer.from(csv), 'b.csv');
    const res = await confirm(s.id, [2, 3, 4, 99]);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<BankStatementConfirmResult>(res).data).toEqual({
      confirmed: [
        { row: 2, orderId: a.id },
        { row: 3, orderId: b.id },
      ],
      refused: [
        { row: 4, msg: '该行未匹配到订单，不能确认' },
        { row: 99, msg: '该行不在此流水中' },
      ],
    });
    const [da, db] = [await orderOf(a.id), await orderOf(b.id)];
    expect([da.status, da.payStatus, db.status, db.payStatus]).toEqual([2, 2, 2, 2]);
    expect(da.payments).toMatchObject([{ amount: 5001, override: false, reference: a.number }]);
    expect(db.payments).toMatchObject([
      {
        amount: 5002,
        override: true,
        overrideReason: '银行流水按金额与付款人匹配，附言未含订单参考号',
      },
    ]);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select(['action', 'staffId'])
      .where('target', 'in', [`order:${a.id}`, `order:${b.id}`, `bank-statement:${s.id}`])
      .execute();
    expect(audit.map((x) => x.action).sort()).toEqual([
      'bank-statement.import',
      'order.payment.statement',
      'order.payment.statement',
    ]);
    const again = await confirm(s.id, [2]);
    expect(body<BankStatementConfirmResult>(again).data.refused).toEqual([
      { row: 2, msg: '该行已确认' },
    ]);
    const detail = body<BankStatementDetail>(
      await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/bank-statements/${s.id}`,
        headers: auth(finance),
      }),
    ).data;
    expect(detail.matched.map((m) => m.confirmed)).toEqual([true, true]);
  });

  it('confirms once when the same row, or the same order in two imports, is sent twice at once', async () => {
    const buyer = await createMember(ctx, { name: '东部某制药公司' });
    const o = await placeOrder(buyer, 600_100);
    const csv = Buffer.from(`${HEADER}\n2026-06-01,6001.00,东部某制药公司,1,${o.number}\n`);
    const first = await imported(csv, 'c.csv');
    const second = await imported(csv, 'c-again.csv');
    expect(second.matched).toMatchObject([{ row: 2, orderId: o.id }]);
    const paymentsBefore = await count('orderPayments');
    const answers = await Promise.all([
      confirm(first.id, [2]),
      confirm(first.id, [2]),
      confirm(second.id, [2]),
      confirm(second.id, [2]),
    ]);
    const results = answers.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return body<BankStatementConfirmResult>(r).data;
    });
    expect(results.flatMap((r) => r.confirmed)).toEqual([{ row: 2, orderId: o.id }]);
    expect(results.flatMap((r) => r.refused)).toHaveLength(3);
    expect(await count('orderPayments')).toBe(paymentsBefore + 1);
    expect((await orderOf(o.id)).payments).toHaveLength(1);
  });

  it('refuses a row whose order was paid meanwhile, changing nothing', async () => {
    const buyer = await createMember(ctx, { name: '中部某高校' });
    const o = await placeOrder(buyer, 700_100);
    const s = await imported(
      Buffer.from(`${HEADER}\n2026-06-01,7001.00,中部某高校,1,${o.number}\n`),
      'd.csv',
    );
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/orders/${o.id}/payment`,
      headers: auth(finance),
      payload: { amount: 7001, reference: o.number },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = body<BankStatementConfirmResult>(await confirm(s.id, [2])).data;
    expect(res).toEqual({ confirmed: [], refused: [{ row: 2, msg: '订单当前状态不能确认收款' }] });
    expect((await orderOf(o.id)).payments).toHaveLength(1);
    const notFound = await confirm(999_999, [2]);
    expect([notFound.statusCode, body(notFound).msg]).toEqual([404, '银行流水不存在']);
  });
});

describe('a credit (月结) order', () => {
  it('is settled by its confirmed row, once, and the row matches no more', async () => {
    const admin = await createMember(ctx, { name: '王教授' });
    const org = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orgs',
      headers: auth(admin),
      payload: { name: '西北某大学王课题组' },
    });
    const orgId = body<{ id: number }>(org).data.id;
    const credit = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/orgs/${orgId}/credit`,
      headers: auth(finance),
      payload: { limit: 100_000, termDays: 30 },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const materialId = await insertPack(ctx.db, 800_100);
    await insertStock(ctx.db, materialId, store, 10);
    const cartId = await insertCartLine(ctx.db, admin.userId, materialId, 1);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(admin),
      payload: orderBody([cartId], { orgId, payType: 5 }),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const o = body<{ order: { id: number } }>(placed).data.order;

    const csv = Buffer.from(`${HEADER}\n2026-06-01,"8,001.00",西北某大学王课题组,1,六月货款\n`);
    const s = await imported(csv, 'e.csv');
    expect(s.matched).toMatchObject([{ row: 2, orderId: o.id, by: 'amountAndName' }]);
    const answers = await Promise.all([confirm(s.id, [2]), confirm(s.id, [2])]);
    const results = answers.map((r) => body<BankStatementConfirmResult>(r).data);
    expect(results.flatMap((r) => r.confirmed)).toEqual([{ row: 2, orderId: o.id }]);
    const row = await ctx.db
      .selectFrom('orders')
      .select(['payStatus', 'settledAt'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(row.payStatus).toBe(2);
    expect(row.settledAt).not.toBeNull();
    const settled = await ctx.db
      .selectFrom('settlementOrders')
      .select('settlementId')
      .where('orderId', '=', o.id)
      .execute();
    expect(settled).toHaveLength(1);
    const again = await imported(csv, 'e-again.csv');
    expect(again.unmatched).toEqual([{ row: 2, msg: '未找到对应的待付款订单' }]);
  });
});
