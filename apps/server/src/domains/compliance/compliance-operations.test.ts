import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { Dashboard, ExplosiveReportRow, LedgerRow } from '@labshop/shared/schemas';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember, type Member } from '../../../test/fixtures/account.ts';
import { insertProduct, insertStore } from '../../../test/fixtures/catalogue.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { auth } from '../../../test/fixtures/orders.ts';
import * as explosiveReport from './explosive-report.service.ts';

/*
 * What compliance staff and the warehouse do with controlled chemicals after the order
 * (docs/compliance.md section 5): the ledger an inspection reads, shipping from named lots with
 * the 经办人, the 易制爆 five-day report and the dashboard's figures.
 */

const COMPANY = '南京试剂检测有限公司';
const LICENCE = '91320100MA1XXXXX0Q';
const REGISTERED = '南京市玄武区珠江路 88 号';
const HANDLER_ID = '11010519491231002X';
const DAY = 86_400_000;

describe('compliance operations', () => {
  let ctx: TestContext;
  let officer: StaffMember;
  let warehouse: StaffMember;
  let storeId: number;
  let nitric: number;
  let strychnine: number;
  let methanol: number;
  let buyer: Member;
  let licenceId: number;
  let keySeq = 0;

  const as = (staff: StaffMember, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...auth(staff), 'idempotency-key': `compliance-ops-${++keySeq}` },
      ...(payload ? { payload } : {}),
    });

  const receive = async (materialId: number, lotNumber: string, quantity: number) => {
    const expire = new Date(Date.now() + 400 * DAY).toISOString().slice(0, 10);
    const res = await as(warehouse, 'POST', '/manage/v1/stock/receipts', {
      materialId,
      storeId,
      lotNumber,
      expire,
      quantity,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const approvedDocument = async (
    userId: number,
    kind: string,
    number: string,
    substance?: { cas: string; mg: number },
  ) => {
    const t = Date.now();
    const { id } = await ctx.db
      .insertInto('qualifications')
      .values({
        userId,
        kind,
        number,
        holder: COMPANY,
        validUntil: '2099-12-31',
        status: 'approved',
        file: 'qualifications/x.pdf',
        fileType: 'application/pdf',
        reviewedBy: officer.id,
        reviewedAt: t,
        createdAt: t,
        updatedAt: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (substance) {
      await ctx.db
        .insertInto('qualificationSubstances')
        .values({
          qualificationId: id,
          cas: substance.cas,
          unit: 'g',
          quantity: substance.mg,
          remaining: substance.mg,
        })
        .execute();
    }
    return id;
  };

  const list = async () =>
    body<ExplosiveReportRow[]>(await as(officer, 'GET', '/manage/v1/compliance/explosive-report'))
      .data;

  let orderSeq = 0;
  /**
   * A paid order of the buyer awaiting shipment, written as the order API leaves it (the buying
   * rules themselves are tested with the order API in compliance.test.ts): each line linked to
   * the licence it was sold against. Answers its id and lines.
   */
  const paidOrder = async (lines: Array<[number, number]>, purpose = '') => {
    const t = Date.now();
    const packs = await ctx.db
      .selectFrom('materials as m')
      .innerJoin('products as p', 'p.id', 'm.productId')
      .select(['m.id', 'm.productId', 'm.pack', 'p.name', 'p.number', 'p.cas'])
      .where(
        'm.id',
        'in',
        lines.map(([id]) => id),
      )
      .execute();
    const { id } = await ctx.db
      .insertInto('orders')
      .values({
        number: `CO${t}${++orderSeq}`,
        userId: buyer.userId,
        deliveryUsername: '张三',
        deliveryPhone: '13912345678',
        deliveryRegionCode: '320000,320100,320102',
        deliveryAddress: '中山路 18 号 3 楼实验室',
        goodsAmount: 1_000,
        freight: 0,
        amount: 1_000,
        count: lines.reduce((n, [, q]) => n + q, 0),
        status: OrderStatus.AWAITING_SHIPMENT,
        payType: PayType.BALANCE,
        payStatus: PayStatus.PAID,
        userRemark: '',
        invoiceType: 3,
        invoiceCompanyName: '',
        invoiceTaxpayerIdentificationNumber: '',
        invoiceEmail: '',
        invoiceRegisteredAddress: '',
        invoiceRegistrationTelephone: '',
        invoiceDepositBank: '',
        invoiceBankAccountNumber: '',
        transferReference: '',
        paidAt: t,
        cancelledAt: null,
        createdAt: t,
        updatedAt: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const goods = await ctx.db
      .insertInto('orderGoods')
      .values(
        lines.map(([materialId, quantity]) => {
          const p = packs.find((x) => x.id === materialId)!;
          return {
            orderId: id,
            productId: p.productId,
            materialId,
            name: p.name,
            number: p.number,
            brandName: '',
            cas: p.cas,
            pack: p.pack,
            image: '',
            price: 1_000,
            quantityPurchase: quantity,
            purpose,
          };
        }),
      )
      .returning(['id', 'quantityPurchase'])
      .execute();
    await ctx.db
      .insertInto('orderQualifications')
      .values(goods.map((g) => ({ orderId: id, orderGoodsId: g.id, qualificationId: licenceId })))
      .execute();
    return { id, goods };
  };

  const ship = (
    order: { id: number; goods: { id: number; quantityPurchase: number }[] },
    extra: Record<string, unknown> = {},
    lotNumber?: string,
  ) =>
    as(warehouse, 'POST', `/manage/v1/orders/${order.id}/deliveries`, {
      carrier: '危险品专线物流',
      trackingNumber: `WX${++keySeq}`,
      goods: order.goods.map((g) => ({
        orderGoodsId: g.id,
        quantity: g.quantityPurchase,
        storeId,
        ...(lotNumber ? { lotNumber } : {}),
      })),
      ...extra,
    });

  beforeAll(async () => {
    ctx = await createTestContext();
    officer = await createStaff(ctx.db, ['compliance'], '合规员');
    warehouse = await createStaff(ctx.db, ['warehouse'], '库管');
    storeId = await insertStore(ctx.db, { name: '南京仓' });
    // Every pack starts with stock of no known lot (未分批).
    nitric = (
      await insertProduct(ctx.db, {
        name: '硝酸',
        cas: '7697-37-2',
        regulationCategory: 'explosive-precursor',
        materials: [{ pack: '500mL', userPrice: 3_000, stocks: { [storeId]: 20 } }],
      })
    ).materialIds[0]!;
    strychnine = (
      await insertProduct(ctx.db, {
        name: '士的宁',
        cas: '57-24-9',
        regulationCategory: 'highly-toxic',
        materials: [{ pack: '100mg', userPrice: 30_000, stocks: { [storeId]: 10 } }],
      })
    ).materialIds[0]!;
    methanol = (
      await insertProduct(ctx.db, {
        name: '甲醇',
        cas: '67-56-1',
        regulationCategory: 'hazardous',
        materials: [{ pack: '4L', userPrice: 2_000, stocks: { [storeId]: 10 } }],
      })
    ).materialIds[0]!;
    buyer = await createMember(ctx, { balanceFen: 100_000_000 });
    await ctx.db
      .updateTable('users')
      .set({ company: COMPANY })
      .where('id', '=', buyer.userId)
      .execute();
    await ctx.db
      .insertInto('invoices')
      .values({
        userId: buyer.userId,
        invoiceType: 1,
        invoiceHeader: COMPANY,
        invoiceEmail: '',
        taxpayerNumber: LICENCE,
        registerAddress: REGISTERED,
        registerTelephone: '',
        bankName: '',
        bankAccount: '',
        updatedAt: Date.now(),
      })
      .execute();
    licenceId = await approvedDocument(buyer.userId, 'business-licence', LICENCE);
    await approvedDocument(buyer.userId, 'highly-toxic-permit', 'JD-2026-0001', {
      cas: '57-24-9',
      mg: 10_000,
    });
  });
  afterAll(() => ctx.close());

  describe('shipping a controlled chemical', () => {
    it('refuses 未分批 stock for a regulated line, by FEFO or by name, and ships a named lot', async () => {
      const order = await paidOrder([[nitric, 2]]);
      const fefo = await ship(order);
      expect(fefo.statusCode, fefo.body).toBe(400);
      expect(body(fefo).msg).toContain('已命名批次库存不足');
      expect(body(fefo).msg).toContain('硝酸 500mL');
      const named = await ship(order, {}, '未分批');
      expect(named.statusCode).toBe(400);
      expect(body(named).msg).toContain('不能从未分批库存发出');
      // Nothing left the warehouse.
      const stock = await ctx.db
        .selectFrom('materialStocks')
        .select('count')
        .where('materialId', '=', nitric)
        .executeTakeFirstOrThrow();
      expect(Number(stock.count)).toBe(20);

      await receive(nitric, 'HN2026A', 10);
      const ok = await ship(order);
      expect(ok.statusCode, ok.body).toBe(200);
      const lots = await ctx.db
        .selectFrom('deliveryGoods')
        .select(['lotNumber', 'quantityShipped'])
        .where('deliveryId', '=', body<{ id: number }>(ok).data.id)
        .execute();
      expect(lots).toEqual([{ lotNumber: 'HN2026A', quantityShipped: 2 }]);
    });

    it('still ships an ordinary hazardous chemical from 未分批', async () => {
      const order = await paidOrder([[methanol, 1]]);
      const res = await ship(order);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('needs the 经办人 and a valid ID card number for a 剧毒 line', async () => {
      await receive(strychnine, 'SD2026', 5);
      const order = await paidOrder([[strychnine, 1]]);
      const none = await ship(order);
      expect(none.statusCode).toBe(400);
      expect(body(none).msg).toBe('剧毒化学品发货须填写经办人姓名和身份证号码');
      const wrong = await ship(order, {
        handlerName: '李四',
        handlerIdNumber: '110105194912310021',
      });
      expect(wrong.statusCode).toBe(400);
      expect(body(wrong).msg).toBe('身份证号码有误');
      const ok = await ship(order, {
        handlerName: '李四',
        handlerIdNumber: HANDLER_ID.toLowerCase(),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const delivery = await ctx.db
        .selectFrom('deliveries')
        .select(['handlerName', 'handlerIdNumber'])
        .where('id', '=', body<{ id: number }>(ok).data.id)
        .executeTakeFirstOrThrow();
      expect(delivery).toEqual({ handlerName: '李四', handlerIdNumber: HANDLER_ID });
    });
  });

  describe('the sales ledger', () => {
    it('carries what an inspection asks, and quantities as numbers in the XLSX', async () => {
      const before = Date.now() - 1000;
      await receive(nitric, 'HN2026B', 10);
      const order = await paidOrder([[nitric, 3]]);
      const res = await ship(order, { handlerName: '王五', handlerIdNumber: HANDLER_ID });
      expect(res.statusCode, res.body).toBe(200);
      const rows = body<LedgerRow[]>(
        await as(officer, 'GET', `/manage/v1/compliance/ledger?format=json&from=${before}`),
      ).data.filter((r) => r.orderId === order.id);
      expect(rows).toEqual([
        expect.objectContaining({
          productName: '硝酸',
          category: 'explosive-precursor',
          categories: ['explosive-precursor'],
          count: 3,
          quantity: 1.5,
          unit: 'L',
          buyerCompany: COMPANY,
          buyerCreditCode: LICENCE,
          buyerRegisteredAddress: REGISTERED,
          region: '江苏省 南京市 玄武区',
          address: '中山路 18 号 3 楼实验室',
          carrier: '危险品专线物流',
          trackingNumber: expect.stringMatching(/^WX\d+$/) as string,
          handlerName: '王五',
          handlerIdNumber: HANDLER_ID,
          purpose: '',
        }),
      ]);

      const xlsx = await as(
        officer,
        'GET',
        `/manage/v1/compliance/ledger?format=xlsx&from=${before}`,
      );
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
      for (const h of [
        '件数',
        '数量',
        '单位',
        '统一社会信用代码',
        '单位注册地址',
        '用途',
        '收货省市区',
        '承运单位',
        '运单号',
        '经办人',
        '经办人身份证号码',
      ]) {
        expect(headers).toContain(h);
      }
      const col = (name: string) => headers.indexOf(name) + 1;
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row, n) => {
        if (n > 1 && row.getCell(col('订单号')).value === rows[0]?.orderNumber) found = row;
      });
      expect(found).toBeDefined();
      expect(found!.getCell(col('件数')).value).toBe(3);
      expect(found!.getCell(col('数量')).value).toBe(1.5);
      expect(found!.getCell(col('单位')).value).toBe('L');
      expect(found!.getCell(col('统一社会信用代码')).value).toBe(LICENCE);
      expect(found!.getCell(col('收货省市区')).value).toBe('江苏省 南京市 玄武区');
      expect(found!.getCell(col('经办人身份证号码')).value).toBe(HANDLER_ID);
    });
  });

  describe('the 易制爆 five-day report', () => {
    it('lists shipped 易制爆 lines with the days left, and marks them reported once', async () => {
      await receive(nitric, 'HN2026C', 10);
      const order = await paidOrder([[nitric, 1]]);
      expect((await ship(order)).statusCode).toBe(200);
      const rows = await list();
      const mine = rows.find((r) => r.orderId === order.id);
      expect(mine).toEqual(
        expect.objectContaining({
          productName: '硝酸',
          count: 1,
          daysLeft: 5,
          buyerCreditCode: LICENCE,
          region: '江苏省 南京市 玄武区',
        }),
      );
      expect(mine?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The 剧毒 and hazardous lines are not on it.
      expect(rows.every((r) => r.category === 'explosive-precursor')).toBe(true);
      // A week on, the line is two days past its fifth day, and the dashboard says so.
      const later = Date.now() + 7 * DAY;
      const overdue = (await explosiveReport.pending(ctx.db, later)).find((r) => r.id === mine?.id);
      expect(overdue?.daysLeft).toBe(-2);
      expect(overdue?.dueDate).toBe(mine?.dueDate);
      expect(await explosiveReport.counts(ctx.db, later)).toEqual({
        due: rows.length,
        overdue: rows.length,
      });

      const xlsx = await as(officer, 'GET', '/manage/v1/compliance/explosive-report?format=xlsx');
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const headers = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
      expect(headers).toContain('剩余天数');
      expect(sheet.rowCount).toBe(rows.length + 1);
      expect(sheet.getRow(2).getCell(headers.indexOf('剩余天数') + 1).value).toBeTypeOf('number');

      // Marked by five requests at once: one succeeds, the rest are told it is done.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          as(officer, 'POST', '/manage/v1/compliance/explosive-report', { lineIds: [mine!.id] }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
      for (const a of answers.filter((x) => x.statusCode === 400)) {
        expect(body(a).msg).toMatch(/已报告|已由他人标记/);
      }
      const marks = await ctx.db
        .selectFrom('explosiveReports')
        .selectAll()
        .where('ledgerId', '=', mine!.id)
        .execute();
      expect(marks).toEqual([expect.objectContaining({ staffId: officer.id })]);
      expect((await list()).find((r) => r.id === mine!.id)).toBeUndefined();
      const audit = await ctx.db
        .selectFrom('auditLogs')
        .select(['staffId', 'after'])
        .where('action', '=', 'compliance.explosive-report')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]?.staffId).toBe(officer.id);
    });

    it('lists a line of a product that is 易制爆 among its classes, with the stated use', async () => {
      const permanganate = (
        await insertProduct(ctx.db, {
          name: '高锰酸钾',
          cas: '7722-64-7',
          regulationCategory: 'precursor-3',
          regulationCategories: JSON.stringify(['explosive-precursor', 'precursor-3']),
          materials: [{ pack: '500g', userPrice: 3_000 }],
        })
      ).materialIds[0]!;
      await receive(permanganate, 'GM2026', 5);
      const order = await paidOrder([[permanganate, 2]], '水质检测（COD 测定）');
      expect((await ship(order)).statusCode).toBe(200);
      const line = (await list()).find((r) => r.orderId === order.id);
      expect(line).toEqual(
        expect.objectContaining({
          productName: '高锰酸钾',
          categories: ['explosive-precursor', 'precursor-3'],
          purpose: '水质检测（COD 测定）',
          quantity: 1,
          unit: 'kg',
        }),
      );
    });

    it('refuses unknown and non-易制爆 ids, and needs the compliance permission', async () => {
      const ledger = body<LedgerRow[]>(
        await as(officer, 'GET', '/manage/v1/compliance/ledger?format=json'),
      ).data;
      const toxic = ledger.find((r) => r.category === 'highly-toxic');
      const pending = (await list())[0];
      expect(toxic && pending).toBeTruthy();
      for (const lineIds of [[999_999], [toxic!.id], [pending!.id, 999_999]]) {
        const res = await as(officer, 'POST', '/manage/v1/compliance/explosive-report', {
          lineIds,
        });
        expect(res.statusCode).toBe(400);
        expect(body(res).msg).toContain('不是待报告的易制爆发货记录');
      }
      // All or nothing: the good id of the refused request is still waiting.
      expect((await list()).some((r) => r.id === pending!.id)).toBe(true);
      const empty = await as(officer, 'POST', '/manage/v1/compliance/explosive-report', {
        lineIds: [],
      });
      expect(empty.statusCode).toBe(400);
      expect(body(empty).msg).toBe('请选择要标记的记录');
      const bad = await as(officer, 'POST', '/manage/v1/compliance/explosive-report', {
        lineIds: ['x'],
      });
      expect(bad.statusCode).toBe(400);
      expect(
        (await as(warehouse, 'GET', '/manage/v1/compliance/explosive-report')).statusCode,
      ).toBe(403);
      const refused = await as(warehouse, 'POST', '/manage/v1/compliance/explosive-report', {
        lineIds: [pending!.id],
      });
      expect(refused.statusCode).toBe(403);
    });

    it('leaves out a package cancelled since it shipped', async () => {
      await receive(nitric, 'HN2026D', 10);
      const order = await paidOrder([[nitric, 1]]);
      const shipped = await ship(order);
      const deliveryId = body<{ id: number }>(shipped).data.id;
      expect((await list()).some((r) => r.orderId === order.id)).toBe(true);
      const admin = await createStaff(ctx.db, ['admin']);
      const cancel = await as(
        admin,
        'POST',
        `/manage/v1/orders/${order.id}/deliveries/${deliveryId}/cancel`,
        { reason: '发错货' },
      );
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect((await list()).some((r) => r.orderId === order.id)).toBe(false);
    });
  });

  describe('the dashboard', () => {
    it('counts documents waiting for review and 易制爆 lines due', async () => {
      const dashboard = async () =>
        body<Dashboard>(await as(officer, 'GET', '/manage/v1/dashboard')).data;
      const before = await dashboard();
      const t = Date.now();
      await ctx.db
        .insertInto('qualifications')
        .values({
          userId: buyer.userId,
          kind: 'business-licence',
          number: '91320100MA1XXXXX1X',
          holder: COMPANY,
          validUntil: '2099-12-31',
          status: 'pending',
          file: 'qualifications/y.pdf',
          fileType: 'application/pdf',
          createdAt: t,
          updatedAt: t,
        })
        .execute();
      await receive(nitric, 'HN2026E', 10);
      const order = await paidOrder([[nitric, 1]]);
      expect((await ship(order)).statusCode).toBe(200);
      const after = await dashboard();
      expect(after.pendingQualifications).toBe(before.pendingQualifications + 1);
      expect(after.explosiveReportsDue).toBe(before.explosiveReportsDue + 1);
      expect(after.explosiveReportsDue).toBe((await list()).length);
      expect(after.explosiveReportsOverdue).toBe(0);
    });
  });
});
