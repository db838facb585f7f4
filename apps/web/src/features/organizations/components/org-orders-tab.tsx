import { Link } from 'react-router';
import { formatDateTime, ORDER_STATUS_LABEL, PAY_STATUS_LABEL } from '@labshop/shared';
import { APPROVAL_STATUS_LABEL, type OrgDetail, type OrgOrder } from '@labshop/shared/schemas';
import { dayRangeParams, type DateRangeValue } from '@/components/ui/date-range';
import { FilterBar, filterNumber, FilterSelect } from '@/components/ui/filter-bar';
import { PageLinks, PageRecords } from '@/components/ui/paged-list';
import { Price } from '@/components/ui/price';
import { useListFilters } from '@/hooks/use-list-filters';
import { useUserInfo } from '@/lib/member';
import { useOrgOrders } from '../api/org-orders';

interface Choice {
  status: string;
  payStatus: string;
  dates: DateRangeValue;
}
const NONE: Choice = { status: '', payStatus: '', dates: { from: '', to: '' } };
/** The list filter's own pay status values, as on 我的订单. */
const PAY_STATUS_FILTER: Record<number, string> = { 0: '未支付', 1: '已支付' };

function OrgOrderRow({ order, mine }: { order: OrgOrder; mine: boolean }) {
  const number = mine ? (
    <Link to={`/order/${order.id}`} className="text-primary hover:underline">
      {order.number}
    </Link>
  ) : (
    order.number
  );
  return (
    <tr className="border-t border-gray-100 align-top" data-testid="org-order">
      <td className="p-2 break-all">
        {number}
        <div className="text-xs text-gray-400">{formatDateTime(order.createTime)}</div>
      </td>
      <td className="p-2">{order.buyerName}</td>
      <td className="p-2 break-all">{order.budgetCode || '--'}</td>
      <td className="p-2 text-right">
        {order.amount === null ? '待确认' : <Price value={order.amount} />}
      </td>
      <td className="p-2">
        {ORDER_STATUS_LABEL[order.status]}
        <div className="text-xs text-gray-500">{PAY_STATUS_LABEL[order.payStatus]}</div>
      </td>
      <td className="p-2">{APPROVAL_STATUS_LABEL[order.approval.status]}</td>
    </tr>
  );
}

/** 单位订单: the organization's orders (admins and approvers all, buyers their own), filtered. */
export default function OrgOrdersTab({ org }: { org: OrgDetail }) {
  const { choice, change, page, setPage } = useListFilters(NONE);
  const me = useUserInfo();
  const orders = useOrgOrders(
    org.id,
    {
      status: filterNumber(choice.status),
      payStatus: filterNumber(choice.payStatus),
      ...dayRangeParams(choice.dates),
    },
    page,
  );
  const myId = org.members.find((m) => m.account === me.data?.account)?.userId;
  return (
    <div className="flex flex-col gap-3">
      <FilterBar
        testId="org-order-filters"
        filtered={choice.status !== '' || choice.payStatus !== ''}
        dates={choice.dates}
        onDates={(dates) => change({ dates })}
        onReset={() => change(NONE)}
      >
        <FilterSelect
          label="订单状态"
          all="全部状态"
          names={ORDER_STATUS_LABEL}
          value={choice.status}
          onChange={(status) => change({ status })}
        />
        <FilterSelect
          label="支付状态"
          all="全部支付状态"
          names={PAY_STATUS_FILTER}
          value={choice.payStatus}
          onChange={(payStatus) => change({ payStatus })}
        />
      </FilterBar>
      <PageRecords result={orders}>
        {(records, busy) => (
          <div className="overflow-x-auto" aria-busy={busy}>
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="bg-gray-50 text-gray-600">
                <tr>
                  <th className="p-2">订单号</th>
                  <th className="p-2">下单人</th>
                  <th className="p-2">经费卡</th>
                  <th className="p-2 text-right">金额</th>
                  <th className="p-2">状态</th>
                  <th className="p-2">审批</th>
                </tr>
              </thead>
              <tbody>
                {records.map((o) => (
                  <OrgOrderRow key={o.id} order={o} mine={o.buyerId === myId} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PageRecords>
      <PageLinks result={orders} page={page} onChange={setPage} />
    </div>
  );
}
