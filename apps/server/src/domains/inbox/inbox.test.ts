import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, InboxRecord } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, uniqueIp } from '../../../test/fixtures/account.ts';
import { auth } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';

let ctx: TestContext;
let operator: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator'], '客服甲');
});
afterAll(async () => ctx.close());

const list = async (kind: string, q = '') =>
  body<{ records: InboxRecord[]; total: number }>(
    await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/inbox/${kind}?${q}`,
      headers: auth(operator),
    }),
  ).data;

describe('inbox', () => {
  it('lists an inquiry, assigns, remarks, closes it, and filters by status', async () => {
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/bulk-inquiry',
      payload: {
        contact: '钱七',
        phone: '13912340007',
        email: 'q7@example.com',
        company: '某药检所',
        content: '需要 200 支甲醇标准品',
      },
      remoteAddress: uniqueIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const fresh = await list('inquiries', 'handleStatus=1&key=' + encodeURIComponent('某药检所'));
    expect(fresh.records).toHaveLength(1);
    const item = fresh.records[0]!;
    expect(item).toMatchObject({
      contact: '钱七',
      phone: '13912340007',
      handleStatus: 1,
      assignee: '',
    });

    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/manage/v1/inbox/inquiries/${item.id}`,
        headers: auth(operator),
        payload,
      });
    expect(
      (await put({ handleStatus: 2, staffRemark: '已电话联系', assigneeId: operator.id }))
        .statusCode,
    ).toBe(200);
    expect((await put({ handleStatus: 4, staffRemark: '' })).statusCode).toBe(400);
    expect(body(await put({ handleStatus: 2, staffRemark: '', assigneeId: 999_999 })).msg).toBe(
      '指派的员工不存在',
    );
    expect((await put({ handleStatus: 3, staffRemark: '已报价，客户确认' })).statusCode).toBe(200);
    const done = await list('inquiries', 'handleStatus=3');
    expect(done.records.find((r) => r.id === item.id)).toMatchObject({
      handleStatus: 3,
      staffRemark: '已报价，客户确认',
      assignee: '客服甲',
    });
    expect((await list('inquiries', 'handleStatus=1')).records.map((r) => r.id)).not.toContain(
      item.id,
    );

    const file = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/inbox/inquiries/export',
      headers: auth(operator),
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.some((r) => r.includes('钱七') && r.includes('已完成'))).toBe(true);
  });

  it('processes a custom request; the member sees the result', async () => {
    const member = await createMember(ctx);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/customized',
      headers: auth(member),
      payload: {
        goodsList: [
          { name: '定制标准品', cas: '50-00-0', pack: '1mL', expectDeliveryTime: 30, quantity: 2 },
        ],
        company: '某研究院',
        contact: '孙八',
        phone: '13912340008',
        content: '浓度 1000μg/mL',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = (await list('customized', 'key=' + encodeURIComponent('孙八'))).records[0]!;
    expect(item.detail).toContain('定制标准品 CAS 50-00-0 1mL × 2');
    const resolve = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/manage/v1/customized/${item.id}`,
        headers: auth(operator),
        payload,
      });
    expect(
      (await resolve({ status: 2, reply: '可定制，报价 ￥3000，交期 30 天' })).statusCode,
    ).toBe(200);
    expect(body(await resolve({ status: 3, reply: '' })).msg).toBe(
      '只有待处理的定制需求可以处理或取消',
    );
    const seen = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/customized/${item.id}`,
      headers: auth(member),
    });
    expect(body(seen).data).toMatchObject({ status: 2, reply: '可定制，报价 ￥3000，交期 30 天' });
  });

  it('lists messages and check-ins', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/feedbacks',
      payload: {
        contact: '周九',
        phone: '13912340009',
        email: 'z9@example.com',
        address: '杭州',
        content: '请问有无现货',
      },
      remoteAddress: uniqueIp(),
    });
    expect((await list('messages', 'key=' + encodeURIComponent('周九'))).records[0]).toMatchObject({
      contact: '周九',
      detail: '地址：杭州',
    });
    expect((await list('checkins')).total).toBeGreaterThanOrEqual(0);
    const dash = body<Dashboard>(
      await ctx.app.inject({ method: 'GET', url: '/manage/v1/dashboard', headers: auth(operator) }),
    ).data;
    expect(dash.newMessages).toBeGreaterThanOrEqual(1);
    expect(dash.newCustomized).toBe(0);
  });
});
