import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, callerOf, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';

/* The organizations API (docs/organizations.md) on SQLite, and on PostgreSQL with TEST_DATABASE_URL. */

const DAY = 24 * 60 * 60 * 1000;

describe('organizations', () => {
  let ctx: TestContext;
  let admin: Member;
  let buyer: Member;
  let approver: Member;
  let approver2: Member;
  let outsider: Member;
  let warehouse: StaffMember;
  let operator: StaffMember;
  let orgId: number;
  /** A pack at ¥100.00. */
  let pack: number;

  const call = callerOf(() => ctx);

  /** Places an order of `count` packs for the organization; answers the response. */
  async function order(who: Member, count: number, extra: Record<string, unknown> = {}) {
    // A refused order leaves its line in the cart, which holds one line per pack.
    await ctx.db.deleteFrom('cartItems').where('userId', '=', who.userId).execute();
    const line = await insertCartLine(ctx.db, who.userId, pack, count);
    return call(who, 'POST', '/client/v1/orders', orderBody([line], { orgId, ...extra }));
  }
  const orderIdOf = (res: { body: string }) => body<{ order: { id: number } }>(res).data.order.id;
  const orderRow = (id: number) =>
    ctx.db
      .selectFrom('orders')
      .select(['status', 'payStatus', 'approvalStatus', 'orgId', 'budgetCode'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createMember(ctx, { name: '王教授' });
    buyer = await createMember(ctx, { name: '李同学', balanceFen: 10_000_000 });
    approver = await createMember(ctx, { name: '张老师' });
    approver2 = await createMember(ctx, { name: '赵老师' });
    outsider = await createMember(ctx);
    warehouse = await createStaff(ctx.db, ['warehouse']);
    operator = await createStaff(ctx.db, ['operator']);
    pack = await insertPack(ctx.db, 10_000);
    const res = await call(admin, 'POST', '/client/v1/orgs', { name: '某大学化学系王课题组' });
    expect(body(res).code).toBe(0);
    orgId = body<{ id: number }>(res).data.id;
    for (const [m, role] of [
      [buyer, 'buyer'],
      [approver, 'approver'],
      [approver2, 'approver'],
    ] as const) {
      const added = await call(admin, 'POST', `/client/v1/orgs/${orgId}/members`, {
        account: m.account,
        role,
      });
      expect(body(added).code).toBe(0);
    }
  });
  afterAll(() => ctx.close());

  it('lists the caller’s organizations with role, and the detail with members', async () => {
    const list = body<{ id: number; role: string }[]>(
      await call(buyer, 'GET', '/client/v1/orgs'),
    ).data;
    expect(list).toEqual([expect.objectContaining({ id: orgId, role: 'buyer', verified: false })]);
    const detail = body<{ members: { name: string; role: string }[] }>(
      await call(buyer, 'GET', `/client/v1/orgs/${orgId}`),
    ).data;
    expect(detail.members.map((m) => [m.name, m.role])).toEqual([
      ['王教授', 'admin'],
      ['李同学', 'buyer'],
      ['张老师', 'approver'],
      ['赵老师', 'approver'],
    ]);
  });

  it('tells the added member in the message centre', async () => {
    const messages = await ctx.db
      .selectFrom('memberMessages')
      .selectAll()
      .where('userId', '=', buyer.userId)
      .execute();
    expect(JSON.stringify(messages)).toContain('某大学化学系王课题组');
  });

  it('answers 404 on every organization route to a non-member', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', `/client/v1/orgs/${orgId}`],
      ['POST', `/client/v1/orgs/${orgId}/members`, { account: outsider.account, role: 'buyer' }],
      ['PUT', `/client/v1/orgs/${orgId}/members/${buyer.userId}`, { role: 'admin' }],
      ['DELETE', `/client/v1/orgs/${orgId}/members/${buyer.userId}`],
      ['PUT', `/client/v1/orgs/${orgId}/rules`, { approvalOver: 0, regulatedNeedsSafety: false }],
      [
        'POST',
        `/client/v1/orgs/${orgId}/budgets`,
        { code: 'X', name: 'X', amount: 1, validFrom: 0, validUntil: 1 },
      ],
      ['GET', `/client/v1/orgs/${orgId}/budgets`],
      ['GET', `/client/v1/orgs/${orgId}/approvals`],
      ['GET', `/client/v1/orgs/${orgId}/orders`],
      ['POST', `/client/v1/orgs/${orgId}/approvals/1`, { approve: true, remark: '' }],
      ['GET', `/client/v1/orgs/${orgId}/addresses`],
      [
        'POST',
        `/client/v1/orgs/${orgId}/addresses`,
        {
          name: '张三',
          phone: '13912345678',
          region: JSON.stringify({
            province: { key: '110000', value: '北京市' },
            city: { key: '110100', value: '北京市' },
            area: { key: '110101', value: '东城区' },
          }),
          address: '某路 1 号',
        },
      ],
      ['GET', `/client/v1/orgs/${orgId}/invoice`],
      ['PUT', `/client/v1/orgs/${orgId}/invoice`, { invoiceType: 3 }],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(outsider, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const res = await order(outsider, 1);
    expect(res.statusCode).toBe(404);
  });

  it('keeps the last admin: cannot leave or be demoted', async () => {
    const leave = await call(admin, 'DELETE', `/client/v1/orgs/${orgId}/members/${admin.userId}`);
    expect(body(leave).msg).toBe('单位至少需要一名管理员');
    const demote = await call(admin, 'PUT', `/client/v1/orgs/${orgId}/members/${admin.userId}`, {
      role: 'buyer',
    });
    expect(body(demote).msg).toBe('单位至少需要一名管理员');
    const byBuyer = await call(buyer, 'PUT', `/client/v1/orgs/${orgId}/members/${buyer.userId}`, {
      role: 'admin',
    });
    expect(body(byBuyer).msg).toBe('仅单位管理员可以操作');
  });

  describe('budgets and approval', () => {
    beforeAll(async () => {
      const now = Date.now();
      const budget = await call(admin, 'POST', `/client/v1/orgs/${orgId}/budgets`, {
        code: 'KY-2026-01',
        name: '国自然面上项目',
        amount: 1000,
        validFrom: now - DAY,
        validUntil: now + DAY,
      });
      expect(body(budget).code).toBe(0);
      await call(admin, 'POST', `/client/v1/orgs/${orgId}/budgets`, {
        code: 'OLD-01',
        name: '已结题',
        amount: 1000,
        validFrom: now - 3 * DAY,
        validUntil: now - 2 * DAY,
      });
      const rules = await call(admin, 'PUT', `/client/v1/orgs/${orgId}/rules`, {
        approvalOver: 300,
        regulatedNeedsSafety: false,
      });
      expect(body(rules).code).toBe(0);
    });

    it('an order below approvalOver needs no approval and records its budget', async () => {
      const res = await order(buyer, 2, { budgetCode: 'KY-2026-01' });
      expect(body(res).code).toBe(0);
      const row = await orderRow(orderIdOf(res));
      expect(row).toMatchObject({ orgId, budgetCode: 'KY-2026-01', approvalStatus: 'none' });
      const budgets = body<{ code: string; used: number; remaining: number }[]>(
        await call(buyer, 'GET', `/client/v1/orgs/${orgId}/budgets`),
      ).data;
      // ¥200 goods and the shop's freight.
      const ky = budgets.find((b) => b.code === 'KY-2026-01');
      expect(ky?.used).toBeGreaterThanOrEqual(200);
      expect(ky!.used + ky!.remaining).toBe(1000);
    });

    it('refuses an order beyond the budget, naming it and what is left, and one out of validity', async () => {
      const budgets = body<{ code: string; remaining: number }[]>(
        await call(buyer, 'GET', `/client/v1/orgs/${orgId}/budgets`),
      ).data;
      const left = budgets.find((b) => b.code === 'KY-2026-01')!.remaining;
      const over = await order(buyer, 20, { budgetCode: 'KY-2026-01' });
      expect(body(over).msg).toBe(`经费卡 KY-2026-01 余额不足，剩余 ¥${left.toFixed(2)}`);
      const old = await order(buyer, 1, { budgetCode: 'OLD-01' });
      expect(body(old).msg).toBe('经费卡 OLD-01 不在有效期内');
    });

    it('a pending order cannot be paid nor shipped; approval by another approver makes it payable', async () => {
      const res = await order(buyer, 3, { payType: 1 });
      expect(body(res).code).toBe(0);
      const id = orderIdOf(res);
      expect((await orderRow(id)).approvalStatus).toBe('pending');
      // The answer says so too: the success view tells the buyer it waits for approval.
      expect(body<{ order: object }>(res).data.order).toMatchObject({
        orgId,
        approval: { status: 'pending' },
      });
      const pay = await call(buyer, 'POST', `/client/v1/user/orders/${id}/payment`, { payType: 4 });
      expect(body(pay).msg).toBe('订单待审批');
      const goods = await ctx.db
        .selectFrom('orderGoods')
        .select('id')
        .where('orderId', '=', id)
        .executeTakeFirstOrThrow();
      const ship = await call(warehouse, 'POST', `/manage/v1/orders/${id}/deliveries`, {
        carrier: '顺丰速运',
        trackingNumber: 'SF1',
        goods: [{ orderGoodsId: goods.id, quantity: 1, storeId: 1 }],
      });
      expect(body(ship).msg).toBe('订单待审批');

      const own = await call(buyer, 'POST', `/client/v1/orgs/${orgId}/approvals/${id}`, {
        approve: true,
        remark: '',
      });
      expect(body(own).msg).toBe('没有待您审批的该订单');
      const pending = body<{ orderId: number }[]>(
        await call(approver, 'GET', `/client/v1/orgs/${orgId}/approvals`),
      ).data;
      expect(pending.map((p) => p.orderId)).toContain(id);
      const ok = await call(approver, 'POST', `/client/v1/orgs/${orgId}/approvals/${id}`, {
        approve: true,
        remark: '同意',
      });
      expect(body(ok).code).toBe(0);
      expect((await orderRow(id)).approvalStatus).toBe('approved');
      const approval = {
        status: 'approved',
        steps: [
          expect.objectContaining({
            role: 'approver',
            userId: approver.userId,
            name: '张老师',
            decision: 'approved',
            remark: '同意',
          }),
        ],
      };
      const mine = body(await call(buyer, 'GET', `/client/v1/user/orders/${id}`)).data;
      expect(mine).toMatchObject({ orgId, orgName: '某大学化学系王课题组', budgetCode: '' });
      expect((mine as { approval: unknown }).approval).toEqual(approval);
      const staffView = body(await call(operator, 'GET', `/manage/v1/orders/${id}`)).data;
      expect(staffView).toMatchObject({ orgId, orgName: '某大学化学系王课题组' });
      expect((staffView as { approval: unknown }).approval).toEqual(approval);
      const paid = await call(buyer, 'POST', `/client/v1/user/orders/${id}/payment`, {
        payType: 4,
      });
      expect(body(paid).code).toBe(0);
    });

    it('a balance order that must wait is refused with 订单待审批 and nothing is made', async () => {
      const before = await ctx.db.selectFrom('orders').select('id').execute();
      const res = await order(buyer, 3, { payType: 4 });
      expect(body(res).msg).toBe('订单待审批');
      expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(before.length);
    });

    it('two approvers deciding at once: one wins, once', async () => {
      const id = orderIdOf(await order(buyer, 3, { payType: 1 }));
      const answers = await Promise.all(
        [approver, approver2].map((a) =>
          call(a, 'POST', `/client/v1/orgs/${orgId}/approvals/${id}`, {
            approve: true,
            remark: '',
          }),
        ),
      );
      expect(answers.map((a) => body(a).code).filter((c) => c === 0)).toHaveLength(1);
      const steps = await ctx.db
        .selectFrom('orderApprovals')
        .selectAll()
        .where('orderId', '=', id)
        .execute();
      expect(steps).toHaveLength(1);
      expect(steps[0]?.decision).toBe('approved');
    });

    it('a rejection cancels the order, gives the budget back and tells the buyer why', async () => {
      const budgetLeft = async () =>
        body<{ code: string; remaining: number }[]>(
          await call(buyer, 'GET', `/client/v1/orgs/${orgId}/budgets`),
        ).data.find((b) => b.code === 'KY-2026-01')!.remaining;
      const before = await budgetLeft();
      const id = orderIdOf(await order(buyer, 3, { payType: 1, budgetCode: 'KY-2026-01' }));
      expect(await budgetLeft()).toBeLessThan(before);
      const no = await call(approver, 'POST', `/client/v1/orgs/${orgId}/approvals/${id}`, {
        approve: false,
        remark: '经费另有安排',
      });
      expect(body(no).code).toBe(0);
      expect(await orderRow(id)).toMatchObject({ status: 5, approvalStatus: 'rejected' });
      expect(await budgetLeft()).toBe(before);
      const told = await ctx.db
        .selectFrom('memberMessages')
        .selectAll()
        .where('userId', '=', buyer.userId)
        .execute();
      expect(JSON.stringify(told)).toContain('经费另有安排');
    });

    it('parallel orders against one budget never exceed it', async () => {
      const now = Date.now();
      await call(admin, 'POST', `/client/v1/orgs/${orgId}/budgets`, {
        code: 'PAR-01',
        name: '并发',
        amount: 1000,
        validFrom: now - DAY,
        validUntil: now + DAY,
      });
      await call(admin, 'PUT', `/client/v1/orgs/${orgId}/rules`, {
        approvalOver: null,
        regulatedNeedsSafety: false,
      });
      await ctx.db.deleteFrom('cartItems').where('userId', '=', buyer.userId).execute();
      const lines = await Promise.all(
        Array.from({ length: 10 }, async () =>
          insertCartLine(ctx.db, buyer.userId, await insertPack(ctx.db, 10_000), 3),
        ),
      );
      const answers = await Promise.all(
        lines.map((line) =>
          call(
            buyer,
            'POST',
            '/client/v1/orders',
            orderBody([line], { orgId, budgetCode: 'PAR-01' }),
          ),
        ),
      );
      const made = answers.filter((a) => body(a).code === 0).length;
      expect(made).toBeGreaterThan(0);
      expect(made).toBeLessThan(10);
      const budget = body<{ code: string; used: number }[]>(
        await call(buyer, 'GET', `/client/v1/orgs/${orgId}/budgets`),
      ).data.find((b) => b.code === 'PAR-01')!;
      expect(budget.used).toBeLessThanOrEqual(1000);
      for (const a of answers.filter((x) => body(x).code !== 0)) {
        expect(body(a).msg).toMatch(/^经费卡 PAR-01 余额不足，剩余 ¥\d+\.\d{2}$/);
      }
    });
  });

  it('lists the organization’s orders: every member’s to approvers, their own to a buyer', async () => {
    const own = await order(approver, 1);
    expect(body(own).code).toBe(0);
    const theirs = await order(buyer, 1);
    expect(body(theirs).code).toBe(0);
    type Listed = { records: { id: number; buyerId: number; buyerName: string; orgId: number }[] };
    const list = async (who: Member, query = '') =>
      body<Listed>(await call(who, 'GET', `/client/v1/orgs/${orgId}/orders?pageSize=100${query}`))
        .data.records;
    const all = await list(approver);
    expect(all.map((o) => o.id)).toEqual(
      expect.arrayContaining([orderIdOf(own), orderIdOf(theirs)]),
    );
    expect(all.find((o) => o.id === orderIdOf(theirs))).toMatchObject({
      buyerId: buyer.userId,
      buyerName: '李同学',
      orgId,
    });
    const mine = await list(buyer);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((o) => o.buyerId === buyer.userId)).toBe(true);
    expect(mine.map((o) => o.id)).not.toContain(orderIdOf(own));
    // The member's own list filters apply: no order of the organization is 已完成 yet.
    expect(await list(approver, '&status=4')).toEqual([]);
  });

  describe('staff', () => {
    it('lists and shows organizations, and verifies one (audited)', async () => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/manage/v1/orgs',
        headers: { authorization: operator.token },
      });
      expect(body<{ records: { id: number }[] }>(list).data.records.map((r) => r.id)).toContain(
        orgId,
      );
      const detail = await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/orgs/${orgId}`,
        headers: { authorization: operator.token },
      });
      expect(body<{ members: unknown[] }>(detail).data.members).toHaveLength(4);
      const verify = await ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/orgs/${orgId}/verify`,
        headers: { authorization: operator.token },
        payload: { verified: true, reason: '营业执照与统一社会信用代码核对一致' },
      });
      expect(body(verify).code).toBe(0);
      const audit = await ctx.db
        .selectFrom('auditLogs')
        .selectAll()
        .where('action', '=', 'org.verify')
        .execute();
      expect(audit).toHaveLength(1);
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/orgs/${orgId}/verify`,
        headers: { authorization: warehouse.token },
        payload: { verified: false, reason: '' },
      });
      expect(refused.statusCode).toBe(403);
    });
  });
});
