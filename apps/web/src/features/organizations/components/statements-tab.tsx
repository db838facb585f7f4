import { useState } from 'react';
import { formatDate } from '@labshop/shared';
import type { OrgDetail } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { downloadStatement, useStatement } from '../api/statements';

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** 对账单 (docs/contract-prices-credit.md): the month's 月结 orders, payments and balance due. */
export default function StatementsTab({ org }: { org: OrgDetail }) {
  const [month, setMonth] = useState(thisMonth);
  const statement = useStatement(org.id, month);
  const s = statement.data;
  return (
    <div className="flex flex-col gap-3" data-testid="statements-tab">
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-gray-600">
          对账月份
          <Input
            type="month"
            aria-label="对账月份"
            value={month}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="w-40"
          />
        </label>
        <Button variant="outline" onClick={() => void downloadStatement(org.id, month, 'pdf')}>
          下载 PDF
        </Button>
        <Button variant="outline" onClick={() => void downloadStatement(org.id, month, 'xlsx')}>
          下载 Excel
        </Button>
      </div>
      {statement.isPending && <Spinner />}
      {statement.isError && <p className="text-sm text-red-600">{statement.error.message}</p>}
      {s && (
        <>
          {/* On a phone the table scrolls sideways inside this box: a keyboard must reach it too. */}
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="对账单订单">
            <table className="w-full min-w-[560px] text-left text-sm">
              <thead className="bg-gray-50 text-gray-500">
                <tr>
                  <th className="px-2 py-1.5">订单号</th>
                  <th className="px-2 py-1.5">下单日期</th>
                  <th className="px-2 py-1.5">下单人</th>
                  <th className="px-2 py-1.5">金额</th>
                  <th className="px-2 py-1.5">到期日</th>
                  <th className="px-2 py-1.5">状态</th>
                </tr>
              </thead>
              <tbody>
                {s.orders.length === 0 && (
                  <tr>
                    <td colSpan={6} className="px-2 py-4 text-center text-gray-400">
                      本月无月结订单
                    </td>
                  </tr>
                )}
                {s.orders.map((o) => (
                  <tr key={o.orderId} className="border-t border-gray-100">
                    <td className="px-2 py-1.5">{o.number}</td>
                    <td className="px-2 py-1.5">{formatDate(o.createTime)}</td>
                    <td className="px-2 py-1.5">{o.buyer}</td>
                    <td className="px-2 py-1.5">
                      <Price value={o.amount} />
                    </td>
                    <td className="px-2 py-1.5">{formatDate(o.dueTime)}</td>
                    <td className="px-2 py-1.5">{o.settled ? '已结清' : '待结算'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-gray-600">
            期初未结 <Price value={s.openingDue} />
            ，本月订单 <Price value={s.ordersTotal} />
            ，本月回款 <Price value={s.paymentsTotal} />
            ，应付余额 <Price value={s.balanceDue} className="font-semibold text-orange-600" />
          </p>
        </>
      )}
    </div>
  );
}
