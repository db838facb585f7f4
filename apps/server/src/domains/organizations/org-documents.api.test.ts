import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayType } from '@labshop/shared';
import type { Qualification } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStore } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, orderBody } from '../../../test/fixtures/orders.ts';

/*
 * An organization's own documents (docs/organizations.md, "The organization's documents"): who
 * uploads them, in whose name, who sees them, and that the organization's orders take their
 * quantities off them. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const ORG_NAME = '某大学化学系王课题组';
const ETHER_CAS = '60-29-7';

describe('organization documents', () => {
  let ctx: TestContext;
  let officer: StaffMember;
  let admin: Member;
  let safety: Member;
  let buyer: Member;
  let other: Member;
  let orgId: number;
  let otherOrgId: number;
  /** 乙醚 500mL, 易制毒 第二类. */
  let ether500: number;

  const call = (who: { token: string }, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    ctx.app.inject({ method, url, headers: auth(who) });

  const recordFields = (litres: number, extra: Record<string, string> = {}) => ({
    kind: 'precursor-record',
    number: `BA-${Math.random().toString(36).slice(2, 8)}`,
    validUntil: '2099-12-31',
    substances: JSON.stringify([{ cas: ETHER_CAS, quantity: litres, unit: 'L' }]),
    orgId: String(orgId),
    ...extra,
  });
  const upload = (m: Member, fields: Record<string, string>) => {
    const { payload, headers } = multipart(fields, { filename: 'record.pdf', data: PDF });
    return ctx.app.inject({
      method: 'POST',
      url: '/client/v1/user/qualifications',
      headers: { ...headers, ...auth(m) },
      payload,
    });
  };
  /** Uploads the organization's document and has compliance staff approve it. */
  const approvedDocument = async (fields: Record<string, string>) => {
    const res = await upload(safety, fields);
    expect(res.statusCode, res.body).toBe(200);
    const id = body<{ id: number }>(res).data.id;
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/qualifications/${id}/review`,
      headers: { authorization: officer.token },
      payload: { approve: true, reason: '' },
    });
    expect(review.statusCode, review.body).toBe(200);
    return id;
  };
  const orgDocuments = async (m: Member, id = orgId) =>
    body<Qualification[]>(await call(m, 'GET', `/client/v1/user/qualifications?orgId=${id}`)).data;
  const remaining = async (id: number) =>
    (await orgDocuments(buyer)).find((q) => q.id === id)?.substances[0]?.remaining;

  async function orderEther(m: Member, count: number, extra: Record<string, unknown> = {}) {
    await ctx.db.deleteFrom('cartItems').where('userId', '=', m.userId).execute();
    const line = await insertCartLine(ctx.db, m.userId, ether500, count);
    return ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody([line], { payType: PayType.BANK_TRANSFER, ...extra }),
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    officer = await createStaff(ctx.db, ['compliance'], '合规员');
    admin = await createMember(ctx, { name: '王教授' });
    safety = await createMember(ctx, { name: '安全员小周' });
    buyer = await createMember(ctx, { name: '李同学' });
    other = await createMember(ctx, { name: '别组老师' });
    // The buyer's own company differs: the organization's orders are in its name.
    await ctx.db
      .updateTable('users')
      .set({ company: '李同学个人' })
      .where('id', '=', buyer.userId)
      .execute();
    const store = await insertStore(ctx.db, { name: '上海仓' });
    const ether = await insertProduct(ctx.db, {
      name: '乙醚',
      cas: ETHER_CAS,
      regulationCategory: 'precursor-2',
      materials: [{ pack: '500mL', userPrice: 5_000, stocks: { [store]: 100 } }],
    });
    ether500 = ether.materialIds[0] as number;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orgs',
      headers: auth(admin),
      payload: { name: ORG_NAME },
    });
    orgId = body<{ id: number }>(created).data.id;
    for (const [m, role] of [
      [safety, 'safety'],
      [buyer, 'buyer'],
    ] as const) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: `/client/v1/orgs/${orgId}/members`,
        headers: auth(admin),
        payload: { account: m.account, role },
      });
      expect(body(added).code).toBe(0);
    }
    const otherOrg = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orgs',
      headers: auth(other),
      payload: { name: '另一课题组' },
    });
    otherOrgId = body<{ id: number }>(otherOrg).data.id;
  });
  afterAll(() => ctx.close());

  it('only the organization’s admin or safety officer uploads; the holder is its name', async () => {
    const refused = await upload(buyer, recordFields(1));
    expect(refused.statusCode).toBe(400);
    expect(body(refused).msg).toBe('仅单位管理员或安全员可以上传单位资质');
    const outsider = await upload(other, recordFields(1));
    expect(outsider.statusCode).toBe(404);
    expect(body(outsider).msg).toBe('单位不存在');
    const wrongHolder = await upload(admin, recordFields(1, { holder: '别的公司' }));
    expect(body(wrongHolder).msg).toBe(`单位资质的持证单位须为本单位名称「${ORG_NAME}」`);
    const before = await ctx.db
      .selectFrom('qualifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBe(0);

    for (const m of [admin, safety]) {
      const res = await upload(m, recordFields(1));
      expect(res.statusCode, res.body).toBe(200);
      const row = await ctx.db
        .selectFrom('qualifications')
        .select(['holder', 'orgId', 'userId'])
        .where('id', '=', body<{ id: number }>(res).data.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ holder: ORG_NAME, orgId, userId: m.userId });
    }
  });

  it('every member sees the organization’s documents, not as their own; another organization gets 404', async () => {
    const docs = await orgDocuments(buyer);
    expect(docs.length).toBeGreaterThanOrEqual(2);
    expect(docs.every((d) => d.holder === ORG_NAME && d.orgId === orgId)).toBe(true);
    const own = body<Qualification[]>(await call(safety, 'GET', '/client/v1/user/qualifications'));
    expect(own.data).toEqual([]);
    const notMine = await call(other, 'GET', `/client/v1/user/qualifications?orgId=${orgId}`);
    expect(notMine.statusCode).toBe(404);
    const file = await call(
      buyer,
      'GET',
      `/client/v1/user/qualifications/${docs[0]!.id}/file?orgId=${orgId}`,
    );
    expect(file.statusCode).toBe(200);
    const otherFile = await call(
      other,
      'GET',
      `/client/v1/user/qualifications/${docs[0]!.id}/file?orgId=${otherOrgId}`,
    );
    expect(otherFile.statusCode).toBe(404);
    // Without orgId the uploader's own list does not hold it either.
    const ownFile = await call(safety, 'GET', `/client/v1/user/qualifications/${docs[0]!.id}/file`);
    expect(ownFile.statusCode).toBe(404);
  });

  it('an order for the organization takes its quantity off the organization’s document; cancelling gives it back', async () => {
    // 第二类 needs the unit's business licence and its 备案证明 (docs/compliance.md).
    await approvedDocument({
      kind: 'business-licence',
      number: '91110000MA00000001',
      validUntil: '2099-12-31',
      orgId: String(orgId),
    });
    const record = await approvedDocument(recordFields(1));
    // The buyer alone holds no document: their own order is refused.
    const own = await orderEther(buyer, 1);
    expect(body(own).code).not.toBe(0);
    expect(body(own).msg).toContain('乙醚');

    // The cart and the confirm page ask the same of the organization's documents.
    const check = (m: Member, extra: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/client/v1/user/qualifications/check',
        headers: auth(m),
        payload: { lines: [{ materialId: ether500, quantity: 1 }], ...extra },
      });
    const blocked = (res: { body: string }) =>
      body<{ blocked: boolean }[]>(res).data.map((l) => l.blocked);
    expect(blocked(await check(buyer))).toEqual([true]);
    expect(blocked(await check(buyer, { orgId }))).toEqual([false]);
    expect((await check(other, { orgId })).statusCode).toBe(404);

    const placed = await orderEther(buyer, 1, { orgId });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = body<{ order: { id: number } }>(placed).data.order.id;
    expect(await remaining(record)).toBe(0.5);
    const links = await ctx.db
      .selectFrom('orderQualifications')
      .select('qualificationId')
      .where('orderId', '=', orderId)
      .execute();
    expect(links.map((l) => l.qualificationId)).toContain(record);

    // Beyond what the documents hold: refused, nothing taken.
    const tooMuch = await orderEther(buyer, 10, { orgId });
    expect(body(tooMuch).code).not.toBe(0);
    expect(await remaining(record)).toBe(0.5);

    const cancel = await call(buyer, 'DELETE', `/client/v1/user/orders/${orderId}`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await remaining(record)).toBe(1);
  });

  it('the cart, quick order and product page check the organization the request names (X-Org-Id), for its members only', async () => {
    // The organization holds an approved licence and 备案证明 (previous test); the buyer none.
    const check = (m: Member, headers: Record<string, string>, extra: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/client/v1/user/qualifications/check',
        headers: { ...auth(m), ...headers },
        payload: { lines: [{ materialId: ether500, quantity: 1 }], ...extra },
      });
    type Checked = { blocked: boolean; message: string; org: { id: number; name: string } | null };
    const lines = (res: { body: string }) => body<Checked[]>(res).data;
    const forOrg = { 'x-org-id': String(orgId) };

    const asOrg = lines(await check(buyer, forOrg));
    expect(asOrg.map((l) => [l.blocked, l.org])).toEqual([[false, { id: orgId, name: ORG_NAME }]]);
    // 个人: no header, or the explicit null the confirm page sends for 个人 whatever is chosen.
    for (const res of [await check(buyer, {}), await check(buyer, forOrg, { orgId: null })]) {
      expect(lines(res).map((l) => [l.blocked, l.org])).toEqual([[true, null]]);
      expect(lines(res)[0]!.message).toContain('请先在“资质文件”上传');
    }
    // A non-member naming the organization gets their own documents: refused, nothing learnt.
    const outsider = await check(other, forOrg);
    expect(outsider.statusCode).toBe(200);
    expect(lines(outsider).map((l) => [l.blocked, l.org])).toEqual([[true, null]]);
    expect(outsider.body).not.toContain(ORG_NAME);
    // The orgId parameter names it as the header does.
    const byQuery = await ctx.app.inject({
      method: 'POST',
      url: `/client/v1/user/qualifications/check?orgId=${orgId}`,
      headers: auth(buyer),
      payload: { lines: [{ materialId: ether500, quantity: 1 }] },
    });
    expect(lines(byQuery).map((l) => l.blocked)).toEqual([false]);

    // The product page's documents: the organization's for its member, else their own.
    const buying = async (m: Member, headers: Record<string, string>) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/client/v1/user/qualifications/buying',
        headers: { ...auth(m), ...headers },
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ org: Checked['org']; documents: Qualification[] }>(res).data;
    };
    const orgDocs = await buying(buyer, forOrg);
    expect(orgDocs.org).toEqual({ id: orgId, name: ORG_NAME });
    expect(orgDocs.documents.map((d) => d.kind).sort()).toEqual(
      expect.arrayContaining(['business-licence', 'precursor-record']),
    );
    expect(orgDocs.documents.every((d) => d.orgId === orgId)).toBe(true);
    expect(await buying(buyer, {})).toEqual({ org: null, documents: [] });
    expect(await buying(other, forOrg)).toEqual({ org: null, documents: [] });

    // Quick order adds the line to the cart for the organization, and refuses it for 个人.
    const product = await ctx.db
      .selectFrom('materials as m')
      .innerJoin('products as p', 'p.id', 'm.productId')
      .select('p.number')
      .where('m.id', '=', ether500)
      .executeTakeFirstOrThrow();
    const quick = async (headers: Record<string, string>) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/cart/quick/preview',
        headers: { ...auth(buyer), ...headers },
        payload: { text: `${product.number},500mL,1` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ msg: string }[]>(res).data[0]?.msg ?? '';
    };
    expect(await quick(forOrg)).toBe('');
    expect(await quick({})).toContain('乙醚');
  });

  it('an organization order refused for its documents points to the organization’s 单位资质, naming it', async () => {
    const res = await orderEther(other, 1, { orgId: otherOrgId });
    expect(body(res).code).not.toBe(0);
    expect(body(res).msg).toContain('请由单位「另一课题组」的管理员或安全员在“单位资质”上传');
    expect(body(res).msg).not.toContain('“资质文件”');
    // The buyer's own order (their company, no documents) still points to their 资质文件.
    const own = await orderEther(buyer, 1);
    expect(body(own).msg).toContain('请先在“资质文件”上传');
  });

  it('staff’s document queue names the organization of an organization’s document', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/manage/v1/qualifications?status=approved',
      headers: { authorization: officer.token },
    });
    const records = body<{
      records: { id: number; orgId: number | null; orgName: string | null }[];
    }>(res).data.records;
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.orgId === orgId && r.orgName === ORG_NAME)).toBe(true);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/qualifications/${records[0]!.id}`,
      headers: { authorization: officer.token },
    });
    expect(body<{ orgName: string | null }>(detail).data.orgName).toBe(ORG_NAME);
    // A member's own document names none.
    const { orgId: _org, ...own } = recordFields(1, { holder: '别组老师实验室' });
    void _org;
    const mine = await upload(other, own);
    expect(mine.statusCode, mine.body).toBe(200);
    const ownDetail = await ctx.app.inject({
      method: 'GET',
      url: `/manage/v1/qualifications/${body<{ id: number }>(mine).data.id}`,
      headers: { authorization: officer.token },
    });
    expect(body<{ orgId: number | null; orgName: string | null }>(ownDetail).data).toMatchObject({
      orgId: null,
      orgName: null,
    });
  });

  it('a member of another organization cannot order on this one’s documents', async () => {
    const res = await orderEther(other, 1, { orgId });
    expect(res.statusCode).toBe(404);
    expect(body(res).msg).toBe('单位不存在');
  });

  it('the organization’s documents never allow the uploader’s own orders', async () => {
    await ctx.db
      .updateTable('users')
      .set({ company: ORG_NAME })
      .where('id', '=', admin.userId)
      .execute();
    const res = await orderEther(admin, 1);
    expect(body(res).code).not.toBe(0);
  });
});
