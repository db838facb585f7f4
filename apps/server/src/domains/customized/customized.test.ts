import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomStatus, type Paged } from '@labshop/shared';
import type { Customized } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { auth } from '../../../test/fixtures/orders.ts';

const goodsLine = {
  name: '定制苯甲酸溶液',
  cas: '65-85-0',
  pack: '1mL',
  expectDeliveryTime: 15,
  quantity: 2,
};
const request = (overrides: Record<string, unknown> = {}) => ({
  goodsList: [goodsLine],
  company: '某检测中心',
  contact: '李四',
  phone: '13812345678',
  content: '甲醇中 1000 μg/mL',
  remark: '',
  ...overrides,
});

describe('custom requests', () => {
  let ctx: TestContext;
  let m: Member;
  let other: Member;

  beforeAll(async () => {
    ctx = await createTestContext();
    [m, other] = await Promise.all([createMember(ctx), createMember(ctx)]);
  });
  afterAll(() => ctx.close());

  const create = (who: Member, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/client/v1/customized', headers: auth(who), payload });
  const countRows = async () => {
    const [a, b] = await Promise.all([
      ctx.db
        .selectFrom('customized')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom('customizedGoods')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return [Number(a.n), Number(b.n)];
  };

  it('creates a request with its lines', async () => {
    const res = await create(
      m,
      request({ goodsList: [goodsLine, { ...goodsLine, name: '第二项', quantity: 1 }] }),
    );
    expect(res.statusCode).toBe(200);
    const { code, msg, data } = body<{ id: number }>(res);
    expect([code, msg]).toEqual([0, '提交成功']);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/customized/${data.id}`,
      headers: auth(m),
    });
    expect(body<Customized>(detail).data).toMatchObject({
      id: data.id,
      company: '某检测中心',
      contact: '李四',
      phone: '13812345678',
      status: CustomStatus.PENDING,
      goodsList: [goodsLine, { ...goodsLine, name: '第二项', quantity: 1 }],
    });
  });

  it('refuses incomplete requests with the spec messages and stores nothing', async () => {
    const before = await countRows();
    const cases: [object, string][] = [
      [request({ goodsList: [] }), '请添加定制商品'],
      [request({ goodsList: undefined }), '请添加定制商品'],
      [request({ goodsList: [{ ...goodsLine, cas: '' }] }), '请填写定制商品信息'],
      [
        request({ goodsList: [{ ...goodsLine, expectDeliveryTime: undefined }] }),
        '请填写定制商品信息',
      ],
      [request({ goodsList: [{ ...goodsLine, quantity: 0 }] }), '请填写定制商品信息'],
      [request({ goodsList: [{ ...goodsLine, name: ' ' }] }), '请填写定制商品信息'],
      [request({ company: '' }), '请输入单位名称'],
      [request({ contact: '' }), '请输入联系人'],
      [request({ phone: '' }), '请输入联系电话'],
      [request({ phone: '1381234567' }), '联系电话格式有误'],
    ];
    for (const [payload, msg] of cases) {
      const res = await create(m, payload);
      expect(res.statusCode, msg).toBe(400);
      expect(body(res).msg).toBe(msg);
    }
    expect(await countRows()).toEqual(before);
  });

  it('lists own requests newest first with lines, by whole-day dates', async () => {
    const t0 = Date.UTC(2024, 4, 1);
    const created: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await create(m, request({ company: `日期${i}` }));
      const id = body<{ id: number }>(res).data.id;
      created.push(id);
      await ctx.db
        .updateTable('customized')
        .set({ createdAt: t0 + i * 86_400_000 })
        .where('id', '=', id)
        .execute();
    }
    await create(other, request({ company: '别人的' }));
    const list = async (query: string) =>
      body<Paged<Customized>>(
        await ctx.app.inject({
          method: 'GET',
          url: `/client/v1/customized?${query}`,
          headers: auth(m),
        }),
      ).data;
    const all = await list('');
    expect(all.total).toBe(3);
    expect(all.records.map((r) => r.company)).not.toContain('别人的');
    expect(all.records.every((r) => r.goodsList.length > 0)).toBe(true);
    const day = await list(`startTime=${t0}&endTime=${t0 + 86_400_000 - 1}`);
    expect(day.records.map((r) => r.id)).toEqual([created[0]]);
    const range = await list(`startTime=${t0}&endTime=${t0 + 2 * 86_400_000 - 1}`);
    expect(range.records.map((r) => r.id)).toEqual([created[1], created[0]]);
  });

  it('cancels only pending requests', async () => {
    const id = body<{ id: number }>(await create(m, request())).data.id;
    const cancel = () =>
      ctx.app.inject({
        method: 'DELETE',
        url: `/client/v1/customized/${id}/cancel`,
        headers: auth(m),
      });
    expect(body(await cancel())).toMatchObject({ code: 0, msg: '取消定制成功' });
    const again = await cancel();
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe('当前定制状态不可取消');
    const row = await ctx.db
      .selectFrom('customized')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(CustomStatus.CANCELLED);
  });

  it('refuses another member’s request for every verb and changes nothing', async () => {
    const id = body<{ id: number }>(await create(m, request())).data.id;
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/customized/${id}`,
      headers: auth(other),
    });
    expect(detail.statusCode).toBe(404);
    expect(body(detail).data).toBeNull();
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: `/client/v1/customized/${id}/cancel`,
      headers: auth(other),
    });
    expect(cancel.statusCode).toBe(404);
    const row = await ctx.db
      .selectFrom('customized')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(CustomStatus.PENDING);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/customized/999999',
      headers: auth(m),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('takes requests from visitors with their contact details, limited per address', async () => {
    const fromVisitor = (payload: object, ip = '198.51.100.7') =>
      ctx.app.inject({ method: 'POST', url: '/client/v1/customized', payload, remoteAddress: ip });
    // The contract's fields (goodsList, company, contact, phone, content) are enough: the phone
    // reaches the visitor, and an email given with them must be well formed.
    const noEmail = await fromVisitor(request());
    expect(noEmail.statusCode).toBe(200);
    const phoneOnly = await ctx.db
      .selectFrom('customized')
      .selectAll()
      .where('id', '=', body<{ id: number }>(noEmail).data.id)
      .executeTakeFirstOrThrow();
    expect(phoneOnly).toMatchObject({ userId: 0, phone: '13812345678', email: '' });
    const badEmail = await fromVisitor(request({ email: 'li@' }));
    expect(body(badEmail).msg).toBe('邮箱格式有误');

    const res = await fromVisitor(request({ email: 'li@example.com' }));
    expect(res.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('customized')
      .selectAll()
      .where('id', '=', body<{ id: number }>(res).data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: 0, contact: '李四', email: 'li@example.com' });
    // A visitor's request is in no member's list.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/client/v1/customized',
      headers: auth(other),
    });
    expect(body<Paged<Customized>>(list).data.records.map((r) => r.id)).not.toContain(row.id);

    for (let i = 0; i < 8; i++) {
      expect((await fromVisitor(request({ email: 'li@example.com' }))).statusCode).toBe(200);
    }
    const limited = await fromVisitor(request({ email: 'li@example.com' }));
    expect(limited.statusCode).toBe(429);
    expect(
      (await fromVisitor(request({ email: 'li@example.com' }), '198.51.100.8')).statusCode,
    ).toBe(200);
  });
});
