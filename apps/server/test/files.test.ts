import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CoaRecord } from '@labshop/shared/schemas';
import { buildApp, type App } from '../src/app.ts';
import { privateKey, publicKey } from '../src/lib/file-store/index.ts';
import { createMember, type Member } from './fixtures/account.ts';
import { insertProduct } from './fixtures/catalogue.ts';
import { createStaff, type StaffMember } from './fixtures/manage.ts';
import { multipart } from './fixtures/multipart.ts';
import { body, createTestContext, type TestContext } from './helpers.ts';

// Files through the one file store (docs/architecture.md, "Files"): what is uploaded is served
// back, by another instance too when the store is shared, and a file the store lacks answers 404
// 文件不存在, never 500. Runs on SQLite (DATA_DIR) and, with TEST_DATABASE_URL, PostgreSQL (the
// database's own store).

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A 2 × 2 PNG header: enough for the type and size checks of a picture upload. */
const PNG = (() => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(2, 16);
  b.writeUInt32BE(2, 20);
  return b;
})();

let ctx: TestContext;
let member: Member;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
  staff = await createStaff(ctx.db, ['admin']);
  await insertProduct(ctx.db, { number: 'FS1001', name: '苯甲酸' });
});
afterAll(() => ctx.close());

const post = (
  app: App,
  url: string,
  token: string,
  fields: Record<string, string>,
  data: Buffer,
  filename: string,
) => {
  const { payload, headers } = multipart(fields, { filename, data });
  return app.inject({
    method: 'POST',
    url,
    headers: { ...headers, authorization: token },
    payload,
  });
};

async function uploadPicture(app: App): Promise<string> {
  const res = await post(app, '/manage/v1/products/images', staff.token, {}, PNG, 'a.png');
  expect(res.statusCode, res.body).toBe(200);
  return body<{ url: string }>(res).data.url;
}

async function uploadCertificate(app: App, lotNumber: string): Promise<void> {
  const res = await post(
    app,
    '/manage/v1/coa',
    staff.token,
    { productNumber: 'FS1001', lotNumber, expire: '2030-01-31' },
    PDF,
    'cert.pdf',
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function certificateLink(app: App, lotNumber: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/yifanglab-client/v1/coa',
    payload: { productNumber: 'FS1001', lotNumber },
  });
  const [record] = body<CoaRecord[]>(res).data;
  expect(record?.url).toBeTruthy();
  return record!.url;
}

async function uploadLicence(app: App): Promise<number> {
  const res = await post(
    app,
    '/client/v1/user/qualifications',
    member.token,
    {
      kind: 'business-licence',
      number: '91110000MA00000001',
      holder: '北京测试有限公司',
      validUntil: '2099-12-31',
    },
    PDF,
    'licence.pdf',
  );
  expect(res.statusCode, res.body).toBe(200);
  return body<{ id: number }>(res).data.id;
}

const get = (app: App, url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });

describe('files uploaded and served back', () => {
  it('serves an uploaded picture at its URL with its type, and a 304 to a revalidation', async () => {
    const url = await uploadPicture(ctx.app);
    const res = await get(ctx.app, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers HEAD from what the store records, without reading the bytes', async () => {
    const url = await uploadPicture(ctx.app);
    const read = vi.spyOn(ctx.app.files, 'get');
    try {
      const res = await ctx.app.inject({ method: 'HEAD', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe(String(PNG.length));
      expect(res.headers.etag).toBe((await get(ctx.app, url)).headers.etag);
      expect(res.rawPayload.length).toBe(0);
      expect(read).toHaveBeenCalledTimes(1); // the GET above, never the HEAD
      const missing = await ctx.app.inject({ method: 'HEAD', url: '/files/none/missing.png' });
      expect(missing.statusCode).toBe(404);
    } finally {
      read.mockRestore();
    }
  });

  it('opens a certificate through its link only, never at its path', async () => {
    await uploadCertificate(ctx.app, 'L1');
    const link = await certificateLink(ctx.app, 'L1');
    const res = await get(ctx.app, link);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const [row] = await ctx.db
      .selectFrom('coaRecords')
      .select('file')
      .where('lotNumber', '=', 'L1')
      .execute();
    expect((await get(ctx.app, `/files/${row!.file}`)).statusCode).toBe(404);
  });

  it('hands a member document to its owner and compliance staff, never at a /files/ path', async () => {
    const id = await uploadLicence(ctx.app);
    const own = await get(ctx.app, `/client/v1/user/qualifications/${id}/file`, member.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    const staffCopy = await get(ctx.app, `/manage/v1/qualifications/${id}/file`, staff.token);
    expect(staffCopy.statusCode).toBe(200);
    expect(staffCopy.headers['content-length']).toBe(String(PDF.length));
    const [row] = await ctx.db
      .selectFrom('qualifications')
      .select('file')
      .where('id', '=', id)
      .execute();
    for (const url of [
      `/files/${row!.file}`,
      `/files/../private/${row!.file}`,
      `/files/%2e%2e/private/${row!.file}`,
      `/files/..%2Fprivate%2F${encodeURIComponent(row!.file)}`,
    ]) {
      const res = await get(ctx.app, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(PDF)).toBe(false);
    }
  });
});

describe('a file the store does not hold', () => {
  it('answers 404 文件不存在 at /files/, and hides dot files', async () => {
    for (const url of ['/files/uploads/202401/none.png', '/files/.demo-seed']) {
      const res = await get(ctx.app, url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ code: 1, msg: '文件不存在', data: null });
    }
    // A path that climbs out is no file path at all.
    expect((await get(ctx.app, '/files/a/../../shop.sqlite')).statusCode).toBe(404);
  });

  it('answers 404 文件不存在 to compliance staff and the owner for a lost member document', async () => {
    const id = await uploadLicence(ctx.app);
    const [row] = await ctx.db
      .selectFrom('qualifications')
      .select('file')
      .where('id', '=', id)
      .execute();
    await ctx.app.files.delete(privateKey(row!.file));
    for (const [url, token] of [
      [`/manage/v1/qualifications/${id}/file`, staff.token],
      [`/client/v1/user/qualifications/${id}/file`, member.token],
    ] as const) {
      const res = await get(ctx.app, url, token);
      expect(res.statusCode, url).toBe(404);
      expect(body(res)).toMatchObject({ code: 1, msg: '文件不存在' });
    }
  });

  it('answers the dead-link 404 for a certificate whose file was lost', async () => {
    await uploadCertificate(ctx.app, 'L2');
    const [row] = await ctx.db
      .selectFrom('coaRecords')
      .select('file')
      .where('lotNumber', '=', 'L2')
      .execute();
    await ctx.app.files.delete(publicKey(row!.file));
    const res = await get(ctx.app, await certificateLink(ctx.app, 'L2'));
    expect(res.statusCode).toBe(404);
    expect(body(res).msg).toBe('证书链接已失效，请重新查询');
  });
});

describe('two instances with DATA_DIRs of their own on one database store', () => {
  let a: App;
  let b: App;
  const dirs: string[] = [];
  beforeAll(async () => {
    const instance = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-instance-'));
      dirs.push(dataDir);
      const app = await buildApp({
        config: { ...ctx.config, dataDir, fileStore: { kind: 'database' } },
        db: ctx.db,
      });
      await app.ready();
      return app;
    };
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('serves from one what was uploaded through the other: picture, certificate, document', async () => {
    const picture = await get(b, await uploadPicture(a));
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(PNG)).toBe(true);

    await uploadCertificate(a, 'L3');
    const certificate = await get(b, await certificateLink(b, 'L3'));
    expect(certificate.statusCode).toBe(200);
    expect(certificate.rawPayload.equals(PDF)).toBe(true);

    const id = await uploadLicence(a);
    const licence = await get(b, `/manage/v1/qualifications/${id}/file`, staff.token);
    expect(licence.statusCode).toBe(200);
    expect(licence.rawPayload.equals(PDF)).toBe(true);
    // Nothing of it went to either instance's own disk.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'files', 'uploads'))).toBe(false);
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'private'))).toBe(false);
  });
});
