import type { z } from 'zod';
import {
  INVOICE_TYPE_LABEL,
  ORDER_STATUS_LABEL,
  PAY_STATUS_LABEL,
  PAY_TYPE_LABEL,
  formatDateTime,
} from '@labshop/shared';
import type { manageOrderListQuery } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { writeXlsx } from '../../lib/sheets.ts';
import * as repo from './order-admin.repository.ts';
import { orderFilterOf } from './order-admin.service.ts';

/** More orders than this are not one reconciliation: narrow the dates. */
export const ORDER_EXPORT_MAX = 10_000;

const HEADERS = [
  '订单号',
  '下单时间',
  '会员账号',
  '会员手机',
  '公司',
  '收货人',
  '收货手机',
  '订单状态',
  '支付方式',
  '支付状态',
  '支付时间',
  '商品金额',
  '运费',
  '应付金额',
  '转账参考号',
  '发票类型',
  '发票抬头',
  '发票号码',
] as const;

const yuan = (fen: number | null) => (fen === null ? '待确认' : (fen / 100).toFixed(2));

/**
 * The orders the list's filters select, as an XLSX sheet for finance to reconcile against the
 * bank statement and the gateways' bills: amounts in yuan with two decimals, states in Chinese,
 * newest first, at most ORDER_EXPORT_MAX rows (docs/console.md, "Lists").
 */
export async function exportOrders(
  db: Db,
  q: z.output<typeof manageOrderListQuery>,
): Promise<Buffer> {
  const { records } = await repo.pageOrders(db, orderFilterOf(q), {
    page: 1,
    size: ORDER_EXPORT_MAX,
  });
  const members = new Map(
    (await repo.membersByIds(db, [...new Set(records.map((o) => o.userId))])).map((m) => [m.id, m]),
  );
  const rows = records.map((o) => {
    const m = members.get(o.userId);
    return [
      o.number,
      formatDateTime(o.createdAt),
      m?.account ?? '',
      m?.phone ?? '',
      m?.company ?? '',
      o.deliveryUsername,
      o.deliveryPhone,
      ORDER_STATUS_LABEL[o.status] ?? '',
      PAY_TYPE_LABEL[o.payType] ?? '',
      PAY_STATUS_LABEL[o.payStatus] ?? '',
      o.paidAt === null ? '' : formatDateTime(o.paidAt),
      yuan(o.goodsAmount),
      yuan(o.freight),
      yuan(o.amount),
      o.transferReference,
      INVOICE_TYPE_LABEL[o.invoiceType] ?? '',
      o.invoiceCompanyName,
      o.invoiceNumber,
    ];
  });
  return writeXlsx([{ name: '订单', headers: HEADERS, rows }]);
}
