import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import type { Order, OrderDetail, Quote } from '@labshop/shared/schemas';
import type { Paged } from '@labshop/shared';
import { body, callerOf, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStore, putSetting } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { multipart } from '../../../test/fixtures/multipart.ts';
import { auth, insertCartLine, insertDelivery, orderBody } from '../../../test/fixtures/orders.ts';
import { pdfLayout, pdfText } from '../../../test/fixtures/pdf-text.ts';

const DAY = 24 * 60 * 60 * 1000;
const orderFields = () => {
  const { cartIds, ...fields } = orderBody([1]);
  void cartIds;
  return fields;
};

describe('lab procurement', () => {
  let ctx: TestContext;
  let buyer: Member;
  let other: Member;
  let operator: StaffMember;
  let finance: StaffMember;
  let warehouse: StaffMember;
  /** A product sold in two packs, one off sale; and an off-sale product. */
  let product: { id: number; number: string; packs: number[] };
  let offSale: { number: string };

  const inject = callerOf(() => ctx);
  const cartOf = (userId: number) =>
    ctx.db
      .selectFrom('cartItems')
      .select(['id', 'materialId', 'quantity'])
      .where('userId', '=', userId)
      .orderBy('id')
      .execute();
  const clearCart = (userId: number) =>
    ctx.db.deleteFrom('cartItems').where('userId', '=', userId).execute();

  beforeAll(async () => {
    ctx = await createTestContext();
    buyer = await createMember(ctx, { balanceFen: 10_000_000 });
    other = await createMember(ctx);
    operator = await createStaff(ctx.db, ['operator']);
    finance = await createStaff(ctx.db, ['finance']);
    warehouse = await createStaff(ctx.db, ['warehouse']);
    const number = `QO-${Date.now()}`;
    const p = await insertProduct(ctx.db, {
      name: '甲醇标准溶液',
      number,
      cas: '67-56-1',
      materials: [
        { pack: '1mL', price: 20_000, userPrice: 12_000 },
        { pack: '5 mL', price: 80_000, userPrice: 60_000 },
        { pack: '10mL', price: 150_000, userPrice: 100_000, onSale: 0 },
      ],
    });
    product = { id: p.id, number, packs: p.materialIds };
    const off = await insertProduct(ctx.db, {
      name: '已停售品',
      number: `OFF-${Date.now()}`,
      onSale: 0,
      materials: [{ pack: '1g', price: 100, userPrice: 100 }],
    });
    offSale = {
      number: (
        await ctx.db
          .selectFrom('products')
          .select('number')
          .where('id', '=', off.id)
          .executeTakeFirstOrThrow()
      ).number,
    };
    await putSetting(ctx.db, 'company', {
      name: '一方标准品测试公司',
      tel: '010-12345678',
      email: 'sales@example.cn',
      address: '北京市海淀区测试路 8 号',
    });
    await putSetting(ctx.db, 'bank', {
      accountName: '一方标准品测试公司',
      bankName: '中国银行北京海淀支行',
      accountNumber: '1234 5678 9012',
    });
  });
  afterAll(() => ctx.close());

  describe('quick order', () => {
    it('adds the lines it can read and says why each other line fails', async () => {
      await clearCart(buyer.userId);
      const text = [
        '货号\t包装\t数量',
        `${product.number}\t1mL\t2`,
        `67-56-1, 5ml, 3`,
        `${product.number.toLowerCase()} 1ML`,
        'NOPE-1\t1mL\t1',
        `${product.number}\t25mL\t1`,
        `${product.number}\t10mL\t1`,
        `${offSale.number}\t1g\t1`,
        `${product.number}\t1mL\t0`,
        'just-one-cell',
        '',
      ].join('\n');
      const res = await inject(buyer, 'POST', '/client/v1/cart/quick', { text });
      expect(res.statusCode).toBe(200);
      const data = body<{ added: number; failed: { line: number; msg: string }[] }>(res).data;
      expect(data.added).toBe(3);
      expect(data.failed).toEqual([
        { line: 5, msg: '未找到该货号或CAS' },
        { line: 6, msg: '该商品无此包装（可选：1mL、5 mL）' },
        { line: 7, msg: '已下架' },
        { line: 8, msg: '已下架' },
        { line: 9, msg: '数量有误，应为 1 至 9999 的整数' },
        { line: 10, msg: '格式有误，请按“货号或CAS 包装 数量”填写' },
      ]);
      const cart = await cartOf(buyer.userId);
      expect(cart.map((l) => [l.materialId, l.quantity])).toEqual([
        [product.packs[0], 3],
        [product.packs[1], 3],
      ]);
    });

    it('previews each line with its pack, price and reason without changing the cart', async () => {
      await clearCart(buyer.userId);
      const res = await inject(buyer, 'POST', '/client/v1/cart/quick/preview', {
        text: `${product.number},5 mL,2\nNOPE,1mL,1`,
      });
      expect(res.statusCode).toBe(200);
      const lines =
        body<{ msg: string; materialId: number | null; userPrice: number | null }[]>(res).data;
      expect(lines[0]).toMatchObject({ msg: '', materialId: product.packs[1], userPrice: 600 });
      expect(lines[1]).toMatchObject({ msg: '未找到该货号或CAS', materialId: null });
      expect(await cartOf(buyer.userId)).toEqual([]);
    });

    it('refuses a controlled chemical the member holds no document for, with the reason', async () => {
      await clearCart(buyer.userId);
      const ether = await insertProduct(ctx.db, {
        name: '乙醚',
        number: 'QO-ETHER',
        cas: '60-29-7',
        regulationCategory: 'precursor-2',
        materials: [{ pack: '500mL', price: 8000, userPrice: 7000 }],
      });
      const res = await inject(buyer, 'POST', '/client/v1/cart/quick', {
        text: `QO-ETHER\t500mL\t1\n${product.number}\t1mL\t1`,
      });
      const data = body<{ added: number; failed: { line: number; msg: string }[] }>(res).data;
      expect(data.added).toBe(1);
      expect(data.failed).toHaveLength(1);
      expect(data.failed[0]).toMatchObject({ line: 1 });
      expect(data.failed[0]?.msg).toContain('乙醚');
      expect((await cartOf(buyer.userId)).map((l) => l.materialId)).not.toContain(
        ether.materialIds[0],
      );
    });

    it('adds once under a retried idempotency key and refuses empty text', async () => {
      await clearCart(buyer.userId);
      const key = { 'idempotency-key': `quick-${Date.now()}` };
      const text = `${product.number}\t1mL\t4`;
      const first = await inject(buyer, 'POST', '/client/v1/cart/quick', { text }, key);
      const again = await inject(buyer, 'POST', '/client/v1/cart/quick', { text }, key);
      expect(again.body).toBe(first.body);
      expect((await cartOf(buyer.userId)).map((l) => l.quantity)).toEqual([4]);
      const empty = await inject(buyer, 'POST', '/client/v1/cart/quick', { text: ' \n ' });
      expect(empty.statusCode).toBe(400);
      expect(body(empty).msg).toBe('请粘贴要购买的商品');
      expect((await inject(null, 'POST', '/client/v1/cart/quick', { text })).statusCode).toBe(401);
    });
  });

  describe('quick order from a spreadsheet', () => {
    it('serves an XLSX template and reads a filled-in sheet back as lines', async () => {
      const template = await inject(null, 'GET', '/client/v1/cart/quick/template');
      expect(template.statusCode).toBe(200);
      expect(template.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const sheet = (data: Buffer, filename: string) => {
        const form = multipart({}, { filename, data });
        return ctx.app.inject({
          method: 'POST',
          url: '/client/v1/cart/quick/sheet',
          headers: { ...auth(buyer), ...form.headers },
          payload: form.payload,
        });
      };
      const fromXlsx = await sheet(template.rawPayload, '快速下单模板.xlsx');
      expect(body(fromXlsx).data).toEqual({ text: 'BW30001-1000\t1mL\t2' });
      const csv = Buffer.from(`\uFEFF货号或CAS,包装,数量\r\n${product.number},5 mL,3\r\n`);
      const fromCsv = await sheet(csv, 'list.csv');
      expect(body(fromCsv).data).toEqual({ text: `${product.number}\t5 mL\t3` });
      const bad = await sheet(Buffer.from('not a sheet'), 'x.xlsx');
      expect(bad.statusCode).toBe(400);
      expect(body(bad).msg).toBe('文件不是有效的 XLSX 表格');
    });
  });

  describe('reorder', () => {
    it('puts the lines still on sale back into the cart and lists the others', async () => {
      await clearCart(buyer.userId);
      const a = await insertCartLine(ctx.db, buyer.userId, product.packs[0] ?? 0, 2);
      const b = await insertCartLine(ctx.db, buyer.userId, product.packs[1] ?? 0, 1);
      const res = await inject(buyer, 'POST', '/client/v1/orders', orderBody([a, b]));
      expect(res.statusCode).toBe(200);
      const orderId = body<{ order: Order }>(res).data.order.id;
      await ctx.db
        .updateTable('materials')
        .set({ onSale: 0 })
        .where('id', '=', product.packs[1] ?? 0)
        .execute();
      try {
        const re = await inject(buyer, 'POST', `/client/v1/user/orders/${orderId}/reorder`);
        expect(re.statusCode).toBe(200);
        expect(body(re).data).toEqual({
          added: 1,
          skipped: [{ name: '甲醇标准溶液 5 mL', msg: '已下架' }],
        });
        expect((await cartOf(buyer.userId)).map((l) => [l.materialId, l.quantity])).toEqual([
          [product.packs[0], 2],
        ]);
        const idor = await inject(other, 'POST', `/client/v1/user/orders/${orderId}/reorder`);
        expect(idor.statusCode).toBe(404);
        expect(await cartOf(other.userId)).toEqual([]);
      } finally {
        await ctx.db
          .updateTable('materials')
          .set({ onSale: 1 })
          .where('id', '=', product.packs[1] ?? 0)
          .execute();
      }
    });
  });

  describe('quotes', () => {
    const requestQuote = async (m: Member, quantities: [number, number] = [10, 2]) => {
      await clearCart(m.userId);
      const a = await insertCartLine(ctx.db, m.userId, product.packs[0] ?? 0, quantities[0]);
      const b = await insertCartLine(ctx.db, m.userId, product.packs[1] ?? 0, quantities[1]);
      const res = await inject(m, 'POST', '/client/v1/quotes', {
        cartIds: [a, b],
        remark: '课题组采购，请报优惠价',
      });
      expect(res.statusCode).toBe(200);
      return body<{ id: number }>(res).data.id;
    };
    const price = (
      who: { token: string },
      id: number,
      lines: { id: number; unitPrice: number }[],
      validUntil = Date.now() + 30 * DAY,
    ) =>
      inject(who, 'PUT', `/manage/v1/quotes/${id}`, {
        lines,
        validUntil,
        remark: '含税含运费，货期一周',
      });
    const priced = async (m: Member) => {
      const id = await requestQuote(m);
      const q = body<Quote>(await inject(m, 'GET', `/client/v1/quotes/${id}`)).data;
      const [l1, l2] = q.lines;
      const res = await price(operator, id, [
        { id: l1?.id ?? 0, unitPrice: 100 },
        { id: l2?.id ?? 0, unitPrice: 550.5 },
      ]);
      expect(res.statusCode).toBe(200);
      return id;
    };

    it('turns cart lines into a requested quote the member alone can see', async () => {
      const id = await requestQuote(buyer);
      const res = await inject(buyer, 'GET', `/client/v1/quotes/${id}`);
      const q = body<Quote>(res).data;
      expect(q).toMatchObject({
        status: 'requested',
        remark: '课题组采购，请报优惠价',
        amount: null,
      });
      expect(q.number).toMatch(/^BJ\d{18}$/);
      expect(q.lines.map((l) => [l.pack, l.quantity, l.listPrice, l.unitPrice])).toEqual([
        ['1mL', 10, 120, null],
        ['5 mL', 2, 600, null],
      ]);
      const list = body<Paged<Quote>>(await inject(buyer, 'GET', '/client/v1/quotes')).data;
      expect(list.records.map((r) => r.id)).toContain(id);
      for (const url of [`/client/v1/quotes/${id}`, `/client/v1/quotes/${id}/pdf`]) {
        const idor = await inject(other, 'GET', url);
        expect(idor.statusCode).toBe(404);
        expect(body(idor).msg).toBe('报价单不存在');
      }
      const foreign = await inject(other, 'POST', '/client/v1/quotes', {
        cartIds: (await cartOf(buyer.userId)).map((l) => l.id),
      });
      expect(foreign.statusCode).toBe(400);
    });

    it('is priced by staff with the orders permission only, every line, for a future date', async () => {
      const id = await requestQuote(buyer);
      const q = body<Quote>(await inject(buyer, 'GET', `/client/v1/quotes/${id}`)).data;
      const lines = q.lines.map((l) => ({ id: l.id, unitPrice: 99 }));
      expect((await price(warehouse, id, lines)).statusCode).toBe(403);
      const partial = await price(operator, id, lines.slice(0, 1));
      expect(partial.statusCode).toBe(400);
      expect(body(partial).msg).toBe('请为报价单的每一行填写单价');
      const past = await price(operator, id, lines, Date.now() - 1000);
      expect(body(past).msg).toBe('有效期须晚于当前时间');
      expect((await price(operator, id, lines)).statusCode).toBe(200);
      const quoted = body<Quote>(await inject(buyer, 'GET', `/client/v1/quotes/${id}`)).data;
      expect(quoted).toMatchObject({
        status: 'quoted',
        goodsAmount: 1188,
        freight: 0,
        amount: 1188,
      });
      const audit = await ctx.db
        .selectFrom('auditLogs')
        .select('action')
        .where('target', '=', `quote:${id}`)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['quote.price']);
      // The buyer is told in the message centre, once, with a link to the quote.
      const told = await ctx.db
        .selectFrom('memberMessages')
        .select(['title', 'link'])
        .where('event', '=', 'quote-ready')
        .where('userId', '=', buyer.userId)
        .where('link', '=', `/quote/${id}`)
        .execute();
      expect(told).toEqual([
        { title: expect.stringContaining(q.number) as unknown, link: `/quote/${id}` },
      ]);
      const manage = await inject(operator, 'GET', `/manage/v1/quotes?status=quoted`);
      expect(body<Paged<{ id: number }>>(manage).data.records.map((r) => r.id)).toContain(id);
    });

    it('prints the quote as a PDF with lines, totals in figures and 大写, bank and validity', async () => {
      const id = await priced(buyer);
      const res = await inject(buyer, 'GET', `/client/v1/quotes/${id}/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
      for (const piece of [
        '报价单',
        '一方标准品测试公司',
        '中国银行北京海淀支行',
        '甲醇标准溶液',
        product.number,
        '1mL',
        '5mL',
        '100.00',
        '550.50',
        '1,000.00',
        '1,101.00',
        '合计：¥2,101.00',
        '人民币（大写）：贰仟壹佰零壹元整',
        '报价有效期至',
        '含税价',
      ]) {
        expect(text).toContain(piece);
      }
    });

    it('becomes one order at the quoted prices, whatever the retries and races', async () => {
      const id = await priced(buyer);
      const url = `/client/v1/quotes/${id}/order`;
      const answers = await Promise.all([
        inject(buyer, 'POST', url, orderFields()),
        inject(buyer, 'POST', url, orderFields()),
        inject(buyer, 'POST', url, orderFields()),
      ]);
      const ids = answers.map((r) => body<{ order: Order }>(r).data.order.id);
      expect(new Set(ids).size).toBe(1);
      const order = body<{ order: Order }>(answers[0] ?? answers[1] ?? { body: '' }).data.order;
      expect(order).toMatchObject({ goodsAmount: 2101, freight: 0, amount: 2101 });
      expect(order.goodsList.map((g) => [g.pack, g.price, g.quantityPurchase])).toEqual([
        ['1mL', 100, 10],
        ['5 mL', 550.5, 2],
      ]);
      const quote = body<Quote>(await inject(buyer, 'GET', `/client/v1/quotes/${id}`)).data;
      expect(quote).toMatchObject({ status: 'ordered', orderId: order.id });
      const orders = await ctx.db
        .selectFrom('orders')
        .select('id')
        .where('userId', '=', buyer.userId)
        .where('id', '=', order.id)
        .execute();
      expect(orders).toHaveLength(1);
      const repriced = await price(
        operator,
        id,
        quote.lines.map((l) => ({ id: l.id, unitPrice: 1 })),
      );
      expect(body(repriced).msg).toBe('该报价单已下单，不能再修改');
      expect((await inject(other, 'POST', url, orderFields())).statusCode).toBe(404);
    });

    it('takes the quoted packs out of the cart with the order, and leaves the rest', async () => {
      const id = await priced(buyer);
      // The quote's two packs are in the cart (requestQuote put them there), one at another
      // quantity since; a third pack stays.
      const [first] = await cartOf(buyer.userId);
      await ctx.db
        .updateTable('cartItems')
        .set({ quantity: 7 })
        .where('id', '=', first?.id ?? 0)
        .execute();
      const kept = await ctx.db
        .selectFrom('materials')
        .select('id')
        .where('productId', '=', product.id)
        .where('id', 'not in', [product.packs[0] ?? 0, product.packs[1] ?? 0])
        .executeTakeFirstOrThrow();
      await insertCartLine(ctx.db, buyer.userId, kept.id, 1);
      expect((await cartOf(buyer.userId)).map((l) => l.materialId)).toHaveLength(3);
      const res = await inject(buyer, 'POST', `/client/v1/quotes/${id}/order`, orderFields());
      expect(res.statusCode).toBe(200);
      expect((await cartOf(buyer.userId)).map((l) => l.materialId)).toEqual([kept.id]);
    });

    it('refuses an order before pricing and after validity, changing nothing', async () => {
      const requested = await requestQuote(buyer);
      const early = await inject(
        buyer,
        'POST',
        `/client/v1/quotes/${requested}/order`,
        orderFields(),
      );
      expect(early.statusCode).toBe(400);
      expect(body(early).msg).toBe('报价单尚未报价，请等待客服报价');
      const id = await priced(buyer);
      await ctx.db
        .updateTable('quotes')
        .set({ validUntil: Date.now() - 1 })
        .where('id', '=', id)
        .execute();
      const before = await ctx.db.selectFrom('orders').select('id').execute();
      const late = await inject(buyer, 'POST', `/client/v1/quotes/${id}/order`, orderFields());
      expect(late.statusCode).toBe(400);
      expect(body(late).msg).toBe('报价单已过期，请重新询价');
      expect(await ctx.db.selectFrom('orders').select('id').execute()).toEqual(before);
      const bad = await inject(buyer, 'POST', `/client/v1/quotes/${id}/order`, {
        ...orderFields(),
        invoiceType: 1,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('takes a 增值税专用发票 order with the four 专票 fields and names what is missing', async () => {
      const id = await priced(buyer);
      const url = `/client/v1/quotes/${id}/order`;
      const special = {
        ...orderFields(),
        invoiceType: 2,
        invoiceCompanyName: '某大学化学院',
        invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
        invoiceEmail: 'fin@example.cn',
      };
      // What the quote page used to send: the title, number and email only.
      const short = await inject(buyer, 'POST', url, special);
      expect(short.statusCode).toBe(400);
      expect(body(short).msg).toContain('增值税专用发票需填写注册地址');
      const full = await inject(buyer, 'POST', url, {
        ...special,
        invoiceRegisteredAddress: '北京市海淀区学院路 5 号',
        invoiceRegistrationTelephone: '010-62000000',
        invoiceDepositBank: '中国工商银行北京学院路支行',
        invoiceBankAccountNumber: '0200000000000000001',
      });
      expect(full.statusCode).toBe(200);
      const orderId = body<{ order: Order }>(full).data.order.id;
      const row = await ctx.db
        .selectFrom('orders')
        .select([
          'invoiceType',
          'invoiceRegisteredAddress',
          'invoiceRegistrationTelephone',
          'invoiceDepositBank',
          'invoiceBankAccountNumber',
        ])
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        invoiceType: 2,
        invoiceRegisteredAddress: '北京市海淀区学院路 5 号',
        invoiceRegistrationTelephone: '010-62000000',
        invoiceDepositBank: '中国工商银行北京学院路支行',
        invoiceBankAccountNumber: '0200000000000000001',
      });
    });

    it('orders a 易制爆 line at the quoted price with its stated use, and refuses it without', async () => {
      // A unit buyer with an approved business licence: what 易制爆 needs besides the use.
      const unit = '北京某某检测技术有限公司';
      const m = await createMember(ctx);
      await ctx.db.updateTable('users').set({ company: unit }).where('id', '=', m.userId).execute();
      const officer = await createStaff(ctx.db, ['compliance']);
      const licence = multipart(
        {
          kind: 'business-licence',
          number: '91110000MA00000001',
          holder: unit,
          validUntil: '2099-12-31',
        },
        { filename: 'licence.pdf', data: Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n') },
      );
      const uploaded = await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/user/qualifications',
        headers: { ...licence.headers, ...auth(m) },
        payload: licence.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const reviewed = await inject(
        officer,
        'POST',
        `/manage/v1/qualifications/${body<{ id: number }>(uploaded).data.id}/review`,
        { approve: true, reason: '' },
      );
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      const nitric = (
        await insertProduct(ctx.db, {
          name: '硝酸',
          number: `QN-${Date.now()}`,
          cas: '7697-37-2',
          regulationCategory: 'explosive-precursor',
          materials: [{ pack: '500mL', price: 5_000, userPrice: 3_000 }],
        })
      ).materialIds[0] as number;
      await clearCart(m.userId);
      const cartId = await insertCartLine(ctx.db, m.userId, nitric, 2);
      const asked = await inject(m, 'POST', '/client/v1/quotes', { cartIds: [cartId] });
      const id = body<{ id: number }>(asked).data.id;
      const q = body<Quote>(await inject(m, 'GET', `/client/v1/quotes/${id}`)).data;
      const res = await price(operator, id, [{ id: q.lines[0]?.id ?? 0, unitPrice: 25 }]);
      expect(res.statusCode, res.body).toBe(200);
      const url = `/client/v1/quotes/${id}/order`;
      // What the quote page used to send: no stated use; a blank one is no use either.
      for (const extra of [{}, { purposes: [{ materialId: nitric, purpose: '  ' }] }]) {
        const refused = await inject(m, 'POST', url, { ...orderFields(), ...extra });
        expect(refused.statusCode).toBe(400);
        expect(body(refused).msg).toContain('用途');
      }
      expect(body<Quote>(await inject(m, 'GET', `/client/v1/quotes/${id}`)).data.status).toBe(
        'quoted',
      );
      const placed = await inject(m, 'POST', url, {
        ...orderFields(),
        purposes: [{ materialId: nitric, purpose: '金属样品消解' }],
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = body<{ order: Order }>(placed).data.order;
      expect(order.goodsList.map((g) => [g.pack, g.price, g.quantityPurchase])).toEqual([
        ['500mL', 25, 2],
      ]);
      const line = await ctx.db
        .selectFrom('orderGoods')
        .select('purpose')
        .where('orderId', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(line.purpose).toBe('金属样品消解');
    });

    it('is made by staff straight from a bulk inquiry', async () => {
      const inquiry = await ctx.db
        .insertInto('bulkInquiries')
        .values({
          userId: buyer.userId,
          contact: '李老师',
          phone: '13900000000',
          email: '',
          company: '某大学化学院',
          content: '甲醇标准溶液 1mL 20 支',
          ip: '127.0.0.1',
          createdAt: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await inject(operator, 'POST', '/manage/v1/quotes', {
        inquiryId: inquiry.id,
        lines: [{ materialId: product.packs[0], quantity: 20, unitPrice: 95 }],
        validUntil: Date.now() + 7 * DAY,
        remark: '批量价',
      });
      expect(res.statusCode).toBe(200);
      const id = body<{ id: number }>(res).data.id;
      const q = body<Quote>(await inject(buyer, 'GET', `/client/v1/quotes/${id}`)).data;
      expect(q).toMatchObject({ status: 'quoted', goodsAmount: 1900, amount: 1900 });
      const missing = await inject(operator, 'POST', '/manage/v1/quotes', {
        inquiryId: 999_999,
        lines: [{ materialId: product.packs[0], quantity: 1, unitPrice: 1 }],
        validUntil: Date.now() + DAY,
      });
      expect(missing.statusCode).toBe(404);
    });

    it("shows staff the inquiry's member and finds the packs on sale to quote", async () => {
      const inquiry = await ctx.db
        .insertInto('bulkInquiries')
        .values({
          userId: buyer.userId,
          contact: '王老师',
          phone: '13900000001',
          email: '',
          company: '某研究所',
          content: `${product.number} 5mL 3 瓶`,
          ip: '127.0.0.1',
          createdAt: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const inbox = body<Paged<{ id: number; userId: number | null }>>(
        await inject(operator, 'GET', '/manage/v1/inbox/inquiries?size=50'),
      ).data.records;
      expect(inbox.find((r) => r.id === inquiry.id)?.userId).toBe(buyer.userId);

      const find = (who: { token: string }, key: string) =>
        inject(who, 'GET', `/manage/v1/quotes/packs?key=${encodeURIComponent(key)}`);
      const byNumber = body<Array<{ materialId: number; pack: string; listPrice: number }>>(
        await find(operator, product.number.toLowerCase()),
      ).data;
      // The off-sale 10mL pack is not offered; member prices are the list prices.
      expect(byNumber.map((p) => [p.materialId, p.pack, p.listPrice])).toEqual([
        [product.packs[0], '1mL', 120],
        [product.packs[1], '5 mL', 600],
      ]);
      const byCas = body<Array<{ materialId: number }>>(await find(operator, '67-56-1')).data;
      expect(byCas.map((p) => p.materialId)).toEqual(
        expect.arrayContaining(byNumber.map((p) => p.materialId)),
      );
      const offSaleFound = body<unknown[]>(await find(operator, offSale.number)).data;
      expect(offSaleFound).toEqual([]);
      expect((await find(warehouse, product.number)).statusCode).toBe(403);
      expect((await find(operator, ' ')).statusCode).toBe(400);
    });
  });

  describe('the company seal', () => {
    // A 1×1 PNG and a 1×1 GIF.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
    const upload = async (data: Buffer, filename: string) => {
      const form = multipart({}, { filename, data, contentType: 'image/png' });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/manage/v1/contents/images',
        headers: { ...auth(operator), ...form.headers },
        payload: form.payload,
      });
      return body<{ url: string }>(res).data.url;
    };
    const saveSeal = (who: { token: string }, image: string) =>
      inject(who, 'PUT', '/manage/v1/settings/seal', { image });
    /** The PDF of a new quote, priced by staff unless asked for one still 待报价. */
    const quoteFile = async (priced = true) => {
      await clearCart(buyer.userId);
      const cart = await insertCartLine(ctx.db, buyer.userId, product.packs[0] ?? 0, 1);
      const asked = await inject(buyer, 'POST', '/client/v1/quotes', {
        cartIds: [cart],
        remark: '',
      });
      const id = body<{ id: number }>(asked).data.id;
      if (priced) {
        const q = body<Quote>(await inject(buyer, 'GET', `/client/v1/quotes/${id}`)).data;
        const res = await inject(operator, 'PUT', `/manage/v1/quotes/${id}`, {
          lines: q.lines.map((l) => ({ id: l.id, unitPrice: 100 })),
          validUntil: Date.now() + 30 * DAY,
          remark: '',
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const res = await inject(buyer, 'GET', `/client/v1/quotes/${id}/pdf`);
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const quotePdf = async () => (await quoteFile()).toString('latin1');

    it('is a PNG or JPEG uploaded in the console and printed on the quote PDF', async () => {
      expect(await quotePdf()).not.toContain('/Subtype /Image');

      const url = await upload(png, 'seal.png');
      expect(url).toMatch(/^\/files\/uploads\/.+\.png$/);
      // The seal is money routing: finance proposes it, a second finance or admin confirms it.
      expect((await saveSeal(operator, url)).statusCode).toBe(403);
      const admin = await createStaff(ctx.db, ['admin']);
      const confirmed = async (image: string) => {
        const printed = async () => (await quotePdf()).includes('/Subtype /Image');
        const before = await printed();
        const proposed = await saveSeal(finance, image);
        expect(proposed.statusCode, proposed.body).toBe(200);
        // Until confirmed, the documents keep the seal in force.
        expect(await printed()).toBe(before);
        const id = body<{ id: number }>(proposed).data.id;
        const res = await inject(admin, 'POST', `/manage/v1/settings/changes/${id}/confirm`);
        expect(res.statusCode, res.body).toBe(200);
      };
      await confirmed(url);
      const shown = body<{ image: string }>(
        await inject(finance, 'GET', '/manage/v1/settings/seal'),
      ).data;
      expect(shown).toEqual({ image: url });
      expect(await quotePdf()).toContain('/Subtype /Image');

      // An empty image removes the seal.
      await confirmed('');
      expect(await quotePdf()).not.toContain('/Subtype /Image');
    });

    const sealSetting = () =>
      ctx.db.selectFrom('settings').select('value').where('key', '=', 'seal').executeTakeFirst();

    it('seals priced quotes only, below the signature where it covers no text', async () => {
      const before = await sealSetting();
      // The 1×1 picture is drawn at the seal's full size.
      await putSetting(ctx.db, 'seal', { image: await upload(png, 'seal.png') });
      try {
        const unpriced = await pdfLayout(await quoteFile(false));
        expect(unpriced.images).toEqual([]);
        const priced = await pdfLayout(await quoteFile());
        expect(priced.images).toHaveLength(1);
        const [seal] = priced.images;
        if (!seal) throw new Error('no seal');
        expect(seal.right - seal.left).toBeGreaterThan(50);
        const account = priced.texts.find((t) => t.str.includes('账号'));
        expect(account?.str).toContain('1234 5678 9012');
        // Below the bank details and the date, on the right half of the page.
        expect(seal.page).toBe(account?.page);
        expect(seal.top).toBeLessThan(account?.bottom ?? 0);
        const date = priced.texts.find((t) => t.str.startsWith('日期：') && t.left > 250);
        expect(seal.top).toBeLessThan(date?.bottom ?? 0);
        expect(seal.left).toBeGreaterThan(250);
        const covered = priced.texts.filter(
          (t) =>
            t.page === seal.page &&
            t.left < seal.right &&
            t.right > seal.left &&
            t.bottom < seal.top &&
            t.top > seal.bottom,
        );
        expect(covered.map((t) => t.str)).toEqual([]);
      } finally {
        if (before) await putSetting(ctx.db, 'seal', JSON.parse(before.value) as object);
        else await ctx.db.deleteFrom('settings').where('key', '=', 'seal').execute();
      }
    });

    it('refuses anything but a stored PNG or JPEG', async () => {
      const before = await sealSetting();
      const gifUrl = await upload(gif, 'seal.gif');
      const pngUrl = await upload(png, 'seal.png');
      const refused = [
        gifUrl,
        gifUrl.replace(/\.gif$/, '.png'),
        '/files/uploads/202401/does-not-exist.png',
        '/files/uploads/../../private/x.png',
        'https://example.com/seal.png',
        pngUrl.replace(/\.png$/, '.svg'),
      ];
      for (const image of refused) {
        const res = await saveSeal(finance, image);
        expect(res.statusCode, image).toBe(400);
        expect(body(res).msg).toBe('印章图片须为 PNG 或 JPEG 格式');
      }
      expect(await sealSetting()).toEqual(before);
    });
  });

  describe('order documents and fapiao', () => {
    let orderId: number;
    let deliveryId: number;
    const fakePdf = Buffer.from('%PDF-1.4\n% e-fapiao\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

    beforeAll(async () => {
      await clearCart(buyer.userId);
      const line = await insertCartLine(ctx.db, buyer.userId, product.packs[1] ?? 0, 2);
      const res = await inject(
        buyer,
        'POST',
        '/client/v1/orders',
        orderBody([line], {
          payType: 4,
          invoiceType: 1,
          invoiceCompanyName: '某大学',
          invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
          invoiceEmail: 'fp@example.cn',
        }),
      );
      expect(body(res).msg).toBe('提交成功');
      const order = body<{ order: Order }>(res).data.order;
      orderId = order.id;
      deliveryId = await insertDelivery(ctx.db, orderId, [
        { orderGoodsId: order.goodsList[0]?.id ?? 0, quantityShipped: 2 },
      ]);
    });

    it('prints the confirmation and the delivery note for the member only', async () => {
      const conf = await inject(
        buyer,
        'GET',
        `/client/v1/user/orders/${orderId}/documents/confirmation`,
      );
      expect(conf.statusCode).toBe(200);
      const text = (await pdfText(conf.rawPayload)).replace(/\s+/g, '');
      for (const piece of [
        '订单确认单',
        '甲醇标准溶液',
        '600.00',
        '1,200.00',
        '壹仟贰佰元整',
        '某大学',
      ]) {
        expect(text).toContain(piece);
      }
      const note = await inject(
        buyer,
        'GET',
        `/client/v1/user/orders/${orderId}/documents/delivery-note?deliveryId=${deliveryId}`,
      );
      expect(note.statusCode).toBe(200);
      const noteText = (await pdfText(note.rawPayload)).replace(/\s+/g, '');
      expect(noteText).toContain('送货单');
      expect(noteText).toContain('SF1234567890');
      expect(noteText).not.toContain('600.00');
      for (const url of [
        `/client/v1/user/orders/${orderId}/documents/confirmation`,
        `/client/v1/user/orders/${orderId}/documents/delivery-note?deliveryId=${deliveryId}`,
        `/client/v1/user/orders/${orderId}/documents/reimbursement`,
        `/client/v1/user/orders/${orderId}/fapiao`,
      ]) {
        expect((await inject(other, 'GET', url)).statusCode).toBe(404);
      }
      const wrong = await inject(
        buyer,
        'GET',
        `/client/v1/user/orders/${orderId}/documents/delivery-note?deliveryId=999999`,
      );
      expect(wrong.statusCode).toBe(404);
    });

    it('prints the full address, 省 市 区 and street, and the unit of a no-invoice order', async () => {
      const lab = await createMember(ctx);
      await ctx.db
        .updateTable('users')
        .set({ company: '深圳某研究所分析室' })
        .where('id', '=', lab.userId)
        .execute();
      const line = await insertCartLine(ctx.db, lab.userId, product.packs[0] ?? 0, 1);
      const res = await inject(
        lab,
        'POST',
        '/client/v1/orders',
        orderBody([line], {
          deliveryRegionCode: '440000,440300,440305',
          deliveryAddress: '科技园南区 8 栋 301',
          invoiceType: 3,
        }),
      );
      expect(body(res).msg).toBe('提交成功');
      const order = body<{ order: Order }>(res).data.order;
      const pack = await insertDelivery(ctx.db, order.id, [
        { orderGoodsId: order.goodsList[0]?.id ?? 0, quantityShipped: 1 },
      ]);
      const base = `/client/v1/user/orders/${order.id}/documents`;
      for (const url of [`${base}/confirmation`, `${base}/delivery-note?deliveryId=${pack}`]) {
        const pdf = await inject(lab, 'GET', url);
        expect(pdf.statusCode, url).toBe(200);
        const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, '');
        expect(text, url).toContain('收货地址：广东省深圳市南山区科技园南区8栋301');
        expect(text, url).toContain('单位名称：深圳某研究所分析室');
      }
    });

    it('prints the packing slip of what is left to ship and the delivery note of a package for the warehouse', async () => {
      await clearCart(buyer.userId);
      const line = await insertCartLine(ctx.db, buyer.userId, product.packs[1] ?? 0, 3);
      const placed = await inject(
        buyer,
        'POST',
        '/client/v1/orders',
        orderBody([line], { payType: 4 }),
      );
      const order = body<{ order: Order }>(placed).data.order;
      const goodsId = order.goodsList[0]?.id ?? 0;
      const first = await insertDelivery(ctx.db, order.id, [
        { orderGoodsId: goodsId, quantityShipped: 1 },
      ]);
      const slipUrl = `/manage/v1/orders/${order.id}/documents/packing-slip`;
      const slip = await inject(warehouse, 'GET', slipUrl);
      expect(slip.statusCode).toBe(200);
      expect(slip.headers['content-type']).toContain('application/pdf');
      const slipText = (await pdfText(slip.rawPayload)).replace(/\s+/g, '');
      expect(slipText).toContain('装箱单');
      expect(slipText).toContain(order.number);
      expect(slipText).toContain('甲醇标准溶液');
      // Two of the three units are left; a packing slip carries no prices.
      expect(slipText).toMatch(/甲醇标准溶液[^\n]*2/);
      expect(slipText).not.toContain('600.00');

      const note = await inject(
        warehouse,
        'GET',
        `/manage/v1/orders/${order.id}/deliveries/${first}/delivery-note`,
      );
      expect(note.statusCode).toBe(200);
      expect((await pdfText(note.rawPayload)).replace(/\s+/g, '')).toContain('送货单');
      // Another order's package is not this order's.
      const foreign = await inject(
        warehouse,
        'GET',
        `/manage/v1/orders/${order.id}/deliveries/${deliveryId}/delivery-note`,
      );
      expect(foreign.statusCode).toBe(404);
      // Finance has no warehouse papers; everything shipped leaves nothing to pack.
      expect((await inject(finance, 'GET', slipUrl)).statusCode).toBe(403);
      await insertDelivery(ctx.db, order.id, [{ orderGoodsId: goodsId, quantityShipped: 2 }]);
      const done = await inject(warehouse, 'GET', slipUrl);
      expect(done.statusCode).toBe(400);
      expect(body(done).msg).toBe('订单商品已全部发货');
    });

    it("prints each line's lot and expiry on the delivery notes of a package shipped by lot", async () => {
      await clearCart(buyer.userId);
      const line = await insertCartLine(ctx.db, buyer.userId, product.packs[0] ?? 0, 4);
      const placed = await inject(
        buyer,
        'POST',
        '/client/v1/orders',
        orderBody([line], { payType: 4 }),
      );
      const order = body<{ order: Order }>(placed).data.order;
      const goodsId = order.goodsList[0]?.id ?? 0;
      // One order line shipped from two dated lots and the undated stock (docs/lots.md): one
      // goods line per lot, as the shipping code writes them.
      const packageId = await insertDelivery(ctx.db, order.id, []);
      await ctx.db
        .insertInto('deliveryGoods')
        .values(
          [
            { lotNumber: 'LOT-2401A', expire: '2027-03-31', quantityShipped: 1 },
            { lotNumber: 'LOT-2409B', expire: '2027-09-30', quantityShipped: 2 },
            { lotNumber: '未分批', expire: null, quantityShipped: 1 },
          ].map((l) => ({ ...l, deliveryId: packageId, orderGoodsId: goodsId, stocks: '[]' })),
        )
        .execute();

      const urls = [
        [
          buyer,
          `/client/v1/user/orders/${order.id}/documents/delivery-note?deliveryId=${packageId}`,
        ],
        [warehouse, `/manage/v1/orders/${order.id}/deliveries/${packageId}/delivery-note`],
      ] as const;
      for (const [who, url] of urls) {
        const res = await inject(who, 'GET', url);
        expect(res.statusCode, url).toBe(200);
        const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
        expect(text).toContain('送货单');
        expect(text).toContain('批号');
        expect(text).toContain('有效期至');
        // Each row: lot, expiry, quantity; an undated lot's expiry is 以实物为准.
        expect(text).toMatch(/甲醇标准溶液[^\n]*LOT-2401A2027-03-311/);
        expect(text).toMatch(/甲醇标准溶液[^\n]*LOT-2409B2027-09-302/);
        expect(text).toMatch(/甲醇标准溶液[^\n]*未分批以实物为准1/);
        // Three lots of one order line are one kind of goods.
        expect(text).toContain('共1种4件');
      }

      // A package shipped before lots keeps the note without lot columns.
      const old = await inject(
        buyer,
        'GET',
        `/client/v1/user/orders/${orderId}/documents/delivery-note?deliveryId=${deliveryId}`,
      );
      const oldText = (await pdfText(old.rawPayload)).replace(/\s+/g, '');
      expect(oldText).toContain('送货单');
      expect(oldText).not.toContain('批号');
      expect(oldText).not.toContain('有效期至');
      expect(oldText).toContain('共1种2件');
    });

    it('prints the lot the warehouse shipped through the console on the delivery note', async () => {
      const store = await insertStore(ctx.db, { name: '北京仓' });
      const p = await insertProduct(ctx.db, {
        name: '乙腈标准溶液',
        number: `LOTDOC-${Date.now()}`,
        materials: [{ pack: '1mL', price: 20_000, userPrice: 12_000 }],
      });
      const materialId = p.materialIds[0] ?? 0;
      const expire = new Date(Date.now() + 730 * DAY).toISOString().slice(0, 10);
      const staffCall = (url: string, payload: object) =>
        inject(warehouse, 'POST', url, payload, { 'idempotency-key': `lotdoc-${url}` });
      const received = await staffCall('/manage/v1/stock/receipts', {
        materialId,
        storeId: store,
        lotNumber: 'ACN-L2405',
        expire,
        quantity: 5,
      });
      expect(received.statusCode, received.body).toBe(200);
      await clearCart(buyer.userId);
      const line = await insertCartLine(ctx.db, buyer.userId, materialId, 2);
      const placed = await inject(
        buyer,
        'POST',
        '/client/v1/orders',
        orderBody([line], { payType: 4 }),
      );
      const order = body<{ order: Order }>(placed).data.order;
      const shipped = await staffCall(`/manage/v1/orders/${order.id}/deliveries`, {
        carrier: '顺丰速运',
        trackingNumber: 'SF9988776655',
        goods: [
          {
            orderGoodsId: order.goodsList[0]?.id ?? 0,
            quantity: 2,
            storeId: store,
            lotNumber: 'ACN-L2405',
          },
        ],
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const packageId = body<{ id: number }>(shipped).data.id;
      const note = await inject(
        buyer,
        'GET',
        `/client/v1/user/orders/${order.id}/documents/delivery-note?deliveryId=${packageId}`,
      );
      expect(note.statusCode).toBe(200);
      const text = (await pdfText(note.rawPayload)).replace(/\s+/g, '');
      expect(text).toMatch(new RegExp(`乙腈标准溶液[^\\n]*ACN-L2405${expire}2`));
    });

    it('lets finance attach the e-fapiao, checked by content, for the member to download', async () => {
      const url = `/manage/v1/orders/${orderId}/fapiao`;
      const upload = (who: { token: string }, data: Buffer, number = '24110000000012345678') => {
        const form = multipart(
          { number },
          { filename: 'fp.pdf', data, contentType: 'application/pdf' },
        );
        return ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...auth(who), ...form.headers },
          payload: form.payload,
        });
      };
      expect((await upload(operator, fakePdf)).statusCode).toBe(403);
      const notPdf = await upload(finance, Buffer.from('<html>not a fapiao</html>'));
      expect(notPdf.statusCode).toBe(400);
      expect(body(notPdf).msg).toBe('发票文件须为 PDF 或 OFD 格式');
      expect(
        (await inject(buyer, 'GET', `/client/v1/user/orders/${orderId}/fapiao`)).statusCode,
      ).toBe(404);
      const ok = await upload(finance, fakePdf);
      expect(ok.statusCode).toBe(200);
      const detail = body<OrderDetail>(
        await inject(buyer, 'GET', `/client/v1/user/orders/${orderId}`),
      ).data;
      expect(detail.invoiceNumber).toBe('24110000000012345678');
      expect(detail.invoiceIssuedAt).toBeGreaterThan(0);
      const file = await inject(buyer, 'GET', `/client/v1/user/orders/${orderId}/fapiao`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.equals(fakePdf)).toBe(true);
      const audit = await ctx.db
        .selectFrom('auditLogs')
        .select('action')
        .where('target', '=', `order:${orderId}`)
        .execute();
      expect(audit.map((a) => a.action)).toContain('order.fapiao');
      // Private: nothing of it below the served files directory.
      const stored = await ctx.db
        .selectFrom('orderFapiaoFiles')
        .select('file')
        .where('orderId', '=', orderId)
        .executeTakeFirstOrThrow();
      expect(stored.file.startsWith('fapiao/')).toBe(true);
    });

    it('packs the reimbursement documents into one ZIP', async () => {
      const res = await inject(
        buyer,
        'GET',
        `/client/v1/user/orders/${orderId}/documents/reimbursement`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const zip = await JSZip.loadAsync(res.rawPayload);
      const names = Object.keys(zip.files).sort();
      expect(names).toHaveLength(3);
      expect(names.some((n) => n.startsWith('订单确认单-'))).toBe(true);
      expect(names.some((n) => n.startsWith('送货单-'))).toBe(true);
      expect(names.some((n) => n.startsWith('发票-'))).toBe(true);
    });

    it('takes a member fapiao request from their invoice data; finance sees it', async () => {
      await clearCart(buyer.userId);
      const line = await insertCartLine(ctx.db, buyer.userId, product.packs[0] ?? 0, 1);
      const res = await inject(
        buyer,
        'POST',
        '/client/v1/orders',
        orderBody([line], { payType: 4 }),
      );
      const id = body<{ order: Order }>(res).data.order.id;
      const none = await inject(buyer, 'POST', `/client/v1/user/orders/${id}/fapiao/request`);
      expect(body(none).msg).toBe('未设置发票，请编辑发票信息。');
      await ctx.db
        .insertInto('invoices')
        .values({
          userId: buyer.userId,
          invoiceType: 2,
          invoiceHeader: '某大学化学院',
          invoiceEmail: 'fp@example.cn',
          taxpayerNumber: '91110000123456789Q',
          registerAddress: '',
          registerTelephone: '',
          bankName: '',
          bankAccount: '',
          updatedAt: Date.now(),
        })
        .execute();
      const made = await inject(buyer, 'POST', `/client/v1/user/orders/${id}/fapiao/request`);
      expect(made.statusCode).toBe(200);
      expect(body(made).data).toMatchObject({ orderId: id, invoiceType: 2, title: '某大学化学院' });
      expect(
        (await inject(other, 'POST', `/client/v1/user/orders/${id}/fapiao/request`)).statusCode,
      ).toBe(404);
      const list = await inject(finance, 'GET', '/manage/v1/fapiao-requests');
      expect(body<Paged<{ orderId: number }>>(list).data.records.map((r) => r.orderId)).toContain(
        id,
      );
      const status = await inject(buyer, 'GET', `/client/v1/user/orders/${id}/fapiao/status`);
      expect(body(status).data).toMatchObject({ file: false, request: { title: '某大学化学院' } });
    });
  });
});
