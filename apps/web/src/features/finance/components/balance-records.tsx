import {
  BALANCE_BUSINESS_LABEL,
  BALANCE_TYPE_LABEL,
  BalanceType,
  formatDateTime,
} from '@labshop/shared';
import type { BalanceRecord } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';
import { dayRangeParams, type DateRangeValue } from '@/components/ui/date-range';
import { FilterBar, filterNumber, FilterSelect } from '@/components/ui/filter-bar';
import { PageLinks, PageRecords } from '@/components/ui/paged-list';
import { Price } from '@/components/ui/price';
import { useListFilters } from '@/hooks/use-list-filters';
import { useBalanceRecords } from '../api/get-balance-records';
import { useUserInfo } from '@/lib/member';
import { signedAmount } from '../lib/amount';

interface Choice {
  type: string;
  business: string;
  dates: DateRangeValue;
}
const NONE: Choice = { type: '', business: '', dates: { from: '', to: '' } };

const COLUMNS = 'md:grid-cols-[160px_72px_96px_120px_120px_minmax(0,1fr)]';
const reset = 'md:col-span-1 md:col-start-auto md:row-start-auto';

function RecordRow({ r }: { r: BalanceRecord }) {
  const income = r.type === BalanceType.INCOME;
  const business = BALANCE_BUSINESS_LABEL[r.business] ?? '--';
  return (
    <li
      data-testid="balance-record"
      className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 px-3 py-3 text-sm md:items-center ${COLUMNS}`}
    >
      <span className={`col-start-1 row-start-1 text-gray-500 ${reset}`}>
        {formatDateTime(r.createTime)}
      </span>
      <span className={`col-start-1 row-start-2 text-gray-800 ${reset}`}>
        {BALANCE_TYPE_LABEL[r.type] ?? '--'}
        <span className="md:hidden"> · {business}</span>
      </span>
      <span className="hidden text-gray-800 md:block">{business}</span>
      <span
        className={cn(
          `col-start-2 row-start-1 text-right font-semibold ${reset}`,
          income ? 'text-primary' : 'text-orange-600',
        )}
        data-testid="balance-amount"
      >
        {signedAmount(r)}
      </span>
      <span className={`col-start-2 row-start-2 text-right text-gray-700 ${reset}`}>
        <span className="text-xs text-gray-400 md:hidden">余额 </span>
        <Price value={r.balanceAfter} />
      </span>
      <span
        className={`col-span-2 row-start-3 text-xs break-all text-gray-500 md:text-sm ${reset}`}
      >
        {r.remark || '--'}
      </span>
    </li>
  );
}

/** 我的余额 (account page 3-1): current balance, and records by type, business and dates. */
export function BalanceRecords() {
  const info = useUserInfo();
  const { choice, change, page, setPage } = useListFilters(NONE);
  const records = useBalanceRecords(
    {
      type: filterNumber(choice.type),
      business: filterNumber(choice.business),
      ...dayRangeParams(choice.dates),
    },
    page,
  );

  return (
    <section className="flex flex-col gap-4">
      <h2 className="border-b border-gray-100 pb-3 text-lg font-semibold text-gray-900">
        我的余额
      </h2>
      <div className="rounded bg-primary-50 px-4 py-4">
        <p className="text-sm text-gray-600">当前余额</p>
        <p className="text-2xl font-semibold text-primary" data-testid="current-balance">
          {info.data ? <Price value={info.data.balance} /> : '--'}
        </p>
      </div>
      <FilterBar
        filtered={choice.type !== '' || choice.business !== ''}
        dates={choice.dates}
        onDates={(dates) => change({ dates })}
        onReset={() => change(NONE)}
      >
        <FilterSelect
          label="收支类型"
          all="全部收支"
          names={BALANCE_TYPE_LABEL}
          value={choice.type}
          onChange={(type) => change({ type })}
        />
        <FilterSelect
          label="业务类型"
          all="全部业务"
          names={BALANCE_BUSINESS_LABEL}
          value={choice.business}
          onChange={(business) => change({ business })}
        />
      </FilterBar>
      <div className="rounded border border-gray-200">
        <div
          className={`hidden gap-x-4 border-b border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-500 md:grid ${COLUMNS}`}
        >
          <span>时间</span>
          <span>类型</span>
          <span>业务</span>
          <span className="text-right">金额</span>
          <span className="text-right">余额</span>
          <span>备注</span>
        </div>
        <PageRecords result={records}>
          {(rows, busy) => (
            <ul className="divide-y divide-gray-100" aria-busy={busy}>
              {rows.map((r) => (
                <RecordRow key={r.id} r={r} />
              ))}
            </ul>
          )}
        </PageRecords>
      </div>
      <PageLinks result={records} page={page} onChange={setPage} />
    </section>
  );
}

export default BalanceRecords;
