import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayType } from '@labshop/shared';
import type { ImportResult, ManageProduct } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStore } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, orderBody } from '../../../test/fixtures/orders.ts';
import { applyListClasses } from '../catalogue/index.ts';

/*
 * Classes from the reference lists on save and import (docs/compliance.md section 2), the
 * fail-closed rule, lowering with and without a reason, and the buying rule of a product on two
 * lists (高锰酸钾), through the API.
 */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const COMPANY = '北京测试化学有限公司';
const KMNO4 = '7722-64-7';
const PARATHION = '56-38-2';

let ctx: TestContext;
let operator: StaffMember;
let officer: StaffMember;
let storeId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator', 'warehouse']);
  officer = await createStaff(ctx.db, ['compliance'], '合规员');
  storeId = await insertStore(ctx.db, { name: '北京仓' });
});
afterAll(() => ctx.close());

const staff = () => ({ authorization: operator.token });
let seq = 0;
const productBody = (over: Record<string, unknown> = {}) => ({
  name: '高锰酸钾',
  cas: KMNO4,
  number: `RC${Date.now() % 1e6}${++seq}`,
  control: '非管控',
  materials: [{ pack: '500g', price: 50, userPrice: 40, stocks: [{ storeId, materialCount: 20 }] }],
  ...over,
});
const create = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/manage/v1/products', headers: staff(), payload });
const update = (id: number, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: `/manage/v1/products/${id}`, headers: staff(), payload });
const read = async (id: number) =>
  body<ManageProduct>(
    await ctx.app.inject({ method: 'GET', url: `/manage/v1/products/${id}`, headers: staff() }),
  ).data;
const createOk = async (payload: object) => {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
};

describe('saving a product looks its CAS up', () => {
  it('gives 高锰酸钾 both classes, the strictest as category, with where each came from', async () => {
    const id = await createOk(productBody());
    const p = await read(id);
    expect(p.regulation.categories).toEqual(['explosive-precursor', 'precursor-3']);
    expect(p.regulation.category).toBe('explosive-precursor');
    expect(p.regulation.lowered).toEqual([]);
    expect(p.regulation.sources.map((s) => [s.category, s.no, s.confidence])).toEqual([
      ['precursor-3', '3-4', 'B'],
      ['explosive-precursor', '9.3', 'B'],
    ]);
    expect(p.regulation.sources[1]?.list).toContain('易制爆危险化学品名录');
    expect(p.regulation.sources[1]?.sources.join()).toContain('S8');
    // The 管制信息 text names both classes.
    expect(p.control).toBe('易制爆危险化学品、易制毒化学品（第三类）');
    // The storefront reads both, and the strictest as the one class older clients know.
    const detail = await ctx.app.inject({ method: 'GET', url: `/client/v1/products/${id}` });
    expect(body<{ regulation: unknown }>(detail).data.regulation).toMatchObject({
      category: 'explosive-precursor',
      categories: ['explosive-precursor', 'precursor-3'],
    });
  });

  it('adds the lists’ classes to an older client’s single category', async () => {
    const id = await createOk(productBody({ regulation: { category: 'precursor-3', ghs: null } }));
    expect((await read(id)).regulation.categories).toEqual(['explosive-precursor', 'precursor-3']);
  });

  it('looks up a solution standard’s solute CAS, and fails closed on a 剧毒 candidate', async () => {
    const id = await createOk(
      productBody({
        name: '对硫磷标准溶液',
        cas: '',
        soluteCas: PARATHION,
        materials: [{ pack: '1000μg/mL·1mL（丙酮）', price: 300, userPrice: 250, stocks: [] }],
      }),
    );
    const p = await read(id);
    expect(p.soluteCas).toBe(PARATHION);
    expect(p.regulation.categories).toEqual(['highly-toxic']);
    expect(p.regulation.sources).toEqual([
      expect.objectContaining({ confidence: 'U', matchedBy: 'solute-cas', name: '对硫磷' }),
    ]);
  });

  it('refuses a bad solute CAS in Chinese', async () => {
    const res = await create(productBody({ soluteCas: '56-38-3' }));
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('CAS');
  });

  it('keeps a later 易制毒 addition from selling freely', async () => {
    const id = await createOk(productBody({ name: 'γ-丁内酯', cas: '96-48-0' }));
    const p = await read(id);
    expect(p.regulation.categories).toEqual(['precursor-3']);
    expect(p.regulation.sources[0]).toMatchObject({ confidence: 'C', casConfirmed: false });
  });
});

describe('lowering a class', () => {
  const auditOf = (id: number) =>
    ctx.db
      .selectFrom('auditLogs')
      .select(['action', 'after'])
      .where('target', '=', `product:${id}`)
      .where('action', '=', 'product.regulation-lowered')
      .execute();

  it('is refused without a reason, and recorded in the audit log with one', async () => {
    const id = await createOk(productBody({ name: '对硫磷', cas: PARATHION }));
    expect((await read(id)).regulation.categories).toEqual(['highly-toxic']);
    const bare = await update(
      id,
      productBody({ name: '对硫磷', cas: PARATHION, regulation: { categories: [], ghs: null } }),
    );
    expect(bare.statusCode).toBe(400);
    expect(body(bare).msg).toContain('须填写原因及依据');
    expect(body(bare).msg).toContain('剧毒化学品');
    expect((await read(id)).regulation.categories).toEqual(['highly-toxic']);
    expect(await auditOf(id)).toEqual([]);

    const reason = '《危险化学品目录（2015版）》第 1 号公告正文核对：本品未标注剧毒';
    const cleared = await update(
      id,
      productBody({
        name: '对硫磷',
        cas: PARATHION,
        regulation: { categories: ['hazardous'], ghs: null, reason },
      }),
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    const p = await read(id);
    expect(p.regulation).toMatchObject({
      categories: ['hazardous'],
      listed: ['highly-toxic'],
      lowered: ['highly-toxic'],
      reason,
    });
    const logs = await auditOf(id);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]?.after ?? '{}')).toMatchObject({ reason, categories: ['hazardous'] });

    // Saved again as it is (the form sends the classes back, an API client may leave the reason
    // out), or without `regulation`: the lowering and its reason stay, with no new audit entry.
    const again = await update(
      id,
      productBody({
        name: '对硫磷',
        cas: PARATHION,
        regulation: { categories: ['hazardous'], ghs: null },
      }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const plain = await update(id, productBody({ name: '对硫磷', cas: PARATHION }));
    expect(plain.statusCode, plain.body).toBe(200);
    expect((await read(id)).regulation).toMatchObject({ categories: ['hazardous'], reason });
    expect(await auditOf(id)).toHaveLength(1);

    // Back to the listed class: the reason goes.
    await update(
      id,
      productBody({
        name: '对硫磷',
        cas: PARATHION,
        regulation: { categories: ['highly-toxic'], ghs: null },
      }),
    );
    expect((await read(id)).regulation).toMatchObject({ categories: ['highly-toxic'], reason: '' });
  });

  it('refuses dropping one class of two without a reason; adding one needs none', async () => {
    const id = await createOk(productBody());
    const drop = await update(
      id,
      productBody({ regulation: { categories: ['precursor-3'], ghs: null } }),
    );
    expect(drop.statusCode).toBe(400);
    expect(body(drop).msg).toContain('易制爆危险化学品');
    const add = await update(
      id,
      productBody({
        regulation: { categories: ['precursor-3', 'explosive-precursor', 'hazardous'], ghs: null },
      }),
    );
    expect(add.statusCode, add.body).toBe(200);
    expect((await read(id)).regulation.categories).toEqual([
      'explosive-precursor',
      'precursor-3',
      'hazardous',
    ]);
  });
});

describe('importing a product looks its CAS up', () => {
  const upload = async (text: string) => {
    const form = multipart({}, { filename: 'p.csv', data: text });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/products/import',
      headers: { ...form.headers, ...staff() },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return body<ImportResult>(res).data;
  };
  const stored = (number: string) =>
    ctx.db
      .selectFrom('products')
      .select(['id', 'regulationCategory', 'regulationCategories', 'control', 'soluteCas'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow();

  it('sets both classes of 高锰酸钾 from its CAS alone, and a solute’s class', async () => {
    const result = await upload(
      [
        '货号,包装,中文名称,CAS号,溶质CAS号,市场价',
        `IM1,500g,高锰酸钾,${KMNO4},,20`,
        `IM2,1000μg/mL·1mL（丙酮）,克百威标准溶液,,1563-66-2,300`,
      ].join('\n'),
    );
    expect(result.failed).toEqual([]);
    const k = await stored('IM1');
    expect([k.regulationCategory, JSON.parse(k.regulationCategories)]).toEqual([
      'explosive-precursor',
      ['explosive-precursor', 'precursor-3'],
    ]);
    expect(k.control).toBe('易制爆危险化学品、易制毒化学品（第三类）');
    const c = await stored('IM2');
    expect([c.soluteCas, JSON.parse(c.regulationCategories)]).toEqual([
      '1563-66-2',
      ['highly-toxic'],
    ]);
  });

  it('keeps a lowering staff recorded in the form, and several classes in one cell', async () => {
    const id = await createOk(productBody({ name: '克百威', cas: '1563-66-2', number: 'IM3' }));
    const reason = '经核对目录备注栏，本品不属剧毒';
    const res = await update(
      id,
      productBody({
        name: '克百威',
        cas: '1563-66-2',
        number: 'IM3',
        regulation: { categories: ['hazardous'], ghs: null, reason },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = await upload(
      ['货号,包装,中文名称,CAS号,市场价,管控类别', 'IM3,500g,克百威,1563-66-2,20,危险化学品'].join(
        '\n',
      ),
    );
    expect(result.failed).toEqual([]);
    expect((await read(id)).regulation).toMatchObject({ categories: ['hazardous'], reason });
    const multi = await upload(
      [
        '货号,包装,中文名称,CAS号,市场价,管控类别',
        'IM4,500g,某试剂,,20,易制爆危险化学品|危险化学品',
      ].join('\n'),
    );
    expect(multi.failed).toEqual([]);
    expect(JSON.parse((await stored('IM4')).regulationCategories)).toEqual([
      'explosive-precursor',
      'hazardous',
    ]);
  });
});

describe('buying a product on two lists', () => {
  let kmno4: number;
  beforeAll(async () => {
    const id = await createOk(productBody({ name: '高锰酸钾', number: 'BUYKMNO4' }));
    const row = await ctx.db
      .selectFrom('materials')
      .select('id')
      .where('productId', '=', id)
      .executeTakeFirstOrThrow();
    kmno4 = row.id;
  });

  const buyer = async () => {
    const m = await createMember(ctx, { balanceFen: 10_000_000 });
    await ctx.db
      .updateTable('users')
      .set({ company: COMPANY })
      .where('id', '=', m.userId)
      .execute();
    return m;
  };
  const approve = async (m: Member, fields: Record<string, string>) => {
    const { payload, headers } = multipart(fields, { filename: 'doc.pdf', data: PDF });
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/user/qualifications',
      headers: { ...headers, ...auth(m) },
      payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/qualifications/${body<{ id: number }>(up).data.id}/review`,
      headers: { authorization: officer.token },
      payload: { approve: true, reason: '' },
    });
    expect(review.statusCode).toBe(200);
  };
  const order = async (m: Member, purpose?: string) => {
    await ctx.db.deleteFrom('cartItems').where('userId', '=', m.userId).execute();
    const cartId = await insertCartLine(ctx.db, m.userId, kmno4, 1);
    return ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody([cartId], {
        payType: PayType.BALANCE,
        ...(purpose === undefined ? {} : { purposes: [{ materialId: kmno4, purpose }] }),
      }),
    });
  };
  const check = async (m: Member) =>
    body<{ blocked: boolean; needs: string[]; needsPurpose: boolean }[]>(
      await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/user/qualifications/check',
        headers: auth(m),
        payload: { lines: [{ materialId: kmno4, quantity: 1 }] },
      }),
    ).data;

  it('refuses a buyer without a licence, naming both documents; sells with both and a use', async () => {
    const m = await buyer();
    const refused = await order(m, '水质分析');
    expect(refused.statusCode).toBe(400);
    const msg = body(refused).msg;
    expect(msg).toContain('高锰酸钾');
    expect(msg).toContain('个人不得购买');
    expect(msg).toContain('营业执照');
    expect(msg).toContain('备案证明');
    expect(await check(m)).toEqual([
      expect.objectContaining({
        blocked: true,
        needs: ['business-licence', 'precursor-record'],
        needsPurpose: true,
      }),
    ]);

    // The 第三类 备案证明 alone does not do: 易制爆 needs a unit's licence.
    await approve(m, {
      kind: 'precursor-record',
      number: 'BA-KMNO4',
      holder: COMPANY,
      validUntil: '2099-12-31',
      substances: JSON.stringify([{ cas: KMNO4, quantity: 5, unit: 'kg' }]),
    });
    const recordOnly = await order(m, '水质分析');
    expect(recordOnly.statusCode).toBe(400);
    expect(body(recordOnly).msg).toContain('营业执照');
    expect(body(recordOnly).msg).not.toContain('备案证明（');

    await approve(m, {
      kind: 'business-licence',
      number: '91110000MA00000009',
      holder: COMPANY,
      validUntil: '2099-12-31',
    });
    expect(await check(m)).toEqual([
      expect.objectContaining({ blocked: false, needs: [], needsPurpose: true }),
    ]);
    const noUse = await order(m);
    expect(noUse.statusCode).toBe(400);
    expect(body(noUse).msg).toContain('用途');
    const ok = await order(m, '水质分析');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('products stored before the lists', () => {
  it('get the listed classes at start, a recorded lowering kept, once', async () => {
    const old = await insertProduct(ctx.db, {
      name: '高锰酸钾',
      cas: KMNO4,
      regulationCategory: 'precursor-3',
      materials: [{ pack: '500g', userPrice: 4_000 }],
    });
    const pesticide = await insertProduct(ctx.db, {
      name: '甲拌磷',
      cas: '298-02-2',
      materials: [{ pack: '100mg', userPrice: 40_000 }],
    });
    const cleared = await insertProduct(ctx.db, {
      name: '涕灭威',
      cas: '116-06-3',
      materials: [{ pack: '100mg', userPrice: 40_000 }],
    });
    await ctx.db
      .updateTable('products')
      .set({ regulationCategories: '[]', regulationReason: '目录备注栏核对：非剧毒' })
      .where('id', '=', cleared.id)
      .execute();
    expect(await applyListClasses(ctx.db)).toBeGreaterThanOrEqual(2);
    const row = (id: number) =>
      ctx.db
        .selectFrom('products')
        .select(['regulationCategory', 'regulationCategories', 'control'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await row(old.id)).toMatchObject({
      regulationCategory: 'explosive-precursor',
      regulationCategories: JSON.stringify(['explosive-precursor', 'precursor-3']),
    });
    expect(await row(pesticide.id)).toMatchObject({
      regulationCategory: 'highly-toxic',
      control: '剧毒化学品',
    });
    expect((await row(cleared.id)).regulationCategory).toBeNull();
    expect(await applyListClasses(ctx.db)).toBe(0);
  });
});
