import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';

let ctx: TestContext;
let operator: StaffMember;
let warehouse: StaffMember;
let ether: { id: number; materialIds: number[] };
let hidden: { id: number; materialIds: number[] };
let plain: { id: number; materialIds: number[] };

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const DAY = 24 * 60 * 60 * 1000;
const REVISED = Date.UTC(2025, 2, 1);

const ETHER_GHS = JSON.stringify({
  pictograms: ['GHS02', 'GHS07'],
  signalWord: '危险',
  hazardStatements: ['H224', 'H302', 'H336', 'EUH019', 'EUH066'],
});

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator'], '运营小王');
  warehouse = await createStaff(ctx.db, ['warehouse']);
  ether = await insertProduct(ctx.db, {
    name: '乙醚',
    nameEn: 'Diethyl ether',
    cas: '60-29-7',
    number: 'SDS-ETHER',
    regulationCategory: 'precursor-2',
    regulationCategories: '["precursor-2"]',
    ghs: ETHER_GHS,
    materials: [{ pack: '500mL' }],
  });
  hidden = await insertProduct(ctx.db, {
    name: '下架的乙腈',
    number: 'SDS-HIDDEN',
    ghs: ETHER_GHS,
    onSale: 0,
    materials: [{ pack: '4L' }],
  });
  plain = await insertProduct(ctx.db, {
    name: '移液器吸头',
    number: 'SDS-PLAIN',
    materials: [{ pack: '96支' }],
  });
  await ctx.db
    .insertInto('settings')
    .values({
      key: 'company',
      value: JSON.stringify({
        name: '测试标准物质公司',
        address: '北京市海淀区测试路 1 号',
        tel: '010-1',
      }),
    })
    .execute();
});
afterAll(() => ctx.close());

function upload(
  productId: number,
  fields: Record<string, string>,
  file: Buffer | undefined,
  who: StaffMember | null = operator,
) {
  const form = multipart(fields, file && { filename: 'sds.pdf', data: file });
  return ctx.app.inject({
    method: 'POST',
    url: `/manage/v1/products/${productId}/sds`,
    headers: { ...form.headers, ...(who ? { authorization: who.token } : {}) },
    payload: form.payload,
  });
}

const zh = (version: string, revisedAt = REVISED) => ({
  language: 'zh',
  version,
  revisedAt: String(revisedAt),
});

const get = (url: string, who?: StaffMember) =>
  ctx.app.inject({ method: 'GET', url, headers: who ? { authorization: who.token } : {} });

async function rowsOf(productId: number) {
  return ctx.db
    .selectFrom('safetyDataSheets')
    .select(['language', 'version'])
    .where('productId', '=', productId)
    .orderBy('id')
    .execute();
}

describe('safety data sheets', () => {
  it('an uploaded sheet is listed publicly, on the product page, and downloads as uploaded', async () => {
    const res = await upload(ether.id, zh('1.0'), pdf('first'));
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toBe('安全技术说明书已上传');

    const listed = body<Array<{ language: string; version: string; url: string }>>(
      await get(`/client/v1/products/${ether.id}/sds`),
    ).data;
    expect(listed).toEqual([
      {
        language: 'zh',
        version: '1.0',
        revisedAt: REVISED,
        url: `/client/v1/products/${ether.id}/sds/zh/1.0`,
      },
    ]);
    const detail = body<{ sds: unknown }>(await get(`/client/v1/products/${ether.id}`)).data;
    expect(detail.sds).toEqual(listed);

    const file = await get(listed[0]?.url ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.toString()).toContain('first');
  });

  it('a new version supersedes the old one, which stays downloadable by its version', async () => {
    expect((await upload(ether.id, zh('2.0', REVISED + DAY), pdf('second'))).statusCode).toBe(200);
    const en = await upload(ether.id, { ...zh('2.0'), language: 'en' }, pdf('english'));
    expect(en.statusCode).toBe(200);

    const listed = body<Array<{ language: string; version: string }>>(
      await get(`/client/v1/products/${ether.id}/sds`),
    ).data;
    expect(listed.map((s) => [s.language, s.version])).toEqual([
      ['zh', '2.0'],
      ['en', '2.0'],
    ]);
    const old = await get(`/client/v1/products/${ether.id}/sds/zh/1.0`);
    expect(old.rawPayload.toString()).toContain('first');
    expect(
      (await get(`/client/v1/products/${ether.id}/sds/zh/2.0`)).rawPayload.toString(),
    ).toContain('second');

    const versions = body<
      Array<{ language: string; version: string; current: boolean; staffName: string }>
    >(await get(`/manage/v1/products/${ether.id}/sds`, operator)).data;
    expect(versions.map((v) => [v.language, v.version, v.current, v.staffName])).toEqual([
      ['zh', '2.0', true, '运营小王'],
      ['zh', '1.0', false, '运营小王'],
      ['en', '2.0', true, '运营小王'],
    ]);
  });

  it('stores a version once, also when it is sent several times at once', async () => {
    const again = await upload(ether.id, zh('2.0', REVISED + DAY), pdf('again'));
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe('中文安全技术说明书 2.0 版已上传，新版本请使用新的版本号');

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(ether.id, zh('3.0', REVISED + 2 * DAY), pdf('third'))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const third = (await rowsOf(ether.id)).filter((r) => r.version === '3.0');
    expect(third).toHaveLength(1);
    // The refused uploads left no file behind: one stored file per row.
    const stored: string[] = [];
    for await (const f of ctx.app.files.list('private/sds/')) stored.push(f.key);
    expect(stored).toHaveLength(
      (await ctx.db.selectFrom('safetyDataSheets').select('id').execute()).length,
    );
  });

  it('refuses what is not a PDF, a bad version, language or date, and changes nothing', async () => {
    const before = await rowsOf(ether.id);
    const cases: Array<[Record<string, string>, Buffer | undefined, string]> = [
      [
        zh('4.0', REVISED + 3 * DAY),
        Buffer.from('<html>not a pdf</html>'),
        '安全技术说明书须为 PDF 文件',
      ],
      [zh('4.0', REVISED + 3 * DAY), undefined, '请选择安全技术说明书文件（PDF）'],
      [zh('4/0'), pdf('x'), '版本号须为 1-20 位字母、数字、点、短横线或下划线'],
      [{ ...zh('4.0'), language: 'fr' }, pdf('x'), '语言只能是 zh（中文）或 en（英文）'],
      [zh('4.0', Date.now() + 3 * DAY), pdf('x'), '修订日期不能晚于今天'],
      [zh('4.0', REVISED), pdf('x'), '修订日期早于当前版本（3.0 版），请确认是否为新版本'],
    ];
    for (const [fields, file, msg] of cases) {
      const res = await upload(ether.id, fields, file);
      expect(res.statusCode, msg).toBe(400);
      expect(body(res).msg).toBe(msg);
    }
    expect(await rowsOf(ether.id)).toEqual(before);
  });

  it('lets only catalogue staff upload and list versions', async () => {
    const denied = await upload(ether.id, zh('9.0', REVISED + 9 * DAY), pdf('x'), warehouse);
    expect(denied.statusCode).toBe(403);
    expect((await upload(ether.id, zh('9.0'), pdf('x'), null)).statusCode).toBe(401);
    expect((await get(`/manage/v1/products/${ether.id}/sds`, warehouse)).statusCode).toBe(403);
    expect((await get(`/manage/v1/products/${ether.id}/sds`)).statusCode).toBe(401);
    expect((await rowsOf(ether.id)).some((r) => r.version === '9.0')).toBe(false);
  });

  it('shows nothing of a product the storefront does not show, and no version under another product', async () => {
    expect((await upload(hidden.id, zh('1.0'), pdf('hidden'))).statusCode).toBe(200);
    expect((await get(`/client/v1/products/${hidden.id}/sds`)).statusCode).toBe(404);
    expect((await get(`/client/v1/products/${hidden.id}/sds/zh/1.0`)).statusCode).toBe(404);
    const staffCopy = await get(`/manage/v1/products/${hidden.id}/sds/zh/1.0`, operator);
    expect(staffCopy.rawPayload.toString()).toContain('hidden');
    // Ether's version 1.0 asked for under another product's id: that product has none.
    expect((await get(`/client/v1/products/${plain.id}/sds/zh/1.0`)).statusCode).toBe(404);
    expect(body<unknown[]>(await get(`/client/v1/products/${plain.id}/sds`)).data).toEqual([]);
    expect((await get(`/client/v1/products/999999/sds`)).statusCode).toBe(404);
  });
});

describe('the GB 15258 label', () => {
  const labelUrl = (productId: number, materialId: number | undefined, lot = 'L2501') =>
    `/manage/v1/products/${productId}/label?materialId=${materialId ?? 0}&lotNumber=${lot}`;

  it('is refused until the 24-hour emergency phone is set, then printed for the warehouse', async () => {
    const early = await get(labelUrl(ether.id, ether.materialIds[0]), warehouse);
    expect(early.statusCode).toBe(400);
    expect(body(early).msg).toBe('请先在站点设置 > 安全标签中填写 24 小时应急咨询电话');

    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/manage/v1/settings/emergency-phone',
      headers: { authorization: operator.token },
      payload: { phone: '请拨打' },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/manage/v1/settings/emergency-phone',
      headers: { authorization: operator.token },
      payload: { phone: '0532-83889090' },
    });
    expect(saved.statusCode).toBe(200);
    expect(body(await get('/manage/v1/settings/emergency-phone', operator)).data).toEqual({
      phone: '0532-83889090',
    });

    const label = await get(labelUrl(ether.id, ether.materialIds[0]), warehouse);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('asks for a pack of the product, a GHS label, and the deliveries permission', async () => {
    expect((await get(labelUrl(ether.id, hidden.materialIds[0]), warehouse)).statusCode).toBe(404);
    const none = await get(labelUrl(plain.id, plain.materialIds[0]), warehouse);
    expect(body(none).msg).toBe(
      '移液器吸头没有 GHS 标签要素（象形图、危险性说明），请先在商品资料中填写',
    );
    expect((await get(labelUrl(ether.id, ether.materialIds[0], ''), warehouse)).statusCode).toBe(
      400,
    );
    const compliance = await createStaff(ctx.db, ['compliance']);
    expect((await get(labelUrl(ether.id, ether.materialIds[0]), compliance)).statusCode).toBe(403);
  });
});
