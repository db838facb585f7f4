import type { z } from 'zod';
import { PAY_TYPE_LABEL } from '@labshop/shared';
import { PAYMENTS_EXPORT_MAX, type paymentsExportQuery } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { writeXlsx } from '../../lib/sheets.ts';
import { movementsWithin } from './movements.ts';
import * as repo from './payments-export.repository.ts';
import { chinaDateTime } from '../../lib/clock.ts';

const HEADERS = [
  '时间',
  '订单号',
  '会员账号',
  '会员名称',
  '支付方式',
  '类型',
  '渠道流水号',
  '金额（元）',
  '操作人',
  '备注',
] as const;
const WIDTHS = [20, 24, 22, 24, 10, 14, 34, 14, 12, 30];

const TOO_MANY = `该时段的收付款记录超过 ${PAYMENTS_EXPORT_MAX} 条，请缩短时间范围`;

const unique = (ids: (number | null)[]) => [
  ...new Set(ids.filter((id): id is number => id !== null)),
];

/**
 * Every money movement of the period as an XLSX sheet for finance to reconcile against the bank
 * statement and the gateways' bills (docs/console.md, "Lists"): China time, amounts in yuan,
 * refunds negative, oldest first. More than `max` movements are refused, not cut off: a
 * reconciliation with rows missing would not add up.
 */
export async function exportPayments(
  db: Db,
  q: z.output<typeof paymentsExportQuery>,
  max = PAYMENTS_EXPORT_MAX,
): Promise<Buffer> {
  const movements = await movementsWithin(db, { from: q.from, to: q.to }, q.payType, max);
  if (movements.length > max) throw badRequest(TOO_MANY);
  const orders = new Map(
    (await repo.ordersByIds(db, unique(movements.map((m) => m.orderId)))).map((o) => [o.id, o]),
  );
  const memberOf = (m: (typeof movements)[number]) =>
    m.userId ?? (m.orderId === null ? null : (orders.get(m.orderId)?.userId ?? null));
  const members = new Map(
    (await repo.membersByIds(db, unique(movements.map(memberOf)))).map((u) => [u.id, u]),
  );
  const staff = new Map(
    (await repo.staffNamesByIds(db, unique(movements.map((m) => m.staffId)))).map((s) => [
      s.id,
      s.name,
    ]),
  );
  const rows = movements.map((m) => {
    const userId = memberOf(m);
    const member = userId === null ? undefined : members.get(userId);
    return [
      chinaDateTime(m.at),
      m.orderId === null ? '' : (orders.get(m.orderId)?.number ?? ''),
      member?.account ?? '',
      member ? member.company || member.name : '',
      PAY_TYPE_LABEL[m.payType] ?? '',
      m.kind,
      m.reference,
      (m.amountFen / 100).toFixed(2),
      m.staffId === null ? '' : (staff.get(m.staffId) ?? ''),
      m.remark,
    ];
  });
  return writeXlsx([{ name: '收付款记录', headers: HEADERS, rows, widths: WIDTHS }]);
}
