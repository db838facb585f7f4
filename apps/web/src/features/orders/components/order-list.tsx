import { useState } from 'react';
import { ORDER_STATUS_LABEL, PAY_TYPE_LABEL, UI } from '@labshop/shared';
import { cn } from '@/components/ui/cn';
import { DateRange, dayRangeParams, type DateRangeValue } from '@/components/ui/date-range';
import { Empty } from '@/components/ui/empty';
import { Pagination } from '@/components/ui/pagination';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useOrders, type OrderFilters } from '../api/get-orders';
import { OrderCard } from './order-card';

/** The list filter's own pay status values (SPEC.md section 4). */
const PAY_STATUS_FILTER: Record<number, string> = { 0: '未支付', 1: '已支付' };

interface Choice {
  status: string;
  payType: string;
  payStatus: string;
  dates: DateRangeValue;
}
const NONE: Choice = { status: '', payType: '', payStatus: '', dates: { from: '', to: '' } };

const STATUS_TABS: [string, string][] = [['', '全部'], ...Object.entries(ORDER_STATUS_LABEL)];

const num = (v: string) => (v === '' ? undefined : Number(v));

function toFilters(c: Choice): OrderFilters {
  return {
    status: num(c.status),
    payType: num(c.payType),
    payStatus: num(c.payStatus),
    ...dayRangeParams(c.dates),
  };
}

function Options({ label, names }: { label: string; names: Record<number, string> }) {
  return (
    <>
      <option value="">{label}</option>
      {Object.entries(names).map(([v, name]) => (
        <option key={v} value={v}>
          {name}
        </option>
      ))}
    </>
  );
}

/** 我的订单 (account page 2-1): filters by status, pay type, pay status and dates; 20 per page. */
export function OrderList() {
  const [choice, setChoice] = useState<Choice>(NONE);
  const [page, setPage] = useState(1);
  const orders = useOrders(toFilters(choice), page);
  const change = (patch: Partial<Choice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setPage(1);
  };
  const data = orders.data;

  return (
    <section className="flex flex-col gap-4">
      <h2 className="border-b border-gray-100 pb-3 text-lg font-semibold text-gray-900">
        我的订单
      </h2>
      <div
        role="tablist"
        aria-label="订单状态"
        className="flex overflow-x-auto border-b border-gray-200"
      >
        {STATUS_TABS.map(([value, name]) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={choice.status === value}
            onClick={() => change({ status: value })}
            className={cn(
              '-mb-px flex-1 shrink-0 border-b-2 px-1 py-2 text-sm whitespace-nowrap sm:flex-none sm:px-3',
              choice.status === value
                ? 'border-primary font-medium text-primary'
                : 'border-transparent text-gray-600 hover:text-primary',
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2" data-testid="order-filters">
        <Select
          aria-label="支付方式"
          value={choice.payType}
          onChange={(e) => change({ payType: e.target.value })}
        >
          <Options label="全部支付方式" names={PAY_TYPE_LABEL} />
        </Select>
        <Select
          aria-label="支付状态"
          value={choice.payStatus}
          onChange={(e) => change({ payStatus: e.target.value })}
        >
          <Options label="全部支付状态" names={PAY_STATUS_FILTER} />
        </Select>
        <DateRange
          value={choice.dates}
          onChange={(dates) => change({ dates })}
          className="w-full sm:w-auto"
        />
        {(choice.payType || choice.payStatus || choice.dates.from || choice.dates.to) && (
          <button
            type="button"
            className="text-sm text-gray-500 hover:text-primary"
            onClick={() => change({ ...NONE, status: choice.status })}
          >
            重置
          </button>
        )}
      </div>

      {orders.isPending ? (
        <Spinner />
      ) : !data || data.records.length === 0 ? (
        <Empty />
      ) : (
        <>
          <div className="flex flex-col gap-3" aria-busy={orders.isFetching}>
            {data.records.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </div>
          <Pagination
            current={page}
            size={UI.accountListPageSize}
            total={data.total}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}

export default OrderList;
