import { toFen } from '@labshop/shared';
import type { StatementView } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { chinaDate, chinaDateTime, now } from '../../lib/clock.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { writeXlsx } from '../../lib/sheets.ts';
import { letterhead, renderDocument, type DocumentSpec } from '../procurement/index.ts';

/*
 * The month's statement (对账单) as files (docs/contract-prices-credit.md section 3): a PDF in
 * the shop's document layout (docs/procurement.md section 4) with the totals in figures and in
 * 大写 and the bank details of the `bank` setting, and an XLSX of its orders, payments and totals.
 */

const yuanText = (yuan: number) => `¥${yuan.toFixed(2)}`;
const stateOf = (settled: boolean) => (settled ? '已结清' : '待结算');

/** The file names: 对账单-单位-2026-06.pdf / .xlsx. */
const nameOf = (s: StatementView, ext: string) => `对账单-${s.orgName}-${s.month}.${ext}`;

export async function statementPdf(
  db: Db,
  store: FileStore,
  s: StatementView,
): Promise<{ pdf: Buffer; name: string }> {
  const head = await letterhead(db, store, `${s.orgName} ${s.month} 对账单`);
  const balance = toFen(s.balanceDue);
  const spec: DocumentSpec = {
    title: '对账单',
    number: ['对账月份', s.month],
    date: now(),
    ...head,
    customer: [
      ['单位', s.orgName],
      ['对账月份', s.month],
      ['信用额度', yuanText(s.limit)],
      ['账期', s.termDays > 0 ? `${s.termDays} 天` : '--'],
    ],
    lines: [],
    priced: true,
    totals: null,
    table: {
      columns: [
        { title: '序号', width: 30, align: 'center' },
        { title: '订单号', width: 115, align: 'left' },
        { title: '下单人', width: 0, align: 'left' },
        { title: '经费卡', width: 70, align: 'left' },
        { title: '下单日期', width: 62, align: 'left' },
        { title: '到期日', width: 62, align: 'left' },
        { title: '金额(元)', width: 70, align: 'right' },
        { title: '状态', width: 45, align: 'center' },
      ],
      rows: s.orders.map((o, i) => [
        String(i + 1),
        o.number,
        o.buyer,
        o.budgetCode || '--',
        chinaDate(o.createTime),
        chinaDate(o.dueTime),
        o.amount.toFixed(2),
        stateOf(o.settled),
      ]),
    },
    summary: {
      lines: [
        `期初未结：${yuanText(s.openingDue)}    本月月结订单：${yuanText(s.ordersTotal)}    本月回款：${yuanText(s.paymentsTotal)}`,
      ],
      // Never below zero but for an order cancelled after its settlement: then it was overpaid.
      label: balance < 0 ? '多付金额' : '应付余额',
      total: Math.abs(balance),
    },
    notes: [
      ...s.payments.map(
        (p) => `回款 ${chinaDateTime(p.time)}  ${yuanText(p.amount)}  流水号/附言：${p.reference}`,
      ),
      '请于各订单到期日前付款，转账附言请注明单位名称与对账月份；如有疑问请与我司财务联系。',
    ],
  };
  return { pdf: await renderDocument(spec), name: nameOf(s, 'pdf') };
}

export async function statementXlsx(s: StatementView): Promise<{ xlsx: Buffer; name: string }> {
  const xlsx = await writeXlsx([
    {
      name: '月结订单',
      headers: ['订单号', '下单人', '经费卡', '下单时间', '到期日', '金额（元）', '状态'],
      widths: [24, 16, 14, 20, 12, 12, 10],
      rows: s.orders.map((o) => [
        o.number,
        o.buyer,
        o.budgetCode,
        chinaDateTime(o.createTime),
        chinaDate(o.dueTime),
        o.amount,
        stateOf(o.settled),
      ]),
    },
    {
      name: '回款',
      headers: ['回款时间', '回款金额（元）', '流水号/附言', '结清订单数'],
      widths: [20, 14, 30, 12],
      rows: s.payments.map((p) => [
        chinaDateTime(p.time),
        p.amount,
        p.reference,
        p.orderIds.length,
      ]),
    },
    {
      name: '汇总',
      headers: ['项目', '金额（元）'],
      widths: [16, 14],
      rows: [
        ['单位', s.orgName],
        ['对账月份', s.month],
        ['期初未结', s.openingDue],
        ['本月月结订单', s.ordersTotal],
        ['本月回款', s.paymentsTotal],
        ['应付余额', s.balanceDue],
      ],
    },
  ]);
  return { xlsx, name: nameOf(s, 'xlsx') };
}
