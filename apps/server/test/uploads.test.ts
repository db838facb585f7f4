import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ROUTES } from '../src/lib/multipart.ts';
import { createMember, type Member } from './fixtures/account.ts';
import { createStaff, type StaffMember } from './fixtures/manage.ts';
import { multipart } from './fixtures/multipart.ts';
import { xlsxBomb } from './fixtures/xlsx-bomb.ts';
import { body, createTestContext, type TestContext } from './helpers.ts';

// Every route that takes an upload, walked with the bodies an attacker sends (docs/architecture.md,
// "Uploads and spreadsheets"): none may answer a 5xx, and a sheet that unpacks to hundreds of MB
// is refused without holding up the other requests.

let ctx: TestContext;
let member: Member;
let staff: StaffMember;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await createMember(ctx);
  staff = await createStaff(ctx.db, ['admin']);
});
afterAll(() => ctx.close());

const CHINESE = /[\u4e00-\u9fff]/;

/** A path of the route with its parameters filled in. */
const pathOf = (url: string) => url.replace(/:[A-Za-z]+/g, (p) => (p === ':id' ? '1' : 'X1'));

const BOUNDARY = '----labshopUploadWalk';
const bodies: Record<string, { type: string; payload: Buffer }> = {
  'no boundary': { type: 'multipart/form-data', payload: Buffer.from('--x\r\n\r\nabc') },
  'empty boundary': { type: 'multipart/form-data; boundary=', payload: Buffer.from('abc') },
  'truncated body': {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4 half a fi',
    ),
  },
  'broken part headers': {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disp\r\n--${BOUNDARY}--\r\n`),
  },
  'no file part': multipartBody(multipart({ remark: '没有文件' })),
  'countless fields': countless(),
  'empty file': multipartBody(multipart({}, { filename: 'a.pdf', data: Buffer.alloc(0) })),
};

function multipartBody(form: ReturnType<typeof multipart>) {
  return { type: form.headers['content-type'], payload: form.payload };
}

function countless() {
  const fields = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, 'x']));
  return multipartBody(multipart(fields));
}

describe('upload routes under malformed multipart bodies', () => {
  it('knows every upload route, the members’ and the staff’s', () => {
    const routes = [...UPLOAD_ROUTES];
    expect(routes).toContain('POST /client/v1/cart/quick/sheet');
    expect(routes).toContain('POST /client/v1/user/qualifications');
    expect(routes).toContain('POST /manage/v1/products/import');
    expect(routes.length).toBeGreaterThanOrEqual(9);
  });

  it('answers every bad body with a Chinese 4xx envelope, for visitors, members and staff', async () => {
    const failures: string[] = [];
    for (const route of UPLOAD_ROUTES) {
      const [method = 'POST', url = ''] = route.split(' ');
      for (const [who, token] of [
        ['visitor', undefined],
        ['member', member.token],
        ['staff', staff.token],
      ] as const) {
        for (const [name, { type, payload }] of Object.entries(bodies)) {
          const res = await ctx.app.inject({
            method: method as 'POST',
            url: pathOf(url),
            headers: { 'content-type': type, ...(token ? { authorization: token } : {}) },
            payload,
          });
          const envelope = body(res);
          if (res.statusCode >= 500 || res.statusCode < 400 || !CHINESE.test(envelope.msg)) {
            failures.push(`${route} ${who} ${name}: ${res.statusCode} ${envelope.msg}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a file over the route’s limit with a 4xx envelope', async () => {
    const big = multipartBody(
      multipart({}, { filename: 'big.xlsx', data: Buffer.alloc(31 * 1024 * 1024, 0x41) }),
    );
    const failures: string[] = [];
    for (const route of UPLOAD_ROUTES) {
      const [method = 'POST', url = ''] = route.split(' ');
      const token = url.startsWith('/client/') ? member.token : staff.token;
      const res = await ctx.app.inject({
        method: method as 'POST',
        url: pathOf(url),
        headers: { 'content-type': big.type, authorization: token },
        payload: big.payload,
      });
      const envelope = body(res);
      if (![400, 413].includes(res.statusCode) || !CHINESE.test(envelope.msg)) {
        failures.push(`${route}: ${res.statusCode} ${envelope.msg}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses countless text fields rather than gathering them', async () => {
    const { type, payload } = countless();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/manage/v1/products/import',
      headers: { 'content-type': type, authorization: staff.token },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe('上传的表单字段过多');
  });
});

describe('a spreadsheet bomb', () => {
  const ROW = '<row><c t="inlineStr"><is><t>BW30001-1000</t></is></c><c><v>2</v></c></row>';
  /** Posts the sheet; `received` is called once the whole body has been read from the client. */
  const sheet = (data: Buffer, received?: () => void) => {
    const form = multipart({}, { filename: '快速下单.xlsx', data });
    return ctx.app.inject({
      method: 'POST',
      url: '/client/v1/cart/quick/sheet',
      headers: { ...form.headers, authorization: member.token },
      payload: received
        ? Readable.from(
            (function* () {
              yield form.payload;
              received();
            })(),
          )
        : form.payload,
    });
  };

  it('is refused with a Chinese message, and the shop answers others meanwhile', async () => {
    // About 300 MB of rows in about 1 MB; its headers understate the size, so it is inflated
    // until the reader's own count stops it.
    const bomb = xlsxBomb({
      unpackedBytes: 300 * 1024 * 1024,
      row: ROW.replace('<c><v>2</v></c>', ''),
      declaredSize: 8 * 1024 * 1024 - 4096,
    });
    const heapBefore = process.memoryUsage().heapUsed;
    const done: string[] = [];
    // The health check is asked for only once the server has the whole bomb, as its parse begins.
    let health: Promise<{ statusCode: number }> | undefined;
    const refused = sheet(bomb, () => {
      health = ctx.app.inject({ method: 'GET', url: '/client/v1/system/health' }).then((res) => {
        done.push('health');
        return res;
      });
    }).then((res) => {
      done.push('bomb');
      return res;
    });
    const bombRes = await refused;
    const healthRes = await health;
    expect(healthRes?.statusCode).toBe(200);
    expect(bombRes.statusCode).toBe(400);
    expect(CHINESE.test(body(bombRes).msg)).toBe(true);
    expect(done).toEqual(['health', 'bomb']);
    // What it unpacked was counted and dropped as it went: the heap never held the sheet.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('is refused by its declared size, and a sheet of too many rows by its rows', async () => {
    const honest = await sheet(xlsxBomb({ unpackedBytes: 300 * 1024 * 1024, row: ROW }));
    expect(honest.statusCode).toBe(400);
    expect(body(honest).msg).toBe('表格解压后超过 8 MB，请删减内容后再上传');
    const rows = await sheet(xlsxBomb({ unpackedBytes: 4 * 1024 * 1024, row: ROW }));
    expect(rows.statusCode).toBe(400);
    expect(body(rows).msg).toBe('一次最多 200 行，请分批添加');
  });
});
