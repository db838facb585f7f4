import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Address } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const region = {
  province: { key: '110000', value: '北京市' },
  city: { key: '110100', value: '北京市' },
  area: { key: '110108', value: '海淀区' },
};
const input = (name: string, extra: object = {}) => ({
  name,
  phone: '13800138000',
  region: JSON.stringify(region),
  address: '中关村大街1号',
  ...extra,
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  token: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: token },
  });
}
const list = async (m: Member) =>
  body<Address[]>(await call('GET', '/client/v1/user/address', m.token)).data;
async function create(m: Member, name: string, extra: object = {}) {
  const res = await call('POST', '/client/v1/user/address', m.token, input(name, extra));
  expect(res.statusCode).toBe(200);
  return body<Address>(res).data;
}
const defaults = async (m: Member) => (await list(m)).filter((a) => a.isDefault).map((a) => a.name);
const rowsOf = (userId: number) =>
  ctx.db.selectFrom('addresses').selectAll().where('userId', '=', userId).orderBy('id').execute();

describe('address book', () => {
  it('makes the first address the default and lists the default first', async () => {
    const m = await createMember(ctx);
    expect(await list(m)).toEqual([]);
    const first = await create(m, '甲');
    expect(first).toMatchObject({
      name: '甲',
      phone: '13800138000',
      address: '中关村大街1号',
      isDefault: true,
    });
    expect(JSON.parse(first.region)).toEqual(region);
    const res = await call('POST', '/client/v1/user/address', m.token, input('乙'));
    expect(body<Address>(res)).toMatchObject({ msg: '新增地址成功', data: { isDefault: false } });
    await create(m, '丙');
    expect((await list(m)).map((a) => a.name)).toEqual(['甲', '丙', '乙']);
  });

  it('keeps exactly one default when a new or edited address is ticked as default', async () => {
    const m = await createMember(ctx);
    await create(m, '甲');
    const second = await create(m, '乙', { isDefault: true });
    expect(second.isDefault).toBe(true);
    expect(await defaults(m)).toEqual(['乙']);
    const third = await create(m, '丙');
    const edited = await call(
      'PUT',
      `/client/v1/user/address/${third.id}`,
      m.token,
      input('丙二', { isDefault: true }),
    );
    expect(body<Address>(edited)).toMatchObject({
      msg: '编辑地址成功',
      data: { name: '丙二', isDefault: true },
    });
    expect(await defaults(m)).toEqual(['丙二']);
  });

  it('edits without isDefault keeping the flag, and can untick it', async () => {
    const m = await createMember(ctx);
    const a = await create(m, '甲');
    const res = await call('PUT', `/client/v1/user/address/${a.id}`, m.token, {
      ...input('甲改', { address: '新地址' }),
      region: JSON.stringify({
        ...region,
        town: { key: '110108001', value: '万寿路街道' },
        extra: 'x',
      }),
    });
    const edited = body<Address>(res).data;
    expect(edited).toMatchObject({ name: '甲改', address: '新地址', isDefault: true });
    expect(JSON.parse(edited.region)).toEqual({
      ...region,
      town: { key: '110108001', value: '万寿路街道' },
    });
    await call(
      'PUT',
      `/client/v1/user/address/${a.id}`,
      m.token,
      input('甲改', { isDefault: false }),
    );
    expect(await defaults(m)).toEqual([]);
  });

  it('sets the default with PATCH', async () => {
    const m = await createMember(ctx);
    await create(m, '甲');
    const b = await create(m, '乙');
    const res = await call('PATCH', `/client/v1/user/address/${b.id}/default`, m.token);
    expect(res.statusCode).toBe(200);
    expect(body<Address>(res)).toMatchObject({
      msg: '设置默认地址成功',
      data: { id: b.id, isDefault: true },
    });
    expect(await defaults(m)).toEqual(['乙']);
    expect((await list(m))[0]?.id).toBe(b.id);
  });

  it('hands the default to the newest remaining address when the default is deleted', async () => {
    const m = await createMember(ctx);
    const a = await create(m, '甲');
    const b = await create(m, '乙');
    const c = await create(m, '丙');
    await call('PATCH', `/client/v1/user/address/${b.id}/default`, m.token);
    const del = await call('DELETE', `/client/v1/user/address/${b.id}`, m.token);
    expect(body(del)).toEqual({ code: 0, msg: '删除地址成功', data: null });
    expect(await defaults(m)).toEqual(['丙']);
    await call('DELETE', `/client/v1/user/address/${a.id}`, m.token);
    expect(await defaults(m)).toEqual(['丙']);
    await call('DELETE', `/client/v1/user/address/${c.id}`, m.token);
    expect(await list(m)).toEqual([]);
  });

  it('validates addresses with the messages of the spec', async () => {
    const m = await createMember(ctx);
    const cases: [object, string][] = [
      [input('', {}), '请输入收货人姓名'],
      [input('甲', { phone: '1380013800' }), '手机号格式有误'],
      [input('甲', { phone: undefined }), '请输入手机号'],
      [input('甲', { address: ' ' }), '请输入详细地址'],
      [input('甲', { region: 'not json' }), '请选择所在地区'],
      [
        input('甲', { region: JSON.stringify({ province: region.province, city: region.city }) }),
        '请选择所在地区',
      ],
      [input('甲', { region: undefined }), '请选择所在地区'],
    ];
    for (const [payload, msg] of cases) {
      const res = await call('POST', '/client/v1/user/address', m.token, payload);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe(msg);
    }
    expect(await rowsOf(m.userId)).toEqual([]);
    const badId = await call('DELETE', '/client/v1/user/address/abc', m.token);
    expect(badId.statusCode).toBe(400);
    expect(body(badId).msg).toBe('ID 有误');
  });

  it('accepts Hong Kong, Macau and Taiwan mobiles', async () => {
    const m = await createMember(ctx);
    const hongKong = {
      province: { key: '810000', value: '香港特别行政区' },
      city: { key: '810100', value: '香港岛' },
      area: { key: '810101', value: '中西区' },
    };
    for (const phone of ['+852 91234567', '66123456', '0912345678']) {
      const res = await call(
        'POST',
        '/client/v1/user/address',
        m.token,
        input('陈先生', { phone, region: JSON.stringify(hongKong) }),
      );
      expect(res.statusCode, phone).toBe(200);
      expect(body<Address>(res).data.phone).toBe(phone);
    }
  });

  it('keeps at most 50 addresses per member', async () => {
    const m = await createMember(ctx);
    const t = Date.now();
    await ctx.db
      .insertInto('addresses')
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          userId: m.userId,
          name: `收货人${i}`,
          phone: '13800138000',
          region: JSON.stringify(region),
          address: '某路',
          isDefault: i === 0 ? 1 : 0,
          createdAt: t,
          updatedAt: t,
        })),
      )
      .execute();
    const res = await call('POST', '/client/v1/user/address', m.token, input('多余'));
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('收货地址最多保存 50 个');
    expect(await rowsOf(m.userId)).toHaveLength(50);
  });

  it("refuses another member's address for every verb and changes nothing", async () => {
    const owner = await createMember(ctx);
    const intruder = await createMember(ctx);
    await create(owner, '甲');
    const target = await create(owner, '乙');
    await create(intruder, '丙');
    const before = await rowsOf(owner.userId);
    const intruderBefore = await rowsOf(intruder.userId);

    expect((await list(intruder)).map((a) => a.name)).toEqual(['丙']);
    const attempts = [
      call(
        'PUT',
        `/client/v1/user/address/${target.id}`,
        intruder.token,
        input('篡改', { isDefault: true }),
      ),
      call('DELETE', `/client/v1/user/address/${target.id}`, intruder.token),
      call('PATCH', `/client/v1/user/address/${target.id}/default`, intruder.token),
      call('PUT', '/client/v1/user/address/999999', intruder.token, input('无')),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(body(res)).toEqual({ code: 1, msg: '收货地址不存在', data: null });
    }
    expect(await rowsOf(owner.userId)).toEqual(before);
    expect(await rowsOf(intruder.userId)).toEqual(intruderBefore);
  });

  it('requires a token for every verb', async () => {
    for (const [method, url] of [
      ['GET', '/client/v1/user/address'],
      ['POST', '/client/v1/user/address'],
      ['PUT', '/client/v1/user/address/1'],
      ['DELETE', '/client/v1/user/address/1'],
      ['PATCH', '/client/v1/user/address/1/default'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, payload: input('甲') });
      expect(res.statusCode).toBe(401);
      expect(body(res).code).toBe(600);
    }
  });

  it('keeps one default under concurrent writes', async () => {
    const m = await createMember(ctx);
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/client/v1/user/address', m.token, input(`并发${i}`, { isDefault: true })),
      ),
    );
    for (const res of created) expect(res.statusCode).toBe(200);
    expect(await defaults(m)).toHaveLength(1);
    const ids = (await list(m)).map((a) => a.id);
    await Promise.all(
      ids.map((id) => call('PATCH', `/client/v1/user/address/${id}/default`, m.token)),
    );
    expect(await defaults(m)).toHaveLength(1);
    const firsts = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const fresh = await createMember(ctx);
        await Promise.all([create(fresh, '一'), create(fresh, '二'), create(fresh, '三')]);
        return defaults(fresh);
      }),
    );
    for (const d of firsts) expect(d).toHaveLength(1);
  });
});
