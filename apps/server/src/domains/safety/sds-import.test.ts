import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import type { SdsImportResult } from '@labshop/shared/schemas';
import { sheetOfName } from './sds-import.ts';

let ctx: TestContext;
let operator: StaffMember;
const ids: Record<string, number> = {};
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const REVISED = String(Date.UTC(2025, 5, 1));

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await createStaff(ctx.db, ['operator']);
  for (const number of ['IMP-1', 'IMP-2', 'IMP-4', 'IMP-5']) {
    ids[number] = (await insertProduct(ctx.db, { name: `产品${number}`, number })).id;
  }
});
afterAll(() => ctx.close());

async function zipOf(entries: Record<string, Buffer>) {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(entries)) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function send(
  data: Buffer,
  fields = { version: '2025.1', revisedAt: REVISED },
  who = operator,
) {
  const form = multipart(fields, { filename: 'sds.zip', data });
  return ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/products/sds/import',
    headers: { ...form.headers, authorization: who.token },
    payload: form.payload,
  });
}

const sheets = () =>
  ctx.db
    .selectFrom('safetyDataSheets')
    .select(['productId', 'language', 'version'])
    .orderBy('id')
    .execute();

describe('the SDS zip upload', () => {
  it('reads the item number and language from each file name', () => {
    expect(sheetOfName('YF1001.pdf')).toEqual({ number: 'YF1001', language: 'zh' });
    expect(sheetOfName('目录/YF1001-en.PDF')).toEqual({ number: 'YF1001', language: 'en' });
    expect(sheetOfName('YF-10-01-en.pdf')).toEqual({ number: 'YF-10-01', language: 'en' });
    expect(sheetOfName('YF1001.docx')).toHaveProperty('error');
    expect(sheetOfName('.pdf')).toHaveProperty('error');
  });

  it('stores every good file by its item number and reports each other one with its reason', async () => {
    const res = await send(
      await zipOf({
        'IMP-1.pdf': pdf('one zh'),
        'IMP-1-en.pdf': pdf('one en'),
        '说明书/IMP-2.pdf': pdf('two'),
        'IMP-2.pdf': pdf('two again'),
        'NOPE.pdf': pdf('nobody'),
        'IMP-4.txt': pdf('bad name'),
        'IMP-5.pdf': Buffer.from('PK not a pdf at all'),
        '__MACOSX/._IMP-1.pdf': Buffer.from('apple double'),
      }),
    );
    expect(res.statusCode).toBe(200);
    const result = body<SdsImportResult>(res);
    expect(result.msg).toBe('已上传 3 份，4 个文件未上传');
    expect(result.data.imported.map((i) => [i.file, i.number, i.language])).toEqual([
      ['IMP-1.pdf', 'IMP-1', 'zh'],
      ['IMP-1-en.pdf', 'IMP-1', 'en'],
      ['说明书/IMP-2.pdf', 'IMP-2', 'zh'],
    ]);
    expect(result.data.failed).toEqual([
      { file: 'IMP-2.pdf', msg: '压缩包内有同一货号、同一语言的另一个文件' },
      { file: 'NOPE.pdf', msg: '货号不存在：NOPE' },
      { file: 'IMP-4.txt', msg: '文件名须为“货号.pdf”（中文）或“货号-en.pdf”（英文）' },
      { file: 'IMP-5.pdf', msg: '安全技术说明书须为 PDF 文件' },
    ]);
    expect(await sheets()).toEqual([
      { productId: ids['IMP-1'], language: 'zh', version: '2025.1' },
      { productId: ids['IMP-1'], language: 'en', version: '2025.1' },
      { productId: ids['IMP-2'], language: 'zh', version: '2025.1' },
    ]);
    // The refused PDF left no file: one stored file per row.
    const stored: string[] = [];
    for await (const f of ctx.app.files.list('private/sds/')) stored.push(f.key);
    expect(stored).toHaveLength(3);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/client/v1/products/${ids['IMP-2']}/sds/zh/2025.1`,
    });
    expect(download.rawPayload.toString()).toContain('two');
  });

  it('stores no version twice and no file beyond one sheet’s limit', async () => {
    const res = await send(
      await zipOf({
        'IMP-1.pdf': pdf('one zh again'),
        'IMP-4.pdf': Buffer.concat([pdf('huge'), Buffer.alloc(21 * 1024 * 1024)]),
      }),
    );
    expect(body<SdsImportResult>(res).data.failed).toEqual([
      { file: 'IMP-1.pdf', msg: '中文安全技术说明书 2025.1 版已上传，新版本请使用新的版本号' },
      { file: 'IMP-4.pdf', msg: '文件过大，单个文件最大 20 MB' },
    ]);
    expect(await sheets()).toHaveLength(3);
  });

  it('refuses what is no zip, a missing version, and staff without the catalogue permission', async () => {
    const before = await sheets();
    const notZip = await send(pdf('just a pdf'));
    expect(notZip.statusCode).toBe(400);
    expect(body(notZip).msg).toBe('请上传 ZIP 压缩包（内含以货号命名的 PDF 文件）');
    const zip = await zipOf({ 'IMP-5.pdf': pdf('five') });
    const noVersion = await send(zip, { version: '', revisedAt: REVISED });
    expect(body(noVersion).msg).toBe('请输入版本号');
    const warehouse = await createStaff(ctx.db, ['warehouse']);
    expect((await send(zip, undefined, warehouse)).statusCode).toBe(403);
    expect(await sheets()).toEqual(before);
  });
});
