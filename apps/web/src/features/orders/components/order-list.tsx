import { ORDER_STATUS_LABEL, PAY_TYPE_LABEL } from '@labshop/shared';
import { cn } from '@/components/ui/cn';
import { dayRangeParams, type DateRangeValue } from '@/components/ui/date-range';
import { FilterBar, filterNumber, FilterSelect } from '@/components/ui/filter-bar';
import { PageLinks, PageRecords } from '@/components/ui/paged-list';
import { useListFilters } from '@/hooks/use-list-filters';
import { useOrders, type OrderFilters } from '../api/get-orders';
import { OrderCard } from './order-card';

/** The list filter's own pay status values (docs/product-rules.md section 4). */
const PAY_STATUS_FILTER: Record<number, string> = { 0: '未支付', 1: '已支付' };

interface Choice {
  status: string;
  payType: string;
  payStatus: string;
  dates: DateRangeValue;
}
const NONE: Choice = { status: '', payType: '', payStatus: '', dates: { from: '', to: '' } };

const STATUS_TABS: [string, string][] = [['', '全部'], ...Object.entries(ORDER_STATUS_LABEL)];

function toFilters(c: Choice): OrderFilters {
  return {
    status: filterNumber(c.status),
    payType: filterNumber(c.payType),
    payStatus: filterNumber(c.payStatus),
    ...dayRangeParams(c.dates),
  };
}

/** 我的订单 (account page 2-1): filters by status, pay type, pay status and dates; 20 per page. */
export function OrderList() {
  const { choice, change, page, setPage } = useListFilters(NONE);
  const orders = useOrders(toFilters(choice), page);

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
      <FilterBar
        testId="order-filters"
        filtered={choice.payType !== '' || choice.payStatus !== ''}
        dates={choice.dates}
        onDates={(dates) => change({ dates })}
        onReset={() => change({ ...NONE, status: choice.status })}
      >
        <FilterSelect
          label="支付方式"
          all="全部支付方式"
          names={PAY_TYPE_LABEL}
          value={choice.payType}
          onChange={(payType) => change({ payType })}
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
          <div className="flex flex-col gap-3" aria-busy={busy}>
            {records.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </div>
        )}
      </PageRecords>
      <PageLinks result={orders} page={page} onChange={setPage} />
    </section>
  );
}

export default OrderList;
