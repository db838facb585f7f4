import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords, OrderStatus, PayStatus, PayType, toYuan } from '@labshop/shared';
import { chinaDate } from '../../lib/clock.ts';
import { readSheet } from '../../lib/sheets.ts';
import { body, callerOf, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';

/*
 * Credit (月结), statements and settlements (docs/contract-prices-credit.md sections 2-4) through
 * HTTP, on SQLite and, with TEST_DATABASE_URL, on PostgreSQL: 20 credit orders at once never pass
 * the limit, a settlement sent twice at once settles once.
 */

const DAY = 86_400_000;

describe('credit, statements and settlements', () => {
  let ctx: TestContext;
  let admin: Member;
  let buyer: Member;
  let approver: Member;
  let outsider: Member;
  let finance: StaffMember;
  let operator: StaffMember;
  let orgId: number;
  const month = chinaDate(Date.now()).slice(0, 7);

  const call = callerOf(() => ctx);

  /** A credit order of one ¥100 pack for the organization (its own pack, so orders run at once). */
  async function creditOrder(who: Member = buyer, extra: Record<string, unknown> = {}) {
    const pack = await insertPack(ctx.db, 10_000);
    const line = await insertCartLine(ctx.db, who.userId, pack, 1);
    return call(
      who,
      'POST',
      '/client/v1/orders',
      orderBody([line], { orgId, payType: PayType.CREDIT, ...extra }),
    );
  }
  const orderIdOf = (res: { body: string }) => body<{ order: { id: number } }>(res).data.order.id;
  const orderRow = (id: number) =>
    ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const setCredit = (limit: number, termDays = 30) =>
    call(finance, 'PUT', `/manage/v1/orgs/${orgId}/credit`, { limit, termDays });
  const openOrders = () =>
    ctx.db
      .selectFrom('orders')
      .select(['id', 'amount'])
      .where('orgId', '=', orgId)
      .where('payType', '=', PayType.CREDIT)
      .where('settledAt', 'is', null)
      .where('status', '!=', OrderStatus.CANCELLED)
      .orderBy('id')
      .execute();
  const settle = (orderIds: number[], amountFen: number, key?: string) =>
    call(
      finance,
      'POST',
      `/manage/v1/orgs/${orgId}/settlements`,
      { amount: toYuan(amountFen), reference: 'HX20260601-001', orderIds },
      key ? { 'idempotency-key': key } : {},
    );
  const settleAllOpen = async () => {
    const open = await openOrders();
    if (open.length === 0) return;
    const total = open.reduce((s, o) => s + (o.amount ?? 0), 0);
    expect(
      body(
        await settle(
          open.map((o) => o.id),
          total,
        ),
      ).code,
    ).toBe(0);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createMember(ctx, { name: '王教授' });
    buyer = await createMember(ctx, { name: '李同学' });
    approver = await createMember(ctx, { name: '张老师' });
    outsider = await createMember(ctx);
    finance = await createStaff(ctx.db, ['finance']);
    operator = await createStaff(ctx.db, ['operator']);
    const res = await call(admin, 'POST', '/client/v1/orgs', { name: '某大学化学系王课题组' });
    orgId = body<{ id: number }>(res).data.id;
    for (const [m, role] of [
      [buyer, 'buyer'],
      [approver, 'approver'],
    ] as const) {
      const added = await call(admin, 'POST', `/client/v1/orgs/${orgId}/members`, {
        account: m.account,
        role,
      });
      expect(body(added).code).toBe(0);
    }
  });
  afterAll(() => ctx.close());

  it('refuses a credit order for an organization without credit, and one for no organization', async () => {
    const before = await ctx.db.selectFrom('orders').select('id').execute();
    expect(body(await creditOrder()).msg).toBe('该单位未开通月结');
    expect(body(await creditOrder(buyer, { orgId: undefined })).msg).toBe(
      '月结仅限为单位下单，请选择下单单位',
    );
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    expect(body(await call(buyer, 'GET', `/client/v1/orgs/${orgId}/credit`)).data).toEqual({
      enabled: false,
    });
  });

  it('finance sets the credit, audited; other staff may not; bad terms are refused', async () => {
    expect(
      (await call(operator, 'PUT', `/manage/v1/orgs/${orgId}/credit`, { limit: 1, termDays: 30 }))
        .statusCode,
    ).toBe(403);
    expect(body(await setCredit(1000, 0)).msg).toBe('账期天数须为 1 到 365 的整数');
    expect(
      body(await call(finance, 'PUT', '/manage/v1/orgs/999999/credit', { limit: 1, termDays: 30 }))
        .msg,
    ).toBe('单位不存在');
    const res = await setCredit(1000, 30);
    expect(body(res).code).toBe(0);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .selectAll()
      .where('action', '=', 'org.credit')
      .where('target', '=', `org:${orgId}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after)).toEqual({ limit: 1000, termDays: 30 });
    const credit = body(await call(operator, 'GET', `/manage/v1/orgs/${orgId}/credit`)).data;
    expect(credit).toEqual({ limit: 1000, termDays: 30, used: 0, overdue: 0 });
    expect(body(await call(buyer, 'GET', `/client/v1/orgs/${orgId}/credit`)).data).toEqual({
      enabled: true,
    });
    expect((await call(outsider, 'GET', `/client/v1/orgs/${orgId}/credit`)).statusCode).toBe(404);
  });

  it('a credit order goes to 待发货 unpaid and is not paid by the buyer', async () => {
    const res = await creditOrder();
    expect(body(res).code).toBe(0);
    const id = orderIdOf(res);
    const o = await orderRow(id);
    expect([o.status, o.payStatus, o.payType]).toEqual([
      OrderStatus.AWAITING_SHIPMENT,
      PayStatus.UNPAID,
      PayType.CREDIT,
    ]);
    const paid = await call(buyer, 'POST', `/client/v1/user/orders/${id}/payment`, { payType: 1 });
    expect(body(paid).msg).toBe('月结订单由单位按对账单统一结算，无需在线支付');
    const used = body<{ used: number }>(
      await call(finance, 'GET', `/manage/v1/orgs/${orgId}/credit`),
    ).data.used;
    expect(used).toBe(toYuan(o.amount ?? 0));
  });

  it('the buyer’s and the staff’s order lists filter 月结 orders', async () => {
    const id = orderIdOf(await creditOrder());
    type Page = { records: { id: number; payType: number }[] };
    const mine = body<Page>(await call(buyer, 'GET', '/client/v1/user/orders?payType=5'));
    expect(mine.code).toBe(0);
    expect(mine.data.records.map((o) => o.id)).toContain(id);
    expect(mine.data.records.every((o) => o.payType === PayType.CREDIT)).toBe(true);
    const staff = body<Page>(await call(operator, 'GET', '/manage/v1/orders?payType=5'));
    expect(staff.code).toBe(0);
    expect(staff.data.records.map((o) => o.id)).toContain(id);
    expect(staff.data.records.every((o) => o.payType === PayType.CREDIT)).toBe(true);
    expect(body(await call(buyer, 'GET', '/client/v1/user/orders?payType=6')).msg).toBe(
      '支付方式有误',
    );
  });

  it('refuses beyond the limit with 超出信用额度 and makes nothing', async () => {
    await settleAllOpen();
    const first = await orderRow(orderIdOf(await creditOrder()));
    const amount = first.amount ?? 0;
    // Room for one more order and a half.
    expect(body(await setCredit(toYuan(Math.round(amount * 2.5)))).code).toBe(0);
    expect(body(await creditOrder()).code).toBe(0);
    const before = await ctx.db.selectFrom('orders').select('id').execute();
    expect(body(await creditOrder()).msg).toBe('超出信用额度');
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
  });

  it('20 credit orders at once never pass the limit', async () => {
    await settleAllOpen();
    const probe = await orderRow(orderIdOf(await creditOrder()));
    const amount = probe.amount ?? 0;
    // The probe and five more fit, the seventh would not.
    expect(body(await setCredit(toYuan(Math.round(amount * 6.5)))).code).toBe(0);
    const lines = [];
    for (let i = 0; i < 20; i += 1) {
      const pack = await insertPack(ctx.db, 10_000);
      lines.push(await insertCartLine(ctx.db, buyer.userId, pack, 1));
    }
    const answers = await Promise.all(
      lines.map((line) =>
        call(
          buyer,
          'POST',
          '/client/v1/orders',
          orderBody([line], { orgId, payType: PayType.CREDIT }),
        ),
      ),
    );
    const codes = answers.map((a) => body(a));
    expect(codes.filter((c) => c.code === 0)).toHaveLength(5);
    expect(codes.filter((c) => c.code !== 0).map((c) => c.msg)).toEqual(
      Array<string>(15).fill('超出信用额度'),
    );
    const open = await openOrders();
    expect(open.reduce((s, o) => s + (o.amount ?? 0), 0)).toBeLessThanOrEqual(
      Math.round(amount * 6.5),
    );
    expect(open).toHaveLength(6);
  });

  it('a credit order waiting for approval is 待处理 and moves to 待发货 when approved', async () => {
    await settleAllOpen();
    expect(body(await setCredit(100_000)).code).toBe(0);
    expect(
      body(
        await call(admin, 'PUT', `/client/v1/orgs/${orgId}/rules`, {
          approvalOver: 0,
          regulatedNeedsSafety: false,
        }),
      ).code,
    ).toBe(0);
    const id = orderIdOf(await creditOrder());
    expect(await orderRow(id)).toMatchObject({
      status: OrderStatus.PENDING,
      payStatus: PayStatus.UNPAID,
      approvalStatus: 'pending',
    });
    const yes = await call(approver, 'POST', `/client/v1/orgs/${orgId}/approvals/${id}`, {
      approve: true,
      remark: '',
    });
    expect(body(yes).code).toBe(0);
    expect(await orderRow(id)).toMatchObject({
      status: OrderStatus.AWAITING_SHIPMENT,
      payStatus: PayStatus.UNPAID,
      approvalStatus: 'approved',
    });
    await call(admin, 'PUT', `/client/v1/orgs/${orgId}/rules`, {
      approvalOver: null,
      regulatedNeedsSafety: false,
    });
  });

  it('the buyer cancels a credit order while it waits for approval, not once it is 待发货', async () => {
    await settleAllOpen();
    expect(body(await setCredit(100_000)).code).toBe(0);
    const shipping = orderIdOf(await creditOrder());
    const refused = await call(buyer, 'DELETE', `/client/v1/user/orders/${shipping}`);
    expect(body(refused).msg).toBe('月结订单已进入待发货，如需取消请联系客服');
    expect(await orderRow(shipping)).toMatchObject({ status: OrderStatus.AWAITING_SHIPMENT });

    const rules = (approvalOver: number | null) =>
      call(admin, 'PUT', `/client/v1/orgs/${orgId}/rules`, {
        approvalOver,
        regulatedNeedsSafety: false,
      });
    expect(body(await rules(0)).code).toBe(0);
    const waiting = orderIdOf(await creditOrder());
    const cancelled = await call(buyer, 'DELETE', `/client/v1/user/orders/${waiting}`);
    expect(body(cancelled).code).toBe(0);
    expect(await orderRow(waiting)).toMatchObject({ status: OrderStatus.CANCELLED });
    // Cancelled, it no longer counts against the credit in use.
    const used = body<{ used: number }>(
      await call(finance, 'GET', `/manage/v1/orgs/${orgId}/credit`),
    ).data.used;
    expect(used).toBe(toYuan((await orderRow(shipping)).amount ?? 0));
    await rules(null);
  });

  it('an overdue credit order blocks new credit orders and shows on the dashboard', async () => {
    await settleAllOpen();
    const id = orderIdOf(await creditOrder());
    await ctx.db
      .updateTable('orders')
      .set({ createdAt: Date.now() - 31 * DAY })
      .where('id', '=', id)
      .execute();
    expect(body(await creditOrder()).msg).toBe(
      '单位有逾期未结清的月结订单，结清后方可继续月结下单',
    );
    const dash = body<{ overdueCreditOrgs: number }>(
      await call(finance, 'GET', '/manage/v1/dashboard'),
    ).data;
    expect(dash.overdueCreditOrgs).toBe(1);
    const credit = body<{ overdue: number }>(
      await call(finance, 'GET', `/manage/v1/orgs/${orgId}/credit`),
    ).data;
    expect(credit.overdue).toBe(toYuan((await orderRow(id)).amount ?? 0));
    await settleAllOpen();
    expect(
      body<{ overdueCreditOrgs: number }>(await call(finance, 'GET', '/manage/v1/dashboard')).data
        .overdueCreditOrgs,
    ).toBe(0);
    expect(body(await creditOrder()).code).toBe(0);
  });

  it('a settlement must equal what the orders owe, and never settles an order twice', async () => {
    await settleAllOpen();
    const a = orderIdOf(await creditOrder());
    const b = orderIdOf(await creditOrder());
    const owed = ((await orderRow(a)).amount ?? 0) + ((await orderRow(b)).amount ?? 0);
    expect(body(await settle([a, b], owed - 1)).msg).toBe('结算金额与所选订单应付合计不符');
    expect(body(await settle([a, 999_999], owed)).msg).toBe('所选订单不是该单位的月结订单');
    const res = await settle([a, b], owed);
    expect(body(res).code).toBe(0);
    for (const id of [a, b]) {
      const o = await orderRow(id);
      expect([o.status, o.payStatus, o.settlementId]).toEqual([
        OrderStatus.AWAITING_SHIPMENT,
        PayStatus.PAID,
        body<{ id: number }>(res).data.id,
      ]);
      const payments = await ctx.db
        .selectFrom('orderPayments')
        .selectAll()
        .where('orderId', '=', id)
        .execute();
      expect(payments).toMatchObject([
        { kind: 1, payType: PayType.CREDIT, amount: o.amount, reference: 'HX20260601-001' },
      ]);
    }
    // Finance exports the month's 月结 settlements on their own.
    const exported = await call(
      finance,
      'GET',
      `/manage/v1/payments/export?from=${Date.now() - DAY}&to=${Date.now()}&payType=5`,
    );
    expect(exported.statusCode).toBe(200);
    const sheet = await readSheet(exported.rawPayload, 'xlsx');
    const settledNumbers = (
      await ctx.db.selectFrom('orders').select('number').where('id', 'in', [a, b]).execute()
    ).map((o) => o.number);
    const exportedNumbers = sheet.rows.map((r) => r.cells[1]);
    expect(exportedNumbers).toEqual(expect.arrayContaining(settledNumbers));
    expect(sheet.rows.every((r) => r.cells[5]?.startsWith('月结'))).toBe(true);
    expect(body(await settle([a], (await orderRow(a)).amount ?? 0)).msg).toBe(
      '所选订单中有已结算的订单',
    );
    expect((await settle([a, b], owed)).statusCode).toBe(400);
    const audit = await ctx.db
      .selectFrom('auditLogs')
      .select('action')
      .where('action', '=', 'org.settlement')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('sent twice at once, with one key or with two, a settlement settles once', async () => {
    await settleAllOpen();
    for (const keys of [
      ['settle-same-key-0001', 'settle-same-key-0001'],
      ['settle-key-a-000001', 'settle-key-b-000001'],
    ]) {
      const id = orderIdOf(await creditOrder());
      const amount = (await orderRow(id)).amount ?? 0;
      const answers = await Promise.all(keys.map((k) => settle([id], amount, k)));
      const settlements = await ctx.db
        .selectFrom('settlementOrders')
        .selectAll()
        .where('orderId', '=', id)
        .execute();
      expect(settlements).toHaveLength(1);
      const payments = await ctx.db
        .selectFrom('orderPayments')
        .selectAll()
        .where('orderId', '=', id)
        .execute();
      expect(payments).toHaveLength(1);
      expect(answers.some((a) => body(a).code === 0)).toBe(true);
      expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    }
  });

  it('the statement: the month’s credit orders, payments and balance, to admins, approvers and finance', async () => {
    await settleAllOpen();
    const id = orderIdOf(await creditOrder());
    const o = await orderRow(id);
    const statement = body<{
      orgName: string;
      orders: { orderId: number; buyer: string; settled: boolean; dueTime: number }[];
      ordersTotal: number;
      paymentsTotal: number;
      openingDue: number;
      balanceDue: number;
    }>(await call(admin, 'GET', `/client/v1/orgs/${orgId}/statements?month=${month}`)).data;
    expect(statement.orgName).toBe('某大学化学系王课题组');
    const line = statement.orders.find((l) => l.orderId === id);
    expect(line).toMatchObject({
      buyer: '李同学',
      settled: false,
      dueTime: o.createdAt + 30 * DAY,
    });
    expect(statement.balanceDue).toBeCloseTo(
      statement.openingDue + statement.ordersTotal - statement.paymentsTotal,
      2,
    );
    const open = await openOrders();
    expect(statement.balanceDue).toBeCloseTo(
      toYuan(open.reduce((s, x) => s + (x.amount ?? 0), 0)),
      2,
    );
    const byApprover = await call(
      approver,
      'GET',
      `/client/v1/orgs/${orgId}/statements?month=${month}`,
    );
    expect(body(byApprover).code).toBe(0);
    const byFinance = await call(
      finance,
      'GET',
      `/manage/v1/orgs/${orgId}/statements?month=${month}`,
    );
    expect(body(byFinance).data).toEqual(statement);
    for (const who of [buyer, outsider]) {
      const res = await call(who, 'GET', `/client/v1/orgs/${orgId}/statements?month=${month}`);
      expect(res.statusCode).toBe(404);
      expect(body(res).msg).toBe('单位不存在');
    }
    const pdfOf = await call(
      buyer,
      'GET',
      `/client/v1/orgs/${orgId}/statements/pdf?month=${month}`,
    );
    expect(pdfOf.statusCode).toBe(404);
    expect(
      (await call(operator, 'GET', `/manage/v1/orgs/${orgId}/statements?month=${month}`))
        .statusCode,
    ).toBe(403);
    expect(
      body(await call(admin, 'GET', `/client/v1/orgs/${orgId}/statements?month=2026-13`)).msg,
    ).toBe('对账月份格式应为 YYYY-MM');
  });

  it('the statement PDF shows the orders, the totals in figures and 大写 and the bank details', async () => {
    const number = (await orderRow((await openOrders())[0]!.id)).number;
    const res = await call(admin, 'GET', `/client/v1/orgs/${orgId}/statements/pdf?month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('对账月份：');
    expect(text).toContain('某大学化学系王课题组');
    expect(text).toContain(number);
    const s = body<{ balanceDue: number }>(
      await call(admin, 'GET', `/client/v1/orgs/${orgId}/statements?month=${month}`),
    ).data;
    expect(text).toContain(`人民币（大写）：${amountInWords(Math.round(s.balanceDue * 100))}`);
    expect(text).toContain('收款账户');
    const staffPdf = await call(
      finance,
      'GET',
      `/manage/v1/orgs/${orgId}/statements/pdf?month=${month}`,
    );
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
  });

  it('the statement XLSX holds the orders, payments and totals', async () => {
    const res = await call(
      finance,
      'GET',
      `/manage/v1/orgs/${orgId}/statements/xlsx?month=${month}`,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['月结订单', '回款', '汇总']);
    const open = await openOrders();
    const numbers = await ctx.db
      .selectFrom('orders')
      .select('number')
      .where(
        'id',
        'in',
        open.map((o) => o.id),
      )
      .execute();
    const column = book.getWorksheet('月结订单')!.getColumn(1).values.map(String);
    for (const n of numbers) expect(column).toContain(n.number);
    const memberXlsx = await call(
      admin,
      'GET',
      `/client/v1/orgs/${orgId}/statements/xlsx?month=${month}`,
    );
    expect(memberXlsx.statusCode).toBe(200);
  });
});
