import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type {
  LedgerRow,
  ManageQualification,
  ManageQualificationDetail,
  ProductDetail,
  Qualification,
} from '@labshop/shared/schemas';
import type { Paged } from '@labshop/shared';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStore } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart, type FilePart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, orderBody } from '../../../test/fixtures/orders.ts';
import { loadProductCards } from '../cards/index.ts';
import { chinaDate } from '../../lib/clock.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32),
]);
const COMPANY = '北京测试化学（集团）有限公司';
const ETHER_CAS = '60-29-7';
const FUTURE = '2099-12-31';

describe('compliance', () => {
  let ctx: TestContext;
  let officer: StaffMember;
  let warehouse: StaffMember;
  let storeId: number;
  let ether: { productId: number; ml500: number; l1: number; odd: number };
  let strychnine: number;
  let nitric: number;
  let plain: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    officer = await createStaff(ctx.db, ['compliance'], '合规员');
    warehouse = await createStaff(ctx.db, ['warehouse', 'finance'], '库管');
    storeId = await insertStore(ctx.db, { name: '上海仓' });
    const e = await insertProduct(ctx.db, {
      name: '乙醚',
      cas: ETHER_CAS,
      regulationCategory: 'precursor-2',
      ghs: JSON.stringify({
        pictograms: ['GHS02', 'GHS07'],
        signalWord: '危险',
        hazardStatements: ['H224', 'H302', 'H336'],
      }),
      materials: [
        { pack: '500mL', userPrice: 5_000, stocks: { [storeId]: 100 } },
        { pack: '1L', userPrice: 9_000, stocks: { [storeId]: 100 } },
        { pack: '1瓶', userPrice: 9_000, stocks: { [storeId]: 100 } },
      ],
    });
    ether = {
      productId: e.id,
      ml500: e.materialIds[0] ?? 0,
      l1: e.materialIds[1] ?? 0,
      odd: e.materialIds[2] ?? 0,
    };
    strychnine = (
      await insertProduct(ctx.db, {
        name: '士的宁',
        cas: '57-24-9',
        regulationCategory: 'highly-toxic',
        materials: [{ pack: '100mg', userPrice: 30_000, stocks: { [storeId]: 10 } }],
      })
    ).materialIds[0] as number;
    nitric = (
      await insertProduct(ctx.db, {
        name: '硝酸',
        cas: '7697-37-2',
        regulationCategory: 'explosive-precursor',
        materials: [{ pack: '500mL', userPrice: 3_000, stocks: { [storeId]: 10 } }],
      })
    ).materialIds[0] as number;
    plain = (
      await insertProduct(ctx.db, {
        name: '氯化钠',
        cas: '7647-14-5',
        materials: [{ pack: '500g', userPrice: 1_000, stocks: { [storeId]: 10 } }],
      })
    ).materialIds[0] as number;
  });
  afterAll(() => ctx.close());

  const buyer = async (company = COMPANY, balanceFen = 10_000_000) => {
    const m = await createMember(ctx, { balanceFen });
    await ctx.db.updateTable('users').set({ company }).where('id', '=', m.userId).execute();
    return m;
  };

  const upload = (
    m: Member,
    fields: Record<string, string>,
    file: FilePart | null = {
      filename: 'doc.pdf',
      data: PDF,
    },
  ) => {
    const { payload, headers } = multipart(fields, file ?? undefined);
    return ctx.app.inject({
      method: 'POST',
      url: '/client/v1/user/qualifications',
      headers: { ...headers, ...auth(m) },
      payload,
    });
  };

  const licenceFields = (holder = COMPANY) => ({
    kind: 'business-licence',
    number: '91110000MA00000001',
    holder,
    validUntil: FUTURE,
  });
  const recordFields = (quantity: number, unit = 'L', extra: Record<string, string> = {}) => ({
    kind: 'precursor-record',
    number: `BA-${Math.random().toString(36).slice(2, 8)}`,
    holder: COMPANY,
    validUntil: FUTURE,
    substances: JSON.stringify([{ cas: ETHER_CAS, quantity, unit }]),
    ...extra,
  });

  const uploadOk = async (m: Member, fields: Record<string, string>) => {
    const res = await upload(m, fields);
    expect(res.statusCode, res.body).toBe(200);
    return body<{ id: number }>(res).data.id;
  };
  const review = (id: number, approve: boolean, reason = '', staff = officer) =>
    ctx.app.inject({
      method: 'POST',
      url: `/manage/v1/qualifications/${id}/review`,
      headers: { authorization: staff.token },
      payload: { approve, reason },
    });
  const approved = async (m: Member, fields: Record<string, string>) => {
    const id = await uploadOk(m, fields);
    expect((await review(id, true)).statusCode).toBe(200);
    return id;
  };
  /** A member with an approved licence and an approved 备案证明 for `litres` of 乙醚. */
  const unitBuyer = async (litres: number) => {
    const m = await buyer();
    await approved(m, licenceFields());
    const record = await approved(m, recordFields(litres));
    return { m, record };
  };

  const order = async (m: Member, lines: Array<[number, number]>, extra: object = {}) => {
    // A refused order leaves its lines in the cart: start each order from an empty cart.
    await ctx.db.deleteFrom('cartItems').where('userId', '=', m.userId).execute();
    const cartIds = [];
    for (const [materialId, qty] of lines) {
      cartIds.push(await insertCartLine(ctx.db, m.userId, materialId, qty));
    }
    return ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody(cartIds, { payType: PayType.BALANCE, ...extra }),
    });
  };
  const orderId = (res: { body: string }) => body<{ order: { id: number } }>(res).data.order.id;
  const mine = async (m: Member) =>
    body<Qualification[]>(
      await ctx.app.inject({
        method: 'GET',
        url: '/client/v1/user/qualifications',
        headers: auth(m),
      }),
    ).data;
  const remainingOf = async (m: Member, id: number) =>
    (await mine(m)).find((q) => q.id === id)?.substances[0]?.remaining;

  describe('product records', () => {
    it('carry regulation on the detail and the cards', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/products/${ether.productId}`,
      });
      expect(res.statusCode).toBe(200);
      expect(body<ProductDetail>(res).data.regulation).toEqual({
        category: 'precursor-2',
        categories: ['precursor-2'],
        ghs: {
          pictograms: ['GHS02', 'GHS07'],
          signalWord: '危险',
          hazardStatements: ['H224', 'H302', 'H336'],
        },
      });
      const [card] = await loadProductCards(ctx.db, [ether.productId], false);
      expect(card?.regulation.category).toBe('precursor-2');
      const [none] = await loadProductCards(
        ctx.db,
        [
          (
            await ctx.db
              .selectFrom('materials')
              .select('productId')
              .where('id', '=', plain)
              .executeTakeFirstOrThrow()
          ).productId,
        ],
        false,
      );
      expect(none?.regulation).toEqual({ category: null, categories: [], ghs: null });
    });

    it('store each pack’s net amount read from its text', async () => {
      const rows = await ctx.db
        .selectFrom('materials')
        .select(['id', 'netAmount', 'netDimension'])
        .where('id', 'in', [ether.ml500, ether.l1, ether.odd, strychnine])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => [Number(r.netAmount ?? -1), r.netDimension])).toEqual([
        [500_000, 'volume'],
        [1_000_000, 'volume'],
        [-1, null],
        [100, 'mass'],
      ]);
    });
  });

  describe('documents', () => {
    it('accepts a PDF or PNG and lists it pending with its quantities', async () => {
      const m = await buyer();
      const id = await uploadOk(m, recordFields(2.5));
      const png = await upload(m, licenceFields(), { filename: 'licence.png', data: PNG });
      expect(png.statusCode).toBe(200);
      const list = await mine(m);
      expect(list.find((q) => q.id === id)).toMatchObject({
        kind: 'precursor-record',
        status: 'pending',
        holder: COMPANY,
        substances: [{ cas: ETHER_CAS, unit: 'L', quantity: 2.5, remaining: 2.5 }],
      });
      expect(list.map((q) => q.fileType).sort()).toEqual(['application/pdf', 'image/png']);
    });

    it.each([
      [
        'a text file named .pdf',
        { filename: 'x.pdf', data: 'hello, not a pdf' },
        'PDF、JPEG 或 PNG',
      ],
      ['an SVG', { filename: 'x.png', data: '<svg xmlns="http://www.w3.org/2000/svg"/>' }, 'PNG'],
      ['no file', null, '请上传证件文件'],
    ])('refuses %s', async (_, file, message) => {
      const m = await buyer();
      const res = await upload(m, recordFields(1), file);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toContain(message);
      expect(await mine(m)).toEqual([]);
    });

    it('refuses a file over 10 MB', async () => {
      const m = await buyer();
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1)]);
      const res = await upload(m, recordFields(1), { filename: 'big.pdf', data: big });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toContain('10 MB');
      expect(await mine(m)).toEqual([]);
    });

    it.each([
      ['an expired document', { validUntil: '2020-01-01' }, '已过有效期'],
      ['a bad date', { validUntil: '2026-13-45' }, '有效期'],
      ['no substances', { substances: '' }, 'substances'],
      [
        'a bad unit',
        { substances: JSON.stringify([{ cas: ETHER_CAS, quantity: 1, unit: 'gal' }]) },
        '单位',
      ],
      [
        'a bad CAS',
        { substances: JSON.stringify([{ cas: '60297', quantity: 1, unit: 'L' }]) },
        'CAS',
      ],
      [
        'a zero quantity',
        { substances: JSON.stringify([{ cas: ETHER_CAS, quantity: 0, unit: 'L' }]) },
        '数量',
      ],
      ['an unknown kind', { kind: 'passport' }, '证件类型'],
    ])('refuses %s', async (_, over, message) => {
      const m = await buyer();
      const res = await upload(m, { ...recordFields(1), ...over });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toContain(message);
      expect(await mine(m)).toEqual([]);
    });

    it('lets a member read only their own file (another member gets 404)', async () => {
      const owner = await buyer();
      const other = await buyer();
      const id = await uploadOk(owner, recordFields(1));
      const own = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/qualifications/${id}/file`,
        headers: auth(owner),
      });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.rawPayload.equals(PDF)).toBe(true);
      const stolen = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/qualifications/${id}/file`,
        headers: auth(other),
      });
      expect(stolen.statusCode).toBe(404);
      const visitor = await ctx.app.inject({
        method: 'GET',
        url: `/client/v1/user/qualifications/${id}/file`,
      });
      expect(visitor.statusCode).toBe(401);
      // Nothing below DATA_DIR/private is served as a static file.
      const row = await ctx.db
        .selectFrom('qualifications')
        .select('file')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      for (const url of [
        `/files/${row.file}`,
        `/private/${row.file}`,
        `/files/../private/${row.file}`,
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).not.toBe(200);
      }
    });

    it('lets compliance staff read any file; other staff are refused', async () => {
      const m = await buyer();
      const id = await uploadOk(m, recordFields(1));
      const url = `/manage/v1/qualifications/${id}/file`;
      const ok = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: officer.token },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.rawPayload.equals(PDF)).toBe(true);
      const no = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: warehouse.token },
      });
      expect(no.statusCode).toBe(403);
    });
  });

  describe('review', () => {
    it('approves or rejects with a reason the member sees, audited', async () => {
      const m = await buyer();
      const a = await uploadOk(m, recordFields(1));
      const b = await uploadOk(m, recordFields(1));
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/manage/v1/qualifications?status=pending&size=100',
        headers: { authorization: officer.token },
      });
      const pending = body<Paged<ManageQualification>>(list).data;
      expect(pending.records.map((r) => r.id)).toEqual(expect.arrayContaining([a, b]));
      expect(pending.records.find((r) => r.id === a)).toMatchObject({
        company: COMPANY,
        userId: m.userId,
      });

      const noReason = await review(b, false, '');
      expect(noReason.statusCode).toBe(400);
      expect(body(noReason).msg).toContain('驳回须填写原因');

      expect((await review(a, true)).statusCode).toBe(200);
      expect((await review(b, false, '印章不清晰')).statusCode).toBe(200);
      const own = await mine(m);
      expect(own.find((q) => q.id === a)?.status).toBe('approved');
      expect(own.find((q) => q.id === b)).toMatchObject({
        status: 'rejected',
        reason: '印章不清晰',
      });

      // A rejected document cannot be approved later: the member uploads a new one.
      expect((await review(b, true)).statusCode).toBe(400);
      const audit = await ctx.db
        .selectFrom('auditLogs')
        .select(['action', 'staffId'])
        .where('target', 'in', [`qualification:${a}`, `qualification:${b}`])
        .orderBy('id')
        .execute();
      expect(audit).toEqual([
        { action: 'qualification.approve', staffId: officer.id },
        { action: 'qualification.reject', staffId: officer.id },
      ]);
    });

    it('needs the compliance permission', async () => {
      const m = await buyer();
      const id = await uploadOk(m, recordFields(1));
      expect((await review(id, true, '', warehouse)).statusCode).toBe(403);
      expect((await mine(m))[0]?.status).toBe('pending');
    });

    it('shows an approved document past its last day as expired, and lists those about to', async () => {
      const m = await buyer();
      const soon = await approved(m, recordFields(1));
      const past = await approved(m, recordFields(1));
      const inTen = chinaDate(Date.now() + 10 * 86_400_000);
      await ctx.db
        .updateTable('qualifications')
        .set({ validUntil: inTen })
        .where('id', '=', soon)
        .execute();
      await ctx.db
        .updateTable('qualifications')
        .set({ validUntil: '2020-01-01' })
        .where('id', '=', past)
        .execute();
      expect((await mine(m)).find((q) => q.id === past)?.status).toBe('expired');
      const expiring = body<Paged<ManageQualification>>(
        await ctx.app.inject({
          method: 'GET',
          url: `/manage/v1/qualifications?expiringWithin=30&userId=${m.userId}`,
          headers: { authorization: officer.token },
        }),
      ).data;
      expect(expiring.records.map((r) => [r.id, r.daysLeft])).toEqual([[soon, 10]]);
      const expired = body<Paged<ManageQualification>>(
        await ctx.app.inject({
          method: 'GET',
          url: `/manage/v1/qualifications?status=expired&userId=${m.userId}`,
          headers: { authorization: officer.token },
        }),
      ).data;
      expect(expired.records.map((r) => r.id)).toEqual([past]);
    });
  });

  describe('buying rules', () => {
    it('refuses 乙醚 without a document, naming the product and the document', async () => {
      const m = await buyer();
      await approved(m, licenceFields());
      const res = await order(m, [[ether.ml500, 1]]);
      expect(res.statusCode).toBe(400);
      expect(body(res).code).not.toBe(0);
      expect(body(res).msg).toContain('乙醚 500mL');
      expect(body(res).msg).toContain('购买备案证明');
      // Nothing was created and the cart is as it was.
      expect(
        await ctx.db.selectFrom('orders').select('id').where('userId', '=', m.userId).execute(),
      ).toEqual([]);
      expect(
        await ctx.db.selectFrom('cartItems').select('id').where('userId', '=', m.userId).execute(),
      ).toHaveLength(1);
    });

    it('refuses 乙醚 and 士的宁 to an individual even with a record', async () => {
      const m = await buyer();
      await approved(m, recordFields(10));
      const res = await order(m, [[ether.ml500, 1]]);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toContain('个人不得购买');
      const toxic = await order(m, [[strychnine, 1]]);
      expect(toxic.statusCode).toBe(400);
      expect(body(toxic).msg).toContain('士的宁');
    });

    it('refuses while the document is pending, rejected or expired', async () => {
      const m = await buyer();
      await approved(m, licenceFields());
      const pending = await uploadOk(m, recordFields(10));
      expect((await order(m, [[ether.ml500, 1]])).statusCode).toBe(400);
      await review(pending, true);
      await ctx.db
        .updateTable('qualifications')
        .set({ validUntil: '2020-01-01' })
        .where('id', '=', pending)
        .execute();
      expect((await order(m, [[ether.ml500, 1]])).statusCode).toBe(400);
    });

    it('sells within the quantity, refuses beyond it, and counts in the document’s unit', async () => {
      const { m, record } = await unitBuyer(2);
      const first = await order(m, [[ether.ml500, 2]]);
      expect(first.statusCode, first.body).toBe(200);
      expect(await remainingOf(m, record)).toBe(1);
      const over = await order(m, [[ether.l1, 2]]);
      expect(over.statusCode).toBe(400);
      expect(body(over).msg).toContain('超出');
      expect(body(over).msg).toContain('剩余数量 1 L');
      const exact = await order(m, [[ether.l1, 1]]);
      expect(exact.statusCode, exact.body).toBe(200);
      expect(await remainingOf(m, record)).toBe(0);
      expect((await order(m, [[ether.ml500, 1]])).statusCode).toBe(400);
    });

    it('refuses a pack whose amount is unknown and a record kept by mass', async () => {
      const m = await buyer();
      await approved(m, licenceFields());
      await approved(m, recordFields(5, 'kg'));
      const byMass = await order(m, [[ether.ml500, 1]]);
      expect(body(byMass).msg).toContain('数量单位不同');
      const odd = await unitBuyer(5);
      const res = await order(odd.m, [[ether.odd, 1]]);
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toContain('无法确定净含量');
    });

    it('matches the holder to the invoice title, else the member’s company', async () => {
      const { m } = await unitBuyer(10);
      const other = await order(m, [[ether.ml500, 1]], {
        invoiceType: 1,
        invoiceCompanyName: '别的公司',
        invoiceTaxpayerIdentificationNumber: '110108551385082',
        invoiceEmail: 'a@example.com',
      });
      expect(other.statusCode).toBe(400);
      const same = await order(m, [[ether.ml500, 1]], {
        invoiceType: 1,
        // Half-width brackets and spaces: the same holder.
        invoiceCompanyName: '北京测试化学 (集团) 有限公司',
        invoiceTaxpayerIdentificationNumber: '110108551385082',
        invoiceEmail: 'a@example.com',
      });
      expect(same.statusCode, same.body).toBe(200);
    });

    it('needs a business licence and the stated use for 易制爆, nothing for unclassed goods', async () => {
      const m = await buyer();
      expect((await order(m, [[plain, 1]])).statusCode).toBe(200);
      const use = { purposes: [{ materialId: nitric, purpose: '金属样品消解' }] };
      const refused = await order(m, [[nitric, 1]], use);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).msg).toContain('营业执照');
      expect(body(refused).msg).toContain('个人不得购买');
      await approved(m, licenceFields());
      // The stated use is asked per line: without it (or blank) the order is refused.
      for (const extra of [{}, { purposes: [{ materialId: nitric, purpose: '   ' }] }]) {
        const noUse = await order(m, [[nitric, 1]], extra);
        expect(noUse.statusCode).toBe(400);
        expect(body(noUse).msg).toContain('用途');
      }
      const tooLong = await order(m, [[nitric, 1]], {
        purposes: [{ materialId: nitric, purpose: '用'.repeat(201) }],
      });
      expect(tooLong.statusCode).toBe(400);
      expect(body(tooLong).msg).toContain('用途不能超过 200 字');
      const res = await order(m, [[nitric, 1]], use);
      expect(res.statusCode, res.body).toBe(200);
      const line = await ctx.db
        .selectFrom('orderGoods')
        .select('purpose')
        .where('orderId', '=', orderId(res))
        .executeTakeFirstOrThrow();
      expect(line.purpose).toBe('金属样品消解');
    });

    it('tells the cart which lines are blocked before checkout', async () => {
      const check = (m: Member) =>
        ctx.app.inject({
          method: 'POST',
          url: '/client/v1/user/qualifications/check',
          headers: auth(m),
          payload: {
            lines: [
              { materialId: ether.ml500, quantity: 2 },
              { materialId: plain, quantity: 1 },
            ],
          },
        });
      const none = await buyer();
      const blocked = body<{ materialId: number; blocked: boolean; message: string }[]>(
        await check(none),
      ).data;
      expect(blocked.map((l) => l.blocked)).toEqual([true, false]);
      expect(blocked[0]?.message).toContain('乙醚 500mL');
      const { m } = await unitBuyer(1);
      const fine = body<{ blocked: boolean }[]>(await check(m)).data;
      expect(fine.map((l) => l.blocked)).toEqual([false, false]);
      const visitor = await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/user/qualifications/check',
        payload: { lines: [] },
      });
      expect(visitor.statusCode).toBe(401);
    });

    it('gives the quantity back when the member or staff cancels', async () => {
      const { m, record } = await unitBuyer(1);
      // Bank transfer: unpaid, so the member may cancel.
      const a = await order(m, [[ether.ml500, 2]], { payType: PayType.BANK_TRANSFER });
      expect(a.statusCode, a.body).toBe(200);
      expect(await remainingOf(m, record)).toBe(0);
      const cancel = await ctx.app.inject({
        method: 'DELETE',
        url: `/client/v1/user/orders/${orderId(a)}`,
        headers: auth(m),
      });
      expect(cancel.statusCode).toBe(200);
      expect(await remainingOf(m, record)).toBe(1);
      // A second cancel changes nothing.
      await ctx.app.inject({
        method: 'DELETE',
        url: `/client/v1/user/orders/${orderId(a)}`,
        headers: auth(m),
      });
      expect(await remainingOf(m, record)).toBe(1);

      const b = await order(m, [[ether.l1, 1]]);
      expect(b.statusCode).toBe(200);
      expect(await remainingOf(m, record)).toBe(0);
      const admin = await createStaff(ctx.db, ['admin']);
      const staffCancel = await ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/orders/${orderId(b)}/cancel`,
        headers: { authorization: admin.token },
        payload: { reason: '客户要求' },
      });
      expect(staffCancel.statusCode, staffCancel.body).toBe(200);
      expect(await remainingOf(m, record)).toBe(1);

      const detail = body<ManageQualificationDetail>(
        await ctx.app.inject({
          method: 'GET',
          url: `/manage/v1/qualifications/${record}`,
          headers: { authorization: officer.token },
        }),
      ).data;
      expect(detail.movements.map((x) => [x.reason, x.change, x.remainingAfter])).toEqual([
        ['order', -1, 0],
        ['cancel', 1, 1],
        ['order', -1, 0],
        ['cancel', 1, 1],
      ]);
    });

    it('lets only one of two concurrent orders take the last litre', async () => {
      const { m, record } = await unitBuyer(1);
      const second = await createMember(ctx, { balanceFen: 10_000_000 });
      // The same member in two sessions, ordering different cart lines at once.
      const lines = [
        await insertCartLine(ctx.db, m.userId, ether.l1, 1),
        await insertCartLine(ctx.db, m.userId, ether.ml500, 2),
      ];
      const answers = await Promise.all(
        lines.map((line) =>
          ctx.app.inject({
            method: 'POST',
            url: '/client/v1/orders',
            headers: auth(m),
            payload: orderBody([line], { payType: PayType.BALANCE }),
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
      expect(await remainingOf(m, record)).toBe(0);
      const orders = await ctx.db
        .selectFrom('orders')
        .select('id')
        .where('userId', '=', m.userId)
        .execute();
      expect(orders).toHaveLength(1);
      expect(second.userId).toBeGreaterThan(0);
    });
  });

  describe('sales ledger', () => {
    // A controlled chemical ships from a named lot only (docs/compliance.md section 5).
    beforeAll(async () => {
      const expire = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
      for (const [materialId, lotNumber] of [
        [ether.ml500, 'YM2026'],
        [nitric, 'XS2026'],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/manage/v1/stock/receipts',
          headers: { authorization: warehouse.token },
          payload: { materialId, storeId, lotNumber, expire, quantity: 10 },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    });
    const ship = async (id: number, staff: StaffMember) => {
      const goods = await ctx.db
        .selectFrom('orderGoods')
        .select(['id', 'quantityPurchase'])
        .where('orderId', '=', id)
        .execute();
      return ctx.app.inject({
        method: 'POST',
        url: `/manage/v1/orders/${id}/deliveries`,
        headers: { authorization: staff.token },
        payload: {
          carrier: '危险品专线',
          trackingNumber: 'WX0001',
          goods: goods.map((g) => ({ orderGoodsId: g.id, quantity: g.quantityPurchase, storeId })),
        },
      });
    };
    const ledger = async (format = 'json', query = '') =>
      ctx.app.inject({
        method: 'GET',
        url: `/manage/v1/compliance/ledger?format=${format}${query}`,
        headers: { authorization: officer.token },
      });

    it('records every shipped regulated line with buyer, document and shipper', async () => {
      const { m } = await unitBuyer(5);
      const recordNumber = (await mine(m)).find((q) => q.kind === 'precursor-record')?.number;
      const res = await order(m, [
        [ether.ml500, 3],
        [plain, 1],
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const id = orderId(res);
      const before = Date.now();
      const shipped = await ship(id, warehouse);
      expect(shipped.statusCode, shipped.body).toBe(200);
      const order_ = await ctx.db
        .selectFrom('orders')
        .select(['status', 'payStatus'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(order_).toEqual({ status: OrderStatus.SHIPPING, payStatus: PayStatus.PAID });

      const rows = body<LedgerRow[]>(await ledger('json', `&from=${before - 1000}`)).data.filter(
        (r) => r.orderId === id,
      );
      expect(rows).toEqual([
        expect.objectContaining({
          productName: '乙醚',
          cas: ETHER_CAS,
          category: 'precursor-2',
          pack: '500mL',
          lots: 'YM2026×3',
          count: 3,
          quantity: 1.5,
          unit: 'L',
          buyerCompany: COMPANY,
          documentKind: 'precursor-record',
          documentNumber: recordNumber,
          staffName: '库管',
        }),
      ]);
      // Outside the period: not listed.
      const later = body<LedgerRow[]>(await ledger('json', `&from=${Date.now() + 60_000}`)).data;
      expect(later.find((r) => r.orderId === id)).toBeUndefined();
    });

    it('exports CSV with formula prefixes neutralised, and XLSX', async () => {
      const m = await buyer('=HYPERLINK("http://x")');
      await approved(m, licenceFields('=HYPERLINK("http://x")'));
      const res = await order(m, [[nitric, 1]], {
        purposes: [{ materialId: nitric, purpose: '教学实验' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await ship(orderId(res), warehouse)).statusCode).toBe(200);
      const csv = await ledger('csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('购买单位');
      expect(csv.body).toContain(`'=HYPERLINK`);
      expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
      const xlsx = await ledger('xlsx');
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    });

    it('is append-only: the database refuses updates and deletes', async () => {
      const row = await ctx.db.selectFrom('salesLedger').select('id').executeTakeFirstOrThrow();
      await expect(
        ctx.db
          .updateTable('salesLedger')
          .set({ buyerCompany: 'x' })
          .where('id', '=', row.id)
          .execute(),
      ).rejects.toThrow(/append-only/);
      await expect(
        ctx.db.deleteFrom('salesLedger').where('id', '=', row.id).execute(),
      ).rejects.toThrow(/append-only/);
    });

    it('needs the compliance permission', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/manage/v1/compliance/ledger',
        headers: { authorization: warehouse.token },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
