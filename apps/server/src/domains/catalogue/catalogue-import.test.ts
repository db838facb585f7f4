import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertCategory, insertStore } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { whileHolding } from '../../../test/fixtures/concurrency.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { moveStock } from '../stock/index.ts';

let ctx: TestContext;
/** Imports the catalogue with its stock columns: the operator's and the warehouse's roles. */
let importer: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  importer = await createStaff(ctx.db, ['operator', 'warehouse']);
  await insertStore(ctx.db, { name: '北京仓' });
  await insertStore(ctx.db, { name: '上海仓' });
  const top = await insertCategory(ctx.db, { title: '标准物质', pid: 0 });
  await insertCategory(ctx.db, { title: '食品添加剂', pid: top });
});
afterAll(() => ctx.close());

async function upload(file: Buffer | string, filename: string, dryRun?: boolean) {
  const form = multipart(dryRun === undefined ? {} : { dryRun: String(dryRun) }, {
    filename,
    data: file,
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/products/import',
    headers: { ...form.headers, authorization: importer.token },
    payload: form.payload,
  });
  return { res, result: body<ImportResult>(res).data };
}

async function search(key: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/products',
    payload: { key, page: 1, size: 20 },
  });
  return body<{ total: number; records: Array<{ number: string; materials: unknown[] }> }>(res)
    .data;
}

/** What an import wrote: created, updated, unchanged, failed. */
const counts = (r: ImportResult) => [r.created, r.updated, r.unchanged, r.failed.length];
/** What the rows would do; a dry run or a refused import wrote nothing. */
const planned = (r: ImportResult) => {
  expect([r.created, r.updated, r.unchanged]).toEqual([0, 0, 0]);
  return [r.wouldCreate, r.wouldUpdate, r.wouldLeaveUnchanged, r.failed.length];
};

const HEADER = '货号,包装,中文名称,英文名称,CAS号,品牌,分类,市场价,会员价,库存-北京仓,库存-上海仓';
const GOOD = [
  'IM1001,100mg,山梨酸钾,Potassium sorbate,24634-61-5,导入品牌,标准物质>食品添加剂,88.00,66.00,5,0',
  'IM1001,1g,山梨酸钾,Potassium sorbate,24634-61-5,导入品牌,标准物质>食品添加剂,300,,1,2',
  'IM1002,50mg,苯甲酸钠,Sodium benzoate,532-32-1,导入品牌,食品添加剂,120.5,99.9,0,3',
];
const BAD = [
  'IM1003,10mg,脱氢乙酸,,520-45-6,导入品牌,,12,10,1,1',
  'IM1004,10mg,错误CAS,,520-45-8,导入品牌,,12,10,1,1',
  'IM1005,10mg,价格有误,,,导入品牌,,十二元,10,1,1',
  'IM1006,10mg,分类有误,,,导入品牌,不存在的分类,12,10,1,1',
];
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n');

describe('catalogue import', () => {
  it('dry run reports row by row and writes nothing', async () => {
    const { res, result } = await upload(csv(...GOOD, ...BAD), 'catalogue.csv', true);
    expect(res.statusCode).toBe(200);
    expect(planned(result)).toEqual([4, 0, 0, 3]);
    expect(result.failed.map((f) => f.row)).toEqual([6, 7, 8]);
    expect(result.failed[0]?.msg).toContain('CAS');
    expect(result.failed[1]?.msg).toContain('价格');
    expect(result.failed[2]?.msg).toContain('分类不存在');
    expect(result.rows.map((r) => r.action)).toEqual([
      'created',
      'created',
      'created',
      'created',
      'failed',
      'failed',
      'failed',
    ]);
    expect(await ctx.db.selectFrom('products').select('id').execute()).toHaveLength(0);
  });

  it('a file with bad rows imports nothing at all', async () => {
    const { res, result } = await upload(csv(...GOOD, ...BAD), 'catalogue.csv');
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('未导入任何数据');
    expect(result.failed).toHaveLength(3);
    // Nothing was written, so nothing counts as created; the good rows would have been.
    expect(planned(result)).toEqual([4, 0, 0, 3]);
    expect(await ctx.db.selectFrom('products').select('id').execute()).toHaveLength(0);
  });

  it('imports good rows; the storefront finds them at once; twice changes nothing', async () => {
    const first = await upload(csv(...GOOD), 'catalogue.csv');
    expect(first.res.statusCode).toBe(200);
    expect(counts(first.result)).toEqual([3, 0, 0, 0]);
    expect(first.result).toMatchObject({ wouldCreate: 3, wouldUpdate: 0, wouldLeaveUnchanged: 0 });
    const found = await search('24634-61-5');
    expect(found.records.map((r) => [r.number, r.materials.length])).toEqual([['IM1001', 2]]);
    const packs = await ctx.db
      .selectFrom('materials as m')
      .innerJoin('products as p', 'p.id', 'm.productId')
      .select(['p.number', 'm.pack', 'm.price', 'm.userPrice'])
      .orderBy('m.id')
      .execute();
    expect(packs).toEqual([
      { number: 'IM1001', pack: '100mg', price: 8800, userPrice: 6600 },
      { number: 'IM1001', pack: '1g', price: 30000, userPrice: null },
      { number: 'IM1002', pack: '50mg', price: 12050, userPrice: 9990 },
    ]);

    const again = await upload(csv(...GOOD), 'catalogue.csv');
    expect(counts(again.result)).toEqual([0, 0, 3, 0]);
    const edited = await upload(
      csv(GOOD[0] ?? '', (GOOD[1] ?? '').replace(',300,', ',320,'), GOOD[2] ?? ''),
      'catalogue.csv',
    );
    expect(counts(edited.result)).toEqual([0, 1, 2, 0]);
    expect(edited.result.rows[1]).toEqual(
      expect.objectContaining({ number: 'IM1001', pack: '1g', action: 'updated' }),
    );
  });

  it('accepts the API field names as headers, keeping columns it does not name', async () => {
    const { result } = await upload(
      'number,pack,name,nameEn,cas,brandName,price,userPrice\nIM1002,50mg,苯甲酸钠,Sodium benzoate,532-32-1,导入品牌,130,99.9\n',
      'api.csv',
    );
    expect(counts(result)).toEqual([0, 1, 0, 0]);
    const row = await ctx.db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.categoryId')
      .select(['c.title'])
      .where('p.number', '=', 'IM1002')
      .executeTakeFirst();
    expect(row?.title).toBe('食品添加剂');
  });

  it('export then import is a round trip that changes nothing, in CSV and XLSX', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/products/export?format=${format}`,
        headers: { authorization: importer.token },
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-disposition']).toContain(`.${format}`);
      const { result } = await upload(exported.rawPayload, `export.${format}`);
      expect(counts(result), format).toEqual([0, 0, 3, 0]);
    }
  });

  it('imports a small XLSX with Chinese headers', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('商品');
    ws.addRow(['货号', '包装', '中文名称', 'CAS号', '市场价', '会员价', '库存-上海仓', '新品']);
    ws.addRow(['IM2001', '25mg', '丙酸钙', '4075-81-4', 45.5, '', 4, '是']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const { res, result } = await upload(data, 'small.xlsx');
    expect(res.statusCode).toBe(200);
    expect(counts(result)).toEqual([1, 0, 0, 0]);
    const found = await search('丙酸钙');
    expect(found.records.map((r) => r.number)).toEqual(['IM2001']);
  });

  it('imports a file larger than the JSON body limit', async () => {
    const long = 'reference standard solution in methanol '.repeat(3);
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `BIG${i},10mg,大文件导入${i},${long}${i},12.5`,
    );
    const file = ['货号,包装,中文名称,英文名称,市场价', ...rows].join('\n');
    expect(file.length).toBeGreaterThan(300 * 1024);
    const { res, result } = await upload(file, 'big.csv');
    expect(res.statusCode).toBe(200);
    expect(counts(result)).toEqual([3000, 0, 0, 0]);
    expect((await search('BIG2999')).records.map((r) => r.number)).toEqual(['BIG2999']);
  });

  it('refuses a file it cannot read with a Chinese message', async () => {
    const unknownColumn = await upload('货号,包装,颜色\nA,1g,红\n', 'x.csv');
    expect(unknownColumn.res.statusCode).toBe(400);
    expect(body(unknownColumn.res).msg).toContain('无法识别的列');
    const noPack = await upload('货号,中文名称\nA,甲\n', 'x.csv');
    expect(body(noPack.res).msg).toContain('缺少必填列');
    const badXlsx = await upload('not a zip', 'x.xlsx');
    expect(badXlsx.res.statusCode).toBe(400);
  });

  it('serves a template with an example row and a description sheet', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/products/template?format=xlsx',
      headers: { authorization: importer.token },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['商品', '填写说明']);
    expect(wb.worksheets[0]?.getRow(1).getCell(1).value).toBe('货号');
    expect(wb.worksheets[0]?.rowCount).toBe(2);
    const dry = await upload(res.rawPayload, 'template.xlsx', true);
    expect(planned(dry.result)).toEqual([1, 0, 0, 0]);
  });
});

describe('streamed import progress (Accept: application/x-ndjson)', () => {
  interface Line {
    type: 'progress' | 'result';
    phase?: string;
    processed?: number;
    total?: number;
    status?: number;
    code?: number;
    msg?: string;
    data?: ImportResult | null;
  }

  async function streamed(file: string, dryRun: boolean, key?: string) {
    const form = multipart({ dryRun: String(dryRun) }, { filename: 'big.csv', data: file });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/products/import',
      headers: {
        ...form.headers,
        authorization: importer.token,
        accept: 'application/x-ndjson',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: form.payload,
    });
    return {
      res,
      lines: res.payload
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Line),
    };
  }
  const progressOf = (lines: Line[], phase: string) =>
    lines.filter((l) => l.type === 'progress' && l.phase === phase).map((l) => l.processed);
  const rowsOf = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => `${prefix}${i},10mg,进度测试品${i},,,,,10,8,1,0`);
  const productCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a dry run reports the rows checked, then the same report as the JSON answer', async () => {
    const before = await productCount();
    const { res, lines } = await streamed(csv(...rowsOf(250, 'PG')), true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(progressOf(lines, 'check')).toEqual([100, 200, 250]);
    expect(progressOf(lines, 'write')).toEqual([]);
    expect(lines.every((l) => l.type === 'result' || l.total === 250)).toBe(true);
    const last = lines.at(-1);
    expect(last).toMatchObject({ type: 'result', status: 200, code: 0 });
    expect(last?.data && planned(last.data)).toEqual([250, 0, 0, 0]);
    expect(await productCount()).toBe(before);
  });

  it('an import reports rows checked, then written, then the index; a retry gets the same report', async () => {
    const before = await productCount();
    const file = csv(...rowsOf(250, 'PW'));
    const key = 'stream-import-0001';
    const { lines } = await streamed(file, false, key);
    expect(progressOf(lines, 'check')).toEqual([100, 200, 250]);
    expect(progressOf(lines, 'write')).toEqual([100, 200, 250]);
    expect(progressOf(lines, 'index')).toEqual([250]);
    const last = lines.at(-1);
    expect(last).toMatchObject({ type: 'result', status: 200, code: 0, msg: '导入完成' });
    expect(last?.data && counts(last.data)).toEqual([250, 0, 0, 0]);
    expect(await productCount()).toBe(before + 250);
    expect((await search('PW249')).total).toBe(1);

    // The key kept the envelope: a retry is answered from it, without running again.
    const retry = await streamed(file, false, key);
    expect(retry.res.headers['idempotent-replayed']).toBe('true');
    const { type: _t, status: _s, ...envelope } = last ?? {};
    expect(JSON.parse(retry.res.payload)).toEqual(envelope);
    expect(await productCount()).toBe(before + 250);
  });

  it('a file with a bad row ends with the 400 report and writes nothing', async () => {
    const before = await productCount();
    const { lines } = await streamed(csv(...rowsOf(150, 'PB'), BAD[1] ?? ''), false);
    expect(progressOf(lines, 'write')).toEqual([]);
    const last = lines.at(-1);
    expect(last).toMatchObject({ type: 'result', status: 400, code: 1 });
    expect(last?.msg).toBe('有 1 行数据有误，未导入任何数据');
    expect(last?.data?.failed.map((f) => f.row)).toEqual([152]);
    expect(last?.data && planned(last.data)).toEqual([150, 0, 0, 1]);
    expect(await productCount()).toBe(before);

    const empty = await streamed(HEADER, false);
    expect(empty.lines).toEqual([
      { type: 'result', status: 400, code: 1, msg: '文件中没有数据行', data: null },
    ]);
  });
});

// Last: its product would change what the tests above count.
describe('stock counts from a sheet', () => {
  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'refuses a count that a movement committed during the import would change (PostgreSQL)',
    async () => {
      const row = 'IM1007,10mg,山梨酸,Sorbic acid,110-44-1,导入品牌,食品添加剂,30,,%s,0';
      expect((await upload(csv(row.replace('%s', '6')), 'catalogue.csv')).res.statusCode).toBe(200);
      const stock = () =>
        ctx.db
          .selectFrom('materialStocks as s')
          .innerJoin('materials as m', 'm.id', 's.materialId')
          .innerJoin('products as p', 'p.id', 'm.productId')
          .innerJoin('stores as st', 'st.id', 's.storeId')
          .select(['s.materialId', 's.storeId', 's.count'])
          .where('p.number', '=', 'IM1007')
          .where('st.name', '=', '北京仓')
          .executeTakeFirstOrThrow();
      const before = await stock();
      // The sheet sets 8 while 2 are written off: the import would leave 6, not the sheet's 8.
      const { res } = await whileHolding(
        ctx.db,
        async (trx) => {
          await moveStock(trx, {
            materialId: before.materialId,
            storeId: before.storeId,
            change: -2,
            reason: 'damaged',
            createdAt: Date.now(),
          });
        },
        () => upload(csv(row.replace('%s', '8')), 'catalogue.csv'),
      );
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBe('货号 IM1007 的 10mg 库存在导入期间已变化，请重新导入');
      expect((await stock()).count).toBe(4);
      // Imported again, the sheet's count is set.
      expect((await upload(csv(row.replace('%s', '8')), 'catalogue.csv')).res.statusCode).toBe(200);
      expect((await stock()).count).toBe(8);
    },
  );
});

describe('shipping columns (docs/shipping.md)', () => {
  const SHIP = '货号,包装,中文名称,运输类别,UN编号,危险类别,货期';
  const packs = () =>
    ctx.db
      .selectFrom('materials as m')
      .innerJoin('products as p', 'p.id', 'm.productId')
      .select(['p.number', 'm.pack', 'm.shippingClass', 'm.unNumber', 'm.hazardClass'])
      .select('m.leadTimeDays')
      .where('p.number', 'in', ['IM3001', 'IM3002'])
      .orderBy('m.id')
      .execute();

  it('reads the class, UN number, hazard class and lead time of each pack', async () => {
    const file = [
      SHIP,
      'IM3001,500mL,乙醚,危险品,un1155,3,',
      'IM3002,1mL,雌二醇标准溶液,冷冻（-20 °C，干冰）,,,14',
      'IM3002,5mL,雌二醇标准溶液,cold,,,',
    ].join('\n');
    const { res, result } = await upload(file, 'ship.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(counts(result)).toEqual([3, 0, 0, 0]);
    expect(await packs()).toEqual([
      {
        number: 'IM3001',
        pack: '500mL',
        shippingClass: 'dangerous',
        unNumber: 'UN1155',
        hazardClass: '3',
        leadTimeDays: null,
      },
      {
        number: 'IM3002',
        pack: '1mL',
        shippingClass: 'frozen',
        unNumber: '',
        hazardClass: '',
        leadTimeDays: 14,
      },
      {
        number: 'IM3002',
        pack: '5mL',
        shippingClass: 'cold',
        unNumber: '',
        hazardClass: '',
        leadTimeDays: null,
      },
    ]);
    // The same file again changes nothing; a sheet without the columns keeps them.
    expect(counts((await upload(file, 'ship.csv')).result)).toEqual([0, 0, 3, 0]);
    const plain = ['货号,包装,中文名称', 'IM3001,500mL,乙醚'].join('\n');
    expect(counts((await upload(plain, 'plain.csv')).result)).toEqual([0, 0, 1, 0]);
    expect((await packs())[0]).toMatchObject({ shippingClass: 'dangerous', unNumber: 'UN1155' });
  });

  it('refuses, in Chinese and writing nothing, a dangerous pack without its numbers or a bad cell', async () => {
    const { res, result } = await upload(
      [
        SHIP,
        'IM3001,500mL,乙醚,危险品,,,',
        'IM3002,1mL,雌二醇标准溶液,深冷,,,',
        'IM3002,5mL,雌二醇标准溶液,普通,UN11,,',
        'IM3002,10mL,雌二醇标准溶液,普通,,,0',
      ].join('\n'),
      'ship.csv',
    );
    expect(res.statusCode).toBe(400);
    expect(result.failed.map((f) => f.msg)).toEqual([
      '危险品须填写UN编号：UN 编号格式应为 UN 加四位数字，如 UN1155',
      '运输类别有误：深冷，应为普通、危险品、冷藏或冷冻',
      'UN 编号格式应为 UN 加四位数字，如 UN1155',
      '货期应为 1-365 天的整数',
    ]);
    expect(await packs()).toHaveLength(3);
    expect((await packs())[1]).toMatchObject({ shippingClass: 'frozen', leadTimeDays: 14 });
  });

  it('a pack made normal loses its UN number and hazard class; the export writes the columns', async () => {
    const { result } = await upload(
      [SHIP, 'IM3001,500mL,乙醚,普通,UN1155,3,'].join('\n'),
      'ship.csv',
    );
    expect(counts(result)).toEqual([0, 1, 0, 0]);
    expect((await packs())[0]).toMatchObject({
      shippingClass: 'normal',
      unNumber: '',
      hazardClass: '',
    });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/products/export?format=csv',
      headers: { authorization: importer.token },
    });
    const lines = exported.body.split(/\r?\n/);
    const header = lines[0]!.replace(/^\uFEFF/, '').split(',');
    const row = lines.find((l) => l.startsWith('IM3002,1mL'))!.split(',');
    const cell = (h: string) => row[header.indexOf(h)];
    expect([cell('运输类别'), cell('UN编号'), cell('危险类别'), cell('货期')]).toEqual([
      '冷冻',
      '',
      '',
      '14',
    ]);
  });
});
