import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoaRecord } from '@labshop/shared/schemas';
import type { Database } from '../../db/schema.ts';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { insertCoa } from '../../../test/fixtures/catalogue.ts';
import { checkinPrefix } from './forms.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

let ipSeq = 0;
/** Each test posts from its own address so the per-IP limits of one test do not leak. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const post = (
  url: string,
  payload: unknown,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.headers ?? {},
  });

const count = async (table: keyof Database) => {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

const INJECTIONS = ["' OR 1=1 --", '<script>alert(1)</script>'];

describe('POST /client/v1/feedbacks', () => {
  const url = '/client/v1/feedbacks';
  const valid = {
    contact: '张三',
    phone: '13800000000',
    email: 'zhang@example.cn',
    address: '北京市海淀区',
    content: '请问 <5mg 的包装有货吗？',
  };

  it('stores the message with the client address', async () => {
    const res = await post(url, valid, { ip: '10.9.9.9' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ code: 0, msg: '留言提交成功', data: null });
    const row = await ctx.db
      .selectFrom('feedbacks')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, ip: '10.9.9.9' });
  });

  it('accepts a missing address', async () => {
    const { address: _address, ...rest } = valid;
    const res = await post(url, rest);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    [{ ...valid, contact: '' }, '请输入联系人'],
    [{ ...valid, contact: undefined }, '请输入联系人'],
    [{ ...valid, phone: '12345' }, '手机号格式有误'],
    [{ ...valid, phone: 13800000000 }, '请输入手机号'],
    [{ ...valid, email: 'nope' }, '邮箱格式有误'],
    [{ ...valid, content: '   ' }, '请输入留言内容'],
    [{ ...valid, content: 'x'.repeat(2001) }, '内容过长，最多 2000 个字符'],
    [{ ...valid, contact: INJECTIONS[1] }, '内容不能包含 HTML 标签'],
    [{ ...valid, content: INJECTIONS[1] }, '内容不能包含 HTML 标签'],
    [{ ...valid, phone: INJECTIONS[0] }, '手机号格式有误'],
    [{ ...valid, email: INJECTIONS[0] }, '邮箱格式有误'],
  ])('refuses bad input %#, storing nothing', async (payload, msg) => {
    const before = await count('feedbacks');
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg, data: null });
    expect(await count('feedbacks')).toBe(before);
  });

  it('refuses malformed JSON, storing nothing', async () => {
    const before = await count('feedbacks');
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"contact":"张三",',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(1);
    expect(await count('feedbacks')).toBe(before);
  });

  it('limits submissions per address to 5 a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post(url, valid, { ip })).statusCode).toBe(200);
    const before = await count('feedbacks');
    const res = await post(url, valid, { ip });
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ code: 1, msg: '操作过于频繁，请稍后再试' });
    expect(await count('feedbacks')).toBe(before);
    expect((await post(url, valid)).statusCode).toBe(200);
  });

  it('holds the limit when submissions arrive at once', async () => {
    const ip = freshIp();
    const before = await count('feedbacks');
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(url, valid, { ip })));
    const stored = (await count('feedbacks')) - before;
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(stored);
    expect(stored).toBeLessThanOrEqual(5);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
  });
});

describe('POST /client/v1/bulk-inquiry', () => {
  const url = '/client/v1/bulk-inquiry';
  const valid = {
    contact: '李四',
    phone: '13900000000',
    email: 'li@example.com',
    company: '某检测中心',
    content: '甲醇 100 瓶',
  };

  it('stores a visitor inquiry without a member', async () => {
    const res = await post(url, valid);
    expect(body(res)).toEqual({ code: 0, msg: '提交成功', data: null });
    const row = await ctx.db
      .selectFrom('bulkInquiries')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, userId: null });
  });

  it('stores the member of a logged-in inquiry', async () => {
    const member = await createMember(ctx);
    const res = await post(url, valid, { headers: { authorization: member.token } });
    expect(res.statusCode).toBe(200);
    const row = await ctx.db
      .selectFrom('bulkInquiries')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(member.userId);
  });

  it.each([
    [{ ...valid, company: '' }, '请输入单位名称'],
    [{ ...valid, email: '' }, '请输入邮箱'],
    [{ ...valid, phone: '1380000000a' }, '手机号格式有误'],
    [{ ...valid, content: undefined }, '请输入询价内容'],
    [{ ...valid, company: INJECTIONS[1] }, '内容不能包含 HTML 标签'],
  ])('refuses bad input %#, storing nothing', async (payload, msg) => {
    const before = await count('bulkInquiries');
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg });
    expect(await count('bulkInquiries')).toBe(before);
  });

  it('limits submissions per address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await post(url, valid, { ip });
    const before = await count('bulkInquiries');
    expect((await post(url, valid, { ip })).statusCode).toBe(429);
    expect(await count('bulkInquiries')).toBe(before);
  });
});

describe('POST /yifanglab-client/v1/survey', () => {
  const url = '/yifanglab-client/v1/survey';
  const valid = {
    name: '王五',
    phone: '13700000000',
    email: 'wang@example.com',
    company: '某大学',
    dept: '化学系',
    extra: '参加上午场',
  };

  it('stores check-ins with unique, increasing numbers of the day', async () => {
    const first = body<{ number: string; time: number }>(await post(url, valid)).data;
    const second = body<{ number: string; time: number }>(
      await post(url, { ...valid, extra: undefined }),
    ).data;
    const prefix = checkinPrefix(first.time);
    expect(first.number).toMatch(new RegExp(`^${prefix}\\d{4}$`));
    expect(Number(second.number.slice(prefix.length))).toBe(
      Number(first.number.slice(prefix.length)) + 1,
    );
    const rows = await ctx.db.selectFrom('surveyCheckins').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.number)).toEqual([first.number, second.number]);
    expect(rows[0]).toMatchObject({ ...valid, createdAt: first.time });
    expect(rows[1]!.extra).toBe('');
  });

  it('gives concurrent check-ins distinct numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(url, valid).then((r) => body<{ number: string }>(r).data.number),
      ),
    );
    expect(new Set(results).size).toBe(5);
  });

  it.each([
    [{ ...valid, name: '王' }, '姓名需 2-20 个字符'],
    [{ ...valid, name: '王'.repeat(21) }, '内容过长，最多 20 个字符'],
    [{ ...valid, phone: '' }, '请输入手机号'],
    [{ ...valid, email: 'a@b' }, '邮箱格式有误'],
    [{ ...valid, dept: '' }, '请输入部门'],
    [{ ...valid, name: '<img src=x>' }, '内容不能包含 HTML 标签'],
  ])('refuses bad input %#, storing nothing', async (payload, msg) => {
    const before = await count('surveyCheckins');
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg });
    expect(await count('surveyCheckins')).toBe(before);
  });
});

describe('POST /yifanglab-client/v1/coa', () => {
  const url = '/yifanglab-client/v1/coa';

  beforeAll(async () => {
    await insertCoa(ctx.db, {
      productNumber: 'GBW(E)080001',
      lotNumber: 'A2024-01',
      name: '甲醇中苯溶液标准物质',
      expire: '2027-01-01',
      file: 'coa/甲醇 1.pdf',
    });
    await insertCoa(ctx.db, {
      productNumber: 'GBW(E)080001',
      lotNumber: 'A2024-02',
      file: 'coa/2.pdf',
    });
  });

  it('finds certificates by item number whatever its case and by exact lot number', async () => {
    const res = await post(url, { productNumber: ' gbw(e)080001 ', lotNumber: 'A2024-01' });
    expect(res.statusCode).toBe(200);
    const [record, ...more] = body<CoaRecord[]>(res).data;
    expect(more).toEqual([]);
    expect(record).toMatchObject({ name: '甲醇中苯溶液标准物质', expire: '2027-01-01' });
    expect(record!.url).toMatch(/^\/yifanglab-client\/v1\/coa\/file\?token=[\w-]+\.[\w-]+$/);
  });

  it('serves the PDF only through the link the lookup handed out', async () => {
    const pdf = Buffer.from('%PDF-1.4 certificate');
    await ctx.app.files.put('files/coa/甲醇 1.pdf', pdf);

    const guessed = await ctx.app.inject({
      method: 'GET',
      url: `/files/coa/${encodeURIComponent('甲醇 1.pdf')}`,
    });
    expect(guessed.statusCode).toBe(404);
    expect(guessed.rawPayload.includes(pdf)).toBe(false);

    const res = await post(url, { productNumber: 'GBW(E)080001', lotNumber: 'A2024-01' });
    const link = body<CoaRecord[]>(res).data[0]!.url;
    const file = await ctx.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const forged = await ctx.app.inject({ method: 'GET', url: `${link.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(404);
    expect(body(forged).msg).toBe('证书链接已失效，请重新查询');
  });

  it('answers an empty list with the not-found message', async () => {
    for (const payload of [
      { productNumber: 'GBW(E)080001', lotNumber: 'a2024-01' },
      { productNumber: 'GBW(E)08000', lotNumber: 'A2024-01' },
    ]) {
      const res = await post(url, payload);
      expect(body(res)).toEqual({ code: 0, msg: '未查询到相关分析证书。', data: [] });
    }
  });

  it.each([
    [{ lotNumber: 'A' }, '请输入商品货号'],
    [{ productNumber: 'P', lotNumber: ' ' }, '请输入商品批号'],
    [{ productNumber: INJECTIONS[0], lotNumber: 'A' }, '商品货号有误'],
    [{ productNumber: 'P', lotNumber: INJECTIONS[1] }, '商品批号有误'],
    [{ productNumber: 'P'.repeat(51), lotNumber: 'A' }, '内容过长，最多 50 个字符'],
  ])('refuses bad input %#', async (payload, msg) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 1, msg });
  });
});
