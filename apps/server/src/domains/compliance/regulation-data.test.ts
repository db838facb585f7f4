import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, ManageProduct } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

/** Class and GHS label as product data: the console's product form and the spreadsheets. */
let ctx: TestContext;
let operator: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
});
afterAll(() => ctx.close());

const staff = () => ({ authorization: operator.token });
const ether = {
  category: 'precursor-2',
  ghs: { pictograms: ['GHS02', 'GHS07'], signalWord: '危险', hazardStatements: ['H224', 'H302'] },
};
const productBody = (pack: string, over: Record<string, unknown> = {}) => ({
  name: '乙醚',
  cas: '60-29-7',
  number: `RG${Math.floor(Math.random() * 1e6)}`,
  regulation: ether,
  materials: [{ pack, price: 50, userPrice: 40, stocks: [] }],
  ...over,
});

describe('product form', () => {
  it('saves and answers the class and label, and the pack’s net amount', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/products',
      headers: staff(),
      payload: productBody('2.5L'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = body<{ id: number }>(res).data.id;
    const p = body<ManageProduct>(
      await ctx.app.inject({ method: 'GET', url: `/manage/v1/products/${id}`, headers: staff() }),
    ).data;
    expect(p.regulation).toMatchObject({ ...ether, categories: ['precursor-2'] });
    const pack = await ctx.db
      .selectFrom('materials')
      .select(['netAmount', 'netDimension'])
      .where('productId', '=', id)
      .executeTakeFirstOrThrow();
    expect([Number(pack.netAmount), pack.netDimension]).toEqual([2_500_000, 'volume']);

    // An edit without `regulation` keeps it; a pack renamed gets its amount read again.
    const { regulation: _r, ...rest } = productBody('500mL', { number: p.number });
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/products/${id}`,
      headers: staff(),
      payload: rest,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(body<ManageProduct>(edit).data.regulation).toMatchObject(ether);
  });

  it('refuses a regulated pack whose amount cannot be read, in Chinese', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/products',
      headers: staff(),
      payload: productBody('1瓶'),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('无法识别净含量');
    // The same pack is fine for a product without a counted class.
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/products',
      headers: staff(),
      payload: productBody('1瓶', {
        name: '某危险品',
        cas: '',
        regulation: { category: 'hazardous', ghs: null },
      }),
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('refuses an unknown class or pictogram', async () => {
    for (const regulation of [
      { category: 'precursor-9', ghs: null },
      { category: null, ghs: { pictograms: ['GHS10'], signalWord: null, hazardStatements: [] } },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/products',
        headers: staff(),
        payload: productBody('500mL', { regulation }),
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('spreadsheets', () => {
  const upload = async (text: string) => {
    const form = multipart({}, { filename: 'p.csv', data: text });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/products/import',
      headers: { ...form.headers, ...staff() },
      payload: form.payload,
    });
    return body<ImportResult>(res).data;
  };

  it('imports and exports 管控类别 and GHS标签', async () => {
    const header = '货号,包装,中文名称,CAS号,市场价,管控类别,GHS标签';
    // A file with a refused row writes nothing: the refusals first, then the good rows.
    const refused = await upload(
      [
        header,
        'RX3,1瓶,甲苯,108-88-3,20,precursor-3,',
        'RX4,1瓶,未知类,,20,易制毒第四类,',
        'RX5,1g,未知标签,,20,,GHS10|危险|H225',
      ].join('\n'),
    );
    expect(refused.failed.map((f) => f.msg)).toEqual([
      expect.stringContaining('无法识别净含量'),
      expect.stringContaining('管控类别有误'),
      expect.stringContaining('GHS标签有误'),
    ]);
    const result = await upload(
      [
        header,
        'RX1,500mL,乙醚,60-29-7,50,易制毒化学品（第二类）,GHS02 GHS07|危险|H224 H302',
        'RX2,25g,高锰酸钾,7722-64-7,20,precursor-3,GHS03|危险|H272 h361d',
      ].join('\n'),
    );
    expect(result.failed).toEqual([]);
    const rows = await ctx.db
      .selectFrom('products')
      .select(['number', 'regulationCategory', 'ghs'])
      .where('number', 'in', ['RX1', 'RX2'])
      .orderBy('number')
      .execute();
    expect(
      rows.map((r) => [r.number, r.regulationCategory, JSON.parse(r.ghs ?? 'null') as unknown]),
    ).toEqual([
      [
        'RX1',
        'precursor-2',
        { pictograms: ['GHS02', 'GHS07'], signalWord: '危险', hazardStatements: ['H224', 'H302'] },
      ],
      [
        'RX2',
        // 高锰酸钾 is on both lists: the file's 第三类 gets the lists' 易制爆 added.
        'explosive-precursor',
        { pictograms: ['GHS03'], signalWord: '危险', hazardStatements: ['H272', 'H361d'] },
      ],
    ]);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/products/export?format=csv',
      headers: staff(),
    });
    expect(exported.statusCode).toBe(200);
    const line = exported.body.split('\r\n').find((l) => l.startsWith('RX1,'));
    expect(line).toContain('precursor-2');
    expect(line).toContain('GHS02 GHS07|危险|H224 H302');
    expect(exported.body.split('\r\n')[0]).toContain('管控类别');
  });
});

describe('the footer licence label', () => {
  it('shows the licence numbers staff set in the company setting', async () => {
    // Company details are money routing: finance proposes, an admin confirms.
    const finance = await createStaff(ctx.db, ['finance']);
    const admin = await createStaff(ctx.db, ['admin']);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/manage/v1/settings/company',
      headers: { authorization: finance.token },
      payload: {
        name: '某某标物',
        tel: '010-12345678',
        email: 'a@example.com',
        address: '北京',
        hazardLicence: '京应急危化经字〔2025〕000123',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/settings/changes/${body<{ id: number }>(saved).data.id}/confirm`,
      headers: { authorization: admin.token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const company = await ctx.app.inject({ method: 'GET', url: '/client/v1/system/company' });
    expect(body<{ hazardLicence: string }>(company).data.hazardLicence).toBe(
      '京应急危化经字〔2025〕000123',
    );
  });
});
