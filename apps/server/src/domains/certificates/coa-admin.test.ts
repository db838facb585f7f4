import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { publicKey, readWhole } from '../../lib/file-store/index.ts';

let ctx: TestContext;
let operator: StaffMember;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
  await insertProduct(ctx.db, { number: 'CO1001', name: '苯甲酸' });
});
afterAll(() => ctx.close());

function upload(fields: Record<string, string>, file: { filename: string; data: Buffer }) {
  const form = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/coa',
    headers: { ...form.headers, authorization: operator.token },
    payload: form.payload,
  });
}

const lookup = (productNumber: string, lotNumber: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/yifanglab-client/v1/coa',
    payload: { productNumber, lotNumber },
  });

describe('certificates of analysis', () => {
  it('an uploaded certificate is found by the storefront lookup at once', async () => {
    const res = await upload(
      { productNumber: 'CO1001', lotNumber: 'L2401', expire: '2028-01-31' },
      { filename: 'cert.pdf', data: pdf('first') },
    );
    expect(res.statusCode).toBe(200);
    const found = body<Array<{ name: string; expire: string; url: string }>>(
      await lookup('CO1001', 'L2401'),
    ).data;
    expect(found.map(({ name, expire }) => ({ name, expire }))).toEqual([
      { name: '苯甲酸 分析证书（批号 L2401）', expire: '2028-01-31' },
    ]);
    expect(found[0]?.url).not.toBe('');
    const [record] = await ctx.db.selectFrom('coaRecords').select('file').execute();
    const stored = await readWhole(ctx.app.files, publicKey(record?.file ?? ''), 1024);
    expect(stored?.toString()).toContain('first');
  });

  it('reads the lot from the file name and replaces the file of a known lot', async () => {
    const res = await upload(
      { expire: '2029-05-01' },
      { filename: 'CO1001-L2402.pdf', data: pdf('a') },
    );
    expect(res.statusCode).toBe(200);
    expect(body<unknown[]>(await lookup('CO1001', 'L2402')).data).toHaveLength(1);

    const [before] = await ctx.db
      .selectFrom('coaRecords')
      .select(['id', 'file'])
      .where('lotNumber', '=', 'L2402')
      .execute();
    const again = await upload(
      { expire: '2030-01-01' },
      { filename: 'CO1001-L2402.pdf', data: pdf('b') },
    );
    expect(body<{ id: number }>(again).data.id).toBe(before?.id);
    const [after] = await ctx.db
      .selectFrom('coaRecords')
      .select(['file', 'expire'])
      .where('lotNumber', '=', 'L2402')
      .execute();
    expect(after?.expire).toBe('2030-01-01');
    expect(await ctx.app.files.stat(publicKey(before?.file ?? ''))).toBeNull();
  });

  it('refuses a file that is not a PDF, an unknown item and a bad date', async () => {
    const notPdf = await upload(
      { productNumber: 'CO1001', lotNumber: 'L1', expire: '2028-01-01' },
      { filename: 'x.pdf', data: Buffer.from('<html>') },
    );
    expect(body(notPdf).msg).toBe('证书文件须为 PDF');
    const unknown = await upload(
      { productNumber: 'NOPE', lotNumber: 'L1', expire: '2028-01-01' },
      { filename: 'x.pdf', data: pdf('x') },
    );
    expect(body(unknown).msg).toContain('货号不存在');
    const badDate = await upload(
      { productNumber: 'CO1001', lotNumber: 'L1', expire: '明年' },
      { filename: 'x.pdf', data: pdf('x') },
    );
    expect(badDate.statusCode).toBe(400);
    expect(body<unknown[]>(await lookup('CO1001', 'L1')).data).toHaveLength(0);
  });

  it('lists, replaces and deletes; a deleted certificate is no longer found', async () => {
    const list = body<{ records: Array<{ id: number; lotNumber: string }> }>(
      await ctx.app.inject({
        method: 'GET',
        url: '/manage/v1/coa?productNumber=CO1001',
        headers: { authorization: operator.token },
      }),
    ).data.records;
    expect(list.map((r) => r.lotNumber).sort()).toEqual(['L2401', 'L2402']);
    const id = list.find((r) => r.lotNumber === 'L2401')?.id;
    const form = multipart({ expire: '2031-12-31' }, { filename: 'new.pdf', data: pdf('new') });
    const replaced = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/coa/${id}`,
      headers: { ...form.headers, authorization: operator.token },
      payload: form.payload,
    });
    expect(replaced.statusCode).toBe(200);
    expect(body<Array<{ expire: string }>>(await lookup('CO1001', 'L2401')).data[0]?.expire).toBe(
      '2031-12-31',
    );
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/manage/v1/coa/${id}`,
      headers: { authorization: operator.token },
    });
    expect(deleted.statusCode).toBe(200);
    expect(body<unknown[]>(await lookup('CO1001', 'L2401')).data).toHaveLength(0);
  });
});
