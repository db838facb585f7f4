import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { insertProduct } from '../../../test/fixtures/catalogue.ts';
import { createStaff } from '../../../test/fixtures/manage.ts';
import { auth, insertCartLine } from '../../../test/fixtures/orders.ts';
import { createOrg } from '../organizations/index.ts';
import { parseXml, textAt } from './xml.ts';

/*
 * POST /punchout/return (docs/punchout.md, "The storefront's screens"): the page that submits
 * the returned cart to the buyer's system, its policy allowing exactly that system's origin.
 */

let ctx: TestContext;
let materialId: number;
const SECRET = 'return-page-secret';
const IDENTITY = `RP${Date.now()}`;
const RETURN_URL = 'https://procure.example.com/return?session=9';

const setupXml = () =>
  readFileSync(new URL('./fixtures/setup-request.xml', import.meta.url), 'utf8')
    .replaceAll('AN01000002792', IDENTITY)
    .replace('abracadabra', SECRET)
    .replace('https://procure.example.com/punchout/return?session=77', RETURN_URL);

const postPage = (payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/punchout/return',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });

/** A started punchout session: its member token and account. */
async function startSession(): Promise<{ token: string; memberId: number }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/punchout/cxml',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    payload: setupXml(),
  });
  const url = textAt(parseXml(res.body), 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL');
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/client/v1/punchout/start',
    payload: { token: new URL(url).searchParams.get('token') ?? '' },
  });
  const token = (JSON.parse(started.body) as { data: { token: string } }).data.token;
  const { memberId } = await ctx.db
    .selectFrom('punchoutConnections')
    .select('memberId')
    .where('fromIdentity', '=', IDENTITY)
    .executeTakeFirstOrThrow();
  return { token, memberId };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await createStaff(ctx.db, ['operator'], '运营乙');
  const admin = await createMember(ctx);
  const orgId = (await createOrg(ctx.db, admin.userId, { name: '返回页测试中心' })).id;
  const p = await insertProduct(ctx.db, {
    name: '甲醇',
    materials: [{ pack: '500mL', userPrice: 4_550 }],
  });
  materialId = p.materialIds[0] ?? 0;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/manage/v1/punchout/connections',
    headers: auth(staff),
    payload: {
      orgId,
      protocol: 'cxml',
      fromDomain: 'NetworkID',
      fromIdentity: IDENTITY,
      sharedSecret: SECRET,
      allowedReturnHosts: ['procure.example.com'],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
});
afterAll(async () => ctx.close());

describe('the return page', () => {
  it('submits the PunchOutOrderMessage to the return URL, allowing that origin only', async () => {
    const { token, memberId } = await startSession();
    await insertCartLine(ctx.db, memberId, materialId, 2);
    const res = await postPage(new URLSearchParams({ token }).toString());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('form-action https://procure.example.com;');
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.body).toContain(
      '<form method="post" action="https://procure.example.com/return?session=9">',
    );
    const field = /name="cxml-urlencoded" value="([^"]*)"/.exec(res.body)?.[1] ?? '';
    const xml = field.replace(
      /&(lt|gt|quot|#39|amp);/g,
      (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e] ?? '',
    );
    const total = textAt(
      parseXml(xml),
      'Message',
      'PunchOutOrderMessage',
      'PunchOutOrderMessageHeader',
      'Total',
      'Money',
    );
    expect(total).toBe('91.00');
    expect(res.body).toContain('<script>document.forms[0].submit();</script>');
  });

  it('answers a page with the reason, never the form, when it cannot return', async () => {
    const missing = await postPage('');
    expect(missing.statusCode).toBe(401);
    expect(missing.body).toContain('登录已失效，请从采购系统重新进入');
    const forged = await postPage('token=not-a-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.body).not.toContain('<form');

    const other = await createMember(ctx);
    const outside = await postPage(new URLSearchParams({ token: other.token }).toString());
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('当前不是采购系统会话');
    expect(outside.body).toContain('href="/cart"');

    const { token, memberId } = await startSession();
    await ctx.db.deleteFrom('cartItems').where('userId', '=', memberId).execute();
    const empty = await postPage(new URLSearchParams({ token }).toString());
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('购物车为空，无法返回采购系统');
  });
});
